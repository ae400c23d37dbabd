import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, match_name


def test_worked_example():
    # sqrt(180 * 80 / 3600) = sqrt(4) = 2.00
    assert compute("bsa_mosteller", {"weight_kg": 80, "height_cm": 180}).value == 2.0
    # sqrt(170 * 70 / 3600) = sqrt(3.30556) = 1.8181 -> 1.82
    assert compute("bsa_mosteller", {"weight_kg": 70, "height_cm": 170}).value == 1.82


def test_infant_and_units():
    # 8.4 kg, 74 cm: sqrt(621.6/3600) = 0.4155 -> 0.42
    assert compute("bsa_mosteller", {"weight_kg": 8.4, "height_cm": 74}).value == 0.42
    # 176.37 lb = 80 kg, 70.866 in = 180 cm -> 2.0
    assert compute_medcalc_bench(60, {"weight": [176.37, "lbs"], "height": [70.866, "in"]}) == 2.0


def test_errors():
    with pytest.raises(CalculatorInputError, match="height_cm"):
        compute("bsa_mosteller", {"weight_kg": 80})
    with pytest.raises(CalculatorInputError, match="weight_kg"):
        compute("bsa_mosteller", {"weight_kg": 0, "height_cm": 170})


def test_names():
    assert match_name("Body Surface Area Calculator") == "bsa_mosteller"
    assert match_name("Mosteller formula") == "bsa_mosteller"
