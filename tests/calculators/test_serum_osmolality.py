import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer, match_name


def test_worked_example():
    # 2*140 + 28/2.8 + 180/18 = 280 + 10 + 10 = 300
    r = compute("serum_osmolality", {"sodium": 140, "bun": 28, "glucose": 180})
    assert r.value == 300.0 and "high" in r.interpretation


def test_ethanol_term():
    # 300 + 37/3.7 = 310
    assert compute("serum_osmolality", {"sodium": 140, "bun": 28, "glucose": 180, "ethanol": 37}).value == 310.0


@pytest.mark.parametrize("na,band", [(130, "low"), (137, "normal"), (145, "high")])
def test_bands(na, band):
    # BUN 14, glucose 90 add 5 + 5: 2*130+10 = 270 low; 284 normal; 300 high
    assert band in compute("serum_osmolality", {"sodium": na, "bun": 14, "glucose": 90}).interpretation


def test_errors():
    with pytest.raises(CalculatorInputError, match="glucose"):
        compute("serum_osmolality", {"sodium": 140, "bun": 28})
    with pytest.raises(CalculatorInputError, match="bun"):
        compute("serum_osmolality", {"sodium": 140, "bun": -1, "glucose": 90})


def test_medcalc_bench_mmol_units():
    # BUN 5 mmol/L = 14.007 mg/dL -> /2.8 = 5.0025; glucose 5 mmol/L = 90.08 mg/dL -> /18 = 5.0044; 2*140 = 280
    e = {"Sodium": [140.0, "mmol/L"], "Glucose": [5.0, "mmol/L"], "Blood Urea Nitrogen (BUN)": [5.0, "mmol/L"]}
    assert compute_medcalc_bench(30, e) == 290.0


def test_official():
    ans = {"name": "Serum Osmolality/Osmolarity", "inputs": [
        {"field": "Sodium", "value": "130 mEq/L"}, {"field": "BUN", "value": "32 mg/dL"},
        {"field": "Glucose", "value": "1100 mg/dL"}, {"field": "Serum alcohol concentration", "value": "0 mg/dL"}]}
    # 260 + 11.43 + 61.11 = 332.54 -> 333
    assert compute_official_answer(ans) == 333
    assert match_name("Serum Osmolality") == "serum_osmolality"
