"""Hand-computed examples for the next tier of official calculators (BED, haemodynamics, fluids,
transfusion, lab indices, trauma, respiratory and paediatric tools)."""
import math

import pytest

from medmcp_calc.calculators import CalculatorInputError, compute


def v(cid, **kw):
    return compute(cid, kw)


def test_radiation_bed():
    # 70 Gy in 2 Gy fractions, a/b 10: BED = 70 x (1 + 0.2) = 84; EQD2 = 84 / 1.2 = 70
    r = v("radiation_bed", dose_per_fraction_gy=2, total_dose_gy=70, alpha_beta_gy=10)
    assert r.value == 84.0 and r.details["eqd2_gy"] == 70.0 and r.details["number_of_fractions"] == 35
    # 0.72 Gy x 25, a/b 2: 18 x 1.36 = 24.48; EQD2 = 24.48 / 2 = 12.24
    r = v("radiation_bed", dose_per_fraction_gy=0.72, total_dose_gy=18, alpha_beta_gy=2)
    assert r.value == 24.48 and r.details["eqd2_gy"] == 12.24
    assert v("radiation_bed", dose_per_fraction_gy=0, total_dose_gy=0, alpha_beta_gy=10).value == 0
    with pytest.raises(CalculatorInputError, match="alpha_beta_gy"):
        v("radiation_bed", dose_per_fraction_gy=2, total_dose_gy=70, alpha_beta_gy=0)


def test_echo_and_fick():
    # LVOT 20 mm: area = pi x 1^2 = 3.1416 cm2; x VTI 20 = 62.8 mL; x HR 80 = 5.03 L/min
    r = v("echo_hemodynamics", lvot_diameter_mm=20, lvot_vti_cm=20, heart_rate=80, weight_kg=70, height_cm=175)
    assert r.value == 5.0 and r.details["stroke_volume_mL"] == 63
    # BSA = sqrt(70 x 175 / 3600) = sqrt(3.4028) = 1.8447 -> CI = 5.0265 / 1.8447 = 2.725 -> 2.72
    assert r.details["cardiac_index_L_min_m2"] == 2.72
    # Fick: BSA 1.8447, VO2 = 125 x 1.8447 = 230.6; content diff = 0.30 x 12 x 13.4 = 48.24 -> 4.78 L/min
    r = v("fick_cardiac_output", weight_kg=70, height_cm=175, sao2_pct=98, svo2_pct=68, hemoglobin=12, heart_rate=80)
    assert r.value == 4.8 and r.details["stroke_volume_mL"] == 60  # 4780/80 = 59.8
    # age >= 70 uses 110: 202.9 / 48.24 = 4.21
    assert v("fick_cardiac_output", weight_kg=70, height_cm=175, sao2_pct=98, svo2_pct=68, hemoglobin=12,
             age_70_or_older=True).value == 4.2
    with pytest.raises(CalculatorInputError, match="svo2_pct"):
        v("fick_cardiac_output", weight_kg=70, height_cm=175, sao2_pct=60, svo2_pct=70, hemoglobin=12)


def test_cpo_svr_pvr():
    assert v("cardiac_power_output", map=70, cardiac_output=5).value == 0.78  # 350/451 = 0.776
    assert "high mortality" in v("cardiac_power_output", map=55, cardiac_output=2.58).interpretation  # 0.31
    # SVR = 80 x (90 - 10) / 5 = 1280 (high); Wood units 16.0
    r = v("systemic_vascular_resistance", map=90, cvp=10, cardiac_output=5)
    assert r.value == 1280 and "high SVR" in r.interpretation
    assert v("systemic_vascular_resistance", map=90, cvp=10, cardiac_output=5, units="wood").value == 16
    # PVR = (38 - 10) / 4.6 = 6.09 Wood; total = 38/4.6 = 8.3
    r = v("pulmonary_vascular_resistance", mpap=38, pcwp=10, cardiac_output=4.6)
    assert r.value == 6.1 and r.details["total_pulmonary_resistance"] == 8.3 and ">2 Wood" in r.interpretation
    assert v("pulmonary_vascular_resistance", mpap=20, pcwp=12, cardiac_output=4, units="dynes").value == 160.0


def test_fluids_and_burns():
    assert v("iv_drip_rate", volume_ml=1000, drop_factor=20, time_min=411).value == 49  # 48.66
    r = v("urine_output_rate", weight_kg=80, urine_ml=240, hours=24, intake_ml=4200)
    assert r.value == 0.1 and r.details["fluid_balance_mL"] == 3960 and "oliguria" in r.interpretation  # 0.125
    r = v("parkland_formula", weight_kg=80, tbsa_pct=30)  # 4 x 80 x 30 = 9600 mL
    assert r.value == 9.6 and r.details["first_8_hours_L"] == 4.8
    r = v("rule_of_nines", head=4.5, anterior_trunk=18, right_arm=9)
    assert r.value == 31.5 and "major burn" in r.interpretation
    with pytest.raises(CalculatorInputError, match="head"):
        v("rule_of_nines", head=10)


