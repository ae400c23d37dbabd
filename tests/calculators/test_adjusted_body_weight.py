import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer, match_name


def test_worked_example_male():
    # 175 cm = 68.898 in; IBW = 50 + 2.3*8.898 = 70.465; AdjBW = 70.465 + 0.4*(95 - 70.465) = 80.279 -> 80.3
    r = compute("adjusted_body_weight", {"sex": "male", "weight_kg": 95, "height_cm": 175})
    assert r.value == 80.3
    assert r.details["ideal_body_weight_kg"] == 70.5
    assert "135%" in r.interpretation and ">120%" in r.interpretation


def test_worked_example_female_at_60_inches():
    # 152.4 cm = 60 in: IBW = 45.5; AdjBW = 45.5 + 0.4*(60 - 45.5) = 51.3
    r = compute("adjusted_body_weight", {"sex": "female", "weight_kg": 60, "height_cm": 152.4})
    assert r.value == 51.3
    # exactly 120% of IBW (54.6 kg) is not above the threshold
    assert "<=120%" in compute("adjusted_body_weight", {"sex": "female", "weight_kg": 54.6, "height_cm": 152.4}).interpretation


def test_medcalc_bench():
    # 168 cm = 66.142 in: IBW 50 + 2.3*6.142 = 64.126; 64.126 + 0.4*(59 - 64.126) = 62.076 -> 62.1
    assert compute_medcalc_bench(62, {"sex": "Male", "weight": [59.0, "kg"], "height": [168.0, "cm"]}) == 62.1


def test_errors():
    with pytest.raises(CalculatorInputError, match="sex"):
        compute("adjusted_body_weight", {"weight_kg": 80, "height_cm": 170})
    with pytest.raises(CalculatorInputError, match="height_cm"):
        compute("adjusted_body_weight", {"sex": "male", "weight_kg": 80, "height_cm": 50})


def test_official():
    ans = {"name": "Ideal Body Weight and Adjusted Body Weight", "inputs": [
        {"field": "Actual body weight", "value": "95 kg"}, {"field": "Sex", "value": "Male"},
        {"field": "Height", "value": "175 cm"}]}
    assert compute_official_answer(ans) == 80.3
    assert match_name("Adjusted Body Weight") == "adjusted_body_weight"
