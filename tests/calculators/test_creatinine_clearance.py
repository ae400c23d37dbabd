import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, match_name

CG = "creatinine_clearance_cockcroft_gault"


def test_actual_weight_male_and_female():
    # (140 - 60) x 72 / (72 x 1.0) = 80.0; female x 0.85 = 68.0
    assert compute(CG, {"age": 60, "sex": "male", "weight_kg": 72, "creatinine_mg_dl": 1.0}).value == 80.0
    assert compute(CG, {"age": 60, "sex": "female", "weight_kg": 72, "creatinine_mg_dl": 1.0}).value == 68.0


def test_bmi_rule_underweight_uses_actual_weight():
    # BMI 48 / 1.63^2 = 18.07 (< 18.5) -> actual 48 kg; (140-87) x 48 / (72 x 1.4) = 2544 / 100.8 = 25.24
    r = compute(CG, {"age": 87, "sex": "male", "weight_kg": 48, "height_cm": 163, "creatinine_mg_dl": 1.4,
                     "weight_basis": "bmi_rule"})
    assert r.value == 25.2
    assert r.details["weight_used"].startswith("actual")


def test_bmi_rule_normal_uses_min_of_ideal_and_actual():
    # 168 cm = 66.142 in; IBW = 50 + 2.3 x 6.142 = 64.13 kg; BMI 68/1.68^2 = 24.09 -> min(64.13, 68) = 64.13
    # (140-66) x 64.126 / (72 x 5.09) = 4745.3 / 366.48 = 12.95
    r = compute(CG, {"age": 66, "sex": "male", "weight_kg": 68, "height_cm": 168, "creatinine_mg_dl": 5.09,
                     "weight_basis": "bmi_rule"})
    assert r.value == 12.9
    assert r.details["weight_kg_used"] == pytest.approx(64.13, abs=0.01)


def test_bmi_rule_obese_uses_adjusted_weight():
    # IBW 64.126; AdjBW = 64.126 + 0.4 x (106 - 64.126) = 80.876; (140-58) x 80.876 / (72 x 2.13) = 43.24
    r = compute(CG, {"age": 58, "sex": "male", "weight_kg": 106, "height_cm": 168, "creatinine_mg_dl": 2.13,
                     "weight_basis": "bmi_rule"})
    assert r.value == 43.2
    assert r.details["weight_kg_used"] == pytest.approx(80.88, abs=0.01)


def test_bmi_rule_boundary_at_25():
    # 200 cm: IBW = 50 + 2.3 x (78.74 - 60) = 93.10 kg. 100 kg -> BMI 25.0 -> adjusted 93.10 + 0.4 x 6.90 = 95.86
    base = {"age": 40, "sex": "male", "height_cm": 200, "creatinine_mg_dl": 1.0, "weight_basis": "bmi_rule"}
    r = compute(CG, {**base, "weight_kg": 100})
    assert r.details["weight_used"].startswith("adjusted")
    assert r.details["weight_kg_used"] == pytest.approx(95.86, abs=0.01)
    # 99.9 kg -> BMI 24.975 (normal) -> min(93.10, 99.9) = 93.10
    r = compute(CG, {**base, "weight_kg": 99.9})
    assert r.details["weight_kg_used"] == pytest.approx(93.10, abs=0.01)


def test_ideal_and_adjusted_options():
    # female 160 cm: IBW = 45.5 + 2.3 x (62.992 - 60) = 52.38; (140-40) x 52.38 x 0.85 / 72 = 61.84
    base = {"age": 40, "sex": "female", "weight_kg": 90, "height_cm": 160, "creatinine_mg_dl": 1.0}
    assert compute(CG, {**base, "weight_basis": "ideal"}).value == 61.8
    # AdjBW = 52.38 + 0.4 x 37.62 = 67.43; 100 x 67.43 x 0.85 / 72 = 79.60
    assert compute(CG, {**base, "weight_basis": "adjusted"}).value == 79.6


def test_errors_name_the_input():
    with pytest.raises(CalculatorInputError, match="height_cm"):
        compute(CG, {"age": 60, "sex": "male", "weight_kg": 72, "creatinine_mg_dl": 1.0, "weight_basis": "ideal"})
    with pytest.raises(CalculatorInputError, match="creatinine_mg_dl"):
        compute(CG, {"age": 60, "sex": "male", "weight_kg": 72})
    with pytest.raises(CalculatorInputError, match="'age'"):
        compute(CG, {"age": 15, "sex": "male", "weight_kg": 72, "creatinine_mg_dl": 1.0})
    with pytest.raises(CalculatorInputError, match="weight_basis"):
        compute(CG, {"age": 60, "sex": "male", "weight_kg": 72, "creatinine_mg_dl": 1.0, "weight_basis": "lean"})


def test_medcalc_bench_adapter_applies_the_bmi_rule_and_units():
    # 123.76 umol/L = 1.4 mg/dL; same patient as the underweight example -> 25.2
    e = {"sex": "Male", "age": [87, "years"], "weight": [48.0, "kg"], "height": [163.0, "cm"],
         "creatinine": [123.76, "µmol/L"]}
    assert compute_medcalc_bench(2, e) == 25.2


def test_names():
    assert match_name("Creatinine Clearance (Cockcroft-Gault Equation)") == CG
    assert match_name("Cockcroft-Gault") == CG


def test_official_answer_uses_the_stated_weight():
    # 142.9 lb = 64.82 kg (already adjusted); (140-76) x 64.82 x 0.85 / (72 x 1.7) = 3526.2 / 122.4 = 28.81
    from medmcp_calc.calculators import compute_official_answer

    a = {"name": "Creatinine Clearance (Cockcroft-Gault Equation)", "inputs": [
        {"field": "Sex", "value": "Female"}, {"field": "Age", "value": "76 years"},
        {"field": "Weight", "value": "142.9 lb (Adjusted body weight)"}, {"field": "Creatinine", "value": "1.7 mg/dL"},
        {"field": "Height", "value": "64 in"}]}
    assert compute_official_answer(a) == 28.8
