import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer

ID = "mean_arterial_pressure"


def test_worked_examples():
    # (120 + 2 x 80) / 3 = 93.33 -> 93; (80 + 2 x 45) / 3 = 56.67 -> 57
    assert compute(ID, {"sbp": 120, "dbp": 80}).value == 93
    assert compute(ID, {"sbp": 80, "dbp": 45}).value == 57


def test_interpretation_bands():
    # (90 + 2 x 52) / 3 = 64.67 -> 65 (shown value) is in range; 64 is low
    assert "below" in compute(ID, {"sbp": 88, "dbp": 52}).interpretation  # 64
    assert "usual" in compute(ID, {"sbp": 120, "dbp": 80}).interpretation


def test_medcalc_bench_and_official():
    assert compute_medcalc_bench(5, {"Systolic Blood Pressure": [140.0, "mm hg"],
                                     "Diastolic Blood Pressure": [80.0, "mm hg"]}) == 100
    a = {"name": "Mean Arterial Pressure (MAP)",
         "inputs": [{"field": "Systolic BP", "value": "128 mm Hg"}, {"field": "Diastolic BP", "value": "78 mm Hg"}]}
    assert compute_official_answer(a) == 95  # 284 / 3 = 94.67


def test_errors():
    with pytest.raises(CalculatorInputError, match="'dbp'"):
        compute(ID, {"sbp": 80, "dbp": 90})
    with pytest.raises(CalculatorInputError, match="'sbp'"):
        compute(ID, {"dbp": 80})
