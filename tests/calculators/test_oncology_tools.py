import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_official_answer


def test_ecog():
    assert compute("ecog_performance_status", {"grade": 2}).value == 2
    assert "self-care" in compute("ecog_performance_status", {"grade": 2}).interpretation
    with pytest.raises(CalculatorInputError, match="grade"):
        compute("ecog_performance_status", {"grade": 6})
    # official description text without a number
    ans = {"name": "Eastern Cooperative Oncology Group (ECOG) Performance Status",
           "inputs": [{"field": "Patient description", "value": "Symptomatic, <50% in bed during the day"}]}
    assert compute_official_answer(ans) == 2


def test_calvert():
    # CrCl = (140-76) x 64.8 / (72 x 1.7) x 0.85 = 28.80; dose = 4 x (28.80 + 25) = 215.2 mg
    r = compute("carboplatin_calvert", {"age": 76, "sex": "female", "weight_kg": 64.8, "creatinine": 1.7, "target_auc": 4})
    assert r.value == 215.2 and r.details["gfr_cockcroft_gault_mL_min"] == 28.8
    # male 60, 70 kg, Cr 1.0: CrCl = 80 x 70/72 = 77.78; AUC 5 -> 5 x 102.78 = 513.9
    assert compute("carboplatin_calvert", {"age": 60, "sex": "male", "weight_kg": 70, "creatinine": 1.0, "target_auc": 5}).value == 513.9
    with pytest.raises(CalculatorInputError, match="target_auc"):
        compute("carboplatin_calvert", {"age": 60, "sex": "male", "weight_kg": 70, "creatinine": 1.0})


def test_bsa_dosing():
    # Mosteller sqrt(163 x 64.8 / 3600) = 1.71289; x 135 = 231.24 mg
    r = compute("bsa_based_dosing", {"dose_per_m2": 135, "weight_kg": 64.8, "height_cm": 163})
    assert r.value == 231.24 and r.details["bsa_m2"] == 1.713
    # Du Bois: 0.007184 x 70^0.425 x 175^0.725 = 1.8481 m2; x 100 = 184.81
    assert compute("bsa_based_dosing", {"dose_per_m2": 100, "weight_kg": 70, "height_cm": 175, "formula": "dubois"}).value == pytest.approx(184.81, abs=0.02)
    with pytest.raises(CalculatorInputError, match="formula"):
        compute("bsa_based_dosing", {"dose_per_m2": 100, "weight_kg": 70, "height_cm": 175, "formula": "haycock"})


CARG_NONE = {n: False for n in ("age_72_or_older", "gi_or_gu_cancer", "standard_dose", "polychemotherapy", "anemia",
                                "crcl_below_34", "hearing_fair_or_worse", "falls_past_6_months",
                                "needs_help_with_medications", "walking_one_block_limited", "decreased_social_activity")}


def test_carg():
    assert compute("carg_tt", CARG_NONE).value == 0
    # age 2 + standard dose 2 + polychemo 2 + CrCl 3 + hearing 2 + social 1 = 12 -> high
    r = compute("carg_tt", {**CARG_NONE, "age_72_or_older": True, "standard_dose": True, "polychemotherapy": True,
                            "crcl_below_34": True, "hearing_fair_or_worse": True, "decreased_social_activity": True})
    assert r.value == 12 and "high risk" in r.interpretation
    assert "low risk" in compute("carg_tt", {**CARG_NONE, "falls_past_6_months": True, "standard_dose": True}).interpretation  # 5
    assert "intermediate" in compute("carg_tt", {**CARG_NONE, "falls_past_6_months": True, "anemia": True}).interpretation  # 6
    all_true = {k: True for k in CARG_NONE}
    assert compute("carg_tt", all_true).value == 23  # 2+2+2+2+3+3+2+3+1+2+1
    with pytest.raises(CalculatorInputError, match="anemia"):
        compute("carg_tt", {k: v for k, v in CARG_NONE.items() if k != "anemia"})


def test_g8():
    base = {"age": 82, "food_intake": "moderate decrease", "weight_loss": "1 to 3 kg",
            "mobility": "out of bed but does not go out", "neuropsychological": "mild dementia or depression",
            "bmi": 22.0, "more_than_3_drugs": True, "self_rated_health": "not as good"}
    # 1 + 1 + 2 + 1 + 1 + 2 + 0 + 0 = 8 -> abnormal
    r = compute("g8_geriatric_screening", base)
    assert r.value == 8 and "abnormal" in r.interpretation
    best = {"age": 70, "food_intake": "no decrease", "weight_loss": "no weight loss", "mobility": "goes out",
            "neuropsychological": "no psychological problems", "bmi": 25, "more_than_3_drugs": False,
            "self_rated_health": "better"}
    assert compute("g8_geriatric_screening", best).value == 17  # 2+2+3+2+2+3+1+2
    # 'does not know' self-rated health is half a point: 17 - 2 + 0.5 = 15.5 -> normal (> 14)
    r = compute("g8_geriatric_screening", {**best, "self_rated_health": "does not know"})
    assert r.value == 15.5 and "normal" in r.interpretation
    # BMI edges: 18.9 -> 0, 19 -> 1, 21 -> 2, 23 -> 3
    for bmi, pts in ((18.9, 0), (19, 1), (21, 2), (23, 3)):
        assert compute("g8_geriatric_screening", {**best, "bmi": bmi}).details["item_points"]["bmi"] == pts
    with pytest.raises(CalculatorInputError, match="mobility"):
        compute("g8_geriatric_screening", {**best, "mobility": "runs marathons"})


def test_nlr():
    # 9.4 / 2.0 = 4.7 -> elevated
    r = compute("neutrophil_lymphocyte_ratio", {"anc": 9.4, "alc": 2.0})
    assert r.value == 4.7 and "elevated" in r.interpretation
    assert compute("neutrophil_lymphocyte_ratio", {"anc": 4.2, "alc": 2.1}).value == 2.0
    with pytest.raises(CalculatorInputError, match="alc"):
        compute("neutrophil_lymphocyte_ratio", {"anc": 4.2, "alc": 0})
