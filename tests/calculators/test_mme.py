import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer, match_name

CID = "morphine_milligram_equivalents"


def test_single_drugs():
    # oxycodone 20 mg/day * 1.5 = 30
    assert compute(CID, {"oxycodone_mg_day": 20}).value == 30.0
    # fentanyl patch 25 ug/h * 2.4 = 60 -> >= 50 band
    r = compute(CID, {"fentanyl_patch_ug_h": 25})
    assert r.value == 60.0 and "50 MME" in r.interpretation


def test_sum_and_factor_tables():
    # 2022: tramadol 100*0.2 = 20 + hydromorphone 8*5 = 40 + methadone 30*4.7 = 141 -> 201 (>= 90)
    x = {"tramadol_mg_day": 100, "hydromorphone_mg_day": 8, "methadone_mg_day": 30}
    r = compute(CID, x)
    assert r.value == 201.0 and "90 MME" in r.interpretation
    # 2016: tramadol 100*0.1 = 10 + hydromorphone 8*4 = 32 + methadone 30 mg/day (21-40 tier) *8 = 240 -> 282
    assert compute(CID, {**x, "factors": "cdc_2016"}).value == 282.0


@pytest.mark.parametrize("mg,factor", [(20, 4), (21, 8), (40, 8), (41, 10), (60, 10), (61, 12)])
def test_methadone_2016_tiers(mg, factor):
    assert compute(CID, {"methadone_mg_day": mg, "factors": "cdc_2016"}).value == pytest.approx(mg * factor)


def test_medcalc_bench_doses_per_day():
    # tapentadol 50*1*0.4 = 20 + tramadol 50*1*0.2 = 10 + fentanyl buccal 20 ug * 2 * 0.13 = 5.2 -> 35.2
    e = {"Tapentadol Dose": [50, "mg"], "Tapentadol Dose Per Day": [1, "per day"], "TraMADol Dose": [50, "mg"],
         "TraMADol Dose Per Day": [1, "per day"], "FentaNYL buccal Dose": [20, "µg"], "FentaNYL buccal Dose Per Day": [2, "per day"]}
    assert compute_medcalc_bench(49, e) == 35.2


def test_errors():
    with pytest.raises(CalculatorInputError, match="morphine_mg_day"):
        compute(CID, {"morphine_mg_day": -5})
    with pytest.raises(CalculatorInputError, match="factors"):
        compute(CID, {"morphine_mg_day": 5, "factors": "who"})
    with pytest.raises(CalculatorInputError, match="opioid"):
        compute_medcalc_bench(49, {"Aspirin Dose": [81, "mg"]})


def test_official():
    ans = {"name": "Morphine Milligram Equivalents (MME) Calculator", "inputs": [
        {"field": "Drug", "value": "OxyCODONE (oral)"}, {"field": "Dosage", "value": "5 mg/dose"},
        {"field": "Doses per day", "value": "4"}, {"field": "Add another drug", "value": "No"}]}
    assert compute_official_answer(ans) == 30.0
    assert match_name("MME") == CID
