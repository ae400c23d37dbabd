import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench

ID = "steroid_conversion"


def test_worked_examples():
    # prednisone 10 mg = 2 x 5 mg units -> dexamethasone 2 x 0.75 = 1.5 mg
    assert compute(ID, {"from_steroid": "prednisone", "dose_mg": 10, "to_steroid": "dexamethasone"}).value == 1.5
    # hydrocortisone 100 mg = 5 x 20 mg -> methylprednisolone 5 x 4 = 20 mg
    r = compute(ID, {"from_steroid": "hydrocortisone", "dose_mg": 100, "to_steroid": "methylprednisolone"})
    assert r.value == 20.0 and r.details["hydrocortisone_equivalent_mg"] == 100.0
    # cortisone 25 -> betamethasone 0.75
    assert compute(ID, {"from_steroid": "cortisone", "dose_mg": 25, "to_steroid": "betamethasone"}).value == 0.75


def test_medcalc_bench_names_with_route():
    # 7.01 mg dexamethasone IV / 0.75 x 20 = 186.93 mg hydrocortisone
    e = {"input steroid": ["Dexamethasone IV", 7.01, "mg"], "target steroid": "Hydrocortisone PO"}
    assert compute_medcalc_bench(24, e) == 186.93
    # prednisolone must not be read as prednisone: 21.065 mg methylpred / 4 x 5 = 26.33
    e = {"input steroid": ["MethylPrednisoLONE IV", 21.065, "mg"], "target steroid": "PrednisoLONE PO"}
    assert compute_medcalc_bench(24, e) == 26.33


def test_errors():
    with pytest.raises(CalculatorInputError, match="to_steroid"):
        compute(ID, {"from_steroid": "prednisone", "dose_mg": 10, "to_steroid": "fludrocortisone"})
    with pytest.raises(CalculatorInputError, match="dose_mg"):
        compute(ID, {"from_steroid": "prednisone", "dose_mg": -1, "to_steroid": "dexamethasone"})
    with pytest.raises(CalculatorInputError, match="input steroid"):
        compute_medcalc_bench(24, {"input steroid": ["Aspirin", 10, "mg"], "target steroid": "Prednisone"})
