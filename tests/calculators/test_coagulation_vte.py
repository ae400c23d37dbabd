import pytest

from medmcp_calc.calculators import CalculatorInputError, compute

NONE = {"active_cancer": False, "male_uncontrolled_hypertension": False, "anemia": False, "history_of_bleeding": False,
        "age_60_or_older": False, "renal_dysfunction": False}


def test_vte_bleed():
    assert compute("vte_bleed", NONE).value == 0
    # age 1.5 + male HTN 1 + anaemia 1.5 + renal 1.5 = 5.5
    r = compute("vte_bleed", {**NONE, "age_60_or_older": True, "male_uncontrolled_hypertension": True, "anemia": True,
                              "renal_dysfunction": True})
    assert r.value == 5.5 and "elevated" in r.interpretation
    assert "low" in compute("vte_bleed", {**NONE, "age_60_or_older": True}).interpretation      # 1.5
    assert "elevated" in compute("vte_bleed", {**NONE, "active_cancer": True}).interpretation    # 2 boundary
    assert compute("vte_bleed", {k: True for k in NONE}).value == 9.0  # 2+1+1.5+1.5+1.5+1.5
    with pytest.raises(CalculatorInputError, match="active_cancer"):
        compute("vte_bleed", {k: v for k, v in NONE.items() if k != "active_cancer"})


@pytest.mark.parametrize("plt,inr,sofa,total,sic", [
    (110, 1.6, 9, 5, True),    # 1 + 2 + 2
    (85, 1.6, 12, 6, True),    # 2 + 2 + 2
    (150, 1.2, 0, 0, False),   # all at the 0-point edges
    (149, 1.3, 1, 3, False),   # 1 + 1 + 1
    (99, 1.2, 2, 4, False),    # 2 + 0 + 2: total 4 but platelet+INR = 2 -> not SIC
    (99, 1.3, 2, 5, True),     # 2 + 1 + 2 with platelet+INR 3
])
def test_sic(plt, inr, sofa, total, sic):
    r = compute("sic_score", {"platelets": plt, "inr": inr, "sofa_four_items": sofa})
    assert r.value == total and r.details["sic_positive"] is sic
    assert ("SIC likely" in r.interpretation) is sic


def test_sic_errors():
    with pytest.raises(CalculatorInputError, match="sofa_four_items"):
        compute("sic_score", {"platelets": 100, "inr": 1.3, "sofa_four_items": 1.5})


def test_age_adjusted_d_dimer():
    # 56 x 10 = 560 FEU; measured 680 is above
    r = compute("age_adjusted_d_dimer", {"age": 56, "d_dimer": 680})
    assert r.value == 560 and "above" in r.interpretation
    assert compute("age_adjusted_d_dimer", {"age": 50}).value == 500          # <= 50: fixed 500
    assert compute("age_adjusted_d_dimer", {"age": 51}).value == 510
    assert compute("age_adjusted_d_dimer", {"age": 78, "units": "DDU"}).value == 390   # 78 x 5
    assert compute("age_adjusted_d_dimer", {"age": 40, "units": "DDU"}).value == 250
    assert "excluded" in compute("age_adjusted_d_dimer", {"age": 80, "d_dimer": 800}).interpretation  # at the cut-off
    with pytest.raises(CalculatorInputError, match="units"):
        compute("age_adjusted_d_dimer", {"age": 60, "units": "mg/L"})
