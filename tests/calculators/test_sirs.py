import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer, match_name

NORMAL = {"temperature_c": 37.0, "heart_rate": 80, "respiratory_rate": 16, "wbc": 8.0}


def test_counts_and_ladder():
    assert compute("sirs_criteria", NORMAL).value == 0
    two = {**NORMAL, "temperature_c": 38.5, "heart_rate": 110}
    r = compute("sirs_criteria", two)
    assert r.value == 2 and r.details["category"] == "SIRS"
    assert compute("sirs_criteria", {**two, "suspected_infection": True}).details["category"] == "sepsis"
    assert compute("sirs_criteria", {**two, "suspected_infection": True, "organ_dysfunction": True}).details["category"] == "severe sepsis"
    assert compute("sirs_criteria", {**two, "suspected_infection": True, "refractory_hypotension": True}).details["category"] == "septic shock"
    # infection without >= 2 criteria is not sepsis under these definitions
    assert compute("sirs_criteria", {**NORMAL, "suspected_infection": True}).details["category"] == "no SIRS"


@pytest.mark.parametrize("change,n", [
    ({"temperature_c": 38.0}, 0), ({"temperature_c": 38.1}, 1), ({"temperature_c": 36.0}, 0), ({"temperature_c": 35.9}, 1),
    ({"heart_rate": 90}, 0), ({"heart_rate": 91}, 1), ({"respiratory_rate": 20}, 0), ({"respiratory_rate": 21}, 1),
    ({"paco2": 32}, 0), ({"paco2": 31}, 1), ({"wbc": 12.0}, 0), ({"wbc": 12.1}, 1), ({"wbc": 4.0}, 0), ({"wbc": 3.9}, 1),
    ({"bands_percent": 10}, 0), ({"bands_percent": 11}, 1),
])
def test_thresholds(change, n):
    assert compute("sirs_criteria", {**NORMAL, **change}).value == n


def test_medcalc_bench_units():
    # 99.3 F = 37.4 C; HR 73; RR 17; WBC 9440 (labelled 'L', read as /µL) -> 0 criteria
    e = {"Temperature": [99.3, "degrees fahreinheit"], "Heart Rate or Pulse": [73.0, "beats per minute"],
         "respiratory rate": [17.0, "breaths per minute"], "White blood cell count": [9440.0, "L"]}
    assert compute_medcalc_bench(51, e) == 0
    # WBC 4.1 'µL' is 4.1 x10^3/µL (not leukopenic): temp 39.5 + HR 137 -> 2
    e = {"Temperature": [39.5, "degrees celsius"], "Heart Rate or Pulse": [137.0, "beats per minute"],
         "respiratory rate": [18.0, "breaths per minute"], "White blood cell count": [4.1, "µL"]}
    assert compute_medcalc_bench(51, e) == 2


def test_errors():
    with pytest.raises(CalculatorInputError, match="wbc"):
        compute("sirs_criteria", {k: v for k, v in NORMAL.items() if k != "wbc"})


def test_official():
    ans = {"name": "SIRS, Sepsis, and Septic Shock Criteria", "inputs": [
        {"field": "temperature_c", "value": "38.4 C"}, {"field": "heart_rate_bpm", "value": "88 bpm"},
        {"field": "respiratory_rate", "value": "18 breaths/min"},
        {"field": "sirs_temp_criterion", "value": "Yes (temp > 38 C)"}, {"field": "sirs_hr_criterion", "value": "No (HR <= 90)"},
        {"field": "sirs_rr_or_paco2_criterion", "value": "No (RR <= 20 and PaCO2 >= 32)"},
        {"field": "sirs_wbc_or_bands_criterion", "value": "Yes (WBC < 4,000/uL)"},
        {"field": "suspected_or_present_infection", "value": "No at triage (source undetermined)"}]}
    assert compute_official_answer(ans) == "This patient meets SIRS criteria."
    assert match_name("SIRS Criteria") == "sirs_criteria"
