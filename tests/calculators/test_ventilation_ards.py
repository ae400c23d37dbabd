import pytest

from medmcp_calc.calculators import CalculatorInputError, compute

YES = {"timing_within_1_week": True, "bilateral_opacities": True, "not_cardiac_or_fluid": True}


@pytest.mark.parametrize("pao2,fio2,peep,severity", [
    (85, 100, 12, "severe"),     # P/F 85
    (100, 100, 10, "severe"),    # 100 exactly
    (150, 100, 8, "moderate"),
    (200, 100, 5, "moderate"),   # 200 exactly, PEEP 5 edge
    (63, 21, 5, "mild"),         # 300 exactly
    (70, 21, 5, "none"),         # 333
])
def test_berlin_oxygenation(pao2, fio2, peep, severity):
    r = compute("berlin_ards", {**YES, "pao2": pao2, "fio2_pct": fio2, "peep": peep})
    assert r.details["severity"] == severity
    assert r.value == ("Negative" if severity == "none" else "Positive")


def test_berlin_other_criteria_and_category_input():
    assert compute("berlin_ards", {**YES, "bilateral_opacities": False, "pao2": 60, "fio2_pct": 100, "peep": 10}).value == "Negative"
    assert compute("berlin_ards", {**YES, "pao2": 60, "fio2_pct": 100, "peep": 3}).value == "Negative"  # PEEP < 5
    assert compute("berlin_ards", {**YES, "oxygenation_category": "severe"}).value == "Positive"
    with pytest.raises(CalculatorInputError, match="oxygenation_category"):
        compute("berlin_ards", YES)


def test_static_compliance():
    # 360 / (28 - 10) = 20.0 mL/cmH2O -> reduced
    r = compute("static_compliance", {"tidal_volume_ml": 360, "plateau_pressure": 28, "peep": 10})
    assert r.value == 20.0 and "reduced" in r.interpretation and r.details["driving_pressure_cmH2O"] == 18
    assert compute("static_compliance", {"tidal_volume_ml": 460, "plateau_pressure": 22, "peep": 8}).value == 32.9  # 32.857
    assert "normal" in compute("static_compliance", {"tidal_volume_ml": 500, "plateau_pressure": 15, "peep": 5}).interpretation  # 50
    with pytest.raises(CalculatorInputError, match="plateau_pressure"):
        compute("static_compliance", {"tidal_volume_ml": 500, "plateau_pressure": 5, "peep": 5})


def test_ett_depth_and_tidal_volume():
    # 70 in = 177.8 cm: 17.78 + 4 = 21.78 -> 22 cm; IBW 50 + 2.3 x 10 = 73 kg; 6 mL/kg = 438, 8 mL/kg = 584
    r = compute("ett_depth_tidal_volume", {"height_cm": 177.8, "sex": "male"})
    assert r.value == 22 and r.details["ideal_body_weight_kg"] == 73.0
    assert r.details["tidal_volume_6_ml_kg"] == 438 and r.details["tidal_volume_8_ml_kg"] == 584
    # 62 in = 157.48 cm: 19.75 -> 20 cm; IBW 45.5 + 4.6 = 50.1 -> 6 mL/kg = 301
    r = compute("ett_depth_tidal_volume", {"height_cm": 157.48, "sex": "female"})
    assert r.value == 20 and r.details["tidal_volume_6_ml_kg"] == 301
    with pytest.raises(CalculatorInputError, match="height_cm"):
        compute("ett_depth_tidal_volume", {"height_cm": 60, "sex": "male"})
