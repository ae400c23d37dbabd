import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench

ID = "apache_ii"
NORMAL = {"age": 40, "temperature_c": 37.0, "sbp": 120, "dbp": 80, "heart_rate": 80, "respiratory_rate": 16,
          "fio2_percent": 21, "pao2": 90, "arterial_ph": 7.40, "sodium": 140, "potassium": 4.0,
          "creatinine_mg_dl": 1.0, "acute_renal_failure": False, "hematocrit": 40, "wbc": 8, "gcs": 15,
          "severe_organ_insufficiency": False}


def test_normal_physiology_scores_zero():
    assert compute(ID, NORMAL).value == 0


def test_worked_example():
    # age 67 -> 5; temp 39.5 -> 3; MAP (90 + 2x50)/3 = 63.3 -> 2; HR 145 -> 3; RR 36 -> 3;
    # FiO2 60% -> A-a 400 -> 3; pH 7.20 -> 3; Na 128 -> 2; K 3.2 -> 1; Cr 2.5 with ARF -> 3 x 2 = 6;
    # Hct 28 -> 2; WBC 22 -> 2; GCS 10 -> 5; chronic + nonoperative -> 5.  Total = 45
    r = compute(ID, {"age": 67, "temperature_c": 39.5, "sbp": 90, "dbp": 50, "heart_rate": 145, "respiratory_rate": 36,
                     "fio2_percent": 60, "aa_gradient": 400, "arterial_ph": 7.20, "sodium": 128, "potassium": 3.2,
                     "creatinine_mg_dl": 2.5, "acute_renal_failure": True, "hematocrit": 28, "wbc": 22, "gcs": 10,
                     "severe_organ_insufficiency": True, "admission_type": "nonoperative"})
    assert r.value == 45
    assert r.details["creatinine"] == 6 and r.details["oxygenation_by"] == "A-a gradient"
    assert "85%" in r.interpretation


@pytest.mark.parametrize("pao2,pts", [(71, 0), (70, 1), (61, 1), (60, 3), (55, 3), (54, 4)])
def test_pao2_bands_below_fio2_50(pao2, pts):
    assert compute(ID, {**NORMAL, "pao2": pao2}).details["oxygenation"] == pts


def test_chronic_health_by_admission_type():
    sick = {**NORMAL, "severe_organ_insufficiency": True}
    assert compute(ID, {**sick, "admission_type": "elective_postoperative"}).value == 2
    assert compute(ID, {**sick, "admission_type": "emergency_postoperative"}).value == 5


@pytest.mark.parametrize("age,pts", [(44, 0), (45, 2), (55, 3), (65, 5), (75, 6)])
def test_age_points(age, pts):
    assert compute(ID, {**NORMAL, "age": age}).value == pts


def test_medcalc_bench_row():
    # age 64 -> 3; everything else normal (FiO2 46% so PaO2 77 -> 0; WBC 7300/uL = 7.3) -> 3
    e = {"Heart Rate or Pulse": [93.0, "beats per minute"], "Diastolic Blood Pressure": [75.0, "mm Hg"], "pH": 7.34,
         "FiO₂": [46.0, "%"], "Systolic Blood Pressure": [115.0, "mm Hg"], "Acute renal failure": False,
         "creatinine": [1.4, "mg/dL"], "White blood cell count": [7300.0, "µL"], "Sodium": [138.0, "mEq/L"],
         "Potassium": [4.6, "mEq/L"], "Partial pressure of oxygen (PaO₂) for Apache II": [77.0, "mm Hg"],
         "age": [64.0, "years"], "respiratory rate": [14.0, "breaths per minute"], "Glasgow Coma Score": 15.0,
         "Hematocrit": [38.0, "%"], "Temperature": [37.1, "degrees celsisus"]}
    assert compute_medcalc_bench(28, e) == 3


def test_errors():
    with pytest.raises(CalculatorInputError, match="aa_gradient"):
        compute(ID, {**NORMAL, "fio2_percent": 60})
    with pytest.raises(CalculatorInputError, match="pao2"):
        compute(ID, {**{k: v for k, v in NORMAL.items() if k != "pao2"}})
    with pytest.raises(CalculatorInputError, match="gcs"):
        compute(ID, {**NORMAL, "gcs": 16})
