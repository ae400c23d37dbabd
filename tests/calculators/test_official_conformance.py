"""Conformance with the official MedMCP-Calc answers (tasks_dev.jsonl, third-party data).

Recomputes every calculator answer whose calculator we implement and whose inputs we can
read; asserts >= 95% agreement and that every disagreement has a documented cause.
"""
import subprocess
import sys

import pytest

from medmcp_calc.calculators import compute_official_answer
from medmcp_calc.calculators import conformance_official as co


@pytest.fixture(scope="module")
def rows(shared_dir):
    path = shared_dir / "medmcp_calc_official" / "tasks_dev.jsonl"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    return co.run(path)


def test_agreement_at_least_95_percent(rows):
    s = co.summary(rows)
    assert s["compared"] >= 150, s  # most implemented answers must be readable and compared
    assert s["agreement"] >= 0.95, s


def test_every_disagreement_has_a_known_cause(rows):
    unexplained = [(r.task_id, r.name, r.ours, r.gold) for r in rows if r.status == "disagree" and not r.detail]
    assert not unexplained, unexplained


def test_known_causes_still_apply(rows):
    """A documented gold error that we now 'agree' with (or that vanished) means the list is stale."""
    disagreeing = {(r.task_id, r.name, r.order) for r in rows if r.status == "disagree"}
    stale = sorted(set(co.KNOWN_CAUSES) - disagreeing)
    assert not stale, stale


# calculators built for the official tasks: every dev answer of theirs must be readable
OWN = {
    "Arterial Blood Gas (ABG) Analyzer", "Shock Index", "Emory Model (TIPSS)", "Kinetic Estimated Glomerular Filtration Rate (keGFR)",
    "Sodium Correction Rate in Hyponatremia and Hypernatremia", "Horowitz Index for Lung Function (P/F Ratio)",
    "SpO₂/FiO₂ Ratio", "Cerebral Perfusion Pressure", "KDIGO AKI Staging",
    "Eastern Cooperative Oncology Group (ECOG) Performance Status", "Carboplatin AUC Dosing (Calvert)",
    "Berlin Criteria for Acute Respiratory Distress Syndrome", "Bicarbonate Deficit", "National Early Warning Score (NEWS) 2",
    "National Early Warning Score (NEWS)", "VTE-BLEED Score", "Richmond Agitation-Sedation Scale (RASS)",
    "Fractional Excretion of Urea (FEUrea)", "Sepsis-Induced Coagulopathy (SIC) Score", "GCS-Pupils Score",
    "Body Surface Area Based Dosing", "Cancer and Aging Research Group Chemotherapy Toxicity Tool (CARG-TT)",
    "Glucose Infusion Rate (GIR)", "Static Lung Compliance (Cstat) Calculation", "A-a O₂ Gradient",
    "Endotracheal Tube (ETT) Depth and Tidal Volume Calculator", "CSHA Clinical Frailty Scale (CFS)",
    "G8 Geriatric Screening Tool", "Neutrophil-Lymphocyte Ratio (NLR) Calculator", "Malnutrition Universal Screening Tool (MUST)",
    "qSOFA (Quick SOFA) Score for Sepsis", "SMART-COP Score for Pneumonia Severity",
    "Age-Adjusted D-dimer for Venous Thromboembolism (VTE)", "Injury Severity Score (ISS)",
    "Confusion Assessment Method for the ICU (CAM-ICU)", "Critical Care Pain Observation Tool (CPOT)", "CRRT Dosing Calculator",
    "ROX Index for Intubation after HFNC", "CLIF-C ACLF (Acute-on-Chronic Liver Failure)",
    "Recognition of Stroke in the Emergency Room (ROSIER) Scale", "NIH Stroke Scale/Score (NIHSS)",
    "Transtubular Potassium Gradient (TTKG)", "Opiate Conversion Calculator", "Recruitment to Inflation Ratio",
    "Radiation Biologically Effective Dose (BED) Calculator", "Hemodynamics (Echo)", "Cardiac Output (Fick’s Formula)",
    "Cardiac Power Output (CPO)", "Systemic Vascular Resistance", "Pulmonary Resistance", "IV Drip Rate Calculator",
    "Urine Output and Fluid Balance", "Parkland Formula for Burns", "Rule of Nines", "Blood Volume Calculation",
    "Maximum Allowable Blood Loss (ABL) Without Transfusion", "Plasma Dosage", "Cryoprecipitate Dosing for Fibrinogen Replacement",
    "Ganzoni Equation for Iron Deficiency Anemia", "Serum Ascites Albumin Gradient (SAAG)", "Absolute Neutrophil Count (ANC)",
    "Mentzer Index", "Corrected Reticulocyte Percentage/Reticulocyte Production Index (RPI)", "BUN Creatinine Ratio",
    "Winters' Formula for Metabolic Acidosis Compensation", "Maddrey's Discriminant Function for Alcoholic Hepatitis",
    "Revised Trauma Score", "Trauma Score and Injury Severity Score (TRISS)", "Oxygenation Index",
    "Rapid Shallow Breathing Index (RSBI)", "Pediatric Endotracheal Tube (ETT) Size", "Shock Index, Pediatric Age-Adjusted (SIPA)",
    "Simplified PESI (Pulmonary Embolism Severity Index)", "Bova Score for Pulmonary Embolism Complications",
    "Hestia Criteria for Outpatient Pulmonary Embolism Treatment", "HERDOO2 Rule for Discontinuing Anticoagulation in Unprovoked VTE",
    "DASH Prediction Score for Recurrent VTE", "ISTH Criteria for Disseminated Intravascular Coagulation (DIC)",
}


