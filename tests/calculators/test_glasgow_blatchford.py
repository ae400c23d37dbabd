import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer

ID = "glasgow_blatchford"
ZERO = {"bun_mg_dl": 10, "hemoglobin_g_dl": 14, "sex": "male", "sbp": 120, "heart_rate": 80, "melena": False,
        "syncope": False, "hepatic_disease": False, "cardiac_failure": False}


@pytest.mark.parametrize("bun,pts", [(18.1, 0), (18.2, 2), (22.3, 2), (22.4, 3), (27.9, 3), (28, 4), (69.9, 4), (70, 6)])
def test_bun_bands(bun, pts):
    assert compute(ID, {**ZERO, "bun_mg_dl": bun}).details["bun"] == pts


@pytest.mark.parametrize("sex,hb,pts", [("male", 13, 0), ("male", 12.9, 1), ("male", 12, 1), ("male", 11.9, 3),
                                        ("male", 10, 3), ("male", 9.9, 6), ("female", 12, 0), ("female", 11.9, 1),
                                        ("female", 10, 1), ("female", 9.9, 6)])
def test_hemoglobin_bands(sex, hb, pts):
    assert compute(ID, {**ZERO, "sex": sex, "hemoglobin_g_dl": hb}).details["hemoglobin"] == pts


@pytest.mark.parametrize("sbp,pts", [(110, 0), (109, 1), (100, 1), (99, 2), (90, 2), (89, 3)])
def test_sbp_bands(sbp, pts):
    assert compute(ID, {**ZERO, "sbp": sbp}).details["systolic_bp"] == pts


def test_zero_and_worked_example():
    r = compute(ID, ZERO)
    assert r.value == 0 and "very low" in r.interpretation
    # BUN 32 -> 4; Hb 9.2 -> 6; SBP 95 -> 2; HR >= 100 -> 1; melena 1; syncope 2 = 16
    a = {"name": "Glasgow-Blatchford Bleeding Score (GBS)", "inputs": [
        {"field": "Hemoglobin", "value": "9.2 g/dL"}, {"field": "BUN", "value": "32 mg/dL"},
        {"field": "Initial systolic BP", "value": "95 mm Hg"}, {"field": "Sex", "value": "Male"},
        {"field": "Heart rate ≥100", "value": "Yes", "score": 1}, {"field": "Melena present", "value": "Yes"},
        {"field": "Recent syncope", "value": "Yes"}, {"field": "Hepatic disease history", "value": "No"},
        {"field": "Cardiac failure present", "value": "No"}]}
    assert compute_official_answer(a) == 16


def test_medcalc_bench_urea_mmol():
    # 20 mmol/L x 2.8014 = 56.0 mg/dL -> 4; melena 1; hepatic disease 2 = 7
    e = {"Heart Rate or Pulse": [85.0, "beats per minute"], "Blood Urea Nitrogen (BUN)": [20.0, "mmol/L"],
         "sex": "Male", "Hemoglobin": [15.0, "g/dL"], "Melena present": True, "Systolic Blood Pressure": [128.0, "mm Hg"],
         "Hepatic disease history": True, "Recent syncope": False, "Cardiac failure present": False}
    assert compute_medcalc_bench(27, e) == 7


def test_errors():
    with pytest.raises(CalculatorInputError, match="sex"):
        compute(ID, {k: v for k, v in ZERO.items() if k != "sex"})
    with pytest.raises(CalculatorInputError, match="hemoglobin_g_dl"):
        compute(ID, {**ZERO, "hemoglobin_g_dl": 90})
