import pytest

from medmcp_calc.calculators import CalculatorInputError, compute

SPESI_NONE = {k: False for k in ("age_over_80", "cancer", "chronic_cardiopulmonary_disease", "heart_rate_110_or_more",
                                 "sbp_below_100", "sao2_below_90")}


def test_spesi():
    r = compute("spesi", SPESI_NONE)
    assert r.value == "Low" and r.details["points"] == 0
    r = compute("spesi", {**SPESI_NONE, "cancer": True, "sao2_below_90": True})
    assert r.value == "High" and r.details["points"] == 2
    with pytest.raises(CalculatorInputError, match="cancer"):
        compute("spesi", {k: v for k, v in SPESI_NONE.items() if k != "cancer"})


@pytest.mark.parametrize("kw,points,stage", [
    ({}, 0, "stage I"),
    ({"sbp_90_to_100": True}, 2, "stage I"),
    ({"sbp_90_to_100": True, "heart_rate_110_or_more": True}, 3, "stage II"),
    ({"elevated_troponin": True, "rv_dysfunction": True}, 4, "stage II"),
    ({"elevated_troponin": True, "rv_dysfunction": True, "heart_rate_110_or_more": True}, 5, "stage III"),
])
def test_bova(kw, points, stage):
    base = {"sbp_90_to_100": False, "elevated_troponin": False, "rv_dysfunction": False, "heart_rate_110_or_more": False}
    r = compute("bova_score", {**base, **kw})
    assert r.value == points and r.interpretation.startswith(stage)


def test_hestia():
    none = {k: False for k in ("hemodynamically_unstable", "thrombolysis_or_embolectomy", "bleeding_risk", "oxygen_over_24h",
                               "pe_on_anticoagulation", "iv_pain_medication", "medical_or_social_reason", "crcl_below_30",
                               "severe_liver_impairment", "pregnant", "history_of_hit")}
    assert "eligible" in compute("hestia_criteria", none).interpretation
    r = compute("hestia_criteria", {**none, "pregnant": True})
    assert r.value == 1 and "not eligible" in r.interpretation


def test_herdoo2():
    # D-dimer 230 (< 250), BMI 29 (< 30), age 56: 0
    assert compute("herdoo2", {"post_thrombotic_signs": False, "d_dimer_ug_l": 230, "bmi": 29, "age": 56}).value == 0
    # edges: D-dimer 250, BMI 30, age 65 each score -> 3 + signs = 4
    r = compute("herdoo2", {"post_thrombotic_signs": True, "d_dimer_ug_l": 250, "bmi": 30, "age": 65})
    assert r.value == 4 and "continue" in r.interpretation
    assert "low risk" in compute("herdoo2", {"post_thrombotic_signs": False, "d_dimer_ug_l": 300, "bmi": 25, "age": 40}).interpretation


def test_dash():
    f = {"abnormal_d_dimer": False, "age_50_or_less": False, "male": False, "hormone_use_female": False}
    assert compute("dash_score", f).value == 0
    assert compute("dash_score", {**f, "abnormal_d_dimer": True, "male": True, "age_50_or_less": True}).value == 4
    assert compute("dash_score", {**f, "hormone_use_female": True}).value == -2
    assert compute("dash_score", {**f, "abnormal_d_dimer": True}).interpretation.startswith("2:")


@pytest.mark.parametrize("plt,marker,pt,fib,total", [
    (85, "moderate increase", 4.5, 1.2, 4),    # 1 + 2 + 1 + 0
    (100, "no increase", 2.9, 1.0, 0),         # all at the 0-point edges
    (49, "strong increase", 6.1, 0.9, 8),      # 2 + 3 + 2 + 1
    (50, "moderate increase", 3.0, 1.5, 4),    # 1 + 2 + 1 + 0
])
def test_isth_dic(plt, marker, pt, fib, total):
    r = compute("isth_dic", {"platelets": plt, "fibrin_marker": marker, "pt_prolongation_sec": pt, "fibrinogen_g_l": fib})
    assert r.value == total
    assert ("overt DIC" in r.interpretation and r.interpretation.startswith(">=5")) is (total >= 5)


def test_isth_dic_errors():
    with pytest.raises(CalculatorInputError, match="fibrin_marker"):
        compute("isth_dic", {"platelets": 80, "fibrin_marker": "high", "pt_prolongation_sec": 2, "fibrinogen_g_l": 2})
