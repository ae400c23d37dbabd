import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench

ID = "calcium_correction_albumin"


def test_worked_examples():
    # 8.0 + 0.8 x (4.0 - 2.0) = 9.6
    assert compute(ID, {"calcium_mg_dl": 8.0, "albumin_g_dl": 2.0}).value == 9.6
    # custom normal albumin 4.4: 8.0 + 0.8 x 2.4 = 9.92 -> 9.9
    assert compute(ID, {"calcium_mg_dl": 8.0, "albumin_g_dl": 2.0, "normal_albumin_g_dl": 4.4}).value == 9.9
    # hyperalbuminaemia lowers it: 10.3 + 0.8 x (4 - 4.8) = 9.66 -> 9.7
    assert compute(ID, {"calcium_mg_dl": 10.3, "albumin_g_dl": 4.8}).value == 9.7


def test_interpretation():
    assert "hypercalc" in compute(ID, {"calcium_mg_dl": 10.3, "albumin_g_dl": 2.9}).interpretation  # 11.18
    assert "hypocalc" in compute(ID, {"calcium_mg_dl": 7.0, "albumin_g_dl": 3.5}).interpretation  # 7.4


def test_medcalc_bench_mmol():
    # 2.0 mmol/L x 4.0078 = 8.016 mg/dL; + 0.8 x (4 - 3.0) = 8.82 -> 8.8
    assert compute_medcalc_bench(7, {"Calcium": [2.0, "mmol/L"], "Albumin": [3.0, "g/dL"]}) == 8.8


def test_errors():
    with pytest.raises(CalculatorInputError, match="albumin_g_dl"):
        compute(ID, {"calcium_mg_dl": 8.0})
    with pytest.raises(CalculatorInputError, match="calcium_mg_dl"):
        compute(ID, {"calcium_mg_dl": 80, "albumin_g_dl": 3})
