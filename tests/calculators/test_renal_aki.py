import pytest

from medmcp_calc.calculators import CalculatorInputError, compute


def kdigo(**kw):
    return compute("kdigo_aki", kw)


@pytest.mark.parametrize("base,cur,stage", [
    (1.0, 1.4, "No AKI"),     # ratio 1.4
    (1.0, 1.5, "Stage 1"),    # 1.5 x
    (1.0, 1.99, "Stage 1"),
    (1.0, 2.0, "Stage 2"),    # 2.0 x
    (0.9, 2.4, "Stage 2"),    # 2.67 x
    (1.0, 3.0, "Stage 3"),    # 3.0 x
    (1.5, 4.0, "Stage 3"),    # 2.67 x but >= 4.0 mg/dL
])
def test_kdigo_creatinine(base, cur, stage):
    assert kdigo(baseline_creatinine=base, current_creatinine=cur).value == stage


def test_kdigo_other_criteria():
    # absolute rise 0.3 in 48 h -> stage 1 even with ratio 1.3
    assert kdigo(baseline_creatinine=1.0, current_creatinine=1.3, rise_48h_mg_dl=0.3).value == "Stage 1"
    # urine output: 0.4 mL/kg/h for 8 h -> 1; for 12 h -> 2; 0.2 for 24 h -> 3; anuria 12 h -> 3
    b = dict(baseline_creatinine=1.0, current_creatinine=1.0)
    assert kdigo(**b, urine_output_ml_kg_h=0.4, urine_output_hours=8).value == "Stage 1"
    assert kdigo(**b, urine_output_ml_kg_h=0.4, urine_output_hours=12).value == "Stage 2"
    assert kdigo(**b, urine_output_ml_kg_h=0.2, urine_output_hours=24).value == "Stage 3"
    assert kdigo(**b, anuria_hours=12).value == "Stage 3"
    assert kdigo(**b, rrt_started=True).value == "Stage 3"
    with pytest.raises(CalculatorInputError, match="current_creatinine"):
        kdigo(baseline_creatinine=1.0)


def test_kegfr_rising_creatinine():
    # male 62, baseline 0.9: MDRD = 175 x 0.9^-1.154 x 62^-0.203 = 85.5 mL/min/1.73m2
    # mean Cr = (1.6 + 2.3)/2 = 1.95; term = 1 - 24 x 0.7 / (12 x 1.5) = 0.0667
    # keGFR = 0.9 x 85.5 / 1.95 x 0.0667 = 2.6
    r = compute("kegfr", {"sex": "male", "age": 62, "baseline_creatinine": 0.9, "creatinine_1": 1.6,
                          "creatinine_2": 2.3, "hours_between": 12})
    assert r.value == 2.6 and "AKI" in r.interpretation


def test_kegfr_falling_creatinine_capped_and_uncapped():
    # male 62, baseline 2.0: MDRD = 175 x 2^-1.154 x 62^-0.203 = 34.04; mean 2.9 -> 2.0 x 34.04 / 2.9 = 23.5
    args = {"sex": "male", "age": 62, "baseline_creatinine": 2.0, "creatinine_1": 3.1, "creatinine_2": 2.7, "hours_between": 24}
    assert compute("kegfr", args).value == 23.5  # term 1 + 24 x 0.4/(24 x 1.5) = 1.267 capped at 1
    # uncapped: 23.48 x 1.2667 = 29.7
    assert compute("kegfr", {**args, "limit_to_steady_state": False}).value == 29.7


def test_kegfr_floor_at_zero_and_errors():
    r = compute("kegfr", {"sex": "male", "age": 58, "baseline_creatinine": 1.0, "creatinine_1": 2.6,
                          "creatinine_2": 4.2, "hours_between": 12})
    assert r.value == 0.0  # 1 - 24 x 1.6/(12 x 1.5) < 0
    with pytest.raises(CalculatorInputError, match="hours_between"):
        compute("kegfr", {"sex": "male", "age": 58, "baseline_creatinine": 1.0, "creatinine_1": 2.6, "creatinine_2": 4.2})
    with pytest.raises(CalculatorInputError, match="sex"):
        compute("kegfr", {"sex": "x", "age": 58, "baseline_creatinine": 1.0, "creatinine_1": 2.6, "creatinine_2": 4.2,
                          "hours_between": 12})


def test_feurea():
    # (220 x 4.2) / (68 x 110) x 100 = 924/7480 = 12.35 -> 12.4 prerenal
    r = compute("feurea", {"serum_urea": 68, "serum_creatinine": 4.2, "urine_urea": 220, "urine_creatinine": 110})
    assert r.value == 12.4 and "prerenal" in r.interpretation
    # (500 x 2.3)/(48 x 50) = 47.9 indeterminate
    assert "indeterminate" in compute("feurea", {"serum_urea": 48, "serum_creatinine": 2.3, "urine_urea": 500,
                                                 "urine_creatinine": 50}).interpretation
    with pytest.raises(CalculatorInputError, match="urine_creatinine"):
        compute("feurea", {"serum_urea": 48, "serum_creatinine": 2.3, "urine_urea": 500})


def test_ttkg():
    # (12 x 280) / (6.2 x 500) = 3360/3100 = 1.08 -> 1.1; hyperkalaemia -> hypoaldosteronism
    r = compute("ttkg", {"urine_potassium": 12, "serum_potassium": 6.2, "urine_osmolality": 500, "serum_osmolality": 280})
    assert r.value == 1.1 and "hypoaldosteronism" in r.interpretation
    # hypokalaemia: (40 x 290)/(3.0 x 580) = 6.67 -> renal wasting
    r = compute("ttkg", {"urine_potassium": 40, "serum_potassium": 3.0, "urine_osmolality": 580, "serum_osmolality": 290})
    assert r.value == 6.7 and "renal potassium wasting" in r.interpretation


def test_crrt():
    # 80 kg x 25 mL/kg/h = 2000 mL/h
    r = compute("crrt_dosing", {"weight_kg": 80, "dose_ml_kg_h": 25})
    assert r.value == 2000 and "20-25" in r.interpretation
    with pytest.raises(CalculatorInputError, match="dose_ml_kg_h"):
        compute("crrt_dosing", {"weight_kg": 80, "dose_ml_kg_h": 100})
