import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer

ID = "ckd_epi_2021"


def test_female_at_kappa():
    # Scr/k = 0.7/0.7 = 1 -> both power terms 1; 142 x 0.9938^50 (0.73274) x 1.012 = 105.30
    r = compute(ID, {"age": 50, "sex": "female", "creatinine_mg_dl": 0.7})
    assert r.value == 105.3
    assert "G1" in r.interpretation


def test_male_below_kappa():
    # (0.6/0.9)^-0.302 = 1.13026; 0.9938^40 = 0.77976; 142 x 1.13026 x 0.77976 = 125.15
    assert compute(ID, {"age": 40, "sex": "male", "creatinine_mg_dl": 0.6}).value == 125.1


def test_male_above_kappa():
    # (1.8/0.9)^-1.2 = 2^-1.2 = 0.43528; 0.9938^54 = 0.71468; 142 x 0.43528 x 0.71468 = 44.17
    r = compute(ID, {"age": 54, "sex": "male", "creatinine_mg_dl": 1.8})
    assert r.value == 44.2
    assert "G3b" in r.interpretation


def test_umol_input_through_medcalc_bench():
    # 80.4 umol/L / 88.4 = 0.9095 mg/dL; (1.0106)^-1.2 = 0.98744; 0.9938^74 = 0.63117; 142 x ... = 88.50
    assert compute_medcalc_bench(3, {"sex": "Male", "creatinine": [80.4, "µmol/L"], "age": [74, "years"]}) == 88.5


def test_official_adapter_rejects_other_equation():
    a = {"name": "CKD-EPI Equations for Glomerular Filtration Rate (GFR)",
         "inputs": [{"field": "Equation", "value": "2021 CKD-EPI Creatinine"}, {"field": "Age", "value": "54 years"},
                    {"field": "Sex", "value": "Male"}, {"field": "Serum creatinine", "value": "1.8 mg/dL"}]}
    assert compute_official_answer(a) == 44.2
    a["inputs"][0]["value"] = "2021 CKD-EPI Creatinine-Cystatin C"
    assert compute_official_answer(a) is None


def test_errors():
    with pytest.raises(CalculatorInputError, match="sex"):
        compute(ID, {"age": 50, "sex": "x", "creatinine_mg_dl": 1.0})
    with pytest.raises(CalculatorInputError, match="creatinine_mg_dl"):
        compute(ID, {"age": 50, "sex": "male", "creatinine_mg_dl": 0})
