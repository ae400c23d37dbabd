import math

import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, match_name

CID = "framingham_hard_chd"


def test_man_worked_example():
    # ln49 = 3.891820, ln191 = 5.252273, ln25 = 3.218876, ln131 = 4.875197
    # L = 52.00961*3.89182 + 20.014077*5.252273 - 0.905964*3.218876 + 1.305784*4.875197 + 0.241549
    #     - 4.605038*3.89182*5.252273 - 2.93323*3.89182^2 - 172.300168
    #   = 202.4121 + 105.1194 - 2.9162 + 6.3659 + 0.2415 - 94.1306 - 44.4280 - 172.3002 = 0.364 (approx.)
    # risk = 1 - 0.9402^e^0.364 = 1 - 0.9402^1.439 = 0.0849 -> 8.5%
    r = compute(CID, {"age": 49, "sex": "male", "total_cholesterol": 191, "hdl": 25, "systolic_bp": 131, "bp_treated": True})
    assert r.value == 8.5 and "low" in r.interpretation


def test_woman_and_smoking_age_cap():
    base = {"sex": "female", "total_cholesterol": 200, "hdl": 50, "systolic_bp": 140, "smoker": True}
    lo = compute(CID, {**base, "age": 60}).value
    assert 0 < lo < compute(CID, {**base, "age": 70}).value
    # women's smoking term uses ln(min(age, 78)); hand check of the linear predictor at age 60:
    la, ltc = math.log(60), math.log(200)
    x = (31.764001 * la + 22.465206 * ltc - 1.187731 * math.log(50) + 2.552905 * math.log(140) + 13.07543
         - 5.060998 * la * ltc - 2.996945 * la - 146.5933061)
    assert lo == round(100 * (1 - 0.98767 ** math.exp(x)), 1)


def test_medcalc_bench_mg_dl():
    e = {"high-density lipoprotein cholesterol": [25.0, "mg/dL"], "sex": "Male", "Systolic Blood Pressure": [131.0, "mm hg"],
         "Total cholesterol": [191.0, "mg/dL"], "Smoker": False, "age": [49, "years"],
         "Blood pressure being treated with medicines": True}
    assert compute_medcalc_bench(46, e) == 8.5
    # cholesterol given in mmol/L is converted to mg/dL first: 4.94 mmol/L = 191.0 mg/dL, 0.6466 mmol/L = 25.0 mg/dL
    e2 = {**e, "Total cholesterol": [4.9399, "mmol/L"], "high-density lipoprotein cholesterol": [0.64658, "mmol/L"]}
    assert compute_medcalc_bench(46, e2) == 8.5


def test_errors():
    with pytest.raises(CalculatorInputError, match="age"):
        compute(CID, {"age": 85, "sex": "male", "total_cholesterol": 200, "hdl": 50, "systolic_bp": 120})
    with pytest.raises(CalculatorInputError, match="hdl"):
        compute(CID, {"age": 50, "sex": "male", "total_cholesterol": 200, "systolic_bp": 120})
    assert match_name("Framingham Risk Score for Hard Coronary Heart Disease") == CID
