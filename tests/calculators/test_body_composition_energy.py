import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_official_answer


def test_watson_worked_examples():
    # man 40 y, 175 cm, 70 kg: 2.447 - 3.8064 + 18.795 + 23.534 = 40.9696 -> 41.0 L
    r = compute("tbw_watson", {"sex": "male", "age": 40, "height_cm": 175, "weight_kg": 70})
    assert r.value == 41.0
    # woman 160 cm, 60 kg: -2.097 + 17.104 + 14.796 = 29.803 -> 29.8 L (age not used)
    for age in (30, 80):
        assert compute("tbw_watson", {"sex": "female", "age": age, "height_cm": 160, "weight_kg": 60}).value == 29.8


def test_bee_worked_examples():
    # man 70 kg, 175 cm, 40 y: 66.5 + 962.5 + 875.525 - 270.2 = 1634.325 -> 1634
    assert compute("basal_energy_expenditure", {"sex": "male", "weight_kg": 70, "height_cm": 175, "age": 40}).value == 1634
    # woman 60 kg, 160 cm, 30 y: 655.1 + 573.78 + 296 - 140.28 = 1384.6 -> 1385
    assert compute("basal_energy_expenditure", {"sex": "female", "weight_kg": 60, "height_cm": 160, "age": 30}).value == 1385


def test_nri():
    # albumin 35 g/L, 60/70 kg: 53.165 + 35.743 = 88.9 -> moderate
    r = compute("nutritional_risk_index", {"albumin_g_l": 35, "current_weight_kg": 60, "usual_weight_kg": 70})
    assert r.value == 88.9 and "moderate" in r.interpretation
    # albumin 40, stable weight: 60.76 + 41.7 = 102.46 -> no risk
    assert "no nutritional" in compute("nutritional_risk_index", {"albumin_g_l": 40, "current_weight_kg": 70,
                                                                  "usual_weight_kg": 70}).interpretation
    # albumin 25, 50/70: 37.975 + 29.786 = 67.8 -> severe
    assert "severe" in compute("nutritional_risk_index", {"albumin_g_l": 25, "current_weight_kg": 50,
                                                          "usual_weight_kg": 70}).interpretation


def test_osiris():
    # 53.5 kg, 68 y: 0.2 x (-14.5) = -2.9 -> -3; fracture -2 -> -5 (high)
    r = compute("osiris", {"weight_kg": 53.5, "age": 68, "current_hrt": False, "prior_fracture": True})
    assert r.value == -5 and "high" in r.interpretation
    # 70 kg, 55 y: 3; HRT +2 -> 5 (low)
    r = compute("osiris", {"weight_kg": 70, "age": 55, "current_hrt": True, "prior_fracture": False})
    assert r.value == 5 and "low" in r.interpretation
    # 60 kg, 65 y: -1 -> moderate
    assert "moderate" in compute("osiris", {"weight_kg": 60, "age": 65, "current_hrt": False,
                                            "prior_fracture": False}).interpretation


def test_osiris_official_pounds():
    a = {"name": "Osteoporosis Index of Risk (OSIRIS)", "inputs": [
        {"field": "Age, years", "value": 68}, {"field": "Weight (lbs)", "value": 114.6},
        {"field": "Current HRT", "value": "No", "score": 0}, {"field": "Prior low impact fracture", "value": "Yes", "score": -2}]}
    # 114.6 lb = 51.98 kg; 0.2 x (51.98 - 68) = -3.2 -> -3; -2 -> -5
    assert compute_official_answer(a) == -5


def test_mets():
    # 3.0 mph = 80.4 m/min, 10%: 3.5 + 8.04 + 14.472 = 26.012 / 3.5 = 7.43; predicted man 70: 14.7 - 7.7 = 7.0
    r = compute("exercise_capacity_mets", {"speed_mph": 3.0, "grade_pct": 10, "sex": "male", "age": 70})
    assert r.value == 7.43 and r.details["predicted_mets_for_age"] == 7.0
    # 1.5 mph = 40.2 m/min, 5%: 3.5 + 4.02 + 3.618 = 11.138 / 3.5 = 3.18; woman 76: 14.7 - 9.88 = 4.82
    r = compute("exercise_capacity_mets", {"speed_mph": 1.5, "grade_pct": 5, "sex": "female", "age": 76})
    assert r.value == 3.18 and r.details["predicted_mets_for_age"] == 4.82 and "poor" in r.interpretation


def test_errors():
    with pytest.raises(CalculatorInputError, match="grade_pct"):
        compute("exercise_capacity_mets", {"speed_mph": 3, "sex": "male", "age": 50})
    with pytest.raises(CalculatorInputError, match="age"):
        compute("tbw_watson", {"sex": "male", "age": 10, "height_cm": 140, "weight_kg": 30})  # adults only
    with pytest.raises(CalculatorInputError, match="usual_weight_kg"):
        compute("nutritional_risk_index", {"albumin_g_l": 30, "current_weight_kg": 60, "usual_weight_kg": 0})
