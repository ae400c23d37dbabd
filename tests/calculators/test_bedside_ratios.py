import pytest

from medmcp_calc.calculators import CalculatorInputError, compute


def test_shock_index_worked_example():
    # 110 / 95 = 1.1579 -> 1.2 (one decimal)
    r = compute("shock_index", {"heart_rate": 110, "sbp": 95})
    assert r.value == 1.2 and "markedly elevated" in r.interpretation


@pytest.mark.parametrize("hr,sbp,value,band", [
    (60, 120, 0.5, "normal"),          # 0.50 exactly: lower edge of normal
    (84, 120, 0.7, "normal"),          # 0.70 exactly: upper edge of normal
    (90, 120, 0.8, "elevated (>0.7)"),  # 0.75 -> 0.8
    (100, 100, 1.0, "markedly"),       # 1.0
    (50, 120, 0.4, "below"),           # 0.4167
])
def test_shock_index_bands(hr, sbp, value, band):
    r = compute("shock_index", {"heart_rate": hr, "sbp": sbp})
    assert r.value == value and band in r.interpretation


def test_shock_index_errors():
    with pytest.raises(CalculatorInputError, match="sbp"):
        compute("shock_index", {"heart_rate": 100})
    with pytest.raises(CalculatorInputError, match="heart_rate"):
        compute("shock_index", {"heart_rate": 500, "sbp": 100})


def test_cpp():
    # 85 - 18 = 67 mmHg
    r = compute("cerebral_perfusion_pressure", {"map": 85, "icp": 18})
    assert r.value == 67 and "60-70" in r.interpretation
    assert "low CPP" in compute("cerebral_perfusion_pressure", {"map": 70, "icp": 25}).interpretation  # 45
    assert "low CPP" not in compute("cerebral_perfusion_pressure", {"map": 80, "icp": 20}).interpretation  # 60 boundary
    with pytest.raises(CalculatorInputError, match="icp"):
        compute("cerebral_perfusion_pressure", {"map": 80})


def test_pf_ratio():
    # 54 / 0.60 = 90.0 -> severe
    r = compute("pf_ratio", {"pao2": 54, "fio2_pct": 60})
    assert r.value == 90.0 and "severe" in r.interpretation
    # 92 / 0.35 = 262.857 -> 262.9 mild
    assert compute("pf_ratio", {"pao2": 92, "fio2_pct": 35}).value == 262.9
    assert "moderate" in compute("pf_ratio", {"pao2": 100, "fio2_pct": 50}).interpretation  # 200 exactly
    assert "mild" in compute("pf_ratio", {"pao2": 63, "fio2_pct": 21}).interpretation  # 300 exactly
    with pytest.raises(CalculatorInputError, match="fio2_pct"):
        compute("pf_ratio", {"pao2": 80, "fio2_pct": 0.4})  # fractions are rejected with a clear range message


def test_sf_ratio_and_rox():
    # 90 / 0.70 = 128.57 -> 128.6
    assert compute("sf_ratio", {"spo2": 90, "fio2_pct": 70}).value == 128.6
    # ROX = (90/0.7)/34 = 3.7815 -> 3.78 high risk
    r = compute("rox_index", {"spo2": 90, "fio2_pct": 70, "resp_rate": 34})
    assert r.value == 3.78 and "high risk" in r.interpretation
    # (95/0.4)/20 = 11.875 -> 11.88 (half away from zero) low risk
    r = compute("rox_index", {"spo2": 95, "fio2_pct": 40, "resp_rate": 20})
    assert r.value == 11.88 and "low risk" in r.interpretation
    with pytest.raises(CalculatorInputError, match="resp_rate"):
        compute("rox_index", {"spo2": 95, "fio2_pct": 40})


def test_aa_gradient():
    # PAO2 = 0.60 x (760 - 47) - 48/0.8 = 427.8 - 60 = 367.8; gradient = 367.8 - 54 = 313.8
    r = compute("aa_gradient", {"pao2": 54, "fio2_pct": 60, "paco2": 48, "age": 58})
    assert r.value == 313.8
    assert r.details["expected_gradient_for_age_mmHg"] == 18.5  # 58/4 + 4
    assert "elevated" in r.interpretation
    # room air, normal: 0.21 x 713 = 149.73 - 40/0.8 = 99.73; - 95 = 4.73 -> 4.7
    assert compute("aa_gradient", {"pao2": 95, "fio2_pct": 21, "paco2": 40}).value == 4.7
    # altitude: Patm 630 -> 0.21 x 583 = 122.43 - 50 = 72.43 - 65 = 7.43 -> 7.4
    assert compute("aa_gradient", {"pao2": 65, "fio2_pct": 21, "paco2": 40, "patm": 630}).value == 7.4
    with pytest.raises(CalculatorInputError, match="paco2"):
        compute("aa_gradient", {"pao2": 95, "fio2_pct": 21})
