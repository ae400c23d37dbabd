import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer, match_name

NEG = {"age": 30, "heart_rate": 80, "o2_saturation": 98}


def test_negative_and_positive():
    r = compute("perc_rule", NEG)
    assert r.value == 0 and "PERC negative" in r.interpretation
    r = compute("perc_rule", {**NEG, "hemoptysis": True, "hormone_use": True})
    assert r.value == 2 and "PERC positive" in r.interpretation


@pytest.mark.parametrize("change,n", [({"age": 49}, 0), ({"age": 50}, 1), ({"heart_rate": 99}, 0), ({"heart_rate": 100}, 1),
                                      ({"o2_saturation": 95}, 0), ({"o2_saturation": 94}, 1)])
def test_thresholds(change, n):
    assert compute("perc_rule", {**NEG, **change}).value == n


def test_medcalc_bench_prior_pe_or_dvt_counts_once():
    # age 61 (1) + SaO2 88 (1) + prior PE and prior DVT (one criterion) = 3
    e = {"age": [61.0, "years"], "Heart Rate or Pulse": [88.0, "beats per minute"], "O₂ saturation percentage": [88.0, "%"],
         "Previously Documented Pulmonary Embolism": True, "Previously documented Deep Vein Thrombosis": True}
    assert compute_medcalc_bench(48, e) == 3


def test_errors():
    with pytest.raises(CalculatorInputError, match="o2_saturation"):
        compute("perc_rule", {"age": 30, "heart_rate": 80})


def test_official():
    ans = {"name": "PERC Rule for Pulmonary Embolism", "inputs": [
        {"field": "Age ≥50", "value": "Yes (56 years)", "score": 1}, {"field": "HR ≥100", "value": "No (98 bpm)", "score": 0},
        {"field": "O2 sat on room air <95%", "value": "No (95% on RA)", "score": 0},
        {"field": "Unilateral leg swelling", "value": "No", "score": 0}, {"field": "Hemoptysis", "value": "No", "score": 0},
        {"field": "Recent surgery or trauma", "value": "No", "score": 0}, {"field": "Prior PE or DVT", "value": "No", "score": 0},
        {"field": "Hormone use", "value": "No", "score": 0}]}
    assert compute_official_answer(ans) == 1
    assert match_name("PERC Rule") == "perc_rule"