def test_transfusion():
    # Nadler male 1.77 m, 81.65 kg: 0.3669 x 5.545 + 0.03219 x 81.65 + 0.6041 = 5.267 L
    r = v("blood_volume_nadler", sex="male", height_cm=177, weight_kg=81.65, hematocrit_pct=28)
    assert r.value == 5.3 and r.details["rbc_volume_mL"] == 1475
    # ABL adult man 80 kg: EBV 6000; (12 - 8) / 10 = 0.4 -> 2400 mL
    assert v("max_allowable_blood_loss", patient="adult man", weight_kg=80, hb_initial=12, hb_final=8).value == 2400
    assert v("max_allowable_blood_loss", patient="adult woman", weight_kg=80, hb_initial=12, hb_final=8).value == 2080  # 5200 x 0.4
    with pytest.raises(CalculatorInputError, match="hb_final"):
        v("max_allowable_blood_loss", patient="adult man", weight_kg=80, hb_initial=8, hb_final=9)
    assert v("plasma_dosage", weight_kg=70, dose_ml_kg=15).value == 4  # 1050 / 250 = 4.2
    # cryo: (200 - 100) mg/dL x 40 dL = 4000 mg / 250 = 16 units; 4133 mL, 120 -> 200, 200 mg: 3306 / 200 = 16.5 -> 17
    assert v("cryoprecipitate_dosing", plasma_volume_ml=4000, fibrinogen_initial=100, fibrinogen_goal=200).value == 16
    assert v("cryoprecipitate_dosing", plasma_volume_ml=4133, fibrinogen_initial=120, fibrinogen_goal=200, mg_per_unit=200).value == 17
    assert v("cryoprecipitate_dosing", plasma_volume_ml=4000, fibrinogen_initial=250, fibrinogen_goal=200).value == 0
    # Ganzoni: 70 x (15 - 8) x 2.4 + 500 = 1676
    assert v("ganzoni_iron_deficit", weight_kg=70, target_hb=15, actual_hb=8).value == 1676


def test_lab_indices():
    assert v("saag", serum_albumin=2.4, ascites_albumin=0.8).value == 1.6
    assert "<1.1" in v("saag", serum_albumin=3.0, ascites_albumin=2.0).interpretation  # 1.0
    r = v("absolute_neutrophil_count", wbc_k_ul=0.8, neutrophils_pct=68, bands_pct=2)
    assert r.value == 560 and r.interpretation.startswith("moderate")
    assert v("absolute_neutrophil_count", wbc_k_ul=1.5, neutrophils_pct=100).interpretation.startswith("no neutropenia")  # 1500
    assert v("mentzer_index", mcv=68, rbc=3.0).value == 22.7
    assert "thalassaemia" in v("mentzer_index", mcv=62, rbc=5.5).interpretation  # 11.3
    # RPI: 2.5 x 21/40 = 1.3125; Hct 21 -> maturation 2.0 -> 0.66 -> 0.7
    r = v("reticulocyte_production_index", retic_pct=2.5, hematocrit=21, normal_hematocrit=40, rbc_m_ul=3.0)
    assert r.value == 0.7 and r.details["absolute_reticulocyte_count_per_uL"] == 75000 and "inadequate" in r.interpretation
    # Hct 30 -> 1.5: 6 x 30/45 = 4.0 / 1.5 = 2.67 -> adequate
    assert "adequate marrow" in v("reticulocyte_production_index", retic_pct=6, hematocrit=30).interpretation
    assert v("bun_creatinine_ratio", bun=48, creatinine=2.3).value == 20.87
    r = v("winters_formula", hco3=10, paco2=30)
    assert r.value == 23 and "respiratory acidosis" in r.interpretation  # expected 21-25
    r = v("maddrey_df", pt_sec=20.5, pt_control_sec=12, bilirubin=22)
    assert r.value == 61.1 and "severe" in r.interpretation  # 4.6 x 8.5 + 22


def test_trauma():
    # GCS 10 (3), SBP 112 (4), RR 24 (4): 2.8104 + 2.9304 + 1.1632 = 6.904
    r = v("revised_trauma_score", gcs=10, sbp=112, resp_rate=24)
    assert r.value == 6.904 and r.details["triage_rts"] == 11
    assert v("revised_trauma_score", gcs=15, sbp=120, resp_rate=16).value == 7.841  # 7.8408
    assert v("revised_trauma_score", gcs=3, sbp=0, resp_rate=0).value == 0
    # TRISS blunt: b = -1.2470 + 0.9544 x 6.904 - 0.0768 x 34 = 2.7307 -> Ps = 93.9%
    assert v("triss", mechanism="blunt", rts=6.904, iss=34, age=30).value == 93.9
    # penetrating, RTS 5.88, ISS 50: b = -0.6029 + 6.7208 - 7.58 = -1.4621 -> 18.8%
    assert v("triss", mechanism="penetrating", rts=5.88, iss=50, age=27).value == 18.8
    # age >= 55 subtracts 1.9052 (blunt): b = 0.8255 -> 69.5%
    assert v("triss", mechanism="blunt", rts=6.904, iss=34, age=55).value == pytest.approx(100 / (1 + math.exp(-0.8255)), abs=0.05)


def test_respiratory_and_paediatric():
    assert v("oxygenation_index", fio2_pct=100, mean_airway_pressure_cmh2o=24, pao2=55).value == 43.6
    assert v("rsbi", resp_rate=20, tidal_volume_ml=380).value == 53  # 52.6
    assert ">=105" in v("rsbi", resp_rate=35, tidal_volume_ml=300).interpretation  # 116.7
    r = v("pediatric_ett_size", age_years=6)  # 6/4 + 4 = 5.5 uncuffed, cuffed 4.5
    assert r.value == 5.5 and r.details["cuffed_mm"] == 4.5
    r = v("sipa", age_years=12, heart_rate=138, sbp=88)
    assert r.value == 1.57 and "elevated" in r.interpretation
    assert "not elevated" in v("sipa", age_years=5, heart_rate=120, sbp=100).interpretation  # 1.2 <= 1.22
    with pytest.raises(CalculatorInputError, match="age_years"):
        v("sipa", age_years=2, heart_rate=120, sbp=100)
