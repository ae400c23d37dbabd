import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, match_name


def test_bmi_worked_example():
    # 80 kg / (1.80 m)^2 = 24.691... -> 24.7
    r = compute("bmi", {"weight_kg": 80, "height_cm": 180})
    assert r.value == 24.7
    assert "normal" in r.interpretation


@pytest.mark.parametrize("w,h,band", [(50, 170, "underweight"), (72.0, 170, "normal"), (72.25, 170, "overweight"), (86.7, 170, "obese")])
def test_bmi_boundaries(w, h, band):
    # bands apply to the shown (1-decimal) value: 72/2.89 = 24.9 normal; 72.25/2.89 = 25.0 overweight; 86.7/2.89 = 30.0 obese
    assert band in compute("bmi", {"weight_kg": w, "height_cm": h}).interpretation


def test_bmi_errors_name_the_input():
    with pytest.raises(CalculatorInputError, match="height_cm"):
        compute("bmi", {"weight_kg": 80})
    with pytest.raises(CalculatorInputError, match="weight_kg"):
        compute("bmi", {"weight_kg": -3, "height_cm": 180})


def test_bmi_medcalc_bench_units():
    # 176 lb = 79.83 kg, 70 in = 177.8 cm -> 25.25 -> 25.3
    assert compute_medcalc_bench(6, {"weight": [176, "lb"], "height": [70, "in"]}) == 25.3


def test_bmi_name_matching():
    assert match_name("Body Mass Index") == "bmi"
    assert match_name("BMI Calculator (Body Mass Index)") == "bmi"
    assert match_name("Totally Unknown Score") is None
