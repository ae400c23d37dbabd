import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, match_name


def test_worked_example():
    # 22 * 1.75^2 = 22 * 3.0625 = 67.375 -> 67.4
    assert compute("target_weight", {"target_bmi": 22, "height_cm": 175}).value == 67.4
    # 25 * 2.0^2 = 100.0
    assert compute("target_weight", {"target_bmi": 25, "height_cm": 200}).value == 100.0


def test_medcalc_bench_height_units():
    # 70 in = 177.8 cm; 21.7 * 1.778^2 = 21.7 * 3.161284 = 68.600 -> 68.6; 1.8 m -> 21.2 * 3.24 = 68.688 -> 68.7
    assert compute_medcalc_bench(61, {"Body Mass Index (BMI)": [21.7, "kg/m^2"], "height": [70, "in"]}) == 68.6
    assert compute_medcalc_bench(61, {"Body Mass Index (BMI)": [21.2, "kg/m^2"], "height": [1.8, "m"]}) == 68.7


def test_errors():
    with pytest.raises(CalculatorInputError, match="target_bmi"):
        compute("target_weight", {"height_cm": 170})
    with pytest.raises(CalculatorInputError, match="target_bmi"):
        compute("target_weight", {"target_bmi": 5, "height_cm": 170})


def test_names():
    assert match_name("Target weight") == "target_weight"
