"""Name matching over the whole official list (483 names of calculator_frequency.tsv).

EXPECTED is curated by hand: an official name maps to our id when we implement
that calculator, and every other name must come back None (no false positives).
When a calculator gains an official name, add it here too.
"""
import csv

import pytest

from medmcp_calc.calculators import all_calculators, match_name
from medmcp_calc.calculators.matching import normalize

EXPECTED = {
    'HERDOO2 Rule for Discontinuing Anticoagulation in Unprovoked VTE': 'herdoo2',
    'Bova Score for Pulmonary Embolism Complications': 'bova_score',
    'Simplified PESI (Pulmonary Embolism Severity Index)': 'spesi',
    'DASH Prediction Score for Recurrent VTE': 'dash_score',
    'Hestia Criteria for Outpatient Pulmonary Embolism Treatment': 'hestia_criteria',
    'ISTH Criteria for Disseminated Intravascular Coagulation (DIC)': 'isth_dic',
    'Plasma Dosage': 'plasma_dosage',
    'Trauma Score and Injury Severity Score (TRISS)': 'triss',
    'Hemodynamics (Echo)': 'echo_hemodynamics',
    'IV Drip Rate Calculator': 'iv_drip_rate',
    'Urine Output and Fluid Balance': 'urine_output_rate',
    'Cryoprecipitate Dosing for Fibrinogen Replacement': 'cryoprecipitate_dosing',
    'Absolute Neutrophil Count (ANC)': 'absolute_neutrophil_count',
    'Serum Ascites Albumin Gradient (SAAG)': 'saag',
    'Pulmonary Resistance': 'pulmonary_vascular_resistance',
    'Cardiac Output (Fick’s Formula)': 'fick_cardiac_output',
    'Cardiac Power Output (CPO)': 'cardiac_power_output',
    'Revised Trauma Score': 'revised_trauma_score',
    'Oxygenation Index': 'oxygenation_index',
    "Winters' Formula for Metabolic Acidosis Compensation": 'winters_formula',
    'Radiation Biologically Effective Dose (BED) Calculator': 'radiation_bed',
    'Maximum Allowable Blood Loss (ABL) Without Transfusion': 'max_allowable_blood_loss',
    'Blood Volume Calculation': 'blood_volume_nadler',
    'Parkland Formula for Burns': 'parkland_formula',
    'Rule of Nines': 'rule_of_nines',
    'Ganzoni Equation for Iron Deficiency Anemia': 'ganzoni_iron_deficit',
    'Mentzer Index': 'mentzer_index',
    'Corrected Reticulocyte Percentage/Reticulocyte Production Index (RPI)': 'reticulocyte_production_index',
    "Maddrey's Discriminant Function for Alcoholic Hepatitis": 'maddrey_df',
    'Systemic Vascular Resistance': 'systemic_vascular_resistance',
    'Rapid Shallow Breathing Index (RSBI)': 'rsbi',
    'Pediatric Endotracheal Tube (ETT) Size': 'pediatric_ett_size',
    'Shock Index, Pediatric Age-Adjusted (SIPA)': 'sipa',
    'BUN Creatinine Ratio': 'bun_creatinine_ratio',
    'Opiate Conversion Calculator': 'opioid_conversion',
    'Recruitment to Inflation Ratio': 'recruitment_inflation_ratio',
    'Sequential Organ Failure Assessment (SOFA) Score': 'sofa',
    'SIRS, Sepsis, and Septic Shock Criteria': 'sirs_criteria',
    'Morphine Milligram Equivalents (MME) Calculator': 'morphine_milligram_equivalents',
    'Charlson Comorbidity Index (CCI)': 'charlson_comorbidity_index',
    'Caprini Score for Venous Thromboembolism (2005)': 'caprini_vte',
    'Arterial Blood Gas (ABG) Analyzer': 'abg_analyzer',
    'Shock Index': 'shock_index',
    'Emory Model (TIPSS)': 'emory_tips',
    'BMI Calculator (Body Mass Index and BSA)': 'bmi',
    'BMI and BSA (Mosteller)': 'bmi',
    'Serum Osmolality/Osmolarity': 'serum_osmolality',
    'Sodium Correction Rate in Hyponatremia and Hypernatremia': 'sodium_correction_rate',
    'Mean Arterial Pressure (MAP)': 'mean_arterial_pressure',
    'Kinetic Estimated Glomerular Filtration Rate (keGFR)': 'kegfr',
    'Free Water Deficit in Hypernatremia': 'free_water_deficit',
    'Sodium Correction for Hyperglycemia': 'sodium_correction_hyperglycemia',
    'Horowitz Index for Lung Function (P/F Ratio)': 'pf_ratio',
    'SpO₂/FiO₂ Ratio': 'sf_ratio',
    'Glasgow Coma Scale (GCS)': 'glasgow_coma_scale',
    'Cerebral Perfusion Pressure': 'cerebral_perfusion_pressure',
    'KDIGO AKI Staging': 'kdigo_aki',
    'Gestational Age': 'gestational_age',
    'Serum Anion Gap': 'anion_gap',
    'Eastern Cooperative Oncology Group (ECOG) Performance Status': 'ecog_performance_status',
    'Ideal Body Weight and Adjusted Body Weight': 'adjusted_body_weight',
    'Creatinine Clearance (Cockcroft-Gault Equation)': 'creatinine_clearance_cockcroft_gault',
    'Carboplatin AUC Dosing (Calvert)': 'carboplatin_calvert',
    'CKD-EPI Equations for Glomerular Filtration Rate (GFR)': 'ckd_epi_2021',
    'Berlin Criteria for Acute Respiratory Distress Syndrome': 'berlin_ards',
    'Bicarbonate Deficit': 'bicarbonate_deficit',
    'National Early Warning Score (NEWS) 2': 'news2',
    'VTE-BLEED Score': 'vte_bleed',
    'Fractional Excretion of Sodium (FENa)': 'fena',
    'Richmond Agitation-Sedation Scale (RASS)': 'rass',
    'Fractional Excretion of Urea (FEUrea)': 'feurea',
    'Sepsis-Induced Coagulopathy (SIC) Score': 'sic_score',
    'GCS-Pupils Score': 'gcs_pupils',
    'Body Surface Area Based Dosing': 'bsa_based_dosing',
    'Cancer and Aging Research Group Chemotherapy Toxicity Tool (CARG-TT)': 'carg_tt',
    'Glucose Infusion Rate (GIR)': 'glucose_infusion_rate',
    'Static Lung Compliance (Cstat) Calculation': 'static_compliance',
    'A-a O₂ Gradient': 'aa_gradient',
    'Endotracheal Tube (ETT) Depth and Tidal Volume Calculator': 'ett_depth_tidal_volume',
    'CSHA Clinical Frailty Scale (CFS)': 'clinical_frailty_scale',
    'G8 Geriatric Screening Tool': 'g8_geriatric_screening',
    'Neutrophil-Lymphocyte Ratio (NLR) Calculator': 'neutrophil_lymphocyte_ratio',
    'Malnutrition Universal Screening Tool (MUST)': 'must',
    'qSOFA (Quick SOFA) Score for Sepsis': 'qsofa',
    'SMART-COP Score for Pneumonia Severity': 'smart_cop',
    'HAS-BLED Score for Major Bleeding Risk': 'has_bled',
    'Age-Adjusted D-dimer for Venous Thromboembolism (VTE)': 'age_adjusted_d_dimer',
    'Injury Severity Score (ISS)': 'injury_severity_score',
    'Confusion Assessment Method for the ICU (CAM-ICU)': 'cam_icu',
    'Critical Care Pain Observation Tool (CPOT)': 'cpot',
    'CRRT Dosing Calculator': 'crrt_dosing',
    'Body Fluid Balance Calculator by Inputs and Outputs': 'body_fluid_balance',
    'ROX Index for Intubation after HFNC': 'rox_index',
    'MELD Na (UNOS/OPTN)': 'meld_na',
    'CLIF-C ACLF (Acute-on-Chronic Liver Failure)': 'clif_c_aclf',
    'Recognition of Stroke in the Emergency Room (ROSIER) Scale': 'rosier',
    'NIH Stroke Scale/Score (NIHSS)': 'nihss',
    'Transtubular Potassium Gradient (TTKG)': 'ttkg',
    'Glasgow-Blatchford Bleeding Score (GBS)': 'glasgow_blatchford',
    'PSI/PORT Score: Pneumonia Severity Index for CAP': 'psi_port',
    'CHA₂DS₂-VASc Score for Atrial Fibrillation Stroke Risk': 'cha2ds2_vasc',
    'PERC Rule for Pulmonary Embolism': 'perc_rule',
    'HEART Pathway for Early Discharge in Acute Chest Pain': 'heart_score',
    'National Early Warning Score (NEWS)': 'news',
    'MELDNa/MELD-Na Score for Liver Cirrhosis': 'meld_na',
    'Calcium Correction for Hypoalbuminemia and Hyperalbuminemia': 'calcium_correction_albumin',
    'Ideal Body Weight': 'ideal_body_weight',
    'Corrected QT Interval (QTc)': 'qtc',
    'Maintenance Fluids Calculations': 'maintenance_fluids',
    'Child-Pugh Score for Cirrhosis Mortality': 'child_pugh',
    "Wells' Criteria for Pulmonary Embolism": 'wells_pe',
    'Child-Pugh Score': 'child_pugh',
    'CURB-65 Score for Pneumonia Severity': 'curb_65',
    'FeverPAIN Score for Strep Pharyngitis': 'feverpain',
    'Centor Score (Modified/McIsaac) for Strep Pharyngitis': 'centor_mcisaac',
    'Revised Cardiac Risk Index for Pre-Operative Risk': 'rcri',
    'Child-Pugh Score for Cirrhosis': 'child_pugh',
    'QTc (Fridericia) Correction Calculator': 'qtc_fridericia',
    'HOMA-IR (Homeostatic Model Assessment for Insulin Resistance)': 'homa_ir',
    'LDL Calculated': 'ldl_friedewald',
    'AIMS65 Score for Upper GI Bleeding Mortality': 'aims65',
    'Rockall Score for Upper GI Bleeding (Pre-Endoscopy)': 'rockall_pre_endoscopy',
    'Rockall Score for Upper GI Bleeding (Complete)': 'rockall_complete',
    'Forrest Classification of Upper GI Bleeding': 'forrest_classification',
    'IMPROVE Bleeding Risk Score': 'improve_bleeding',
    'ATRIA Bleeding Risk Score': 'atria_bleeding',
    'ATRIA Stroke Risk Score': 'atria_stroke',
    'ORBIT Bleeding Risk Score for Atrial Fibrillation': 'orbit_bleeding',
    'CHA₂DS₂-VA Score for Atrial Fibrillation Stroke Risk': 'cha2ds2_va',
    'TIMI Risk Score for UA/NSTEMI': 'timi_ua_nstemi',
    'TIMI Risk Score for STEMI': 'timi_stemi',
    'PHQ-9 (Patient Health Questionnaire-9)': 'phq9',
    'GAD-7 (General Anxiety Disorder-7)': 'gad7',
    'CIWA-Ar for Alcohol Withdrawal': 'ciwa_ar',
    'COWS Score for Opiate Withdrawal': 'cows',
    'Pain Assessment in Advanced Dementia Scale (PAINAD)': 'painad',
    'Nonverbal Pain Scale (NVPS) for Nonverbal Patients': 'nvps',
    'Braden Score for Pressure Ulcers': 'braden_score',
    'Aldrete Score': 'aldrete_score',
    'APGAR Score': 'apgar_score',
    'BISAP Score for Pancreatitis Mortality': 'bisap',
    "Ranson's Criteria for Pancreatitis Mortality": 'ranson_criteria',
    'Bishop Score for Vaginal Delivery and Induction of Labor': 'bishop_score',
    'MASCC Risk Index for Febrile Neutropenia': 'mascc_index',
    'International Prognostic Index for Diffuse Large B-cell Lymphoma (IPI and R-IPI)': 'ipi_dlbcl',
    'Modified Glasgow Prognostic Score (mGPS) for Cancer Outcomes': 'mgps',
    'CRB-65 Score for Pneumonia Severity': 'crb_65',
    'Clinical Pulmonary Infection Score (CPIS) for Ventilator-Associated Pneumonia (VAP)': 'cpis',
    'Murray Score for Acute Lung Injury': 'murray_lung_injury',
    'Tisdale Risk Score for QT Prolongation': 'tisdale_qt_risk',
    'STOP-BANG Score for Obstructive Sleep Apnea': 'stop_bang',
    'ABCD² Score for TIA': 'abcd2',
    'Modified Fisher Grading Scale for Subarachnoid Hemorrhage (SAH)': 'modified_fisher',
    'Total Body Water (Watson Formula)': 'tbw_watson',
    'Basal Energy Expenditure': 'basal_energy_expenditure',
    'Nutritional Risk Index (NRI)': 'nutritional_risk_index',
    'Osteoporosis Index of Risk (OSIRIS)': 'osiris',
    'Exercise Capacity (METs)': 'exercise_capacity_mets',
    'CrCl from 24h Urine': 'crcl_24h_urine',
    'Urine Anion Gap': 'urine_anion_gap',
    'Sodium Deficit in Hyponatremia': 'sodium_deficit',
    'Estimated Average Glucose (eAG) From HbA1C': 'estimated_average_glucose',
    'ALBI (Albumin-Bilirubin) Grade for Hepatocellular Carcinoma (HCC)': 'albi_grade',
    'Milan Criteria for Liver Transplantation': 'milan_criteria',
    'Ejection Fraction (Simplified)': 'ejection_fraction_simplified',
    'Weight-based liquid medication dosing': 'weight_based_dosing',
    'Ankylosing Spondylitis Disease Activity Score with CRP (ASDAS-CRP)': 'asdas_crp',
    'Ankylosing Spondylitis Disease Activity Score with ESR (ASDAS-ESR)': 'asdas_esr',
    'BASDAI': 'basdai',
    '4 A’s Test for Delirium Screening': 'four_at',
    'Epworth Sleepiness Scale': 'epworth_sleepiness',
    'Patient Health Questionnaire-4 (PHQ-4)': 'phq4',
    'Who Five Well Being Index (WHO-5)': 'who5',
    'Modified SAD PERSONS Scale': 'modified_sad_persons',
    'Forrester HF Class': 'forrester_class',
    'Stevenson HF Class': 'stevenson_hf_class',
    'Killip Classification for Heart Failure': 'killip_class',
    'Apfel Score for Postoperative Nausea and Vomiting': 'apfel_ponv',
    'Modified Mallampati Classification': 'modified_mallampati',
    'Karnofsky Performance Status Scale': 'karnofsky_performance',
    'Naloxone Drip Dosing': 'naloxone_drip',
    'Tenecteplase (TNK) Dosing for Ischemic Stroke Calculator': 'tenecteplase_stroke',
    'MELD Score (Original, Pre-2016, Model for End-Stage Liver Disease)': 'meld_original',
    'Lille Model for Alcoholic Hepatitis': 'lille_model',
    'Glasgow Alcoholic Hepatitis Score': 'glasgow_alcoholic_hepatitis',
    'Alcohol Use Disorders Identification Test (AUDIT)': 'audit',
    'Alberta Stroke Program Early CT Score (ASPECTS)': 'aspects',
    'Field Assessment Stroke Triage for Emergency Destination (FAST-ED)': 'fast_ed',
    '4Ts Score for Heparin-Induced Thrombocytopenia': 'four_ts_hit',
    'LACE Index for Readmission': 'lace_index',
    'Barthel Index for Activities of Daily Living (ADL)': 'barthel_index',
    'Nutrition Risk Screening 2002 (NRS-2002)': 'nrs_2002',
}


