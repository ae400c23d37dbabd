import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer

ID = "rcri"
NONE = {"high_risk_surgery": False, "ischemic_heart_disease": False, "heart_failure": False,
        "cerebrovascular_disease": False, "insulin_treatment": False, "creatinine_mg_dl": 1.0}


def test_all_and_none():
    assert compute(ID, NONE).value == 0
    r = compute(ID, {k: True for k in NONE} | {"creatinine_mg_dl": 2.5})
    assert r.value == 6 and "class IV" in r.interpretation


def test_creatinine_threshold_is_strictly_above_2():
    assert compute(ID, {**NONE, "creatinine_mg_dl": 2.0}).value == 0
    assert compute(ID, {**NONE, "creatinine_mg_dl": 2.01}).value == 1


def test_medcalc_bench_either_cerebrovascular_key():
    e = {"History of cerebrovascular disease": True, "Cerebrovascular disease history": False,
         "Pre-operative creatinine": [1.0, "mg/dL"], "Elevated-risk surgery": True}
    assert compute_medcalc_bench(17, e) == 2


def test_official_threshold_fields():
    a = {"name": "Revised Cardiac Risk Index for Pre-Operative Risk", "inputs": [
        {"field": "High-risk surgery (intraperitoneal, intrathoracic, suprainguinal vascular)", "value": "Yes"},
        {"field": "History of ischemic heart disease", "value": "Yes (NSTEMI 5 years ago)"},
        {"field": "History of congestive heart failure", "value": "No"},
        {"field": "History of cerebrovascular disease (TIA/stroke)", "value": "No"},
        {"field": "Pre-operative treatment with insulin", "value": "No"},
        {"field": "Pre-operative creatinine >2 mg/dL (176.8 µmol/L)", "value": "No (1.6 mg/dL; 141 µmol/L)"}]}
    assert compute_official_answer(a) == 2


def test_errors():
    with pytest.raises(CalculatorInputError, match="creatinine_mg_dl"):
        compute(ID, {k: v for k, v in NONE.items() if k != "creatinine_mg_dl"})
