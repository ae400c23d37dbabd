import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench

ID = "meld_na"


def test_worked_example():
    # MELD(i) = 0.957 ln1.8 (0.5625) + 0.378 ln3.2 (0.4397) + 1.120 ln1.9 (0.7189) + 0.643 = 2.3641 -> 2.4 -> 24
    # 24 + 1.32 x (137-129) - 0.033 x 24 x 8 = 24 + 10.56 - 6.336 = 28.22 -> 28
    r = compute(ID, {"creatinine_mg_dl": 1.8, "bilirubin_mg_dl": 3.2, "inr": 1.9, "sodium": 129})
    assert r.value == 28 and r.details["meld"] == 24


def test_tenth_rounding_before_sodium_step():
    # MELD(i) = 0.957 ln1.3 (0.2511) + 0.378 ln5.2 (0.6232) + 0.7189 + 0.643 = 2.2362 -> 2.2 -> 22
    # 22 + 1.32 x 9 - 0.033 x 22 x 9 = 22 + 11.88 - 6.534 = 27.35 -> 27 (28 without the tenth rounding)
    assert compute(ID, {"creatinine_mg_dl": 1.3, "bilirubin_mg_dl": 5.2, "inr": 1.9, "sodium": 128}).value == 27


def test_bounds_and_no_sodium_step_at_or_below_11():
    # all lab values floored to 1.0 -> MELD(i) = 0.643 -> 0.6 -> 6; <= 11 so sodium is ignored
    assert compute(ID, {"creatinine_mg_dl": 0.5, "bilirubin_mg_dl": 0.3, "inr": 0.9, "sodium": 120}).value == 6


def test_dialysis_sets_creatinine_to_4_and_cap_40():
    r = compute(ID, {"creatinine_mg_dl": 1.0, "bilirubin_mg_dl": 1.0, "inr": 1.0, "sodium": 137, "dialysis": True})
    # 0.957 ln4 = 1.3267 + 0.643 = 1.9697 -> 2.0 -> 20
    assert r.value == 20 and r.details["creatinine_used"] == 4.0
    # huge values: 0.957 ln4 + 0.378 ln40 + 1.12 ln5 + 0.643 = 5.167 -> 52 -> +Na -> capped at 40
    assert compute(ID, {"creatinine_mg_dl": 6, "bilirubin_mg_dl": 40, "inr": 5, "sodium": 125}).value == 40


def test_medcalc_bench_dialysis_keys():
    e = {"creatinine": [1.0, "mg/dL"], "Continuous veno-venous hemodialysis for ≥24 hours in the past week": True,
         "Dialysis at least twice in the past week": False, "international normalized ratio": 1.0,
         "Sodium": [137.0, "mEq/L"], "Bilirubin": [1.0, "mg/dL"]}
    assert compute_medcalc_bench(23, e) == 20


def test_errors():
    with pytest.raises(CalculatorInputError, match="sodium"):
        compute(ID, {"creatinine_mg_dl": 1, "bilirubin_mg_dl": 1, "inr": 1})
    with pytest.raises(CalculatorInputError, match="'inr'"):
        compute(ID, {"creatinine_mg_dl": 1, "bilirubin_mg_dl": 1, "inr": -1, "sodium": 140})
