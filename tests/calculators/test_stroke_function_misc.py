import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, get


def names(cid):
    return [i.name for i in get(cid).inputs]


def test_aspects():
    regions = names("aspects")
    assert compute("aspects", {n: False for n in regions}).value == 10
    r = compute("aspects", {n: n in ("insular_ribbon", "m2") for n in regions})
    assert r.value == 8 and r.details["regions_with_early_ischaemic_change"] == ["insular_ribbon", "m2"]
    r = compute("aspects", {n: True for n in regions})
    assert r.value == 0 and "extensive" in r.interpretation
    assert "moderate" in compute("aspects", {n: n in ("m1", "m2", "m3", "m4") for n in regions}).interpretation  # 6


def test_fast_ed():
    r = compute("fast_ed", dict(zip(names("fast_ed"), (1, 2, 2, 2, 0))))
    assert r.value == 7 and "likely large vessel" in r.interpretation
    assert "less likely" in compute("fast_ed", dict(zip(names("fast_ed"), (1, 1, 1, 0, 0)))).interpretation  # 3
    with pytest.raises(CalculatorInputError, match="facial_palsy"):
        compute("fast_ed", dict(zip(names("fast_ed"), (2, 0, 0, 0, 0))))


@pytest.mark.parametrize("vals,total,band", [((2, 2, 0, 2), 6, "high"), ((1, 1, 1, 1), 4, "intermediate"),
                                             ((1, 1, 0, 1), 3, "low"), ((2, 2, 2, 2), 8, "high")])
def test_4ts(vals, total, band):
    r = compute("four_ts_hit", dict(zip(names("four_ts_hit"), vals)))
    assert r.value == total and band in r.interpretation


@pytest.mark.parametrize("los,pts", [(0.5, 0), (1, 1), (2, 2), (3, 3), (4, 4), (6, 4), (7, 5), (13, 5), (14, 7)])
def test_lace_length_of_stay(los, pts):
    r = compute("lace_index", {"length_of_stay_days": los, "acute_admission": False, "charlson_index": 0,
                               "ed_visits_6_months": 0})
    assert r.value == pts


def test_lace_example():
    # LOS 5 -> 4; acute 3; Charlson 4 -> 5; 2 ED visits -> 2 = 14
    r = compute("lace_index", {"length_of_stay_days": 5, "acute_admission": True, "charlson_index": 4,
                               "ed_visits_6_months": 2})
    assert r.value == 14 and "high" in r.interpretation
    # ED visits capped at 4 points, Charlson 3 -> 3
    r = compute("lace_index", {"length_of_stay_days": 0, "acute_admission": False, "charlson_index": 3,
                               "ed_visits_6_months": 9})
    assert r.value == 7 and "moderate" in r.interpretation


def test_barthel():
    n = names("barthel_index")
    # 5 + 0 + 0 + 5 + 5 + 5 + 5 + 5 + 10 + 5 = 45
    r = compute("barthel_index", dict(zip(n, (5, 0, 0, 5, 5, 5, 5, 5, 10, 5))))
    assert r.value == 45 and "severely" in r.interpretation
    r = compute("barthel_index", dict(zip(n, (10, 5, 5, 10, 10, 10, 10, 15, 15, 10))))
    assert r.value == 100 and "independent" in r.interpretation
    with pytest.raises(CalculatorInputError, match="bathing"):
        compute("barthel_index", dict(zip(n, (10, 10, 5, 10, 10, 10, 10, 15, 15, 10))))  # bathing max 5


def test_nrs2002():
    r = compute("nrs_2002", {"nutritional_status": 2, "disease_severity": 2, "age": 75})
    assert r.value == 5 and "at nutritional risk" in r.interpretation
    assert compute("nrs_2002", {"nutritional_status": 1, "disease_severity": 1, "age": 69}).value == 2
    assert compute("nrs_2002", {"nutritional_status": 1, "disease_severity": 1, "age": 70}).value == 3
    with pytest.raises(CalculatorInputError, match="disease_severity"):
        compute("nrs_2002", {"nutritional_status": 1, "disease_severity": 4, "age": 50})
