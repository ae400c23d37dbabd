import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_official_answer

MA = {"burden_of_illness": "none_or_mild", "hypotension": False, "active_copd": False, "tumor_type_low_risk": True,
      "dehydration_iv_fluids": False, "outpatient": True, "age": 52}


def test_mascc():
    # 5 + 5 + 4 + 4 + 3 + 3 + 2 = 26 (maximum)
    r = compute("mascc_index", MA)
    assert r.value == 26 and "low risk" in r.interpretation
    # age 72 -> 0: 24
    assert compute("mascc_index", {**MA, "age": 72}).value == 24
    assert compute("mascc_index", {**MA, "age": 60}).value == 24 and compute("mascc_index", {**MA, "age": 59}).value == 26
    # moderate burden 3, hypotension 0, inpatient 0: 3 + 0 + 4 + 4 + 3 + 0 + 2 = 16 -> high risk
    r = compute("mascc_index", {**MA, "burden_of_illness": "moderate", "hypotension": True, "outpatient": False})
    assert r.value == 16 and "high risk" in r.interpretation
    # boundary: 21 is low risk (severe burden 0: 26 - 5 = 21)
    assert "low risk" in compute("mascc_index", {**MA, "burden_of_illness": "severe"}).interpretation


def test_mascc_official_reads_absence_points():
    a = {"name": "MASCC Risk Index for Febrile Neutropenia", "inputs": [
        {"field": "burden_of_illness", "value": "None or mild (+5)", "score": 5},
        {"field": "hypotension_sbp_lt_90_mm_hg", "value": "No (+5)", "score": 5},
        {"field": "active_copd", "value": "No (+4)", "score": 4},
        {"field": "type_of_cancer", "value": "Solid tumor (+4)", "score": 4},
        {"field": "dehydration_requiring_iv_fluids", "value": "No (+3)", "score": 3},
        {"field": "status_at_onset_of_fever", "value": "Outpatient (+3)", "score": 3},
        {"field": "age_years", "value": "52 (<60 -> +2)", "score": 2}]}
    assert compute_official_answer(a) == 26


IP = {"age": 55, "stage_iii_iv": False, "ldh_elevated": False, "ecog_ge_2": False, "extranodal_gt_1": False}


@pytest.mark.parametrize("change,total,ipi,ripi", [
    ({}, 0, "IPI: low risk", "very good"),
    ({"age": 61}, 1, "IPI: low risk", "good"),
    ({"age": 61, "ldh_elevated": True}, 2, "low-intermediate", "good"),
    ({"age": 61, "ldh_elevated": True, "stage_iii_iv": True}, 3, "high-intermediate", "poor"),
    ({"age": 72, "ldh_elevated": True, "stage_iii_iv": True, "extranodal_gt_1": True}, 4, "IPI: high risk", "poor"),
])
def test_ipi(change, total, ipi, ripi):
    r = compute("ipi_dlbcl", {**IP, **change})
    assert r.value == total and ipi in r.interpretation and ripi in r.interpretation


def test_ipi_age_boundary():
    assert compute("ipi_dlbcl", {**IP, "age": 60}).value == 0


@pytest.mark.parametrize("crp,alb,score", [(10, 30, 0), (10.1, 35, 1), (50, 40, 1), (10.1, 34.9, 2), (80, 25, 2)])
def test_mgps(crp, alb, score):
    assert compute("mgps", {"crp": crp, "albumin": alb}).value == score


def test_mgps_official_units_and_errors():
    a = {"name": "Modified Glasgow Prognostic Score (mGPS) for Cancer Outcomes", "inputs": [
        {"field": "CRP", "value": "2.4 mg/dL"}, {"field": "Albumin", "value": "3.2 g/dL"}]}
    assert compute_official_answer(a) == 2  # CRP 24 mg/L > 10, albumin 32 g/L < 35
    with pytest.raises(CalculatorInputError, match="albumin"):
        compute("mgps", {"crp": 5})
