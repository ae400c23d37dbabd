import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer, match_name
from medmcp_calc.calculators.library.free_water_deficit import tbw_fraction


def test_worked_example():
    # adult man 70 kg, Na 154: 0.6 * 70 * (154/140 - 1) = 42 * 0.1 = 4.2 L
    r = compute("free_water_deficit", {"age": 40, "sex": "male", "weight_kg": 70, "sodium": 154})
    assert r.value == 4.2 and "deficit" in r.interpretation


@pytest.mark.parametrize("age,sex,f", [(17, "female", 0.6), (18, "female", 0.5), (64, "male", 0.6), (65, "male", 0.5),
                                       (65, "female", 0.45), (5, "male", 0.6)])
def test_tbw_fraction_boundaries(age, sex, f):
    assert tbw_fraction(age, sex) == f


def test_target_sodium_and_negative():
    # 0.45 * 60 * (150/145 - 1) = 27 * 0.034483 = 0.931 L
    assert compute("free_water_deficit", {"age": 80, "sex": "female", "weight_kg": 60, "sodium": 150,
                                          "target_sodium": 145}).value == 0.931
    r = compute("free_water_deficit", {"age": 30, "sex": "female", "weight_kg": 60, "sodium": 133})
    assert r.value == -1.5 and "no free water deficit" in r.interpretation  # 0.5*60*(133/140-1) = -1.5


def test_medcalc_bench_pounds():
    # 154.32 lb = 70.0 kg; 0.6*70*(147/140-1) = 2.1
    e = {"age": [23, "years"], "weight": [154.324, "lbs"], "sex": "Male", "Sodium": [147.0, "mmol/L"]}
    assert compute_medcalc_bench(38, e) == 2.1


def test_errors():
    with pytest.raises(CalculatorInputError, match="sex"):
        compute("free_water_deficit", {"age": 40, "sex": "x", "weight_kg": 70, "sodium": 150})
    with pytest.raises(CalculatorInputError, match="weight_kg"):
        compute("free_water_deficit", {"age": 40, "sex": "male", "sodium": 150})


def test_official():
    ans = {"name": "Free Water Deficit in Hypernatremia", "inputs": [
        {"field": "Sex", "value": "Male"}, {"field": "Age range", "value": "Adult"}, {"field": "Weight", "value": "180 lb"},
        {"field": "Sodium", "value": "154 mEq/L"}, {"field": "Sodium desired", "value": "144 mEq/L"}]}
    # 81.65 kg * 0.6 * (154/144 - 1) = 3.40
    assert compute_official_answer(ans) == 3.4
    assert match_name("Free Water Deficit in Hypernatremia") == "free_water_deficit"
