import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer, match_name

NONE = {"confusion": False, "bun": 15, "respiratory_rate": 18, "systolic_bp": 120, "diastolic_bp": 80, "age": 40}


def test_zero_and_all():
    r = compute("curb_65", NONE)
    assert r.value == 0 and "low risk" in r.interpretation
    every = {"confusion": True, "bun": 30, "respiratory_rate": 32, "systolic_bp": 85, "diastolic_bp": 50, "age": 80}
    r = compute("curb_65", every)
    assert r.value == 5 and "ICU" in r.interpretation


@pytest.mark.parametrize("change,points", [
    ({"bun": 19}, 0), ({"bun": 19.1}, 1),                # BUN > 19 mg/dL
    ({"respiratory_rate": 29}, 0), ({"respiratory_rate": 30}, 1),  # RR >= 30
    ({"systolic_bp": 90}, 0), ({"systolic_bp": 89}, 1),  # SBP < 90
    ({"diastolic_bp": 61}, 0), ({"diastolic_bp": 60}, 1),  # DBP <= 60
    ({"age": 64}, 0), ({"age": 65}, 1),                   # age >= 65
])
def test_thresholds(change, points):
    assert compute("curb_65", {**NONE, **change}).value == points


def test_medcalc_bench_urea_mmol():
    # BUN 10.9 mmol/L = 30.5 mg/dL > 19 -> 1 point; others 0
    e = {"age": [37.0, "years"], "Systolic Blood Pressure": [110.0, "mm hg"], "Diastolic Blood Pressure": [65.0, "mm hg"],
         "Blood Urea Nitrogen (BUN)": [10.9, "mmol/L"], "respiratory rate": [20.0, "breaths per minute"], "Confusion": False}
    assert compute_medcalc_bench(45, e) == 1


def test_errors():
    with pytest.raises(CalculatorInputError, match="bun"):
        compute("curb_65", {k: v for k, v in NONE.items() if k != "bun"})


def test_official():
    ans = {"name": "CURB-65 Score for Pneumonia Severity", "inputs": [
        {"field": "Confusion", "value": "No", "score": 0},
        {"field": "BUN >19 mg/dL (>7 mmol/L urea)", "value": "Yes(32 mg/dL)", "score": 1},
        {"field": "Respiratory rate ≥30", "value": "Yes(32breaths/min)", "score": 1},
        {"field": "Systolic BP <90 mmHg or Diastolic BP ≤60 mmHg", "value": "Yes (DBP 56 mmHg)", "score": 1},
        {"field": "Age ≥65", "value": "Yes (72 years)", "score": 1}]}
    assert compute_official_answer(ans) == 4
    assert match_name("CURB-65") == "curb_65"
