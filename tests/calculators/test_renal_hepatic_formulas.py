import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_official_answer


def test_crcl_24h():
    # 95 x 1200 / (2.7 x 1440) = 114000 / 3888 = 29.32
    r = compute("crcl_24h_urine", {"urine_creatinine": 95, "plasma_creatinine": 2.7, "urine_volume_ml": 1200})
    assert r.value == 29.32 and "severely" in r.interpretation
    # 12-hour collection: 100 x 800 / (1.0 x 720) = 111.11
    r = compute("crcl_24h_urine", {"urine_creatinine": 100, "plasma_creatinine": 1.0, "urine_volume_ml": 800,
                                   "collection_hours": 12})
    assert r.value == 111.11 and "normal" in r.interpretation


def test_urine_anion_gap():
    r = compute("urine_anion_gap", {"urine_sodium": 40, "urine_potassium": 20, "urine_chloride": 100})
    assert r.value == -40 and "GI" in r.interpretation  # 40 + 20 - 100
    r = compute("urine_anion_gap", {"urine_sodium": 60, "urine_potassium": 30, "urine_chloride": 70})
    assert r.value == 20 and "renal tubular" in r.interpretation


@pytest.mark.parametrize("sex,age,frac", [("male", 10, 0.6), ("female", 10, 0.6), ("male", 40, 0.6),
                                          ("female", 40, 0.5), ("male", 65, 0.5), ("female", 65, 0.45)])
def test_sodium_deficit_fractions(sex, age, frac):
    r = compute("sodium_deficit", {"weight_kg": 70, "sex": sex, "age": age, "sodium": 120, "desired_sodium": 130})
    assert r.details["tbw_fraction"] == frac
    assert r.value == round(frac * 70 * 10, 1)


def test_sodium_deficit_example_and_sign():
    # woman 60 kg, 40 y: 0.5 x 60 x (130 - 118) = 360
    r = compute("sodium_deficit", {"weight_kg": 60, "sex": "female", "age": 40, "sodium": 118, "desired_sodium": 130})
    assert r.value == 360.0 and "360.0 mEq" in r.interpretation
    r = compute("sodium_deficit", {"weight_kg": 60, "sex": "female", "age": 40, "sodium": 145, "desired_sodium": 140})
    assert r.value == -150.0 and "no sodium deficit" in r.interpretation


@pytest.mark.parametrize("a1c,eag", [(6, 126), (7, 154), (8, 183), (5.7, 117)])
def test_eag(a1c, eag):
    # 28.7 x 6 - 46.7 = 125.5 -> 126; x7 = 154.2; x8 = 182.9; 5.7 -> 116.89
    assert compute("estimated_average_glucose", {"hba1c": a1c}).value == eag


def test_albi():
    # bilirubin 0.9 mg/dL = 15.39 umol/L: 0.66 x 1.1872 = 0.7836; albumin 42: -3.57 -> -2.79 (grade 1)
    r = compute("albi_grade", {"bilirubin_umol_l": 15.39, "albumin_g_l": 42})
    assert r.value == -2.79 and "grade 1" in r.interpretation
    # bilirubin 50, albumin 30: 0.66 x 1.69897 = 1.1213 - 2.55 = -1.43 -> grade 2
    assert "grade 2" in compute("albi_grade", {"bilirubin_umol_l": 50, "albumin_g_l": 30}).interpretation
    # bilirubin 100, albumin 25: 1.32 - 2.125 = -0.805 -> grade 3
    assert "grade 3" in compute("albi_grade", {"bilirubin_umol_l": 100, "albumin_g_l": 25}).interpretation
    a = {"name": "ALBI (Albumin-Bilirubin) Grade for Hepatocellular Carcinoma (HCC)", "inputs": [
        {"field": "Bilirubin", "value": "0.9 mg/dL"}, {"field": "Albumin", "value": "4.2 g/dL"}]}
    assert compute_official_answer(a) == -2.79


MI = {"tumor_count": 1, "largest_tumor_cm": 3.8, "extrahepatic_spread": False, "macrovascular_invasion": False}


@pytest.mark.parametrize("change,met", [
    ({}, True), ({"largest_tumor_cm": 5.0}, True), ({"largest_tumor_cm": 5.1}, False),
    ({"tumor_count": 3, "largest_tumor_cm": 3.0}, True), ({"tumor_count": 2, "largest_tumor_cm": 3.5}, False),
    ({"tumor_count": 4, "largest_tumor_cm": 2.0}, False), ({"extrahepatic_spread": True}, False),
    ({"macrovascular_invasion": True}, False),
])
def test_milan(change, met):
    assert compute("milan_criteria", {**MI, **change}).value == ("Criteria met" if met else "Criteria not met")


def test_milan_official_uses_text_not_points():
    a = {"name": "Milan Criteria for Liver Transplantation", "inputs": [
        {"field": "Single tumor with diameter ≤5 cm", "value": "Yes", "score": 1},
        {"field": "Up to 3 tumors each with diameter ≤3 cm", "value": "No", "score": 0},
        {"field": "Extra-hepatic involvement", "value": "No", "score": 1},
        {"field": "Major vessel involvement", "value": "No", "score": 1}]}
    assert compute_official_answer(a) == "Criteria met"


def test_errors():
    with pytest.raises(CalculatorInputError, match="plasma_creatinine"):
        compute("crcl_24h_urine", {"urine_creatinine": 95, "plasma_creatinine": 0, "urine_volume_ml": 1200})
    with pytest.raises(CalculatorInputError, match="desired_sodium"):
        compute("sodium_deficit", {"weight_kg": 60, "sex": "female", "age": 40, "sodium": 118})
