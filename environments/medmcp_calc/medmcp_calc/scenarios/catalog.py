"""What a synthetic hospital records, and how: the nine tables' columns, the lab
catalogue (item names, units, SI alternatives, reference ranges, panels), vital-sign
columns, and the free-text phrases that carry history, exam, diagnosis and order facts.

Everything here is written for this project. Column names and order follow the
public MedMCP-Calc schema (facts, not prose), so official queries work unchanged.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# ----------------------------------------------------------------------------------------------
# The nine tables, official column order.
# ----------------------------------------------------------------------------------------------
COLUMNS: dict[str, tuple[str, ...]] = {
    "patient_information": (
        "medical_institution_code", "patient_id", "campus_name", "patient_name", "gender", "birth_date",
        "visit_card_no", "marriage_status", "ethnicity", "nationality", "abo_blood_type", "rh_blood_type",
        "source_system", "is_valid",
    ),
    "visit_inpatient": (
        "medical_institution_code", "patient_id", "visit_id", "visit_type", "campus_name", "inpatient_no",
        "visits_num", "patient_name", "gender", "patient_age", "patient_age_unit", "admission_time",
        "admission_way", "admission_dept_name", "admission_dept_code", "admission_ward_name",
        "admission_ward_code", "major_diagnosis", "bed_no", "current_dept_name", "current_dept_code",
        "current_ward_name", "current_ward_code", "discharge_dept_name", "discharge_dept_code",
        "discharge_ward_name", "discharge_ward_code", "discharge_time", "create_time", "update_time", "is_valid",
    ),
    "examination_report": (
        "medical_institution_code", "patient_id", "visit_id", "report_id", "campus_name", "visit_type",
        "patient_name", "gender", "patient_age", "patient_age_unit", "bed_no", "clinic_diag_name",
        "medical_history", "exam_type", "exam_item_name", "exam_site", "exam_method", "exam_tech",
        "report_name", "enhance_scan_flag", "is_anesthesia", "exam_time", "exam_abnormal_flag",
        "exam_findings", "exam_conclusion", "radiology_note", "intact_exam_report", "summary_note", "comment",
        "review_note", "application_no", "review_time", "report_time", "report_state", "create_time",
        "update_time", "is_valid",
    ),
    "laboratory_result": (
        "medical_institution_code", "patient_id", "visit_id", "report_id", "report_item_id", "campus_name",
        "visit_type", "test_report_name", "sort_no", "test_method", "test_item_name", "test_result", "unit",
        "sample_name", "normal_low", "normal_high", "reference_range", "abnormal_flag", "critical_low",
        "critical_high", "critical_flag", "absurd_low", "absurd_high", "report_time", "comment", "create_time",
        "update_time", "is_valid",
    ),
    "diagnostic_record": (
        "medical_institution_code", "campus_name", "patient_id", "visit_id", "report_id", "report_item_id",
        "diagnosis_class_name", "diagnosis_code", "diagnosis_seq", "diagnosis_name", "main_flag",
        "diagnosis_source", "diagnosis_time", "create_time", "update_time", "is_valid",
    ),
    "anethesia_record": (
        "medical_institution_code", "campus_name", "patient_id", "visit_id", "report_id", "visit_type", "height",
        "weight", "urine_volume", "blood_lossed", "asa_class_code", "surgical_position", "whether_fast",
        "preoperative_diagnosis", "propose_surgery_name", "intraoperative_surgical_name", "breath_type",
        "tracheal_intubation_type", "drug_before_anesthesia", "anesthesia_start_time", "anesthesia_end_time",
        "anesthesia_type", "anesthesia_real_duration", "go_after_operation", "create_time", "update_time",
        "is_valid",
    ),
    "admission_record": (
        "medical_institution_code", "patient_id", "visit_id", "report_id", "inpatient_no", "campus_name",
        "patient_name", "gender", "admission_time", "admission_dept_name", "admission_dept_code",
        "admission_ward_name", "admission_ward_code", "record_title", "document_content", "chief_complaints",
        "present_illness", "past_medical_history", "personal_history", "marital_obstetrical_history",
        "family_history", "physical_examination", "accessory_examination", "special_examination",
        "intact_physical_examination", "admission_diagnosis", "initial_diagnosis", "modified_diagnosis",
        "supplementary_diagnosis", "discharge_diagnosis", "record_time", "record_state_name", "creator_name",
        "create_time", "update_time", "is_valid",
    ),
    "order_inpatient": (
        "medical_institution_code", "patient_id", "visit_id", "report_id", "inpatient_no", "campus_name",
        "patient_name", "group_no", "group_seq", "order_class", "order_type", "drug_flag", "order_name",
        "specification", "dose_form", "unit_price", "quantity", "quantity_unit", "once_dose", "dose_unit",
        "frequency", "special_execution_time", "special_execution_dose", "usage", "procedure_name",
        "herbal_payments", "execution_dept", "skin_test", "urgent_flag", "is_discharge_medicine", "order_advice",
        "order_begin_time", "order_end_time", "dept_name", "dept_code", "ward_name", "ward_code",
        "submit_dept_name", "submit_dept_code", "submit_time", "body_site_name", "sample_name", "confirm_time",
        "cancel_time", "execution_time", "order_state_name", "create_time", "update_time", "is_valid",
    ),
    "vital_signs": (
        "medical_institution_code", "patient_id", "visit_id", "vs_id", "campus_name", "patient_name", "dept_name",
        "dept_code", "ward_name", "ward_code", "bed_no", "plan_time", "measure_time", "breathe", "pulse",
        "heart_rate", "temperature", "systolic_pressure", "diastolic_pressure", "height", "weight",
        "defecate_frequency", "urine_volume", "sputum_volume", "drainage_volume", "emesis_volume",
        "output_total_volume", "income_volume", "postoperative_days", "after_delivery_days", "days_in_hospital",
        "create_time", "update_time", "is_valid",
    ),
}
TABLE_NAMES: tuple[str, ...] = tuple(COLUMNS)
INSTITUTION = "HOSP-SYN"
CAMPUS = "Main Campus"


def col_index(table: str) -> dict[str, int]:
    return {c: i for i, c in enumerate(COLUMNS[table])}


def empty_row(table: str, **values: Any) -> tuple:
    idx = col_index(table)
    row: list[Any] = [None] * len(idx)
    for k, v in values.items():
        row[idx[k]] = v
    return tuple(row)


# ----------------------------------------------------------------------------------------------
# Laboratory catalogue
# ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class LabItem:
    key: str  # fact key used by scenarios
    name: str  # test_item_name as the lab system prints it
    panel: str  # test_report_name
    unit: str  # conventional unit (what facts are expressed in)
    decimals: int
    low: float | None  # reference range in `unit`
    high: float | None
    dist: tuple[float, float, float, float]  # distractor (mean, sd, min, max) in `unit`
    sample: str = "Serum"
    si_unit: str | None = None  # alternative unit some reports use
    si_decimals: int = 1
    analyte: str | None = None  # for unit conversion
    method: str = ""
    aliases: tuple[str, ...] = ()


def _L(key, name, panel, unit, dec, low, high, dist, **kw) -> LabItem:
    return LabItem(key, name, panel, unit, dec, low, high, dist, **kw)


BMP, CBC, LFT, ABG, COAG, LIPID, CARD, URINE, MISC = (
    "Basic metabolic panel", "Complete blood count", "Liver function panel", "Arterial blood gas",
    "Coagulation panel", "Lipid panel", "Cardiac markers", "Urine chemistry", "Chemistry, other",
)

LABS: tuple[LabItem, ...] = (
    _L("sodium", "Sodium", BMP, "mmol/L", 0, 135, 145, (139, 4, 118, 165), analyte="sodium", aliases=("na",)),
    _L("potassium", "Potassium", BMP, "mmol/L", 1, 3.5, 5.1, (4.2, 0.5, 2.5, 6.8), analyte="potassium", aliases=("k",)),
    _L("chloride", "Chloride", BMP, "mmol/L", 0, 98, 107, (103, 4, 85, 125), analyte="chloride", aliases=("cl",)),
    _L("bicarbonate", "Bicarbonate (total CO2)", BMP, "mmol/L", 0, 22, 29, (25, 3, 8, 40), analyte="bicarbonate",
       aliases=("hco3", "co2", "serum_bicarbonate", "bicarb")),
    _L("bun", "Urea nitrogen (BUN)", BMP, "mg/dL", 0, 7, 20, (16, 7, 3, 110), si_unit="mmol/L", si_decimals=1,
       analyte="bun", aliases=("blood_urea_nitrogen", "urea_nitrogen", "urea")),
    _L("creatinine", "Creatinine", BMP, "mg/dL", 2, 0.6, 1.2, (1.0, 0.35, 0.3, 8.0), si_unit="umol/L",
       si_decimals=0, analyte="creatinine", aliases=("scr", "serum_creatinine", "cr", "creat")),
    _L("glucose", "Glucose", BMP, "mg/dL", 0, 70, 99, (115, 35, 40, 600), si_unit="mmol/L", si_decimals=1,
       analyte="glucose", aliases=("blood_glucose", "serum_glucose", "glu")),
    _L("calcium", "Calcium, total", BMP, "mg/dL", 1, 8.6, 10.3, (9.2, 0.6, 6.0, 13.5), si_unit="mmol/L",
       si_decimals=2, analyte="calcium", aliases=("ca", "serum_calcium", "total_calcium")),
    _L("magnesium", "Magnesium", MISC, "mg/dL", 1, 1.7, 2.4, (2.0, 0.3, 0.8, 4.0), analyte="magnesium"),
    _L("phosphate", "Phosphate", MISC, "mg/dL", 1, 2.5, 4.5, (3.5, 0.8, 0.8, 9.0), analyte="phosphate",
       aliases=("phosphorus",)),
    _L("albumin", "Albumin", LFT, "g/dL", 1, 3.5, 5.0, (3.8, 0.5, 1.5, 5.4), si_unit="g/L", si_decimals=0,
       analyte="albumin", aliases=("serum_albumin", "alb")),
    _L("bilirubin", "Bilirubin, total", LFT, "mg/dL", 1, 0.2, 1.2, (0.8, 0.5, 0.1, 20), si_unit="umol/L",
       si_decimals=0, analyte="bilirubin", aliases=("total_bilirubin", "tbil", "bili")),
    _L("direct_bilirubin", "Bilirubin, direct", LFT, "mg/dL", 1, 0.0, 0.3, (0.2, 0.2, 0.0, 12)),
    _L("ast", "Aspartate aminotransferase (AST)", LFT, "U/L", 0, 10, 40, (30, 15, 8, 900), aliases=("sgot",)),
    _L("alt", "Alanine aminotransferase (ALT)", LFT, "U/L", 0, 7, 56, (28, 15, 5, 900), aliases=("sgpt",)),
    _L("alp", "Alkaline phosphatase", LFT, "U/L", 0, 44, 147, (90, 30, 20, 800), aliases=("alkaline_phosphatase",)),
    _L("ggt", "Gamma-glutamyl transferase", LFT, "U/L", 0, 9, 48, (35, 25, 5, 800)),
    _L("total_protein", "Protein, total", LFT, "g/dL", 1, 6.0, 8.3, (7.0, 0.6, 4.0, 10)),
    _L("wbc", "White blood cell count", CBC, "10^9/L", 1, 4.0, 11.0, (7.5, 2.5, 0.5, 40), sample="Whole blood",
       aliases=("white_blood_cells", "leukocytes", "white_count", "wbc_count")),
    _L("hemoglobin", "Hemoglobin", CBC, "g/dL", 1, 12.0, 17.5, (13.2, 1.8, 5.0, 19.0), sample="Whole blood",
       si_unit="g/L", si_decimals=0, analyte="hemoglobin", aliases=("hgb", "hb", "haemoglobin")),
    _L("hematocrit", "Hematocrit", CBC, "%", 1, 36, 50, (40, 5, 15, 58), sample="Whole blood",
       aliases=("hct", "haematocrit")),
    _L("platelets", "Platelet count", CBC, "10^9/L", 0, 150, 400, (250, 70, 10, 800), sample="Whole blood",
       aliases=("platelet_count", "plt", "platelet")),
    _L("rbc", "Red blood cell count", CBC, "10^12/L", 2, 4.2, 5.9, (4.6, 0.6, 2.0, 6.5), sample="Whole blood",
       aliases=("red_blood_cells", "rbc_count")),
    _L("neutrophils", "Neutrophils, absolute", CBC, "10^9/L", 2, 1.8, 7.7, (4.8, 2.0, 0.1, 30), sample="Whole blood",
       aliases=("anc", "absolute_neutrophil_count")),
    _L("lymphocytes", "Lymphocytes, absolute", CBC, "10^9/L", 2, 1.0, 4.8, (1.9, 0.7, 0.1, 8), sample="Whole blood",
       aliases=("alc", "absolute_lymphocyte_count")),
    _L("bands", "Band neutrophils", CBC, "%", 0, 0, 5, (2, 2, 0, 25), sample="Whole blood", aliases=("band_forms",)),
    _L("mcv", "Mean corpuscular volume", CBC, "fL", 0, 80, 100, (90, 6, 60, 120), sample="Whole blood"),
    _L("inr", "INR", COAG, "", 2, 0.8, 1.2, (1.1, 0.25, 0.8, 6), sample="Citrated plasma",
       aliases=("international_normalized_ratio",)),
    _L("pt", "Prothrombin time", COAG, "s", 1, 11, 13.5, (12.5, 1.5, 9, 60), sample="Citrated plasma",
       aliases=("prothrombin_time",)),
    _L("aptt", "Activated partial thromboplastin time", COAG, "s", 1, 25, 35, (30, 4, 20, 120), sample="Citrated plasma"),
    _L("fibrinogen", "Fibrinogen", COAG, "mg/dL", 0, 200, 400, (320, 80, 60, 900), sample="Citrated plasma"),
    _L("d_dimer", "D-dimer", COAG, "mg/L FEU", 2, 0, 0.5, (0.6, 0.6, 0.1, 20), sample="Citrated plasma"),
    _L("ph", "pH", ABG, "", 2, 7.35, 7.45, (7.40, 0.05, 6.9, 7.7), sample="Arterial blood", aliases=("arterial_ph",)),
    _L("pao2", "pO2", ABG, "mmHg", 0, 80, 100, (88, 15, 40, 400), sample="Arterial blood", si_unit="kPa",
       si_decimals=1, aliases=("po2", "partial_pressure_of_oxygen", "arterial_oxygen")),
    _L("paco2", "pCO2", ABG, "mmHg", 0, 35, 45, (40, 6, 15, 100), sample="Arterial blood", si_unit="kPa",
       si_decimals=1, aliases=("pco2",)),
    _L("abg_hco3", "HCO3- (calculated)", ABG, "mmol/L", 0, 22, 26, (24, 3, 8, 40), sample="Arterial blood"),
    _L("base_excess", "Base excess", ABG, "mmol/L", 1, -2, 2, (0, 3, -20, 15), sample="Arterial blood"),
    _L("fio2", "FiO2", ABG, "%", 0, None, None, (30, 15, 21, 100), sample="Arterial blood",
       aliases=("fraction_inspired_oxygen", "fio2_percent", "fio2_pct")),
    _L("sao2", "O2 saturation (arterial)", ABG, "%", 0, 95, 100, (96, 2, 70, 100), sample="Arterial blood"),
    _L("spo2", "SpO2 (pulse oximetry)", "Bedside monitoring", "%", 0, 95, 100, (96, 2, 75, 100),
       sample="Peripheral capillary", aliases=("oxygen_saturation", "o2_sat", "sat", "spo2_pct")),
    _L("lactate", "Lactate", ABG, "mmol/L", 1, 0.5, 2.0, (1.4, 0.8, 0.3, 15), sample="Arterial blood",
       analyte="lactate", aliases=("lactic_acid",)),
    _L("troponin", "Troponin I, high-sensitivity", CARD, "ng/L", 0, 0, 34, (8, 10, 0, 5000), sample="Plasma"),
    _L("bnp", "NT-proBNP", CARD, "pg/mL", 0, 0, 125, (200, 300, 5, 30000), sample="Plasma"),
    _L("ck", "Creatine kinase", CARD, "U/L", 0, 30, 200, (110, 60, 20, 5000)),
    _L("crp", "C-reactive protein", MISC, "mg/L", 1, 0, 5, (8, 15, 0.2, 300)),
    _L("procalcitonin", "Procalcitonin", MISC, "ng/mL", 2, 0, 0.5, (0.2, 0.4, 0.02, 50), sample="Plasma"),
    _L("lipase", "Lipase", MISC, "U/L", 0, 13, 60, (35, 20, 5, 3000)),
    _L("ldh", "Lactate dehydrogenase", MISC, "U/L", 0, 140, 280, (200, 60, 80, 2000)),
    _L("uric_acid", "Uric acid", MISC, "mg/dL", 1, 3.5, 7.2, (5.5, 1.4, 1.5, 14), analyte="uric_acid"),
    _L("ammonia", "Ammonia", MISC, "umol/L", 0, 11, 32, (25, 10, 5, 250), sample="Plasma"),
    _L("osmolality", "Osmolality, measured", MISC, "mOsm/kg", 0, 275, 295, (288, 8, 240, 360),
       aliases=("measured_osmolality", "serum_osmolality")),
    _L("tsh", "TSH", MISC, "mIU/L", 2, 0.4, 4.0, (1.8, 1.0, 0.01, 30)),
    _L("hba1c", "Hemoglobin A1c", MISC, "%", 1, 4.0, 5.6, (6.0, 1.0, 4.0, 14), sample="Whole blood"),
    _L("total_cholesterol", "Cholesterol, total", LIPID, "mg/dL", 0, 0, 200, (190, 35, 90, 350),
       si_unit="mmol/L", si_decimals=2, analyte="cholesterol", aliases=("cholesterol", "tc")),
    _L("hdl", "HDL cholesterol", LIPID, "mg/dL", 0, 40, None, (50, 12, 20, 110), si_unit="mmol/L", si_decimals=2,
       analyte="hdl", aliases=("hdl_cholesterol", "hdl_c")),
    _L("ldl", "LDL cholesterol (calculated)", LIPID, "mg/dL", 0, 0, 100, (115, 30, 30, 250)),
    _L("triglycerides", "Triglycerides", LIPID, "mg/dL", 0, 0, 150, (140, 60, 30, 900), si_unit="mmol/L",
       si_decimals=2, analyte="triglycerides", aliases=("tg", "trig")),
    _L("urine_sodium", "Sodium, urine", URINE, "mmol/L", 0, None, None, (60, 30, 5, 200), sample="Urine (spot)"),
    _L("urine_creatinine", "Creatinine, urine", URINE, "mg/dL", 0, None, None, (100, 50, 10, 300),
       sample="Urine (spot)"),
    _L("urine_osm", "Osmolality, urine", URINE, "mOsm/kg", 0, 50, 1200, (450, 200, 60, 1100), sample="Urine (spot)"),
    _L("ethanol", "Ethanol", MISC, "mg/dL", 0, None, None, (5, 20, 0, 400), analyte="ethanol", sample="Serum"),
    _L("insulin", "Insulin, fasting", MISC, "uIU/mL", 1, 2.6, 24.9, (10, 6, 1, 80), aliases=("fasting_insulin",)),
    _L("urine_potassium", "Potassium, urine", URINE, "mmol/L", 0, None, None, (40, 20, 5, 150), sample="Urine (spot)"),
    _L("urine_urea", "Urea nitrogen, urine", URINE, "mg/dL", 0, None, None, (600, 250, 50, 1500), sample="Urine (spot)"),
    _L("urine_creatinine_24h", "Creatinine, 24-hour urine", "Urine, 24-hour collection", "mg/dL", 0, None, None,
       (80, 30, 10, 250), sample="Urine (24 h)"),
    _L("urine_volume_24h", "Urine volume, 24-hour collection", "Urine, 24-hour collection", "mL", 0, 800, 2000,
       (1500, 500, 300, 4000), sample="Urine (24 h)"),
    _L("reticulocytes", "Reticulocytes", MISC, "%", 1, 0.5, 2.5, (1.2, 0.6, 0.1, 12), sample="Whole blood",
       aliases=("retic", "retic_pct", "reticulocyte_percent")),
    _L("iron", "Iron", MISC, "ug/dL", 0, 60, 170, (90, 35, 10, 250)),
    _L("ferritin", "Ferritin", MISC, "ng/mL", 0, 24, 336, (150, 120, 5, 2000)),
)
LAB_BY_KEY: dict[str, LabItem] = {l.key: l for l in LABS}
# Which items a panel draw reports together (for background rows).
PANELS: dict[str, tuple[str, ...]] = {}
for _l in LABS:
    PANELS.setdefault(_l.panel, ())
    PANELS[_l.panel] = PANELS[_l.panel] + (_l.key,)
DISPLAY_UNIT = {"umol/L": "µmol/L", "10^9/L": "10^9/L", "": ""}


def display_unit(u: str) -> str:
    return DISPLAY_UNIT.get(u, u)


def fmt_num(x: float, decimals: int) -> str:
    if decimals <= 0:
        return str(int(round(x)))
    return f"{x:.{decimals}f}"


# ----------------------------------------------------------------------------------------------
# Vital signs: fact key -> (vital_signs column, decimals, unit)
# ----------------------------------------------------------------------------------------------
VITALS: dict[str, tuple[str, int, str]] = {
    "resp_rate": ("breathe", 0, "/min"),
    "heart_rate": ("heart_rate", 0, "/min"),
    "temperature": ("temperature", 1, "C"),
    "sbp": ("systolic_pressure", 0, "mmHg"),
    "dbp": ("diastolic_pressure", 0, "mmHg"),
    "height": ("height", 0, "cm"),
    "weight": ("weight", 1, "kg"),
    "urine_output": ("urine_volume", 0, "mL"),
}
# Anaesthesia record facts: fact key -> (anethesia_record column, decimals, unit)
ANESTH: dict[str, tuple[str, int, str]] = {
    "blood_loss": ("blood_lossed", 0, "mL"),
    "or_urine_volume": ("urine_volume", 0, "mL"),
    "anesthesia_hours": ("anesthesia_real_duration", 1, "h"),
}

VITAL_ALIASES: dict[str, tuple[str, ...]] = {
    "resp_rate": ("respiratory_rate", "rr", "breathe", "respiration_rate", "resp"),
    "heart_rate": ("hr", "pulse", "heart_rate_bpm"),
    "temperature": ("temp", "body_temperature", "temperature_c"),
    "sbp": ("systolic_bp", "systolic", "systolic_pressure", "systolic_blood_pressure"),
    "dbp": ("diastolic_bp", "diastolic", "diastolic_pressure", "diastolic_blood_pressure"),
    "height": ("height_cm", "body_height"),
    "weight": ("weight_kg", "body_weight", "actual_weight", "actual_body_weight", "abw", "tbw", "total_body_weight"),
    "urine_output": ("urine_output_ml", "urine_volume"),
}


# ----------------------------------------------------------------------------------------------
# Free-text facts: how a boolean or categorical fact is written down.
# ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TextFact:
    key: str
    table: str  # admission_record / examination_report / diagnostic_record / order_inpatient
    column: str  # the text column that carries the phrase
    phrases: dict[Any, str]  # fact value -> phrase written in the record
    aliases: tuple[str, ...] = ()
    diagnosis_code: str = ""  # for diagnostic_record facts (ICD-10 when true)
    extra: dict[str, Any] = field(default_factory=dict)


def _hx(key: str, yes: str, no: str, *aliases: str) -> TextFact:
    return TextFact(key, "admission_record", "past_medical_history", {True: yes, False: no}, aliases)


def _px(key: str, yes: str, no: str, *aliases: str) -> TextFact:
    return TextFact(key, "admission_record", "personal_history", {True: yes, False: no}, aliases)


def _ex(key: str, phrases: dict, *aliases: str) -> TextFact:
    return TextFact(key, "admission_record", "physical_examination", phrases, aliases)


def _pi(key: str, phrases: dict, *aliases: str) -> TextFact:
    return TextFact(key, "admission_record", "present_illness", phrases, aliases)


TEXT_FACTS: tuple[TextFact, ...] = (
    _hx("chf", "Chronic heart failure with reduced ejection fraction, on follow-up in cardiology clinic.",
        "No known heart failure.", "congestive_heart_failure", "heart_failure", "chf_history"),
    _hx("hypertension", "Essential hypertension for many years, treated with an ACE inhibitor.",
        "No history of hypertension.", "htn", "hypertension_history"),
    _hx("diabetes", "Type 2 diabetes mellitus managed with oral agents.", "No diabetes mellitus.",
        "diabetes_mellitus", "dm"),
    _hx("stroke_tia", "Prior ischaemic stroke with good functional recovery.",
        "No previous stroke, TIA or systemic embolism.", "stroke", "prior_stroke", "stroke_tia_thromboembolism",
        "stroke_or_tia"),
    _hx("vascular_disease", "Coronary artery disease with a previous myocardial infarction and stenting.",
        "No known coronary or peripheral arterial disease.", "vascular", "vascular_disease_history"),
    _hx("liver_disease", "Alcohol-related cirrhosis, followed by hepatology.", "No chronic liver disease.",
        "abnormal_liver_function", "liver", "cirrhosis"),
    _hx("renal_disease", "Chronic kidney disease with a kidney transplant evaluation in the past.",
        "No chronic kidney disease or dialysis.", "abnormal_renal_function", "renal"),
    _hx("bleeding_history", "Previous major gastrointestinal bleed requiring transfusion.",
        "No prior major bleeding.", "bleeding", "prior_bleeding", "major_bleeding_history"),
    _hx("labile_inr", "On warfarin with labile INRs (time in therapeutic range under 60%).",
        "Not on a vitamin K antagonist.", "labile_inrs", "labile"),
    _hx("cancer", "Active malignancy under treatment in the last six months.", "No active malignancy.",
        "malignancy", "active_cancer"),
    _hx("prior_dvt_pe", "Previous deep vein thrombosis of the left leg.", "No prior venous thromboembolism.",
        "previous_dvt_pe", "prior_vte", "history_dvt_pe"),
    _hx("copd", "COPD with two exacerbations last year.", "No chronic lung disease.", "chronic_lung_disease"),
    _hx("dementia", "Mild dementia, lives with family support.", "No cognitive impairment.", "cognitive_impairment"),
    _px("alcohol", "Drinks at least eight units of alcohol per week.", "Drinks alcohol rarely.",
        "alcohol_use", "alcohol_or_drug_use", "alcohol_drugs"),
    _px("smoker", "Current smoker, about one pack per day.", "Never smoker.", "smoking", "current_smoker"),
    _hx("antiplatelet_nsaid", "Takes daily aspirin and ibuprofen as needed for knee pain.",
        "Takes no antiplatelet agents or NSAIDs.", "drugs", "medication_predisposing_bleeding", "nsaid"),
    _hx("recent_surgery", "Hip replacement surgery three weeks ago.", "No surgery or immobilisation in the past month.",
        "surgery_or_immobilization", "recent_surgery_immobilization", "immobilization"),
    _ex("dvt_signs", {True: "Left calf swollen and tender along the deep veins.", False: "Calves soft, non-tender, no swelling."},
        "clinical_signs_dvt", "dvt_symptoms", "signs_of_dvt"),
    _pi("pe_likely", {True: "The team considers pulmonary embolism the leading diagnosis.",
                      False: "An alternative diagnosis is considered more likely than pulmonary embolism."},
        "pe_most_likely", "pe_is_most_likely_diagnosis", "alternative_less_likely"),
    _ex("hemoptysis", {True: "Small-volume haemoptysis reported.", False: "No haemoptysis."}),
    _ex("confusion", {True: "Newly confused, disoriented to time and place.", False: "Alert and oriented, no confusion."},
        "altered_mentation", "new_confusion", "altered_mental_status"),
    _ex("ascites", {"none": "No ascites on examination.", "mild": "Mild ascites on examination.",
                    "moderate": "Moderate to severe tense ascites."}, "ascites_grade"),
    _ex("encephalopathy", {"none": "No asterixis, no encephalopathy.", "grade1-2": "Grade 1-2 hepatic encephalopathy with asterixis.",
                           "grade3-4": "Grade 3-4 hepatic encephalopathy, somnolent."}, "hepatic_encephalopathy"),
    _ex("gcs_eye", {4: "Eyes open spontaneously.", 3: "Eyes open to voice.", 2: "Eyes open only to pain.",
                    1: "No eye opening."}, "eye", "eye_response", "eye_opening"),
    _ex("gcs_verbal", {5: "Oriented speech.", 4: "Confused conversation.", 3: "Inappropriate words.",
                       2: "Incomprehensible sounds.", 1: "No verbal response."}, "verbal", "verbal_response"),
    _ex("gcs_motor", {6: "Obeys commands.", 5: "Localises to pain.", 4: "Withdraws from pain.",
                      3: "Abnormal flexion to pain.", 2: "Extension to pain.", 1: "No motor response."},
        "motor", "motor_response"),
    _ex("supplemental_o2", {True: "Receiving supplemental oxygen.", False: "Breathing room air."},
        "on_oxygen", "oxygen_therapy", "supplemental_oxygen"),
)
TEXT_BY_KEY: dict[str, TextFact] = {t.key: t for t in TEXT_FACTS}


def add_text_fact(tf: TextFact) -> TextFact:
    """Register a text fact from a scenario module (idempotent for the same definition)."""
    old = TEXT_BY_KEY.get(tf.key)
    if old is not None and old != tf:
        raise ValueError(f"text fact {tf.key!r} already defined differently")
    TEXT_BY_KEY[tf.key] = tf
    return tf


def yes_no(key: str, column: str, yes: str, no: str, table: str = "admission_record") -> TextFact:
    return add_text_fact(TextFact(key, table, column, {True: yes, False: no}))


@dataclass(frozen=True)
class NumText:
    """A number (or date) written inside a sentence: an ECG interval, an ICP reading, an LMP date."""

    key: str
    table: str  # examination_report | admission_record
    column: str
    template: str  # contains {v}
    unit: str | None = None
    decimals: int = 0
    kind: str = "number"  # number | date
    exam_item: str = ""  # examination_report.exam_item_name
    exam_type: str = ""


NUM_TEXT: dict[str, NumText] = {}


def add_num_text(nt: NumText) -> NumText:
    old = NUM_TEXT.get(nt.key)
    if old is not None and old != nt:
        raise ValueError(f"numeric text fact {nt.key!r} already defined differently")
    NUM_TEXT[nt.key] = nt
    return nt


add_num_text(NumText("qt_interval", "examination_report", "exam_findings",
                     "Sinus rhythm. PR and QRS durations normal. Measured QT interval {v} ms.", "ms", 0,
                     exam_item="12-lead electrocardiogram", exam_type="ECG"))
add_num_text(NumText("icp", "examination_report", "exam_findings",
                     "External ventricular drain transduced; opening intracranial pressure {v} mmHg.", "mmHg", 0,
                     exam_item="Intracranial pressure monitoring", exam_type="Neuromonitoring"))
add_num_text(NumText("lmp", "admission_record", "marital_obstetrical_history",
                     "G2P1. Regular menstrual cycles; last menstrual period began on {v}.", None, 0, kind="date"))
add_num_text(NumText("cycle_length", "admission_record", "marital_obstetrical_history",
                     "Cycle length about {v} days.", "days", 0))


def fact_aliases() -> dict[str, str]:
    """normalised alias -> fact key (labs, vitals, text facts, demographics)."""
    out: dict[str, str] = {}
    for l in LABS:
        for a in (l.key, *l.aliases):
            out.setdefault(norm(a), l.key)
        out.setdefault(norm(l.name), l.key)
    for k, al in VITAL_ALIASES.items():
        for a in (k, *al):
            out.setdefault(norm(a), k)
    for t in TEXT_BY_KEY.values():
        for a in (t.key, *t.aliases):
            out.setdefault(norm(a), t.key)
    for k in NUM_TEXT:
        out.setdefault(norm(k), k)
    for k, al in {"age": ("age_years", "patient_age"), "sex": ("gender", "is_female", "female")}.items():
        for a in (k, *al):
            out.setdefault(norm(a), k)
    return out


_UNIT_TOKENS = {
    "kg", "cm", "mg", "dl", "mmol", "l", "umol", "g", "per", "min", "ml", "mmhg", "pct", "percent", "years",
    "yr", "bpm", "c", "f", "hr", "h", "u", "iu", "ul", "ng", "pg", "mgdl", "mmoll", "umoll", "gdl", "gl",
    "k", "x10", "10", "9", "meq", "kpa", "value", "level", "serum", "plasma", "blood", "m2",
}


def norm(name: str) -> str:
    import re

    s = re.sub(r"[^a-z0-9]+", "_", str(name).lower()).strip("_")
    toks = [t for t in s.split("_") if t]
    core = [t for t in toks if t not in _UNIT_TOKENS]
    return "_".join(core or toks)
