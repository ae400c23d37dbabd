import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_official_answer


def test_opioid_conversion_worked_examples():
    # fentanyl IV 1.2 mg/day = 1200 micrograms x 0.2 = 240 mg oral morphine; / 15 (hydromorphone IV) = 16 mg/day
    r = compute("opioid_conversion", {"from_drug": "fentanyl (parenteral)", "daily_dose_mg": 1.2,
                                      "to_drug": "hydromorphone (parenteral)"})
    assert r.value == 16.0 and r.details["oral_morphine_equivalent_mg_day"] == 240.0
    assert "reduce by 25-50%" in r.interpretation
    # hydromorphone IV 2 mg x 15 = 30 OME; / 1.5 (oxycodone oral) = 20 mg
    assert compute("opioid_conversion", {"from_drug": "hydromorphone (parenteral)", "daily_dose_mg": 2,
                                         "to_drug": "oxycodone (oral)"}).value == 20.0
    # morphine oral 90 mg -> oxycodone oral 60 mg, with 25% reduction -> 45 mg
    assert compute("opioid_conversion", {"from_drug": "morphine (oral)", "daily_dose_mg": 90, "to_drug": "oxycodone (oral)",
                                         "cross_tolerance_reduction_pct": 25}).value == 45.0


def test_opioid_conversion_errors_and_official_reading():
    with pytest.raises(CalculatorInputError, match="to_drug"):
        compute("opioid_conversion", {"from_drug": "morphine (oral)", "daily_dose_mg": 30, "to_drug": "morphine (oral)"})
    with pytest.raises(CalculatorInputError, match="from_drug"):
        compute("opioid_conversion", {"from_drug": "heroin", "daily_dose_mg": 30, "to_drug": "morphine (oral)"})
    ans = {"name": "Opiate Conversion Calculator", "inputs": [
        {"field": "Converting from", "value": "MORPHINE (IV)"}, {"field": "Total daily drug dosage (mg)", "value": "10 mg"},
        {"field": "Converting to", "value": "Morphine (oral)"}]}
    assert compute_official_answer(ans) == 30.0  # 10 mg IV x 3 = 30 mg oral


def test_recruitment_to_inflation_ratio():
    # Crs = 450 / (25 - 5) = 22.5; dEELV = 600 - 400 = 200; predicted 22.5 x 10 = 225 -> Vrec = -25 -> R/I clipped to 0
    r = compute("recruitment_inflation_ratio", {"set_tidal_volume_ml": 450, "high_peep": 15, "low_peep": 5,
                                                "plateau_low_peep": 25, "vt_exhaled_high_peep_ml": 400, "release_volume_ml": 600})
    assert r.value == 0.0 and r.details["recruited_volume_mL"] == -25.0
    # release 850: dEELV 450; Vrec = 450 - 225 = 225; Crec = 22.5; R/I = 1.0 -> high recruiter
    r = compute("recruitment_inflation_ratio", {"set_tidal_volume_ml": 450, "high_peep": 15, "low_peep": 5,
                                                "plateau_low_peep": 25, "vt_exhaled_high_peep_ml": 400, "release_volume_ml": 850})
    assert r.value == 1.0 and "high recruiter" in r.interpretation
    # AOP 10 replaces low PEEP 5: Crs = 450/15 = 30; dp = 5; Vrec = 450 - 150 = 300; Crec = 60; R/I = 2.0
    r = compute("recruitment_inflation_ratio", {"set_tidal_volume_ml": 450, "high_peep": 15, "low_peep": 5,
                                                "plateau_low_peep": 25, "vt_exhaled_high_peep_ml": 400, "release_volume_ml": 850,
                                                "airway_opening_pressure": 10})
    assert r.value == 2.0
    # 0.5 boundary: Vrec = 0.5 x 225 = 112.5 -> release = 400 + 225 + 112.5 = 737.5
    assert "high recruiter" in compute("recruitment_inflation_ratio", {
        "set_tidal_volume_ml": 450, "high_peep": 15, "low_peep": 5, "plateau_low_peep": 25,
        "vt_exhaled_high_peep_ml": 400, "release_volume_ml": 737.5}).interpretation


def test_recruitment_errors():
    with pytest.raises(CalculatorInputError, match="high_peep"):
        compute("recruitment_inflation_ratio", {"set_tidal_volume_ml": 450, "high_peep": 5, "low_peep": 5,
                                                "plateau_low_peep": 25, "vt_exhaled_high_peep_ml": 400, "release_volume_ml": 600})
    with pytest.raises(CalculatorInputError, match="release_volume_ml"):
        compute("recruitment_inflation_ratio", {"set_tidal_volume_ml": 450, "high_peep": 15, "low_peep": 5,
                                                "plateau_low_peep": 25, "vt_exhaled_high_peep_ml": 400})
