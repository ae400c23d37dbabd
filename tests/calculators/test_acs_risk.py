import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_official_answer, match_name

UA = {"age": 50, "three_risk_factors": False, "known_cad": False, "aspirin_7_days": False, "severe_angina": False,
      "st_deviation": False, "positive_marker": False}


def test_timi_ua_examples():
    assert compute("timi_ua_nstemi", UA).value == 0
    # risk factors + severe angina + ST changes + marker = 4 -> 19.9%
    r = compute("timi_ua_nstemi", {**UA, "three_risk_factors": True, "severe_angina": True, "st_deviation": True,
                                   "positive_marker": True})
    assert r.value == 4 and "19.9%" in r.interpretation
    assert compute("timi_ua_nstemi", {k: True for k in UA} | {"age": 70}).value == 7
    assert compute("timi_ua_nstemi", {**UA, "age": 64}).value == 0
    assert compute("timi_ua_nstemi", {**UA, "age": 65}).value == 1


ST = {"age": 50, "dm_htn_angina": False, "systolic_bp": 130, "heart_rate": 80, "killip_class": 1, "weight_kg": 80,
      "anterior_ste_or_lbbb": False, "time_to_treatment_gt_4h": False}


@pytest.mark.parametrize("change,pts", [
    ({"age": 64}, 0), ({"age": 65}, 2), ({"age": 74}, 2), ({"age": 75}, 3),
    ({"systolic_bp": 100}, 0), ({"systolic_bp": 99}, 3), ({"heart_rate": 100}, 0), ({"heart_rate": 101}, 2),
    ({"killip_class": 2}, 2), ({"killip_class": 4}, 2), ({"weight_kg": 67}, 0), ({"weight_kg": 66.9}, 1),
    ({"dm_htn_angina": True}, 1), ({"anterior_ste_or_lbbb": True}, 1), ({"time_to_treatment_gt_4h": True}, 1),
])
def test_timi_stemi_items(change, pts):
    assert compute("timi_stemi", {**ST, **change}).value == pts


def test_timi_stemi_example_and_max():
    # hypertension 1 + anterior STE 1 = 2 -> 2.2%
    r = compute("timi_stemi", {**ST, "dm_htn_angina": True, "anterior_ste_or_lbbb": True})
    assert r.value == 2 and "2.2%" in r.interpretation
    top = {"age": 80, "dm_htn_angina": True, "systolic_bp": 80, "heart_rate": 120, "killip_class": 3, "weight_kg": 60,
           "anterior_ste_or_lbbb": True, "time_to_treatment_gt_4h": True}
    r = compute("timi_stemi", top)  # 3+1+3+2+2+1+1+1
    assert r.value == 14 and "35.9%" in r.interpretation


GR = {"age": 62, "heart_rate": 96, "systolic_bp": 132, "creatinine": 1.2, "killip_class": 2, "cardiac_arrest": False,
      "st_deviation": True, "elevated_enzymes": True}


def test_grace_worked_example():
    # age 60-69: 58; HR 90-109: 15; SBP 120-139: 34; Cr 1.2-1.59: 10; Killip II: 20; ST 28; enzymes 14 -> 179
    r = compute("grace_in_hospital", GR)
    assert r.value == 179 and "high" in r.interpretation
    assert r.details["age"] == 58 and r.details["creatinine"] == 10


@pytest.mark.parametrize("field,value,pts", [
    ("age", 29, 0), ("age", 30, 8), ("age", 89, 91), ("age", 90, 100),
    ("heart_rate", 49, 0), ("heart_rate", 50, 3), ("heart_rate", 200, 46),
    ("systolic_bp", 79, 58), ("systolic_bp", 80, 53), ("systolic_bp", 200, 0),
    ("creatinine", 0.39, 1), ("creatinine", 0.4, 4), ("creatinine", 3.99, 21), ("creatinine", 4.0, 28),
])
def test_grace_bands(field, value, pts):
    key = {"systolic_bp": "systolic_bp"}.get(field, field)
    assert compute("grace_in_hospital", {**GR, field: value}).details[key] == pts


def test_grace_risk_groups_and_names():
    low = {"age": 45, "heart_rate": 60, "systolic_bp": 150, "creatinine": 0.9, "killip_class": 1,
           "cardiac_arrest": False, "st_deviation": False, "elevated_enzymes": False}
    r = compute("grace_in_hospital", low)  # 25 + 3 + 24 + 7 = 59
    assert r.value == 59 and "low" in r.interpretation
    # the official tool reports another GRACE model; the name must not match this one
    assert match_name("GRACE ACS Risk and Mortality Calculator") is None
    assert match_name("TIMI Risk Score for UA/NSTEMI") == "timi_ua_nstemi"
    assert match_name("TIMI Risk Score for STEMI") == "timi_stemi"


def test_official_timi():
    a = {"name": "TIMI Risk Score for STEMI", "inputs": [
        {"field": "Age", "value": "< 65 years", "score": 0}, {"field": "Diabetes, Hypertension or Angina", "value": "Yes", "score": 1},
        {"field": "Systolic BP < 100 mmHg", "value": "No", "score": 0}, {"field": "Heart rate > 100", "value": "No", "score": 0},
        {"field": "Killip Class II-IV", "value": "Yes", "score": 2}, {"field": "Weight < 67kg (147.7 lbs)", "value": "No"},
        {"field": "Anterior ST Elevation or LBBB", "value": "No"}, {"field": "Time to treatment > 4 hours", "value": "No"}]}
    assert compute_official_answer(a) == 3


def test_errors():
    with pytest.raises(CalculatorInputError, match="killip_class"):
        compute("grace_in_hospital", {**GR, "killip_class": 5})
    with pytest.raises(CalculatorInputError, match="weight_kg"):
        compute("timi_stemi", {k: v for k, v in ST.items() if k != "weight_kg"})
