import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer, match_name


def test_worked_example():
    # 200 - 50 - 150/5 = 120 near optimal
    r = compute("ldl_friedewald", {"total_cholesterol": 200, "hdl": 50, "triglycerides": 150})
    assert r.value == 120.0 and "near optimal" in r.interpretation


def test_bands_and_high_tg_warning():
    # 230 - 40 - 0 ... 230-40-100/5 = 170 high; 99.9 optimal boundary: 150-30-101.5/5 = 99.7
    assert "high (160" in compute("ldl_friedewald", {"total_cholesterol": 230, "hdl": 40, "triglycerides": 100}).interpretation
    assert "optimal (<100" in compute("ldl_friedewald", {"total_cholesterol": 150, "hdl": 30, "triglycerides": 101.5}).interpretation
    r = compute("ldl_friedewald", {"total_cholesterol": 300, "hdl": 40, "triglycerides": 450})
    assert r.value == 170.0 and "unreliable" in r.interpretation  # 300-40-90


def test_mmol_adapter():
    # TC 5.0 mmol/L = 193.33; HDL 1.0 = 38.665; TG 1.0 mmol/L = 88.57 -> /5 = 17.714; 193.325 - 38.665 - 17.714 = 136.946 -> 136.9
    e = {"Total cholesterol": [5.0, "mmol/L"], "high-density lipoprotein cholesterol": [1.0, "mmol/L"],
         "Triglycerides": [1.0, "mmol/L"]}
    assert compute_medcalc_bench(44, e) == 136.9


def test_errors():
    with pytest.raises(CalculatorInputError, match="hdl"):
        compute("ldl_friedewald", {"total_cholesterol": 200, "triglycerides": 100})


def test_official():
    ans = {"name": "LDL Calculated", "inputs": [{"field": "Total Cholesterol", "value": "230 mg/dL"},
           {"field": "HDL Cholesterol", "value": "42 mg/dL"}, {"field": "Triglycerides", "value": "180 mg/dL"}]}
    assert compute_official_answer(ans) == 152.0  # 230 - 42 - 36
    assert match_name("Friedewald equation") == "ldl_friedewald"
