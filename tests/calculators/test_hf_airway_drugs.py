import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_official_answer


@pytest.mark.parametrize("pcwp,ci,cls", [(18, 2.2, 1), (19, 2.2, 2), (18, 2.1, 3), (24, 1.3, 4), (10, 3.0, 1)])
def test_forrester(pcwp, ci, cls):
    assert compute("forrester_class", {"pcwp": pcwp, "cardiac_index": ci}).value == cls


@pytest.mark.parametrize("cong,perf,label", [(False, False, "Warm and Dry"), (True, False, "Warm and Wet"),
                                             (False, True, "Cold and Dry"), (True, True, "Cold and Wet")])
def test_stevenson(cong, perf, label):
    assert compute("stevenson_hf_class", {"congestion": cong, "low_perfusion": perf}).value == label


def test_killip():
    assert compute("killip_class", {"findings": "rales_s3_or_jvd"}).value == "Class II"
    r = compute("killip_class", {"findings": "cardiogenic_shock"})
    assert r.value == "Class IV" and "81%" in r.interpretation
    a = {"name": "Killip Classification for Heart Failure", "inputs": [
        {"field": "Classification", "value": "Frank pulmonary edema"}]}
    assert compute_official_answer(a) == "Class III"


def test_apfel():
    r = compute("apfel_ponv", {"sex": "male", "non_smoker": True, "history_ponv_motion_sickness": False,
                               "postoperative_opioids": True})
    assert r.value == 2 and "39%" in r.interpretation
    r = compute("apfel_ponv", {"sex": "female", "non_smoker": True, "history_ponv_motion_sickness": True,
                               "postoperative_opioids": True})
    assert r.value == 4 and "79%" in r.interpretation


def test_mallampati():
    assert compute("modified_mallampati", {"view": "pillars_visible"}).value == "Class I"
    r = compute("modified_mallampati", {"view": "base_of_uvula_only"})
    assert r.value == "Class III" and "difficult" in r.interpretation
    with pytest.raises(CalculatorInputError, match="view"):
        compute("modified_mallampati", {"view": "tonsils"})


def test_karnofsky():
    r = compute("karnofsky_performance", {"level": 50})
    assert r.value == 50 and "considerable assistance" in r.interpretation
    assert "normal activity" in compute("karnofsky_performance", {"level": 90}).interpretation
    with pytest.raises(CalculatorInputError, match="level"):
        compute("karnofsky_performance", {"level": 55})
    a = {"name": "Karnofsky Performance Status Scale", "inputs": [
        {"field": "Patient description", "value": "Cares for self; unable to carry on normal activity"}]}
    assert compute_official_answer(a) == 70


def test_naloxone():
    # 0.4 mg bolus: 2/3 x 0.4 = 0.267 -> 0.27 mg/h; re-bolus 0.2 mg
    r = compute("naloxone_drip", {"bolus_mg": 0.4})
    assert r.value == 0.27 and r.details["rebolus_mg"] == 0.2
    assert compute("naloxone_drip", {"bolus_mg": 2}).value == 1.33


def test_tenecteplase():
    # 70 kg x 0.25 = 17.5 mg = 3.5 mL
    r = compute("tenecteplase_stroke", {"weight_kg": 70})
    assert r.value == 17.5 and r.details["volume_ml"] == 3.5
    # 120 kg -> capped at 25 mg = 5 mL
    r = compute("tenecteplase_stroke", {"weight_kg": 120})
    assert r.value == 25.0 and r.details["capped"] is True
    # official: 180 lb = 81.65 kg -> 20.41 mg = 4.08 mL -> "4.1 mL"
    a = {"name": "Tenecteplase (TNK) Dosing for Ischemic Stroke Calculator", "inputs": [{"field": "Weight", "value": "180 lb"}]}
    assert compute_official_answer(a) == 4.1
