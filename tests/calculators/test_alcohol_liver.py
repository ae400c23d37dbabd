import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_official_answer, get


def test_meld_original_worked_example():
    # 3.78 ln 22 (11.684) + 11.2 ln 1.9 (7.189) + 9.57 ln 1.8 (5.625) + 6.43 = 30.93 -> 31
    r = compute("meld_original", {"bilirubin": 22, "inr": 1.9, "creatinine": 1.8, "dialysis_twice_last_week": False})
    assert r.value == 31 and "52.6%" in r.interpretation


def test_meld_floors_and_caps():
    # all values below 1 are set to 1: 6.43 -> 6
    low = compute("meld_original", {"bilirubin": 0.5, "inr": 0.9, "creatinine": 0.6, "dialysis_twice_last_week": False})
    assert low.value == 6 and low.details["creatinine_used"] == 1.0
    # creatinine 6 capped at 4; dialysis forces 4: 9.57 ln 4 = 13.267 + 6.43 = 19.70 -> 20
    for cr, dial in ((6.0, False), (1.0, True)):
        r = compute("meld_original", {"bilirubin": 1, "inr": 1, "creatinine": cr, "dialysis_twice_last_week": dial})
        assert r.value == 20 and r.details["creatinine_used"] == 4.0


def test_lille_worked_example():
    # bilirubin 22 -> 376.2, 16 -> 273.6 umol/L (delta 102.6); albumin 26 g/L; Cr 1.8 > 1.3 -> renal 1; PT 20.5
    # R = 3.19 - 5.252 + 3.822 + 1.6929 - 0.206 - 2.4453 - 0.1968 = 0.6048; exp(-R)/(1+exp(-R)) = 0.353
    r = compute("lille_model", {"age": 52, "albumin_g_dl": 2.6, "bilirubin_day0": 22, "bilirubin_day7": 16,
                                "creatinine": 1.8, "pt_seconds": 20.5})
    assert r.value == 0.353 and "response" in r.interpretation and r.details["renal_insufficiency"] == 1


def test_lille_non_responder():
    # older, bilirubin rising: R clearly negative -> Lille > 0.45
    r = compute("lille_model", {"age": 65, "albumin_g_dl": 2.2, "bilirubin_day0": 20, "bilirubin_day7": 24,
                                "creatinine": 2.0, "pt_seconds": 25})
    assert r.value > 0.45 and "non-response" in r.interpretation


def test_gahs():
    # age 52 -> 2; WBC 17.2 -> 2; BUN 24 mg/dL = 8.57 mmol/L urea -> 2; PT ratio 1.71 -> 2; bilirubin 376 umol/L -> 3
    r = compute("glasgow_alcoholic_hepatitis", {"age": 52, "wbc": 17.2, "bun": 24, "pt_ratio": 20.5 / 12,
                                                "bilirubin": 22})
    assert r.value == 11 and "poor prognosis" in r.interpretation
    r = compute("glasgow_alcoholic_hepatitis", {"age": 45, "wbc": 9, "bun": 10, "pt_ratio": 1.2, "bilirubin": 5})
    assert r.value == 5 and "better" in r.interpretation  # minimum
    # boundaries: PT ratio 2.0 -> 2, 2.01 -> 3; bilirubin 250 umol/L (14.62 mg/dL) -> 2
    assert compute("glasgow_alcoholic_hepatitis", {"age": 45, "wbc": 9, "bun": 10, "pt_ratio": 2.0,
                                                   "bilirubin": 5}).details["pt_ratio"] == 2
    assert compute("glasgow_alcoholic_hepatitis", {"age": 45, "wbc": 9, "bun": 10, "pt_ratio": 2.01,
                                                   "bilirubin": 5}).details["pt_ratio"] == 3


def test_audit():
    names = [i.name for i in get("audit").inputs]
    # 4+4+4+4+3+4+3+2+4+4 = 36
    r = compute("audit", dict(zip(names, (4, 4, 4, 4, 3, 4, 3, 2, 4, 4))))
    assert r.value == 36 and "dependence" in r.interpretation
    assert "low-risk" in compute("audit", {n: 0 for n in names}).interpretation
    assert "hazardous" in compute("audit", dict(zip(names, (2, 2, 2, 2, 0, 0, 0, 0, 0, 0)))).interpretation  # 8
    with pytest.raises(CalculatorInputError, match="injury"):
        compute("audit", {n: 0 for n in names} | {"injury": 1})  # items 9-10 take 0, 2 or 4


def test_audit_official_text():
    vals = ("Monthly or less", "3 or 4", "Less than monthly", "Never", "Never", "Never", "Less than monthly", "Never",
            "Yes, but not in the last year", "No")
    a = {"name": "Alcohol Use Disorders Identification Test (AUDIT)",
         "inputs": [{"field": f"Q{k + 1}", "value": v} for k, v in enumerate(vals)]}
    assert compute_official_answer(a) == 1 + 1 + 1 + 0 + 0 + 0 + 1 + 0 + 2 + 0
