import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, match_name

ID = "cha2ds2_vasc"
NONE = {"chf": False, "hypertension": False, "stroke_tia_thromboembolism": False, "vascular_disease": False,
        "diabetes": False}


def test_worked_example():
    # female 1 + age >= 75 2 + hypertension 1 + diabetes 1 + stroke 2 = 7
    r = compute(ID, {**NONE, "age": 76, "sex": "female", "hypertension": True, "diabetes": True,
                     "stroke_tia_thromboembolism": True})
    assert r.value == 7
    assert r.details["stroke_tia_thromboembolism"] == 2


@pytest.mark.parametrize("age,pts", [(64, 0), (65, 1), (74, 1), (75, 2)])
def test_age_bands(age, pts):
    assert compute(ID, {**NONE, "age": age, "sex": "male"}).value == pts


def test_interpretation_ignores_the_sex_point():
    assert "low risk" in compute(ID, {**NONE, "age": 50, "sex": "female"}).interpretation
    assert "high risk" in compute(ID, {**NONE, "age": 80, "sex": "male"}).interpretation


def test_medcalc_bench_tia_counts_as_stroke_and_absent_keys_are_false():
    e = {"sex": "Male", "age": [60.0, "years"], "Transient Ischemic Attacks History": True}
    assert compute_medcalc_bench(4, e) == 2


def test_errors_and_names():
    with pytest.raises(CalculatorInputError, match="diabetes"):
        compute(ID, {k: v for k, v in {**NONE, "age": 60, "sex": "male"}.items() if k != "diabetes"})
    with pytest.raises(CalculatorInputError, match="'age'"):
        compute(ID, {**NONE, "age": 130, "sex": "male"})
    assert match_name("CHA₂DS₂-VASc Score for Atrial Fibrillation Stroke Risk") == ID
