import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_official_answer, match_name

AB = {"age": 60, "sex": "male", "hemoglobin": 14.0, "severe_renal_disease": False, "prior_hemorrhage": False,
      "hypertension": False}


def test_atria_bleeding_worked_example():
    # anaemia (woman, Hb 11.5 < 12) 3 + age 78 >= 75 -> 2 + hypertension 1 = 6 -> high
    r = compute("atria_bleeding", {**AB, "sex": "female", "hemoglobin": 11.5, "age": 78, "hypertension": True})
    assert r.value == 6 and "high" in r.interpretation
    assert compute("atria_bleeding", AB).value == 0


@pytest.mark.parametrize("change,pts", [
    ({"hemoglobin": 13.0}, 0), ({"hemoglobin": 12.9}, 3),                      # men: Hb < 13
    ({"sex": "female", "hemoglobin": 12.0}, 0), ({"sex": "female", "hemoglobin": 11.9}, 3),  # women: < 12
    ({"age": 74}, 0), ({"age": 75}, 2), ({"severe_renal_disease": True}, 3), ({"prior_hemorrhage": True}, 1),
])
def test_atria_bleeding_items(change, pts):
    assert compute("atria_bleeding", {**AB, **change}).value == pts


def test_atria_bleeding_bands():
    assert "low" in compute("atria_bleeding", {**AB, "severe_renal_disease": True}).interpretation  # 3
    assert "intermediate" in compute("atria_bleeding", {**AB, "severe_renal_disease": True,
                                                        "hypertension": True}).interpretation  # 4
    assert "high" in compute("atria_bleeding", {**AB, "severe_renal_disease": True, "age": 80}).interpretation  # 5


AS = {"age": 60, "sex": "male", "prior_stroke": False, "diabetes": False, "heart_failure": False,
      "hypertension": False, "proteinuria": False, "low_egfr_or_esrd": False}


@pytest.mark.parametrize("age,stroke,pts", [
    (64, False, 0), (65, False, 3), (74, False, 3), (75, False, 5), (84, False, 5), (85, False, 6),
    (64, True, 8), (65, True, 7), (80, True, 7), (85, True, 9),
])
def test_atria_stroke_age_table(age, stroke, pts):
    assert compute("atria_stroke", {**AS, "age": age, "prior_stroke": stroke}).value == pts


def test_atria_stroke_example_and_bands():
    # 70 y woman with hypertension: 3 + 1 + 1 = 5 -> low
    r = compute("atria_stroke", {**AS, "age": 70, "sex": "female", "hypertension": True})
    assert r.value == 5 and "low" in r.interpretation
    assert "moderate" in compute("atria_stroke", {**AS, "age": 70, "sex": "female", "hypertension": True,
                                                  "diabetes": True}).interpretation  # 6
    # maximum 9 + 6 = 15
    assert compute("atria_stroke", {k: True for k in AS} | {"age": 90, "sex": "female"}).value == 15


OR = {"age": 60, "sex": "male", "hemoglobin": 14.0, "bleeding_history": False, "egfr": 80, "antiplatelet": False}


@pytest.mark.parametrize("change,pts", [
    ({"age": 74}, 0), ({"age": 75}, 1), ({"hemoglobin": 12.9}, 2), ({"hematocrit": 39.9}, 2), ({"hematocrit": 40}, 0),
    ({"sex": "female", "hematocrit": 36}, 0), ({"sex": "female", "hematocrit": 35.9}, 2),
    ({"bleeding_history": True}, 2), ({"egfr": 60}, 0), ({"egfr": 59}, 1), ({"antiplatelet": True}, 1),
])
def test_orbit_items(change, pts):
    assert compute("orbit_bleeding", {**OR, **change}).value == pts


def test_orbit_bands_and_official():
    assert "medium" in compute("orbit_bleeding", {**OR, "bleeding_history": True, "egfr": 50}).interpretation  # 3
    r = compute("orbit_bleeding", {**OR, "bleeding_history": True, "egfr": 50, "age": 80, "antiplatelet": True})
    assert r.value == 5 and "high" in r.interpretation  # 2 + 1 + 1 + 1
    a = {"name": "ORBIT Bleeding Risk Score for Atrial Fibrillation", "inputs": [
        {"field": "Sex", "value": "Female"}, {"field": "Hemoglobin <12 g/dL or hematocrit <36%", "value": "No"},
        {"field": "Age >74 years", "value": "No"}, {"field": "Bleeding history (GI bleed)", "value": "No"},
        {"field": "GFR <60 mL/min/1.73 m2", "value": "Yes"}, {"field": "Treatment with antiplatelet agents", "value": "No"}]}
    assert compute_official_answer(a) == 1


VA = {"age": 50, "heart_failure": False, "hypertension": False, "diabetes": False, "stroke_tia_te": False,
      "vascular_disease": False}


def test_cha2ds2_va():
    assert compute("cha2ds2_va", VA).value == 0
    # age 64 -> 0, 65 -> 1, 75 -> 2
    assert [compute("cha2ds2_va", {**VA, "age": a}).value for a in (64, 65, 74, 75)] == [0, 1, 1, 2]
    # 70 y + hypertension = 2 -> recommended
    r = compute("cha2ds2_va", {**VA, "age": 70, "hypertension": True})
    assert r.value == 2 and "recommended" in r.interpretation
    assert compute("cha2ds2_va", {**VA, "stroke_tia_te": True}).value == 2
    assert compute("cha2ds2_va", {k: True for k in VA} | {"age": 80}).value == 8
    assert "considered" in compute("cha2ds2_va", {**VA, "diabetes": True}).interpretation


def test_names_distinct_from_vasc():
    assert match_name("CHA₂DS₂-VA Score for Atrial Fibrillation Stroke Risk") == "cha2ds2_va"
    assert match_name("CHA2DS2-VASc") == "cha2ds2_vasc"
    assert match_name("ATRIA Stroke Risk Score") == "atria_stroke"
    assert match_name("ATRIA Bleeding Risk Score") == "atria_bleeding"


def test_errors():
    with pytest.raises(CalculatorInputError, match="hemoglobin"):
        compute("atria_bleeding", {k: v for k, v in AB.items() if k != "hemoglobin"})
    with pytest.raises(CalculatorInputError, match="egfr"):
        compute("orbit_bleeding", {**OR, "egfr": -5})
    with pytest.raises(CalculatorInputError, match="sex"):
        compute("atria_stroke", {**AS, "sex": "x"})
