import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer

ID = "has_bled"
ITEMS = ("hypertension", "renal_disease", "liver_disease", "stroke", "prior_bleeding", "labile_inr", "medication",
         "alcohol")
NONE = {k: False for k in ITEMS} | {"age": 50}


def test_bounds():
    assert compute(ID, NONE).value == 0
    r = compute(ID, {k: True for k in ITEMS} | {"age": 80})
    assert r.value == 9 and "high" in r.interpretation


def test_age_strictly_over_65():
    assert compute(ID, {**NONE, "age": 65}).value == 0
    assert compute(ID, {**NONE, "age": 66}).value == 1


def test_bands():
    assert "moderate" in compute(ID, {**NONE, "stroke": True, "labile_inr": True}).interpretation  # 2
    assert "low" in compute(ID, {**NONE, "stroke": True}).interpretation  # 1


def test_medcalc_bench_drinks_threshold():
    base = {"age": [70.0, "years"], "Stroke": True}
    # age 1 + stroke 1; 7 drinks -> 0, 8 drinks -> 1
    assert compute_medcalc_bench(25, {**base, "Number of Alcoholic Drinks Per Week": 7}) == 2
    assert compute_medcalc_bench(25, {**base, "Number of Alcoholic Drinks Per Week": 8}) == 3


def test_official_fields():
    a = {"name": "HAS-BLED Score for Major Bleeding Risk", "inputs": [
        {"field": "Hypertension (Uncontrolled, >160 mmHg systolic)", "value": "No"},
        {"field": "Renal disease (Dialysis, transplant, Cr >2.26 mg/dL)", "value": "No"},
        {"field": "Liver disease (Cirrhosis or bilirubin >2x normal with AST/ALT/AP >3x normal)", "value": "No"},
        {"field": "Stroke history", "value": "No"},
        {"field": "Prior major bleeding or predisposition to bleeding", "value": "No"},
        {"field": "Labile INR (TTR <60%)", "value": "No"}, {"field": "Age >65", "value": "Yes", "score": 1},
        {"field": "Medication usage predisposing to bleeding (Aspirin, clopidogrel, NSAIDs)", "value": "Yes"},
        {"field": "Alcohol use (≥8 drinks/week)", "value": "No"}]}
    assert compute_official_answer(a) == 2


def test_errors():
    with pytest.raises(CalculatorInputError, match="alcohol"):
        compute(ID, {k: v for k, v in NONE.items() if k != "alcohol"})
