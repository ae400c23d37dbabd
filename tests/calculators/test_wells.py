import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench

PE_NONE = {"dvt_signs": False, "pe_most_likely": False, "heart_rate": 80, "immobilization": False,
           "recent_surgery": False, "previous_pe": False, "previous_dvt": False, "hemoptysis": False,
           "malignancy": False}
DVT_ITEMS = ("active_cancer", "bedridden_or_major_surgery", "calf_swelling", "collateral_veins", "entire_leg_swollen",
             "localized_tenderness", "pitting_edema", "paralysis_or_immobilization", "previous_dvt")


def test_pe_all_criteria():
    # 3 + 3 + 1.5 + 1.5 + 1.5 + 1 + 1 = 12.5
    r = compute("wells_pe", {k: True for k in PE_NONE} | {"heart_rate": 120})
    assert r.value == 12.5
    assert "high" in r.interpretation and "PE likely" in r.interpretation


def test_pe_paired_items_count_once_and_heart_rate_boundary():
    assert compute("wells_pe", {**PE_NONE, "immobilization": True, "recent_surgery": True}).value == 1.5
    assert compute("wells_pe", {**PE_NONE, "previous_pe": True, "previous_dvt": True}).value == 1.5
    assert compute("wells_pe", {**PE_NONE, "heart_rate": 100}).value == 0
    assert compute("wells_pe", {**PE_NONE, "heart_rate": 101}).value == 1.5


def test_pe_bands():
    # 3 + 1.5 = 4.5 -> moderate, PE likely (> 4)
    r = compute("wells_pe", {**PE_NONE, "dvt_signs": True, "heart_rate": 110})
    assert r.value == 4.5 and "moderate" in r.interpretation and "PE likely" in r.interpretation


def test_pe_medcalc_bench():
    e = {"Previously Documented Pulmonary Embolism": True, "Heart Rate or Pulse": [120.0, "beats per minute"],
         "Pulmonary Embolism is #1 diagnosis OR equally likely": True}
    assert compute_medcalc_bench(8, e) == 6.0  # 1.5 + 1.5 + 3


def test_dvt_scores():
    none = {k: False for k in DVT_ITEMS} | {"alternative_diagnosis_likely": False}
    assert compute("wells_dvt", none).value == 0
    assert compute("wells_dvt", none | {"alternative_diagnosis_likely": True}).value == -2
    # nine criteria x 1 - 2 = 7
    assert compute("wells_dvt", {k: True for k in none}).value == 7
    assert "moderate" in compute("wells_dvt", none | {"active_cancer": True, "calf_swelling": True}).interpretation


def test_dvt_medcalc_bench_surgery_keys_count_once():
    e = {"Bedridden recently >3 days or major surgery within 12 weeks": True, "Major surgery within 12 weeks": True,
         "Alternative diagnosis to Deep Vein Thrombosis as likely or more likely": True}
    assert compute_medcalc_bench(16, e) == -1


def test_errors():
    with pytest.raises(CalculatorInputError, match="heart_rate"):
        compute("wells_pe", {k: v for k, v in PE_NONE.items() if k != "heart_rate"})
    with pytest.raises(CalculatorInputError, match="hemoptysis"):
        compute("wells_pe", {**PE_NONE, "hemoptysis": "often"})
