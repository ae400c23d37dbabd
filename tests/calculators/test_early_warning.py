import pytest

from medmcp_calc.calculators import CalculatorInputError, compute

NORMAL = {"resp_rate": 16, "spo2": 98, "supplemental_oxygen": False, "temperature_c": 37.0, "sbp": 120,
          "heart_rate": 70, "consciousness": "alert"}


def test_news_zero_and_worked_example():
    assert compute("news", NORMAL).value == 0
    # RR 22 (2) + SpO2 94 (1) + O2 (2) + T 37.6 (0) + SBP 108 (1) + HR 96 (1) + alert (0) = 7 -> high
    r = compute("news", {"resp_rate": 22, "spo2": 94, "supplemental_oxygen": True, "temperature_c": 37.6, "sbp": 108,
                         "heart_rate": 96, "consciousness": "alert"})
    assert r.value == 7 and r.interpretation.startswith("high")


@pytest.mark.parametrize("field,value,points", [
    ("resp_rate", 8, 3), ("resp_rate", 9, 1), ("resp_rate", 11, 1), ("resp_rate", 12, 0), ("resp_rate", 20, 0),
    ("resp_rate", 21, 2), ("resp_rate", 24, 2), ("resp_rate", 25, 3),
    ("spo2", 91, 3), ("spo2", 92, 2), ("spo2", 93, 2), ("spo2", 94, 1), ("spo2", 95, 1), ("spo2", 96, 0),
    ("temperature_c", 35.0, 3), ("temperature_c", 35.1, 1), ("temperature_c", 36.0, 1), ("temperature_c", 36.1, 0),
    ("temperature_c", 38.0, 0), ("temperature_c", 38.1, 1), ("temperature_c", 39.0, 1), ("temperature_c", 39.1, 2),
    ("sbp", 90, 3), ("sbp", 91, 2), ("sbp", 100, 2), ("sbp", 101, 1), ("sbp", 110, 1), ("sbp", 111, 0),
    ("sbp", 219, 0), ("sbp", 220, 3),
    ("heart_rate", 40, 3), ("heart_rate", 41, 1), ("heart_rate", 50, 1), ("heart_rate", 51, 0), ("heart_rate", 90, 0),
    ("heart_rate", 91, 1), ("heart_rate", 110, 1), ("heart_rate", 111, 2), ("heart_rate", 130, 2), ("heart_rate", 131, 3),
])
def test_news2_boundaries(field, value, points):
    assert compute("news2", {**NORMAL, field: value}).value == points


def test_news2_worked_example_and_confusion():
    # RR 34 (3) + SpO2 90 (3) + O2 (2) + 38.9 (1) + SBP 86 (3) + HR 128 (2) + new confusion (3) = 17
    r = compute("news2", {"resp_rate": 34, "spo2": 90, "supplemental_oxygen": True, "temperature_c": 38.9, "sbp": 86,
                          "heart_rate": 128, "consciousness": "new confusion"})
    assert r.value == 17
    # NEWS2 scores new confusion 3; single-parameter 3 flagged; total 3 -> low band with urgent-review note
    r = compute("news2", {**NORMAL, "consciousness": "new confusion"})
    assert r.value == 3 and r.details["any_single_parameter_3"]


@pytest.mark.parametrize("spo2,on_o2,points", [
    (83, False, 3), (84, False, 2), (86, False, 1), (88, False, 0), (92, False, 0), (97, False, 0),
    (93, True, 1), (94, True, 1), (95, True, 2), (96, True, 2), (97, True, 3),
])
def test_news2_spo2_scale2(spo2, on_o2, points):
    r = compute("news2", {**NORMAL, "spo2": spo2, "supplemental_oxygen": on_o2, "hypercapnic_scale2": True})
    assert r.details["item_points"]["spo2"] == points


def test_news_errors():
    with pytest.raises(CalculatorInputError, match="consciousness"):
        compute("news2", {**NORMAL, "consciousness": "drowsy"})
    bad = dict(NORMAL)
    del bad["sbp"]
    with pytest.raises(CalculatorInputError, match="sbp"):
        compute("news", bad)


def test_qsofa():
    assert compute("qsofa", {"altered_mentation": True, "resp_rate_22_or_more": True, "sbp_100_or_less": True}).value == 3
    r = compute("qsofa", {"altered_mentation": False, "resp_rate_22_or_more": True, "sbp_100_or_less": True})
    assert r.value == 2 and "high risk" in r.interpretation
    assert "not high risk" in compute("qsofa", {"altered_mentation": False, "resp_rate_22_or_more": True,
                                                "sbp_100_or_less": False}).interpretation
    with pytest.raises(CalculatorInputError, match="sbp_100_or_less"):
        compute("qsofa", {"altered_mentation": False, "resp_rate_22_or_more": True})
