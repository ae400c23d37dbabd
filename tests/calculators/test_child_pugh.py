import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer

ID = "child_pugh"
BEST = {"bilirubin_mg_dl": 1.0, "albumin_g_dl": 4.0, "inr": 1.0, "ascites": "absent", "encephalopathy": "none"}


def test_minimum_and_maximum():
    r = compute(ID, BEST)
    assert r.value == 5 and "class A" in r.interpretation
    worst = {"bilirubin_mg_dl": 5, "albumin_g_dl": 2.0, "inr": 3.0, "ascites": "moderate", "encephalopathy": "grade 3-4"}
    r = compute(ID, worst)
    assert r.value == 15 and "class C" in r.interpretation


@pytest.mark.parametrize("field,value,pts", [
    ("bilirubin_mg_dl", 1.99, 1), ("bilirubin_mg_dl", 2.0, 2), ("bilirubin_mg_dl", 3.0, 2), ("bilirubin_mg_dl", 3.01, 3),
    ("albumin_g_dl", 3.51, 1), ("albumin_g_dl", 3.5, 2), ("albumin_g_dl", 2.8, 2), ("albumin_g_dl", 2.79, 3),
    ("inr", 1.69, 1), ("inr", 1.7, 2), ("inr", 2.3, 2), ("inr", 2.31, 3),
])
def test_lab_boundaries(field, value, pts):
    key = {"bilirubin_mg_dl": "bilirubin", "albumin_g_dl": "albumin", "inr": "inr"}[field]
    assert compute(ID, {**BEST, field: value}).details[key] == pts


def test_class_b_band():
    # 2 + 2 + 1 + 2 (slight ascites) + 1 = 8 -> class B
    r = compute(ID, {**BEST, "bilirubin_mg_dl": 2.5, "albumin_g_dl": 3.0, "ascites": "slight"})
    assert r.value == 8 and "class B" in r.interpretation


def test_medcalc_bench_umol_bilirubin_and_missing_ascites():
    # 40.2 umol/L = 2.35 mg/dL -> 2; INR 2.1 -> 2; albumin 3.1 -> 2; ascites absent 1; grade 1-2 -> 2 => 9
    e = {"international normalized ratio": 2.1, "Albumin": [3.1, "g/dL"], "Encephalopathy": "Grade 1-2",
         "Bilirubin": [40.2, "µmol/L"]}
    assert compute_medcalc_bench(15, e) == 9


def test_official_text_grades():
    a = {"name": "Child-Pugh Score", "inputs": [
        {"field": "Total bilirubin", "value": "3.2 mg/dL", "score": 3}, {"field": "Serum albumin", "value": "2.4 g/dL", "score": 3},
        {"field": "INR", "value": "1.9", "score": 2},
        {"field": "Ascites", "value": "Tense/refractory (requires therapeutic paracentesis)", "score": 3},
        {"field": "Hepatic encephalopathy", "value": "Grade I–II (mild)", "score": 2}]}
    assert compute_official_answer(a) == 13


def test_errors():
    with pytest.raises(CalculatorInputError, match="ascites"):
        compute(ID, {**BEST, "ascites": "lots"})
    with pytest.raises(CalculatorInputError, match="inr"):
        compute(ID, {k: v for k, v in BEST.items() if k != "inr"})
