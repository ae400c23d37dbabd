import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_official_answer, match_name

AIMS_NONE = {"albumin": 3.5, "inr": 1.1, "altered_mental_status": False, "systolic_bp": 120, "age": 50}


def test_aims65_all_and_none():
    r = compute("aims65", AIMS_NONE)
    assert r.value == 0 and "0.3%" in r.interpretation
    r = compute("aims65", {"albumin": 2.5, "inr": 2.0, "altered_mental_status": True, "systolic_bp": 85, "age": 80})
    assert r.value == 5 and "24.5%" in r.interpretation


@pytest.mark.parametrize("change,pts", [
    ({"albumin": 3.0}, 0), ({"albumin": 2.9}, 1),        # albumin < 3.0
    ({"inr": 1.5}, 0), ({"inr": 1.51}, 1),               # INR > 1.5
    ({"systolic_bp": 91}, 0), ({"systolic_bp": 90}, 1),  # SBP <= 90
    ({"age": 64}, 0), ({"age": 65}, 1),                  # age >= 65
])
def test_aims65_thresholds(change, pts):
    assert compute("aims65", {**AIMS_NONE, **change}).value == pts


def test_aims65_official():
    a = {"name": "AIMS65 Score for Upper GI Bleeding Mortality", "inputs": [
        {"field": "Albumin <3 g/dL (30 g/L)", "value": "Yes (2.8 g/dL)"}, {"field": "INR >1.5", "value": "No (INR 1.3)"},
        {"field": "Alteration in mental status", "value": "No"}, {"field": "sBP ≤90 mm Hg", "value": "No (95 mm Hg)"},
        {"field": "Age ≥65 years", "value": "Yes (68 years)"}]}
    assert compute_official_answer(a) == 2  # albumin 1 + age 1


ROCK = {"age": 72, "heart_rate": 88, "systolic_bp": 95, "comorbidity": "cardiac_or_other_major"}


def test_rockall_pre_worked_example():
    # age 60-79 -> 1; SBP 95 < 100 -> 2; cardiac comorbidity -> 2; total 5
    r = compute("rockall_pre_endoscopy", ROCK)
    assert r.value == 5 and "39.6%" in r.interpretation


@pytest.mark.parametrize("age,hr,sbp,pts", [
    (59, 99, 100, 0), (60, 99, 100, 1), (79, 99, 100, 1), (80, 99, 100, 2),  # age bands
    (50, 100, 100, 1),   # tachycardia with SBP >= 100
    (50, 80, 99, 2),     # hypotension regardless of HR
])
def test_rockall_pre_bands(age, hr, sbp, pts):
    assert compute("rockall_pre_endoscopy", {"age": age, "heart_rate": hr, "systolic_bp": sbp,
                                             "comorbidity": "none"}).value == pts


def test_rockall_complete():
    # 5 (as above) + other diagnosis 1 + visible vessel 2 = 8
    full = {**ROCK, "diagnosis": "other_diagnosis", "stigmata": "blood_clot_or_visible_vessel"}
    r = compute("rockall_complete", full)
    assert r.value == 8 and "41.1%" in r.interpretation and "high" in r.interpretation
    # minimum 0, maximum 2 + 2 + 3 + 2 + 2 = 11
    low = {"age": 40, "heart_rate": 70, "systolic_bp": 130, "comorbidity": "none",
           "diagnosis": "mallory_weiss_or_no_lesion", "stigmata": "none_or_dark_spot"}
    assert compute("rockall_complete", low).value == 0
    top = {"age": 85, "heart_rate": 120, "systolic_bp": 80,
           "comorbidity": "renal_liver_failure_or_disseminated_malignancy", "diagnosis": "upper_gi_malignancy",
           "stigmata": "blood_clot_or_visible_vessel"}
    assert compute("rockall_complete", top).value == 11


