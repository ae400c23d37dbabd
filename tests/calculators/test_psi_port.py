import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench

ID = "psi_port"
BASE = {"age": 40, "sex": "male", "nursing_home": False, "neoplastic_disease": False, "liver_disease": False,
        "chf": False, "cerebrovascular_disease": False, "renal_disease": False, "altered_mental_status": False,
        "respiratory_rate": 18, "sbp": 120, "temperature_c": 37.0, "heart_rate": 80, "pleural_effusion": False}


def test_class_i_and_age_sex():
    r = compute(ID, BASE)
    assert r.value == 40 and "class I " in r.interpretation
    assert compute(ID, {**BASE, "sex": "female"}).value == 30


def test_worked_example():
    # 72 (male) + RR >= 30 20 + pulse >= 125 10 + BUN >= 30 20 + PaO2 < 60 10 = 132 -> class V
    r = compute(ID, {**BASE, "age": 72, "respiratory_rate": 32, "sbp": 92, "temperature_c": 38.6, "heart_rate": 128,
                     "arterial_ph": 7.36, "bun_mg_dl": 32, "sodium": 136, "glucose_mg_dl": 138, "hematocrit": 38,
                     "pao2": 52})
    assert r.value == 132 and "class V" in r.interpretation


@pytest.mark.parametrize("t,pts", [(34.9, 15), (35.0, 0), (39.9, 0), (40.0, 15)])
def test_temperature_bounds(t, pts):
    assert compute(ID, {**BASE, "temperature_c": t}).details["temperature_abnormal"] == pts


def test_missing_labs_score_zero_and_bands():
    # 80 + CHF 10 = 90 -> class III; + nursing home 10 = 100 -> class IV
    assert "class III" in compute(ID, {**BASE, "age": 80, "chf": True}).interpretation
    assert "class IV" in compute(ID, {**BASE, "age": 80, "chf": True, "nursing_home": True}).interpretation


def test_medcalc_bench_glucose_mmol_and_fahrenheit():
    # 78 + AMS 20 + renal 10 + BUN 30 -> 20 = 128 (pH 7.35 not < 7.35; glucose 7.2 mmol/L = 130 mg/dL; 99.5 F)
    e = {"Heart Rate or Pulse": [85.0, "beats per minute"], "pH": 7.35, "Altered mental status": True,
         "Systolic Blood Pressure": [115, "mm Hg"], "Blood Urea Nitrogen (BUN)": [30, "mg/dL"], "Renal disease": True,
         "Sodium": [140.0, "mEq/L"], "Partial pressure of oxygen (PaO₂) for Apache II": [70.0, "mm Hg"],
         "age": [78, "years"], "respiratory rate": [24, "breaths per minute"], "sex": "Male", "Hematocrit": [33, "%"],
         "Glucose": [7.2, "mmol/L"], "Temperature": [99.5, "degrees fahreinheit"]}
    assert compute_medcalc_bench(29, e) == 128


def test_errors():
    with pytest.raises(CalculatorInputError, match="respiratory_rate"):
        compute(ID, {k: v for k, v in BASE.items() if k != "respiratory_rate"})
    with pytest.raises(CalculatorInputError, match="arterial_ph"):
        compute(ID, {**BASE, "arterial_ph": 9})
