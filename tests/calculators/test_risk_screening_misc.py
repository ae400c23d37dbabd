import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_official_answer

TI = {"age": 50, "sex": "male", "loop_diuretic": False, "potassium": 4.2, "qtc": 420, "acute_mi": False,
      "sepsis": False, "heart_failure": False, "qt_drugs": 0}


@pytest.mark.parametrize("change,pts", [
    ({"age": 67}, 0), ({"age": 68}, 1), ({"sex": "female"}, 1), ({"loop_diuretic": True}, 1),
    ({"potassium": 3.5}, 2), ({"potassium": 3.6}, 0), ({"qtc": 449}, 0), ({"qtc": 450}, 2), ({"acute_mi": True}, 2),
    ({"sepsis": True}, 3), ({"heart_failure": True}, 3), ({"qt_drugs": 1}, 3), ({"qt_drugs": 2}, 6), ({"qt_drugs": 4}, 6),
])
def test_tisdale_items(change, pts):
    assert compute("tisdale_qt_risk", {**TI, **change}).value == pts


def test_tisdale_example_and_bands():
    # female 1 + K 3.3 -> 2 + QTc 462 -> 2 + two drugs 6 = 11 -> high
    r = compute("tisdale_qt_risk", {**TI, "sex": "female", "potassium": 3.3, "qtc": 462, "qt_drugs": 2})
    assert r.value == 11 and "high" in r.interpretation
    assert "low" in compute("tisdale_qt_risk", {**TI, "qt_drugs": 2}).interpretation  # 6
    assert "moderate" in compute("tisdale_qt_risk", {**TI, "qt_drugs": 2, "age": 70}).interpretation  # 7
    top = {"age": 80, "sex": "female", "loop_diuretic": True, "potassium": 3, "qtc": 480, "acute_mi": True,
           "sepsis": True, "heart_failure": True, "qt_drugs": 3}
    assert compute("tisdale_qt_risk", top).value == 21


def test_tisdale_official():
    a = {"name": "Tisdale Risk Score for QT Prolongation", "inputs": [
        {"field": "Age ≥68 years", "value": "No (Age 62 years)", "score": 0}, {"field": "Sex (Female)", "value": "No (Male)", "score": 0},
        {"field": "Patient on loop diuretic", "value": "No"}, {"field": "Potassium ≤3.5 mEq/L", "value": "No (K 4.2 mEq/L)"},
        {"field": "Admission QTc ≥450 msec", "value": "No"}, {"field": "Being admitted for acute myocardial infarction", "value": "No"},
        {"field": "Being admitted for sepsis", "value": "No"}, {"field": "Being admitted for heart failure", "value": "No"},
        {"field": "Number of QTc-prolonging drugs given", "value": "1 (ondansetron)", "score": 3}]}
    assert compute_official_answer(a) == 3


SB = {"snoring": False, "tired": False, "observed_apnea": False, "hypertension": False, "bmi": 25, "age": 40,
      "neck_cm": 36, "sex": "female"}


def test_stop_bang():
    assert compute("stop_bang", SB).value == 0
    assert compute("stop_bang", {**SB, "bmi": 35}).value == 0 and compute("stop_bang", {**SB, "bmi": 35.1}).value == 1
    assert compute("stop_bang", {**SB, "age": 50}).value == 0 and compute("stop_bang", {**SB, "age": 51}).value == 1
    assert compute("stop_bang", {**SB, "neck_cm": 40}).value == 0 and compute("stop_bang", {**SB, "neck_cm": 41}).value == 1
    every = {"snoring": True, "tired": True, "observed_apnea": True, "hypertension": True, "bmi": 36.1, "age": 82,
             "neck_cm": 42, "sex": "male"}
    r = compute("stop_bang", every)
    assert r.value == 8 and "high" in r.interpretation


def test_stop_bang_bands():
    # 3 points, only 1 STOP item -> intermediate
    assert "intermediate" in compute("stop_bang", {**SB, "snoring": True, "age": 60, "bmi": 36}).interpretation
    # 3 points with 2 STOP items and male sex -> high by the STOP rule
    assert "high" in compute("stop_bang", {**SB, "snoring": True, "tired": True, "sex": "male"}).interpretation
    assert "low" in compute("stop_bang", {**SB, "snoring": True, "tired": True}).interpretation  # 2


AB = {"age": 50, "systolic_bp": 120, "diastolic_bp": 80, "clinical_features": "other", "duration_min": 5,
      "diabetes": False}


def test_abcd2():
    # age 68 1 + BP 162/94 1 + speech 1 + 35 min 1 = 4 -> moderate
    r = compute("abcd2", {**AB, "age": 68, "systolic_bp": 162, "diastolic_bp": 94,
                          "clinical_features": "speech_disturbance_without_weakness", "duration_min": 35})
    assert r.value == 4 and "moderate" in r.interpretation
    assert compute("abcd2", {**AB, "duration_min": 9}).value == 0
    assert compute("abcd2", {**AB, "duration_min": 10}).value == 1
    assert compute("abcd2", {**AB, "duration_min": 60}).value == 2
    assert compute("abcd2", {**AB, "diastolic_bp": 90}).value == 1
    assert compute("abcd2", {**AB, "age": 59}).value == 0 and compute("abcd2", {**AB, "age": 60}).value == 1
    r = compute("abcd2", {"age": 70, "systolic_bp": 150, "diastolic_bp": 80, "clinical_features": "unilateral_weakness",
                          "duration_min": 90, "diabetes": True})
    assert r.value == 7 and "high" in r.interpretation


@pytest.mark.parametrize("sah,ivh,grade", [("none", False, 0), ("thin", False, 1), ("thin", True, 2),
                                           ("thick", False, 3), ("thick", True, 4)])
def test_modified_fisher(sah, ivh, grade):
    r = compute("modified_fisher", {"sah": sah, "ivh": ivh})
    assert r.value == grade and f"grade {grade}" in r.interpretation


def test_modified_fisher_undefined_combination():
    with pytest.raises(CalculatorInputError, match="sah"):
        compute("modified_fisher", {"sah": "none", "ivh": True})
    with pytest.raises(CalculatorInputError, match="sah"):
        compute("modified_fisher", {"sah": "moderate", "ivh": False})
