import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, match_name


def test_worked_example():
    # 10 uIU/mL * 81 mg/dL / 405 = 2.0
    r = compute("homa_ir", {"insulin": 10, "glucose": 81})
    assert r.value == 2.0 and "reference range" in r.interpretation
    # 20 * 100 / 405 = 4.938 -> 4.94, resistant
    r = compute("homa_ir", {"insulin": 20, "glucose": 100})
    assert r.value == 4.94 and "resistance" in r.interpretation


def test_medcalc_bench_units():
    # insulin 60 pmol/L = 10 uIU/mL; glucose 4.5 mmol/L = 81.07 mg/dL -> 10*81.07/405 = 2.0018 -> 2.0
    assert compute_medcalc_bench(31, {"Insulin": [60, "pmol/L"], "Glucose": [4.5, "mmol/L"]}) == 2.0


def test_errors():
    with pytest.raises(CalculatorInputError, match="insulin"):
        compute("homa_ir", {"glucose": 90})
    with pytest.raises(CalculatorInputError, match="glucose"):
        compute("homa_ir", {"insulin": 5, "glucose": 0})


def test_name():
    assert match_name("HOMA-IR") == "homa_ir"