@pytest.fixture(scope="module")
def official_names(shared_dir):
    path = shared_dir / "medmcp_calc_official" / "calculator_frequency.tsv"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    with open(path, encoding="utf-8") as fh:
        names = [r["calculator_name"] for r in csv.DictReader(fh, delimiter="\t")]
    assert len(names) == 483
    return names


def test_every_official_name_maps_as_curated(official_names):
    wrong = {}
    for n in official_names:
        got = match_name(n)
        if got != EXPECTED.get(n):
            wrong[n] = (got, EXPECTED.get(n))
    assert not wrong, "name -> (matched, expected): " + repr(wrong)


def test_curated_names_exist_in_the_official_list(official_names):
    missing = sorted(set(EXPECTED) - set(official_names))
    assert not missing, f"curated names that are not official names: {missing}"


def test_official_names_declared_by_calculators_agree(official_names):
    """Every calculator's official_names are exact official strings, and the curated list agrees."""
    listed = set(official_names)
    problems = []
    for c in all_calculators():
        for n in c.official_names:
            if n not in listed:
                problems.append(f"{c.id}: {n!r} is not an exact name of calculator_frequency.tsv")
            elif EXPECTED.get(n) != c.id:
                problems.append(f"{c.id}: {n!r} is curated as {EXPECTED.get(n)!r}")
    assert not problems, "\n".join(problems)


