import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer

ID = "ideal_body_weight"


def test_devine_examples():
    # 177.8 cm = 70 in: 50 + 2.3 x 10 = 73.0 ; 152.4 cm = 60 in (female): 45.5
    assert compute(ID, {"sex": "male", "height_cm": 177.8}).value == 73.0
    assert compute(ID, {"sex": "female", "height_cm": 152.4}).value == 45.5


def test_official_and_bench_units():
    # 175 cm = 68.898 in: 50 + 2.3 x 8.898 = 70.46
    a = {"name": "Ideal Body Weight", "inputs": [{"field": "Sex", "value": "Male"}, {"field": "Height", "value": "175 cm"}]}
    assert compute_official_answer(a) == 70.46
    # 1.65 m = 64.961 in: 45.5 + 2.3 x 4.961 = 56.91
    assert compute_medcalc_bench(10, {"sex": "Female", "height": [1.65, "m"]}) == 56.91


def test_errors():
    with pytest.raises(CalculatorInputError, match="height_cm"):
        compute(ID, {"sex": "male", "height_cm": 20})
    with pytest.raises(CalculatorInputError, match="sex"):
        compute(ID, {"height_cm": 170})
