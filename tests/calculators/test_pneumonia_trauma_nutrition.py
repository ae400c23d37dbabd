import pytest

from medmcp_calc.calculators import CalculatorInputError, compute

SC = {"age": 40, "sbp": 120, "multilobar": False, "albumin": 4.0, "resp_rate": 18, "heart_rate": 80, "confusion": False,
      "pao2": 90, "ph": 7.40}


def test_smart_cop_worked_example():
    # age 58: SBP 86 (2) + multilobar (1) + albumin 2.8 (1) + RR 34 (1) + HR 128 (1) + confusion (1) + PaO2 58 (2) + pH 7.31 (2) = 11
    r = compute("smart_cop", {"age": 58, "sbp": 86, "multilobar": True, "albumin": 2.8, "resp_rate": 34, "heart_rate": 128,
                              "confusion": True, "pao2": 58, "ph": 7.31})
    assert r.value == 11 and "very high" in r.interpretation


@pytest.mark.parametrize("kw,points", [
    ({}, 0),
    ({"resp_rate": 25}, 1),                    # age <= 50: RR >= 25
    ({"age": 51, "resp_rate": 29}, 0),         # age > 50 needs >= 30
    ({"age": 51, "resp_rate": 30}, 1),
    ({"pao2": 69}, 2),                         # age <= 50: PaO2 < 70
    ({"age": 60, "pao2": 60}, 0),              # age > 50: PaO2 < 60 needed
    ({"pao2": None, "spo2": 93}, 2),           # SpO2 <= 93 (age <= 50)
    ({"age": 70, "pao2": None, "spo2": 91}, 0),
    ({"pf_ratio": 332, "pao2": None}, 2),
    ({"heart_rate": 125}, 1), ({"sbp": 89}, 2), ({"albumin": 3.4}, 1), ({"ph": 7.34}, 2),
])
def test_smart_cop_items(kw, points):
    assert compute("smart_cop", {**SC, **kw}).value == points


def test_smart_cop_needs_some_oxygenation():
    with pytest.raises(CalculatorInputError, match="pao2"):
        compute("smart_cop", {**SC, "pao2": None})


def test_iss():
    # worst AIS: critical 5, severe 4, serious 3 -> 25 + 16 + 9 = 50
    r = compute("injury_severity_score", {"head_neck": "serious", "face": "minor", "chest": "severe", "abdomen": "critical",
                                          "extremities": "serious", "external": "moderate"})
    assert r.value == 50 and "major trauma" in r.interpretation
    # unsurvivable anywhere -> 75
    assert compute("injury_severity_score", {"head_neck": "unsurvivable", "face": "none", "chest": "none", "abdomen": "none",
                                             "extremities": "none", "external": "minor"}).value == 75
    # 3,2,2 -> 9+4+4 = 17; 3,2,1 -> 14 (not major)
    assert compute("injury_severity_score", {"head_neck": "serious", "face": "moderate", "chest": "moderate", "abdomen": "none",
                                             "extremities": "none", "external": "none"}).value == 17
    r = compute("injury_severity_score", {"head_neck": "serious", "face": "moderate", "chest": "minor", "abdomen": "none",
                                          "extremities": "none", "external": "none"})
    assert r.value == 14 and "not major" in r.interpretation
    with pytest.raises(CalculatorInputError, match="chest"):
        compute("injury_severity_score", {"head_neck": "serious", "face": "moderate", "chest": "awful", "abdomen": "none",
                                          "extremities": "none", "external": "none"})


@pytest.mark.parametrize("bmi,loss,acute,total", [
    (22.2, 6.8, True, 3),     # 0 + 1 + 2
    (20.0, 0, False, 1),      # BMI 20 is in 18.5-20 -> 1
    (20.1, 4.9, False, 0),
    (18.4, 10.0, False, 3),   # 2 + 1 (10% is in 5-10)
    (25, 10.1, False, 2),
])
def test_must(bmi, loss, acute, total):
    assert compute("must", {"bmi": bmi, "weight_loss_pct": loss, "acute_disease_no_intake": acute}).value == total


def test_must_bands_and_errors():
    assert "high risk" in compute("must", {"bmi": 25, "weight_loss_pct": 11, "acute_disease_no_intake": False}).interpretation
    assert "medium" in compute("must", {"bmi": 19, "weight_loss_pct": 0, "acute_disease_no_intake": False}).interpretation
    with pytest.raises(CalculatorInputError, match="weight_loss_pct"):
        compute("must", {"bmi": 25, "acute_disease_no_intake": False})


def test_cfs():
    r = compute("clinical_frailty_scale", {"level": 5})
    assert r.value == 5 and "mild frailty" in r.interpretation and "frail" in r.interpretation
    assert "frail:" not in compute("clinical_frailty_scale", {"level": 4}).interpretation
    with pytest.raises(CalculatorInputError, match="level"):
        compute("clinical_frailty_scale", {"level": 0})