def test_curated_ids_exist():
    ids = {c.id for c in all_calculators()}
    assert not sorted(set(EXPECTED.values()) - ids)


@pytest.mark.parametrize("name,expected", [
    # near neighbours that are different calculators
    ("Ideal Body Weight", "ideal_body_weight"),
    ("Ideal Body Weight and Adjusted Body Weight", "adjusted_body_weight"),
    ("National Early Warning Score (NEWS)", "news"),
    ("National Early Warning Score (NEWS) 2", "news2"),
    ("NEWS", "news"),
    ("NEWS2", "news2"),
    ("Rockall Score for Upper GI Bleeding (Pre-Endoscopy)", "rockall_pre_endoscopy"),
    ("Rockall Score for Upper GI Bleeding (Complete)", "rockall_complete"),
    ("Rockall Score for Upper GI Bleeding", None),
    ("CHA₂DS₂-VA Score for Atrial Fibrillation Stroke Risk", "cha2ds2_va"),
    ("CHA₂DS₂-VASc Score for Atrial Fibrillation Stroke Risk", "cha2ds2_vasc"),
    ("CHA2DS2-VASc", "cha2ds2_vasc"),
    ("qSOFA", "qsofa"),
    ("Modified Sequential Organ Failure Assessment (mSOFA) Score", None),
    ("Shock Index, Pediatric Age-Adjusted (SIPA)", "sipa"),  # not shock_index
    ("Trauma Score and Injury Severity Score (TRISS)", "triss"),  # not the ISS
    ("Corrected Count Increment (CCI) for Platelet Transfusion", None),
    ("PCWP (Echo)", None),
    ("Hemodynamics (Echo)", "echo_hemodynamics"),
    ("Emergency Department-Initiated Buprenorphine for Opioid Use Disorder (EMBED)", None),
    ("Pediatric Glasgow Coma Scale (pGCS)", None),
    ("Pediatric Endotracheal Tube (ETT) Size", "pediatric_ett_size"),  # not adult ETT depth
])
def test_near_neighbours(name, expected):
    assert match_name(name) == expected


