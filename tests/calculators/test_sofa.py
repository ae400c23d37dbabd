import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer, match_name
from medmcp_calc.calculators.library.sofa import cardiovascular, cns, coagulation, liver, renal, respiration

NORMAL = {"pao2": 95, "fio2": 21, "platelets": 250, "bilirubin": 0.8, "creatinine": 0.9}


def test_normal_is_zero():
    # P/F 95/0.21 = 452 -> 0; everything else normal; GCS defaults to 15
    assert compute("sofa", NORMAL).value == 0


def test_worked_example():
    # P/F 90/0.41 = 219.5 (no ventilation) -> 2; dopamine 6.32 -> 3; GCS 10 -> 2; bilirubin 1.57 -> 1;
    # platelets 88.4 -> 2; creatinine 1.04 -> 0: total 10
    r = compute("sofa", {"pao2": 90, "fio2": 41, "platelets": 88.4, "gcs": 10, "bilirubin": 1.57, "creatinine": 1.04,
                         "dopamine": 6.32})
    assert r.value == 10 and r.details["organ_scores"]["cardiovascular"] == 3


@pytest.mark.parametrize("pf,vent,pts", [(400, False, 0), (399, False, 1), (299, False, 2), (150, False, 2), (150, True, 3),
                                         (99, True, 4), (99, False, 2)])
def test_respiration(pf, vent, pts):
    assert respiration(pf, 100, vent) == pts


def test_other_organs_boundaries():
    assert [coagulation(p) for p in (150, 149, 99, 49, 19)] == [0, 1, 2, 3, 4]
    assert [liver(b) for b in (1.1, 1.2, 2.0, 6.0, 12.0)] == [0, 1, 2, 3, 4]
    assert [cns(g) for g in (15, 14, 12, 9, 5)] == [0, 1, 2, 3, 4]
    assert [renal(c, None) for c in (1.1, 1.2, 2.0, 3.5, 5.0)] == [0, 1, 2, 3, 4]
    assert renal(1.0, 499) == 3 and renal(1.0, 199) == 4 and renal(1.0, 500) == 0
    assert cardiovascular(75, False, 0, 0, 0, 0) == 0
    assert cardiovascular(69, False, 0, 0, 0, 0) == 1
    assert cardiovascular(None, False, 5, 0, 0, 0) == 2
    assert cardiovascular(None, False, 0, 2, 0, 0) == 2
    assert cardiovascular(None, False, 0, 0, 0.1, 0) == 3
    assert cardiovascular(None, False, 0, 0, 0, 0.11) == 4
    assert cardiovascular(None, False, 15.1, 0, 0, 0) == 4


def test_medcalc_bench_units():
    # creatinine 150 umol/L = 1.70 mg/dL -> 1; platelets 200000/µL -> 0; P/F 80/0.5 = 160 unventilated -> 2;
    # GCS 9 -> 3; bilirubin 2.5 -> 2; norepinephrine 0.07 -> 3; total 11
    e = {"Urine Output": [700, "mL/day"], "DOPamine": [2.0, "mcg/kg/min"], "norEPINEPHrine": [0.07, "mcg/kg/min"],
         "Bilirubin": [2.5, "mg/dL"], "creatinine": [150.0, "µmol/L"], "Platelet count": [200000.0, "µL"],
         "Glasgow Coma Score": 9, "Partial pressure of oxygen (PaO₂) for Apache II": [80, "mm Hg"], "FiO₂": [50, "%"],
         "On mechanical ventilation": False}
    assert compute_medcalc_bench(43, e) == 11


def test_errors():
    with pytest.raises(CalculatorInputError, match="bilirubin"):
        compute("sofa", {k: v for k, v in NORMAL.items() if k != "bilirubin"})
    with pytest.raises(CalculatorInputError, match="fio2"):
        compute("sofa", {**NORMAL, "fio2": 10})


def test_official():
    inputs = [{"field": "PaO2_mmHg", "value": "65 mmHg (ABG on O2)"}, {"field": "FiO2_percent", "value": "32%"},
              {"field": "on_mechanical_ventilation_including_CPAP", "value": "No"},
              {"field": "platelets_x10^3_per_uL", "value": "135 x10^3/µL", "score": 1},
              {"field": "Glasgow_Coma_Scale_total", "value": "13", "score": 1},
              {"field": "bilirubin_mg_per_dL", "value": "2.6 mg/dL", "score": 2},
              {"field": "mean_arterial_pressure_mmHg", "value": "66 mmHg", "score": 1},
              {"field": "vasoactive_agents_administered", "value": "None"},
              {"field": "creatinine_mg_per_dL", "value": "2.1 mg/dL", "score": 2}]
    # P/F 65/0.32 = 203 -> 2; platelets 1; GCS 1; bilirubin 2; MAP 66 -> 1; creatinine 2 -> 9
    assert compute_official_answer({"name": "Sequential Organ Failure Assessment (SOFA) Score", "inputs": inputs}) == 9
    assert match_name("SOFA") == "sofa"