def test_rockall_official_and_names():
    common = [{"field": "Age", "value": "60-79 years", "score": 1},
              {"field": "Shock", "value": "Hypotension (SBP <100)", "score": 2},
              {"field": "Comorbidities", "value": "Any comorbidity EXCEPT renal failure, liver failure", "score": 2}]
    assert compute_official_answer({"name": "Rockall Score for Upper GI Bleeding (Pre-Endoscopy)", "inputs": common}) == 5
    full = common + [{"field": "Mallory-Weiss tear", "value": "No"},
                     {"field": "No lesion identified and no stigmata of recent hemorrhage", "value": "No"},
                     {"field": "All other diagnoses", "value": "Yes (peptic ulcer disease)", "score": 1},
                     {"field": "Malignancy of upper GI tract", "value": "No"},
                     {"field": "Major stigmata of recent hemorrhage", "value": "Visible or spurting vessel", "score": 2}]
    assert compute_official_answer({"name": "Rockall Score for Upper GI Bleeding (Complete)", "inputs": full}) == 8
    assert match_name("Rockall Score for Upper GI Bleeding (Pre-Endoscopy)") == "rockall_pre_endoscopy"
    assert match_name("Rockall Score for Upper GI Bleeding (Complete)") == "rockall_complete"
    assert match_name("Rockall Score for Upper GI Bleeding") is None  # which of the two is unknown


def test_rockall_errors():
    with pytest.raises(CalculatorInputError, match="comorbidity"):
        compute("rockall_pre_endoscopy", {**ROCK, "comorbidity": "diabetes"})
    with pytest.raises(CalculatorInputError, match="stigmata"):
        compute("rockall_complete", {**ROCK, "diagnosis": "other_diagnosis"})


@pytest.mark.parametrize("finding,cls,official", [
    ("spurting", "Ia", "1A"), ("oozing", "Ib", "1B"), ("visible_vessel", "IIa", "2A"),
    ("adherent_clot", "IIb", "2B"), ("pigmented_spot", "IIc", "2C"), ("clean_base", "III", "3"),
])
def test_forrest(finding, cls, official):
    r = compute("forrest_classification", {"finding": finding})
    assert r.value == cls
    a = {"name": "Forrest Classification of Upper GI Bleeding", "inputs": [
        {"field": "Endoscopy finding", "value": finding.replace("_", " ")}]}
    assert compute_official_answer(a) == official


def test_forrest_interpretation_and_error():
    assert "43%" in compute("forrest_classification", {"finding": "visible_vessel"}).interpretation
    with pytest.raises(CalculatorInputError, match="finding"):
        compute("forrest_classification", {"finding": "ulcer"})


IMP = {"age": 30, "sex": "female", "gfr": 90, "platelets": 200, "active_gastroduodenal_ulcer": False,
       "bleeding_3_months": False, "hepatic_failure": False, "icu_ccu": False, "central_venous_catheter": False,
       "rheumatic_disease": False, "current_cancer": False}


def test_improve_bleeding_worked_example():
    # age 78 -> 1.5; male 1; GFR 48 -> 1; total 3.5 (< 7: not increased)
    r = compute("improve_bleeding", {**IMP, "age": 78, "sex": "male", "gfr": 48})
    assert r.value == 3.5 and "not at increased" in r.interpretation
    # + ICU 2.5 + ulcer 4.5 = 10.5
    r = compute("improve_bleeding", {**IMP, "age": 78, "sex": "male", "gfr": 48, "icu_ccu": True,
                                     "active_gastroduodenal_ulcer": True})
    assert r.value == 10.5 and "high bleeding risk" in r.interpretation


@pytest.mark.parametrize("change,pts", [
    ({"age": 39}, 0), ({"age": 40}, 1.5), ({"age": 84}, 1.5), ({"age": 85}, 3.5),
    ({"gfr": 60}, 0), ({"gfr": 59}, 1), ({"gfr": 30}, 1), ({"gfr": 29}, 2.5),
    ({"platelets": 50}, 0), ({"platelets": 49}, 4),
    ({"bleeding_3_months": True}, 4), ({"current_cancer": True}, 2), ({"sex": "male"}, 1),
])
def test_improve_items(change, pts):
    assert compute("improve_bleeding", {**IMP, **change}).value == pts


def test_improve_threshold_and_error():
    # ulcer 4.5 + hepatic failure 2.5 = 7.0 -> high
    assert "high" in compute("improve_bleeding", {**IMP, "active_gastroduodenal_ulcer": True,
                                                  "hepatic_failure": True}).interpretation
    with pytest.raises(CalculatorInputError, match="platelets"):
        compute("improve_bleeding", {**IMP, "platelets": -1})
