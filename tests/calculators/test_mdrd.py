import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench

ID = "mdrd_gfr"


def test_male_non_black():
    # 175 x 1.0^-1.154 x 60^-0.203 (0.43555) = 76.22
    assert compute(ID, {"age": 60, "sex": "male", "creatinine_mg_dl": 1.0}).value == 76.2


def test_female_black():
    # 175 x 2^-1.154 (0.44938) x 50^-0.203 (0.45197) x 0.742 x 1.212 = 31.96
    assert compute(ID, {"age": 50, "sex": "female", "creatinine_mg_dl": 2.0, "black_race": True}).value == 32.0


def test_medcalc_bench_race_entity():
    plain = compute_medcalc_bench(9, {"age": [50, "years"], "creatinine": [2.0, "mg/dL"], "sex": "Female"})
    black = compute_medcalc_bench(9, {"age": [50, "years"], "creatinine": [2.0, "mg/dL"], "sex": "Female",
                                      "Race": "Black"})
    # 175 x 0.44938 x 0.45197 x 0.742 = 26.37; x 1.212 = 31.96
    assert (plain, black) == (26.4, 32.0)


def test_errors():
    with pytest.raises(CalculatorInputError, match="'age'"):
        compute(ID, {"age": 10, "sex": "male", "creatinine_mg_dl": 1.0})
    with pytest.raises(CalculatorInputError, match="black_race"):
        compute(ID, {"age": 50, "sex": "male", "creatinine_mg_dl": 1.0, "black_race": "maybe"})