@pytest.mark.parametrize("name,expected", [
    ("shock index", "shock_index"),
    ("SHOCK-INDEX", "shock_index"),
    ("Shock Index Calculator", "shock_index"),
    ("Injury Severity Score", "injury_severity_score"),
    ("ISS", "injury_severity_score"),
    ("keGFR", "kegfr"),
    ("P/F ratio", "pf_ratio"),
    ("SpO2/FiO2 Ratio", "sf_ratio"),
    ("A-a O2 Gradient", "aa_gradient"),
    ("CAM-ICU", "cam_icu"),
    ("NIHSS", "nihss"),
    ("abg_analyzer", "abg_analyzer"),
])
def test_spelling_variants(name, expected):
    assert match_name(name) == expected


@pytest.mark.parametrize("name", ["", "   ", "Totally Unknown Score", "Score", "Calculator", "Index", None, 42])
def test_unknown_or_bad_names(name):
    assert match_name(name) is None


def test_normalize_handles_subscripts_and_accents():
    assert normalize("SpO₂/FiO₂") == "spo2 fio2"
    assert normalize("Adrogué–Madias") == "adrogue madias"


def test_no_two_calculators_claim_the_same_name():
    """An alias or official name shared by two calculators would be matched silently to one of them."""
    claims = {}
    for c in all_calculators():
        for n in {normalize(x) for x in (c.id, c.name, *c.aliases, *c.official_names)}:
            claims.setdefault(n, set()).add(c.id)
    shared = {k: sorted(v) for k, v in claims.items() if len(v) > 1}
    assert not shared, shared


def test_every_calculator_is_found_by_its_id_name_and_aliases():
    wrong = []
    for c in all_calculators():
        for n in (c.id, c.name, *c.aliases):
            if match_name(n) != c.id:
                wrong.append((c.id, n, match_name(n)))
    assert not wrong, wrong
