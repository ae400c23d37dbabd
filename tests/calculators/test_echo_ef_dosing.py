import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_official_answer


def test_ef_worked_example():
    # (52^2 - 40^2) / 52^2 = 1104 / 2704 = 40.83%; normal apex: 40.83 + 59.17 x 0.15 = 49.70 -> 50
    r = compute("ejection_fraction_simplified", {"lvedd_mm": 52, "lvesd_mm": 40, "apical_contraction": "normal"})
    assert r.value == 50 and "mildly" in r.interpretation
    # akinetic apex: no correction -> 40.83 -> 41
    assert compute("ejection_fraction_simplified", {"lvedd_mm": 52, "lvesd_mm": 40,
                                                    "apical_contraction": "akinetic"}).value == 41
    # 50/30: 64% + 36 x 0.15 = 69.4 -> 69 normal
    r = compute("ejection_fraction_simplified", {"lvedd_mm": 50, "lvesd_mm": 30, "apical_contraction": "normal"})
    assert r.value == 69 and "normal" in r.interpretation
    # aneurysmal: 40.83 + 59.17 x (-0.10) = 34.9 -> 35 moderately
    r = compute("ejection_fraction_simplified", {"lvedd_mm": 52, "lvesd_mm": 40, "apical_contraction": "aneurysmal"})
    assert r.value == 35 and "moderately" in r.interpretation


def test_ef_errors():
    with pytest.raises(CalculatorInputError, match="lvesd_mm"):
        compute("ejection_fraction_simplified", {"lvedd_mm": 40, "lvesd_mm": 45, "apical_contraction": "normal"})
    with pytest.raises(CalculatorInputError, match="apical_contraction"):
        compute("ejection_fraction_simplified", {"lvedd_mm": 52, "lvesd_mm": 40, "apical_contraction": "weak"})


def test_weight_based_dosing():
    # 20 kg x 40 mg/kg/day / 2 = 400 mg per dose; 40 mg/mL -> 10 mL
    r = compute("weight_based_dosing", {"weight_kg": 20, "dose_mg_per_kg_day": 40, "doses_per_day": 2,
                                        "concentration_mg_per_ml": 40})
    assert r.value == 400 and r.details["volume_per_dose_ml"] == 10 and r.details["daily_dose_mg"] == 800
    # cap: 50 kg x 90 / 2 = 2250 mg > max 1000 -> 1000
    r = compute("weight_based_dosing", {"weight_kg": 50, "dose_mg_per_kg_day": 90, "doses_per_day": 2,
                                        "max_single_dose_mg": 1000})
    assert r.value == 1000 and r.details["capped_at_maximum"] is True


def test_weight_based_dosing_official():
    a = {"name": "Weight-based liquid medication dosing", "inputs": [
        {"field": "Patient Weight", "value": "80 kg"}, {"field": "Dosage (per day)", "value": "15 mg/kg/day"},
        {"field": "Frequency of dose", "value": "Every 8 hours"},
        {"field": "Liquid Formulation - Medication amount", "value": "10 mg"},
        {"field": "Liquid Formulation - Per volume", "value": "1 mL"}]}
    assert compute_official_answer(a) == 400  # 80 x 15 / 3


def test_weight_based_dosing_errors():
    with pytest.raises(CalculatorInputError, match="doses_per_day"):
        compute("weight_based_dosing", {"weight_kg": 20, "dose_mg_per_kg_day": 40, "doses_per_day": 0})
    bad = {"name": "Weight-based liquid medication dosing", "inputs": [
        {"field": "Patient Weight", "value": "80 kg"}, {"field": "Dosage (per day)", "value": "15 mg/kg/day"},
        {"field": "Frequency of dose", "value": "Every 7 hours"}]}
    assert compute_official_answer(bad) is None
