import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer, match_name
from medmcp_calc.calculators.library.charlson import age_points, ten_year_survival

CID = "charlson_comorbidity_index"


def test_age_only_and_survival():
    r = compute(CID, {"age": 45})
    assert r.value == 0 and "98%" in r.interpretation  # 0.983^(e^0) = 0.983


@pytest.mark.parametrize("age,pts", [(49, 0), (50, 1), (59, 1), (60, 2), (69, 2), (70, 3), (79, 3), (80, 4)])
def test_age_points(age, pts):
    assert age_points(age) == pts


def test_weights():
    # age 72 (3) + uncomplicated diabetes (1) + lymphoma (2) = 6
    assert compute(CID, {"age": 72, "diabetes": "uncomplicated", "lymphoma": True}).value == 6
    # age 55 (1) + metastatic tumour (6) + moderate-severe liver (3) + AIDS (6) + hemiplegia (2) + CKD (2)
    # + end-organ diabetes (2) = 22
    assert compute(CID, {"age": 55, "solid_tumor": "metastatic", "liver_disease": "moderate_severe", "aids": True,
                         "hemiplegia": True, "moderate_severe_ckd": True, "diabetes": "end_organ_damage"}).value == 22


def test_survival_formula():
    # CCI 4: 0.983^(e^3.6) = 0.983^36.598 = 0.5340 -> 53%
    assert round(ten_year_survival(4)) == 53


def test_medcalc_bench_entities():
    # age 60 (2) + CHF 1 + COPD 1 + CKD 2; diabetes 'None or Diet-controlled' scores 0 -> 6
    e = {"Transient Ischemic Attacks History": False, "age": [60.0, "years"], "Congestive Heart Faliure": True,
         "Chronic Obstructive Pulmonary Disease": True, "Moderate to severe Chronic Kidney Disease": True,
         "Diabetes mellitus criteria for CCI rule": "None or Diet-controlled", "Solid tumor": False}
    assert compute_medcalc_bench(32, e) == 6
    # TIA and CVA together count once; 'Metastatic' = 6; 'Moderate to Severe' liver = 3: 3 (age 75) + 1 + 6 + 3 = 13
    e = {"age": [75.0, "years"], "Transient Ischemic Attacks History": True, "Cerebrovascular Accident": True,
         "Solid tumor": "Metastatic", "Liver disease severity": "Moderate to Severe"}
    assert compute_medcalc_bench(32, e) == 13


def test_errors():
    with pytest.raises(CalculatorInputError, match="age"):
        compute(CID, {"dementia": True})
    with pytest.raises(CalculatorInputError, match="liver_disease"):
        compute(CID, {"age": 50, "liver_disease": "terrible"})


def test_official():
    inputs = [{"field": "age_years", "value": 72}, {"field": "age_category", "value": "70–79 years", "score": 3},
              {"field": "myocardial_infarction", "value": "No", "score": 0},
              {"field": "liver_disease", "value": "None", "score": 0},
              {"field": "diabetes_mellitus", "value": "Uncomplicated (oral agents)", "score": 1},
              {"field": "moderate_to_severe_ckd", "value": "No (serum Cr 1.3 mg/dL)", "score": 0},
              {"field": "solid_tumor", "value": "None", "score": 0}, {"field": "lymphoma", "value": "Yes (DLBCL)", "score": 2}]
    assert compute_official_answer({"name": "Charlson Comorbidity Index (CCI)", "inputs": inputs}) == 6
    assert match_name("Charlson Comorbidity Index") == CID
