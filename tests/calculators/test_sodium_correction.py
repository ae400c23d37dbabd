import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench

ID = "sodium_correction_hyperglycemia"


def test_hillier_default_and_katz():
    # Hillier: 130 + 2.4 x (500 - 100) / 100 = 139.6 ; Katz: 130 + 1.6 x 4 = 136.4
    assert compute(ID, {"sodium": 130, "glucose_mg_dl": 500}).value == 139.6
    assert compute(ID, {"sodium": 130, "glucose_mg_dl": 500, "factor": "katz"}).value == 136.4


def test_low_glucose_and_bands():
    # glucose below 100 corrects downward: 141 + 2.4 x (-0.67) = 139.39 -> 139.4
    assert compute(ID, {"sodium": 141, "glucose_mg_dl": 33}).value == 139.4
    assert "hypernat" in compute(ID, {"sodium": 140, "glucose_mg_dl": 555}).interpretation  # 150.9
    assert "true hyponat" in compute(ID, {"sodium": 120, "glucose_mg_dl": 300}).interpretation  # 124.8


def test_medcalc_bench_mmol_glucose():
    # 11.4 mmol/L x 18.016 = 205.38 mg/dL; 129 + 2.4 x 1.0538 = 131.53 -> 131.5
    assert compute_medcalc_bench(26, {"Sodium": [129.0, "mmol/L"], "Glucose": [11.4, "mmol/L"]}) == 131.5


def test_errors():
    with pytest.raises(CalculatorInputError, match="factor"):
        compute(ID, {"sodium": 130, "glucose_mg_dl": 500, "factor": "3.0"})
    with pytest.raises(CalculatorInputError, match="glucose_mg_dl"):
        compute(ID, {"sodium": 130})
