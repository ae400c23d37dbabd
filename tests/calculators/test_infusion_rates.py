import pytest

from medmcp_calc.calculators import CalculatorInputError, compute


def test_sodium_rate_hypernatraemia_d5w():
    # adult male 81.65 kg: TBW 0.6 x 81.65 = 48.99 L; D5W: (0 - 154)/(48.99 + 1) = -3.0806 mmol/L per litre
    # 0.3 mmol/L/h / 3.0806 = 0.09738 L/h = 97 mL/h
    r = compute("sodium_correction_rate", {"sex": "male", "age_group": "adult", "weight_kg": 81.65, "serum_sodium": 154,
                                           "infusate_sodium": 0, "correction_rate": 0.3})
    assert r.value == 97 and r.details["direction"] == "decrease" and "lower" in r.interpretation


def test_sodium_rate_hyponatraemia_3pct():
    # adult female 60 kg: TBW 0.5 x 60 = 30; 3% NaCl: (513 - 120)/31 = 12.677 per litre
    # 0.5 / 12.677 = 0.03944 L/h = 39 mL/h
    r = compute("sodium_correction_rate", {"sex": "female", "age_group": "adult", "weight_kg": 60, "serum_sodium": 120,
                                           "infusate_sodium": 513, "correction_rate": 0.5})
    assert r.value == 39 and r.details["total_body_water_L"] == 30.0


@pytest.mark.parametrize("group,sex,fraction", [("child", "female", 0.6), ("elderly", "male", 0.5), ("elderly", "female", 0.45)])
def test_sodium_rate_water_fractions(group, sex, fraction):
    r = compute("sodium_correction_rate", {"sex": sex, "age_group": group, "weight_kg": 40, "serum_sodium": 125,
                                           "infusate_sodium": 154, "correction_rate": 0.5})
    assert r.details["total_body_water_L"] == round(40 * fraction, 1)


def test_sodium_rate_errors():
    with pytest.raises(CalculatorInputError, match="infusate_sodium"):
        compute("sodium_correction_rate", {"sex": "male", "age_group": "adult", "weight_kg": 70, "serum_sodium": 154,
                                           "infusate_sodium": 154, "correction_rate": 0.5})
    with pytest.raises(CalculatorInputError, match="age_group"):
        compute("sodium_correction_rate", {"sex": "male", "age_group": "teen", "weight_kg": 70, "serum_sodium": 130,
                                           "infusate_sodium": 513, "correction_rate": 0.5})


def test_gir():
    # 5 g/dL x 10 x 146 mL/h / (60 x 81.65 kg) = 7300/4899 = 1.49 -> 1.5
    assert compute("glucose_infusion_rate", {"dextrose_pct": 5, "rate_ml_h": 146, "weight_kg": 81.65}).value == 1.5
    # neonate: D10 at 12 mL/h, 3.5 kg: 10 x 10 x 12 / 210 = 5.71 -> 5.7
    r = compute("glucose_infusion_rate", {"dextrose_pct": 10, "rate_ml_h": 12, "weight_kg": 3.5})
    assert r.value == 5.7 and "usual neonatal range" in r.interpretation
    with pytest.raises(CalculatorInputError, match="weight_kg"):
        compute("glucose_infusion_rate", {"dextrose_pct": 10, "rate_ml_h": 12, "weight_kg": 0})
