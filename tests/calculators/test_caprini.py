import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, match_name
from medmcp_calc.calculators.library.caprini import age_points

CID = "caprini_vte"


@pytest.mark.parametrize("age,pts", [(40, 0), (41, 1), (60, 1), (61, 2), (74, 2), (75, 3)])
def test_age_points(age, pts):
    assert age_points(age) == pts


def test_worked_example():
    # age 63 (2) + major surgery (2) + confined > 72 h (2) + BMI 27.1 (1) + hip fracture (5) + multiple trauma (5)
    # + varicose veins (1) + prior DVT (3) + family history (3) + homocysteine (3) + recent major surgery (1) = 28
    x = {"age": 63, "sex": "female", "surgery_type": "major", "mobility": "confined_to_bed_over_72h", "bmi": 27.1,
         "hip_pelvis_leg_fracture": True, "multiple_trauma": True, "varicose_veins": True, "history_vte": True,
         "family_history_thrombosis": True, "elevated_homocysteine": True, "recent_major_surgery": True}
    r = compute(CID, x)
    assert r.value == 28 and "high risk" in r.interpretation


@pytest.mark.parametrize("extra,score,band", [({}, 0, "very low"), ({"bmi": 25.0}, 0, "very low"), ({"bmi": 25.1}, 1, "low risk"),
                                              ({"surgery_type": "minor", "varicose_veins": True}, 2, "low risk"),
                                              ({"malignancy": True, "central_venous_access": True}, 4, "moderate"),
                                              ({"surgery_type": "elective_lower_extremity_arthroplasty"}, 5, "high")])
def test_bands(extra, score, band):
    r = compute(CID, {"age": 30, **extra})
    assert r.value == score and band in r.interpretation


def test_female_only_items():
    assert compute(CID, {"age": 30, "sex": "female", "hormones": True}).value == 1
    assert compute(CID, {"age": 30, "sex": "male", "hormones": True}).value == 0


def test_medcalc_bench_prior_dvt_and_pe_once():
    # age 45 (1) + prior PE (3, together with DVT counted once) + malignancy (2) + prothrombin (3) = 9
    e = {"age": [45.0, "years"], "sex": "Female", "Previously Documented Pulmonary Embolism": True,
         "Previously documented Deep Vein Thrombosis": True, "Present or previous malignancy": True,
         "Positive prothrombin 20210A": True, "Mobility": "normal", "Body Mass Index (BMI)": [22.0, "kg/m^2"]}
    assert compute_medcalc_bench(36, e) == 9


def test_errors():
    with pytest.raises(CalculatorInputError, match="age"):
        compute(CID, {"varicose_veins": True})
    with pytest.raises(CalculatorInputError, match="surgery_type"):
        compute(CID, {"age": 50, "surgery_type": "huge"})
    assert match_name("Caprini Score for Venous Thromboembolism (2005)") == CID


def test_official_adapter():
    from medmcp_calc.calculators import compute_official_answer

    inputs = [{"field": "Age", "value": "67 years", "score": 2}, {"field": "Sex", "value": "Female"},
              {"field": "Type of surgery", "value": "Major (>45 min)", "score": 2},
              {"field": "Recent major surgery (<1 month)", "value": "No", "score": 0},
              {"field": "History of DVT/PE", "value": "Yes", "score": 3},
              {"field": "Family history of thrombosis", "value": "No", "score": 0},
              {"field": "Present or previous malignancy", "value": "Yes (colon cancer)", "score": 2},
              {"field": "Mobility", "value": "Confined to bed >72 hours", "score": 2},
              {"field": "BMI", "value": "31 kg/m2", "score": 1}]
    # age 67 (2) + major surgery (2) + DVT/PE history (3) + malignancy (2) + confined > 72 h (2) + BMI 31 (1) = 12
    assert compute_official_answer({"name": "Caprini Score for Venous Thromboembolism (2005)", "inputs": inputs}) == 12
