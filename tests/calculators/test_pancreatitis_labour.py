import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_official_answer

BI = {"bun": 19, "impaired_mental_status": False, "sirs": True, "age": 48, "pleural_effusion": False}


def test_bisap():
    r = compute("bisap", BI)
    assert r.value == 1 and "low" in r.interpretation
    assert compute("bisap", {**BI, "bun": 25}).value == 1 and compute("bisap", {**BI, "bun": 25.1}).value == 2
    assert compute("bisap", {**BI, "age": 60}).value == 1 and compute("bisap", {**BI, "age": 61}).value == 2
    r = compute("bisap", {"bun": 30, "impaired_mental_status": True, "sirs": True, "age": 70, "pleural_effusion": False})
    assert r.value == 4 and "high" in r.interpretation


RA = {"etiology": "non_gallstone", "age": 48, "wbc": 13.2, "glucose": 142, "ldh": 280, "ast": 68,
      "hematocrit_fall": 4, "bun_rise": 3, "calcium": 8.6, "pao2": 88, "base_deficit": 2, "fluid_sequestration": 4.5}


def test_ranson_zero_and_each_criterion():
    assert compute("ranson_criteria", RA).value == 0
    for k, v in (("age", 56), ("wbc", 16.1), ("glucose", 201), ("ldh", 351), ("ast", 251), ("hematocrit_fall", 10.1),
                 ("bun_rise", 5.1), ("calcium", 7.9), ("pao2", 59), ("base_deficit", 4.1), ("fluid_sequestration", 6.1)):
        assert compute("ranson_criteria", {**RA, k: v}).value == 1, k
    # thresholds themselves do not score
    for k, v in (("age", 55), ("wbc", 16), ("glucose", 200), ("ldh", 350), ("calcium", 8), ("pao2", 60)):
        assert compute("ranson_criteria", {**RA, k: v}).value == 0, k


def test_ranson_gallstone_thresholds():
    g = {**RA, "etiology": "gallstone"}
    # age 60: > 55 but not > 70; PaO2 55 is not a gallstone criterion; BUN rise 3 > 2; fluid 4.5 > 4
    r = compute("ranson_criteria", {**g, "age": 60, "pao2": 55})
    assert r.value == 2 and "0-2" in r.interpretation
    r = compute("ranson_criteria", {**RA, "age": 60, "pao2": 55, "wbc": 17, "glucose": 210, "ldh": 380})
    assert r.value == 5 and "40%" in r.interpretation  # age, PaO2, WBC, glucose, LDH


def test_ranson_missing():
    with pytest.raises(CalculatorInputError, match="calcium"):
        compute("ranson_criteria", {k: v for k, v in RA.items() if k != "calcium"})


BS = {"dilation_cm": 1.5, "effacement_pct": 45, "station": -2, "consistency": "firm", "position": "posterior"}


def test_bishop_worked_example():
    # dilation 1-2 -> 1; effacement 40-50 -> 1; station -2 -> 1; firm 0; posterior 0 = 3
    r = compute("bishop_score", BS)
    assert r.value == 3 and "unfavourable" in r.interpretation
    top = {"dilation_cm": 6, "effacement_pct": 90, "station": 1, "consistency": "soft", "position": "anterior"}
    r = compute("bishop_score", top)
    assert r.value == 13 and "favourable cervix" in r.interpretation


@pytest.mark.parametrize("field,value,pts", [
    ("dilation_cm", 0, 0), ("dilation_cm", 1, 1), ("dilation_cm", 3, 2), ("dilation_cm", 5, 3),
    ("effacement_pct", 30, 0), ("effacement_pct", 40, 1), ("effacement_pct", 60, 2), ("effacement_pct", 80, 3),
    ("station", -3, 0), ("station", -2, 1), ("station", -1, 2), ("station", 0, 2), ("station", 1, 3), ("station", 2, 3),
])
def test_bishop_bands(field, value, pts):
    assert compute("bishop_score", {**BS, field: value}).details[field.split("_")[0]] == pts


def test_bishop_official_and_errors():
    a = {"name": "Bishop Score for Vaginal Delivery and Induction of Labor", "inputs": [
        {"field": "Dilation", "value": "1-2 cm", "score": 1}, {"field": "Effacement", "value": "40-50%", "score": 1},
        {"field": "Station", "value": "-2", "score": 1}, {"field": "Position", "value": "Posterior", "score": 0},
        {"field": "Consistency", "value": "Firm", "score": 0}]}
    assert compute_official_answer(a) == 3
    with pytest.raises(CalculatorInputError, match="consistency"):
        compute("bishop_score", {**BS, "consistency": "hard"})
    with pytest.raises(CalculatorInputError, match="dilation_cm"):
        compute("bishop_score", {**BS, "dilation_cm": 11})
