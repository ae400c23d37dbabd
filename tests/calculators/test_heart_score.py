import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, match_name

ID = "heart_score"
LOW = {"history": "slightly suspicious", "ecg": "normal", "age": 40, "risk_factors": 0, "troponin": "<= normal limit"}


def test_zero_and_maximum():
    assert compute(ID, LOW).value == 0
    r = compute(ID, {"history": "highly suspicious", "ecg": "significant st deviation", "age": 70, "risk_factors": 3,
                     "troponin": "> 3x normal limit"})
    assert r.value == 10 and "high risk" in r.interpretation


@pytest.mark.parametrize("age,pts", [(44, 0), (45, 1), (64, 1), (65, 2)])
def test_age_bands(age, pts):
    assert compute(ID, {**LOW, "age": age}).value == pts


@pytest.mark.parametrize("n,athero,pts", [(0, False, 0), (1, False, 1), (2, False, 1), (3, False, 2), (0, True, 2)])
def test_risk_factor_points(n, athero, pts):
    assert compute(ID, {**LOW, "risk_factors": n, "atherosclerotic_disease": athero}).value == pts


def test_bands():
    # 1 + 1 + 1 + 1 + 0 = 4 -> moderate
    r = compute(ID, {"history": "moderately suspicious", "ecg": "non-specific repolarization disturbance", "age": 54,
                     "risk_factors": 2, "troponin": "<= normal limit"})
    assert r.value == 4 and "moderate" in r.interpretation


def test_medcalc_bench_counts_risk_factors_and_tia():
    e = {"age": [77.0, "years"], "Hypertension history": True, "hypercholesterolemia": True,
         "Initial troponin": "greater than three times normal limit", "Suspicion History": "Slightly suspicious",
         "Electrocardiogram Test": "Normal", "Transient Ischemic Attacks History": False}
    assert compute_medcalc_bench(18, e) == 5  # age 2 + 2 risk factors 1 + troponin 2
    assert compute_medcalc_bench(18, {**e, "Transient Ischemic Attacks History": True}) == 6  # TIA = atherosclerosis


def test_errors_and_names():
    with pytest.raises(CalculatorInputError, match="troponin"):
        compute(ID, {**LOW, "troponin": "high"})
    with pytest.raises(CalculatorInputError, match="risk_factors"):
        compute(ID, {**LOW, "risk_factors": 1.5})
    assert match_name("HEART Score") == ID


def test_official_element_points():
    from medmcp_calc.calculators import compute_official_answer

    a = {"name": "HEART Pathway for Early Discharge in Acute Chest Pain", "inputs": [
        {"field": "History", "value": "Moderately suspicious", "score": 1},
        {"field": "EKG", "value": "Significant ST depression", "score": 2},
        {"field": "Age", "value": "45-64", "score": 1},
        {"field": "Risk factors", "value": ">=3 risk factors or history of atherosclerotic disease", "score": 2},
        {"field": "Initial troponin", "value": "1-3x normal limit", "score": 1}]}
    assert compute_official_answer(a) == 7  # 1 + 2 + 1 + 2 + 1
    a["inputs"][0].pop("score")
    assert compute_official_answer(a) is None  # cannot read the history element
