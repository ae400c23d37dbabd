import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer, match_name


def test_worked_examples():
    # 100 * (20 * 2.0) / (140 * 100) = 0.28571 -> 0.286 prerenal
    r = compute("fena", {"serum_sodium": 140, "serum_creatinine": 2.0, "urine_sodium": 20, "urine_creatinine": 100})
    assert r.value == 0.286 and "prerenal" in r.interpretation
    # 100 * (70 * 4.0) / (140 * 50) = 4.0 intrinsic
    r = compute("fena", {"serum_sodium": 140, "serum_creatinine": 4.0, "urine_sodium": 70, "urine_creatinine": 50})
    assert r.value == 4.0 and "intrinsic" in r.interpretation


def test_boundaries():
    # exactly 1%: 100*(35*2)/(140*50) = 1.0 -> indeterminate; exactly 2% -> indeterminate
    assert "indeterminate" in compute("fena", {"serum_sodium": 140, "serum_creatinine": 2, "urine_sodium": 35,
                                              "urine_creatinine": 50}).interpretation
    assert "indeterminate" in compute("fena", {"serum_sodium": 140, "serum_creatinine": 2, "urine_sodium": 70,
                                              "urine_creatinine": 50}).interpretation


def test_creatinine_units_in_adapter():
    # serum creatinine 176.8 umol/L = 2.0 mg/dL; -> same as the first example
    e = {"creatinine": [176.8, "µmol/L"], "Urine sodium": [20, "mmol/L"], "Urine creatinine": [100, "mg/dL"],
         "Sodium": [140, "mmol/L"]}
    assert compute_medcalc_bench(40, e) == 0.286


def test_errors():
    with pytest.raises(CalculatorInputError, match="urine_creatinine"):
        compute("fena", {"serum_sodium": 140, "serum_creatinine": 2, "urine_sodium": 20, "urine_creatinine": 0})
    with pytest.raises(CalculatorInputError, match="urine_sodium"):
        compute("fena", {"serum_sodium": 140, "serum_creatinine": 2, "urine_creatinine": 50})


def test_official():
    ans = {"name": "Fractional Excretion of Sodium (FENa)", "inputs": [
        {"field": "Serum sodium", "value": "128 mEq/L"}, {"field": "Serum creatinine", "value": "4.2 mg/dL"},
        {"field": "Urine sodium", "value": "48 mEq/L"}, {"field": "Urine creatinine", "value": "110 mg/dL"}]}
    # 100*(48*4.2)/(128*110) = 1.432 -> 1.4
    assert compute_official_answer(ans) == 1.4
    assert match_name("FENa") == "fena"