def test_own_calculators_read_every_dev_answer(rows):
    bad = [(r.task_id, r.name, r.status, r.detail) for r in rows if r.name in OWN and r.status not in ("agree", "disagree")]
    assert not bad, bad
    assert {r.name for r in rows if r.name in OWN} == OWN  # every one of them occurs in the dev tasks


# ---------------------------------------------------------------- the comparison rules themselves
@pytest.mark.parametrize("ours,gold,tol,ok", [
    (4.7, 5, 0.0, True),                 # gold shows an integer: 4.7 rounds to 5
    (4.4, 5, 0.0, False),
    (1.08, 1, 0.0, True),
    (405.9, "405.9 mg", 0.0, True),      # unit text after the number
    (80.13, "80.13%", 0.0, True),
    (262.9, "262.9 mmHg", 0.0, True),
    (0.0, "0.0 mL/min", 0.0, True),
    (5.5, 4, 0.0, False),
    (97.0, 97, 0.0, True),
    (28.15, 28.1, 0.1, True),            # within tolerance
    (-2, -2, 0.0, True),
    ("Stage 2", "Stage 2", 0.0, True),
    ("Stage 1", "Stage 12", 0.0, False),
    ("CAM-ICU negative", "CAM-ICU Negative.", 0.0, True),
    ("Positive", "Negative", 0.0, False),
    ("Sepsis", "Sepsis. Follow your guidelines ...", 0.0, True),  # advice appended by the official tool
    (5, "Stage 5", 0.0, False),          # number vs category
    ("", "", 0.0, False),
])
def test_agrees(ours, gold, tol, ok):
    assert co.agrees(ours, gold, tol) is ok


def test_compute_official_answer_unknown_or_unreadable():
    assert compute_official_answer({"name": "Totally Unknown Calculator", "inputs": []}) is None
    assert compute_official_answer({"name": "Shock Index", "inputs": [{"field": "Heart Rate/Pulse", "value": "110"}]}) is None
    assert compute_official_answer({"name": "Shock Index", "inputs": [
        {"field": "Heart Rate/Pulse", "value": "110 beats/min"}, {"field": "Systolic BP", "value": "95 mm Hg"}]}) == 1.2


def test_report_command_writes_markdown(shared_dir, tmp_path):
    path = shared_dir / "medmcp_calc_official" / "tasks_dev.jsonl"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    out = tmp_path / "official.md"
    proc = subprocess.run([sys.executable, "-m", "medmcp_calc.calculators.conformance_official", "--out", str(out),
                           "--tasks", str(path)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    text = out.read_text(encoding="utf-8")
    assert "# Conformance with the official MedMCP-Calc task answers" in text
    assert "## Disagreements" in text and "agreement:" in text


def test_report_command_missing_data_is_a_clear_error(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "medmcp_calc.calculators.conformance_official", "--tasks",
                           str(tmp_path / "nope.jsonl")], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "not found" in proc.stderr
