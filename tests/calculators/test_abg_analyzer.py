import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, get


def abg(**kw):
    return compute("abg_analyzer", kw)


def test_anion_gap_acidosis_with_hidden_non_gap_acidosis():
    # AG = 140 - 110 - 10 = 20; albumin 3.0 -> corrected 20 + 2.5 x 1 = 22.5 (> 12: AG acidosis)
    # Winters: 1.5 x 10 + 8 = 23 +/- 2 -> PaCO2 24 appropriate
    # delta: corrected HCO3 = 10 + (22.5 - 12) = 20.5 < 22 -> additional non-gap acidosis
    r = abg(ph=7.20, paco2=24, hco3=10, sodium=140, chloride=110, albumin=3.0)
    assert r.value == ("Primary Metabolic Acidosis, with: Appropriately Compensated by Respiratory Alkalosis "
                       "and Additional Non-Gap Metabolic Acidosis")
    assert r.details["anion_gap"] == 20 and r.details["albumin_corrected_anion_gap"] == 22.5
    assert r.details["anion_gap_statement"] == "This is an Anion Gap Metabolic Acidosis."
    assert r.details["summary"] == ("Metabolic acidosis (anion gap) with appropriate respiratory compensation "
                                    "and additional non-gap metabolic acidosis")
    calc = get("abg_analyzer")
    assert calc.to_official(r).startswith("This is an Anion Gap Metabolic Acidosis.\nPrimary Metabolic Acidosis")


def test_anion_gap_acidosis_with_metabolic_alkalosis():
    # AG 140-104-16 = 20 -> corrected 22.5; Winters 1.5x16+8 = 32 (30-34) -> 33 appropriate
    # corrected HCO3 = 16 + 10.5 = 26.5 > 26 -> additional metabolic alkalosis
    r = abg(ph=7.31, paco2=33, hco3=16, sodium=140, chloride=104, albumin=3.0)
    assert r.value.endswith("and Additional Metabolic Alkalosis")


def test_metabolic_acidosis_compensation_windows():
    # HCO3 12: expected PaCO2 = 26 (24-28)
    assert "Appropriately Compensated" in abg(ph=7.25, paco2=28, hco3=12).value   # upper edge
    assert "Secondary Respiratory Acidosis" in abg(ph=7.20, paco2=29, hco3=12).value
    assert "Secondary Respiratory Alkalosis" in abg(ph=7.30, paco2=23, hco3=12).value


def test_non_gap_acidosis_statement():
    # AG = 140 - 115 - 15 = 10, no albumin -> not > 12
    r = abg(ph=7.28, paco2=31, hco3=15, sodium=140, chloride=115)
    assert r.details["anion_gap_statement"] == "This is a Non-Gap Metabolic Acidosis."


def test_acute_respiratory_acidosis():
    # expected HCO3 = 24 + 0.1 x 8 = 24.8 (23.8-25.8) -> 25 appropriate; AG not assessed (no metabolic acidosis)
    r = abg(ph=7.34, paco2=48, hco3=25, sodium=138, chloride=102, albumin=3.2)
    assert r.value == "Primary Respiratory Acidosis, Acute, with: Appropriately Compensated by Metabolic Alkalosis"
    assert r.details["anion_gap_statement"] == ""


def test_chronic_respiratory_acidosis():
    # chronic: 24 + 0.35 x 20 = 31 (30-32) -> 31 appropriate; acute would expect 26 -> secondary alkalosis
    assert abg(ph=7.35, paco2=60, hco3=31, chronicity="chronic").value.endswith("Appropriately Compensated by Metabolic Alkalosis")
    assert abg(ph=7.35, paco2=60, hco3=31).value.endswith("Secondary Metabolic Alkalosis")


def test_respiratory_alkalosis_secondary_metabolic_alkalosis():
    # pH 7.44 > 7.40 and PaCO2 37 < 40: acute respiratory alkalosis; expected HCO3 = 24 - 0.2 x 3 = 23.4 (22.4-24.4)
    # measured 25 is above -> secondary metabolic alkalosis
    r = abg(ph=7.44, paco2=37, hco3=25)
    assert r.value == "Primary Respiratory Alkalosis, Acute, with: Secondary Metabolic Alkalosis"
    assert r.details["summary"] == "Respiratory alkalosis with a secondary metabolic alkalosis"


def test_metabolic_alkalosis():
    # expected PaCO2 = 0.7 x 34 + 21 = 44.8 (42.8-46.8)
    assert abg(ph=7.50, paco2=45, hco3=34).value == "Primary Metabolic Alkalosis, with: Appropriately Compensated by Respiratory Acidosis"
    assert abg(ph=7.55, paco2=40, hco3=34).value.endswith("Secondary Respiratory Alkalosis")


def test_normal_and_inconsistent():
    assert abg(ph=7.40, paco2=40, hco3=24).value == "Normal acid-base status"
    with pytest.raises(CalculatorInputError, match="inconsistent"):
        abg(ph=7.20, paco2=35, hco3=26)  # acidaemia with neither acidosis


def test_abg_errors_name_inputs():
    with pytest.raises(CalculatorInputError, match="hco3"):
        compute("abg_analyzer", {"ph": 7.3, "paco2": 40})
    with pytest.raises(CalculatorInputError, match="chronicity"):
        abg(ph=7.3, paco2=50, hco3=24, chronicity="subacute")


def test_bicarbonate_deficit():
    # 0.4 x 81.65 kg x (24 - 10) = 457.2
    assert compute("bicarbonate_deficit", {"weight_kg": 81.65, "hco3": 10}).value == 457.2
    # target 22, factor 0.5: 0.5 x 70 x (22 - 12) = 350
    assert compute("bicarbonate_deficit", {"weight_kg": 70, "hco3": 12, "target_hco3": 22, "distribution_factor": 0.5}).value == 350
    assert "no deficit" in compute("bicarbonate_deficit", {"weight_kg": 70, "hco3": 26}).interpretation
    with pytest.raises(CalculatorInputError, match="weight_kg"):
        compute("bicarbonate_deficit", {"hco3": 10})
