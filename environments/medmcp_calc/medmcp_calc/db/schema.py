"""The nine EHR tables of MedMCP-Calc: names, columns (in the official release's order), types.

Column names, their order and their SQL types follow the public MedMCP-Calc database
schema so that official rows load unchanged and the paper's SQL keeps working
(including the table name ``anethesia_record``, misspelt as in the release, and
vital-sign measurements stored as TEXT).  The comments, keys and indexes are ours.

Public interface::

    TABLES: dict[str, tuple[Column, ...]]   # official column order
    TABLE_NAMES: tuple[str, ...]
    PRIMARY_KEYS: dict[str, str]
    INDEXES: tuple[Index, ...]
    ddl(schema="public") -> str             # CREATE TABLE + COMMENT ON + CREATE INDEX
"""
from __future__ import annotations

from typing import NamedTuple


class Column(NamedTuple):
    name: str
    sql_type: str            # TEXT | INTEGER | DOUBLE PRECISION | BOOLEAN | DATE | TIMESTAMP
    comment: str
    nullable: bool = True


class Index(NamedTuple):
    table: str
    columns: tuple[str, ...]

    @property
    def name(self) -> str:
        return f"ix_{self.table}__{'__'.join(self.columns)}"


T, I, F, B, D, TS = "TEXT", "INTEGER", "DOUBLE PRECISION", "BOOLEAN", "DATE", "TIMESTAMP"


def _c(name: str, sql_type: str, comment: str, *, required: bool = False) -> Column:
    return Column(name, sql_type, comment, not required)


# Columns shared by most tables (same wording everywhere keeps describe output consistent).
_INST = _c("medical_institution_code", T, "Code of the hospital (institution) that produced the record")
_PID = _c("patient_id", T, "Patient identifier; joins to patient_information.patient_id", required=True)
_VID = _c("visit_id", T, "Inpatient visit identifier; joins to visit_inpatient.visit_id", required=True)
_CAMPUS = _c("campus_name", T, "Hospital campus name", required=True)
_PNAME = _c("patient_name", T, "Patient name (de-identified)", required=True)
_GENDER = _c("gender", T, "Patient gender as recorded (e.g. Male / Female)", required=True)
_VTYPE = _c("visit_type", T, "Visit type code (e.g. inpatient)", required=True)
_AGE = _c("patient_age", I, "Patient age at the visit, in patient_age_unit")
_AGE_UNIT = _c("patient_age_unit", T, "Unit of patient_age (e.g. years)")
_BED = _c("bed_no", T, "Bed number")
_CREATED = _c("create_time", TS, "When the source record was created")
_UPDATED = _c("update_time", TS, "When the source record was last updated")
_VALID = _c("is_valid", B, "False when the source system marked the record void")


TABLES: dict[str, tuple[Column, ...]] = {
    "patient_information": (
        _INST,
        _c("patient_id", T, "Patient identifier (primary key)", required=True),
        _CAMPUS, _PNAME, _GENDER,
        _c("birth_date", D, "Date of birth (age = visit date - birth_date)"),
        _c("visit_card_no", T, "Hospital visit card number"),
        _c("marriage_status", T, "Marital status"),
        _c("ethnicity", T, "Ethnicity / race as recorded"),
        _c("nationality", T, "Nationality"),
        _c("abo_blood_type", T, "ABO blood group"),
        _c("rh_blood_type", T, "Rh blood group"),
        _c("source_system", T, "Source information system"),
        _VALID,
    ),
    "visit_inpatient": (
        _INST, _PID,
        _c("visit_id", T, "Inpatient visit identifier (primary key)", required=True),
        _VTYPE, _CAMPUS,
        _c("inpatient_no", T, "Inpatient number in the source system"),
        _c("visits_num", I, "How many times the patient has been admitted (this visit's count)"),
        _PNAME, _GENDER, _AGE, _AGE_UNIT,
        _c("admission_time", TS, "Admission date and time"),
        _c("admission_way", T, "How the patient was admitted (e.g. outpatient clinic, emergency)"),
        _c("admission_dept_name", T, "Admitting department"),
        _c("admission_dept_code", T, "Admitting department code"),
        _c("admission_ward_name", T, "Admitting ward"),
        _c("admission_ward_code", T, "Admitting ward code"),
        _c("major_diagnosis", T, "Principal diagnosis of the visit"),
        _BED,
        _c("current_dept_name", T, "Current department"),
        _c("current_dept_code", T, "Current department code"),
        _c("current_ward_name", T, "Current ward"),
        _c("current_ward_code", T, "Current ward code"),
        _c("discharge_dept_name", T, "Discharging department"),
        _c("discharge_dept_code", T, "Discharging department code"),
        _c("discharge_ward_name", T, "Discharging ward"),
        _c("discharge_ward_code", T, "Discharging ward code"),
        _c("discharge_time", TS, "Discharge date and time (NULL while still admitted)"),
        _CREATED, _UPDATED, _VALID,
    ),
    "examination_report": (
        _INST, _PID, _VID,
        _c("report_id", T, "Examination report identifier (primary key)", required=True),
        _CAMPUS, _VTYPE, _PNAME, _GENDER, _AGE, _AGE_UNIT, _BED,
        _c("clinic_diag_name", T, "Clinical diagnosis given on the request"),
        _c("medical_history", T, "Short clinical history on the request"),
        _c("exam_type", T, "Examination modality (e.g. CT, ultrasound, ECG)"),
        _c("exam_item_name", T, "Examination item"),
        _c("exam_site", T, "Body site examined"),
        _c("exam_method", T, "Examination method"),
        _c("exam_tech", T, "Examination technique"),
        _c("report_name", T, "Report title"),
        _c("enhance_scan_flag", T, "Contrast-enhanced scan flag"),
        _c("is_anesthesia", T, "Whether the examination was done under anaesthesia"),
        _c("exam_time", TS, "When the examination was performed"),
        _c("exam_abnormal_flag", T, "Result flag: 1 normal, 2 abnormal, 3 uncertain"),
        _c("exam_findings", T, "Findings (free text, e.g. measurements such as ejection fraction)"),
        _c("exam_conclusion", T, "Impression / conclusion (free text)"),
        _c("radiology_note", T, "Radiology remarks"),
        _c("intact_exam_report", T, "Complete report text"),
        _c("summary_note", T, "Summary"),
        _c("comment", T, "Comment"),
        _c("review_note", T, "Reviewer's remarks"),
        _c("application_no", T, "Examination request number"),
        _c("review_time", TS, "When the report was reviewed"),
        _c("report_time", TS, "When the report was issued"),
        _c("report_state", T, "Report state: 0 void, 1 normal"),
        _CREATED, _UPDATED, _VALID,
    ),
    "laboratory_result": (
        _INST, _PID, _VID,
        _c("report_id", T, "Laboratory report identifier (one report holds many items)", required=True),
        _c("report_item_id", T, "Identifier of this result item (primary key)", required=True),
        _CAMPUS, _VTYPE,
        _c("test_report_name", T, "Test panel name (e.g. complete blood count)"),
        _c("sort_no", T, "Display order of the item inside its panel"),
        _c("test_method", T, "Assay method"),
        _c("test_item_name", T, "Analyte name (e.g. Creatinine, Sodium, Hemoglobin)"),
        _c("test_result", T, "Result value as text (numeric values are text; may hold qualifiers like '<0.01')"),
        _c("unit", T, "Unit of test_result (e.g. mg/dL, mmol/L)"),
        _c("sample_name", T, "Specimen type (e.g. serum, whole blood, urine)"),
        _c("normal_low", F, "Lower limit of the reference range"),
        _c("normal_high", F, "Upper limit of the reference range"),
        _c("reference_range", T, "Reference range as printed"),
        _c("abnormal_flag", T, "Abnormal flag (e.g. H high, L low)"),
        _c("critical_low", F, "Critical (panic) low limit"),
        _c("critical_high", F, "Critical (panic) high limit"),
        _c("critical_flag", T, "Critical value flag"),
        _c("absurd_low", F, "Lowest plausible value"),
        _c("absurd_high", F, "Highest plausible value"),
        _c("report_time", TS, "When the result was reported (use to pick the latest / a time window)"),
        _c("comment", T, "Comment"),
        _CREATED, _UPDATED, _VALID,
    ),
    "diagnostic_record": (
        _INST, _CAMPUS, _PID, _VID,
        _c("report_id", T, "Source document identifier"),
        _c("report_item_id", T, "Diagnosis entry identifier (primary key)", required=True),
        _c("diagnosis_class_name", T, "Diagnosis category (e.g. admission, discharge)"),
        _c("diagnosis_code", T, "Diagnosis code in the source system (e.g. ICD-10)"),
        _c("diagnosis_seq", T, "Order of the diagnosis in its list"),
        _c("diagnosis_name", T, "Diagnosis text"),
        _c("main_flag", T, "Principal-diagnosis flag"),
        _c("diagnosis_source", T, "Where the diagnosis was recorded"),
        _c("diagnosis_time", TS, "When the diagnosis was made"),
        _CREATED, _UPDATED, _VALID,
    ),
    "anethesia_record": (
        _INST, _CAMPUS, _PID, _VID,
        _c("report_id", T, "Anaesthesia record identifier (primary key)", required=True),
        _VTYPE,
        _c("height", F, "Height in cm"),
        _c("weight", F, "Weight in kg"),
        _c("urine_volume", F, "Intra-operative urine output in mL"),
        _c("blood_lossed", F, "Estimated blood loss in mL"),
        _c("asa_class_code", T, "ASA physical status class"),
        _c("surgical_position", T, "Patient position during surgery"),
        _c("whether_fast", T, "Whether the patient was fasting"),
        _c("preoperative_diagnosis", T, "Pre-operative diagnosis"),
        _c("propose_surgery_name", T, "Planned operation"),
        _c("intraoperative_surgical_name", T, "Operation actually performed"),
        _c("breath_type", T, "Ventilation mode"),
        _c("tracheal_intubation_type", T, "Airway / intubation type"),
        _c("drug_before_anesthesia", T, "Premedication"),
        _c("anesthesia_start_time", TS, "Anaesthesia start"),
        _c("anesthesia_end_time", TS, "Anaesthesia end"),
        _c("anesthesia_type", T, "Type of anaesthesia (e.g. general, spinal)"),
        _c("anesthesia_real_duration", F, "Anaesthesia duration in hours"),
        _c("go_after_operation", T, "Destination after the operation (e.g. ICU, ward)"),
        _CREATED, _UPDATED, _VALID,
    ),
    "admission_record": (
        _INST, _PID, _VID,
        _c("report_id", T, "Admission note identifier (primary key)", required=True),
        _c("inpatient_no", T, "Inpatient number", required=True),
        _CAMPUS, _PNAME, _GENDER,
        _c("admission_time", TS, "Admission date and time"),
        _c("admission_dept_name", T, "Admitting department"),
        _c("admission_dept_code", T, "Admitting department code"),
        _c("admission_ward_name", T, "Admitting ward"),
        _c("admission_ward_code", T, "Admitting ward code"),
        _c("record_title", T, "Title of the note"),
        _c("document_content", T, "Full note text"),
        _c("chief_complaints", T, "Chief complaint"),
        _c("present_illness", T, "History of present illness"),
        _c("past_medical_history", T, "Past medical history (comorbidities, surgeries, medications)"),
        _c("personal_history", T, "Personal / social history (smoking, alcohol)"),
        _c("marital_obstetrical_history", T, "Marital and obstetric history"),
        _c("family_history", T, "Family history"),
        _c("physical_examination", T, "Physical examination findings"),
        _c("accessory_examination", T, "Results of ancillary tests quoted in the note"),
        _c("special_examination", T, "Specialty examination findings (e.g. neurological exam)"),
        _c("intact_physical_examination", T, "Complete physical examination text"),
        _c("admission_diagnosis", T, "Admission diagnosis"),
        _c("initial_diagnosis", T, "Initial diagnosis"),
        _c("modified_diagnosis", T, "Revised diagnosis"),
        _c("supplementary_diagnosis", T, "Additional diagnosis"),
        _c("discharge_diagnosis", T, "Discharge diagnosis"),
        _c("record_time", TS, "When the note was written"),
        _c("record_state_name", T, "Note status"),
        _c("creator_name", T, "Author of the note"),
        _CREATED, _UPDATED, _VALID,
    ),
    "order_inpatient": (
        _INST, _PID, _VID,
        _c("report_id", T, "Order identifier (primary key)", required=True),
        _c("inpatient_no", T, "Inpatient number"),
        _CAMPUS, _PNAME,
        _c("group_no", T, "Order group number"),
        _c("group_seq", T, "Position inside the order group"),
        _c("order_class", T, "Order class (e.g. long-term, temporary)"),
        _c("order_type", T, "Order type (e.g. drug, nursing, procedure)"),
        _c("drug_flag", T, "Whether the order is a drug"),
        _c("order_name", T, "Order text / drug name"),
        _c("specification", T, "Drug strength / package specification"),
        _c("dose_form", T, "Dose form"),
        _c("unit_price", F, "Unit price"),
        _c("quantity", F, "Quantity"),
        _c("quantity_unit", T, "Unit of quantity"),
        _c("once_dose", F, "Dose per administration"),
        _c("dose_unit", T, "Unit of once_dose"),
        _c("frequency", T, "Administration frequency (e.g. bid, q8h)"),
        _c("special_execution_time", T, "Special administration times"),
        _c("special_execution_dose", T, "Special administration doses"),
        _c("usage", T, "Route / usage (e.g. iv, po)"),
        _c("procedure_name", T, "Procedure name"),
        _c("herbal_payments", I, "Number of herbal doses"),
        _c("execution_dept", T, "Executing department"),
        _c("skin_test", T, "Skin-test flag"),
        _c("urgent_flag", T, "Urgency: 0 routine, 1 urgent"),
        _c("is_discharge_medicine", T, "Discharge-medication flag"),
        _c("order_advice", T, "Order instructions"),
        _c("order_begin_time", TS, "Order start"),
        _c("order_end_time", TS, "Order stop (NULL while active)"),
        _c("dept_name", T, "Ordering department"),
        _c("dept_code", T, "Ordering department code"),
        _c("ward_name", T, "Ward"),
        _c("ward_code", T, "Ward code"),
        _c("submit_dept_name", T, "Submitting department"),
        _c("submit_dept_code", T, "Submitting department code"),
        _c("submit_time", TS, "When the order was submitted"),
        _c("body_site_name", T, "Body site"),
        _c("sample_name", T, "Specimen"),
        _c("confirm_time", TS, "When the order was confirmed"),
        _c("cancel_time", TS, "When the order was cancelled"),
        _c("execution_time", TS, "When the order was carried out"),
        _c("order_state_name", T, "Order status"),
        _CREATED, _UPDATED, _VALID,
    ),
    "vital_signs": (
        _INST, _PID, _VID,
        _c("vs_id", T, "Vital-sign record identifier (primary key)", required=True),
        _CAMPUS, _PNAME,
        _c("dept_name", T, "Department"),
        _c("dept_code", T, "Department code"),
        _c("ward_name", T, "Ward"),
        _c("ward_code", T, "Ward code"),
        _BED,
        _c("plan_time", TS, "Scheduled measurement time"),
        _c("measure_time", TS, "Actual measurement time"),
        _c("breathe", T, "Respiratory rate, breaths/min (text)"),
        _c("pulse", T, "Pulse, beats/min (text)"),
        _c("heart_rate", T, "Heart rate, beats/min (text)"),
        _c("temperature", T, "Body temperature, degrees C (text)"),
        _c("systolic_pressure", T, "Systolic blood pressure, mmHg (text)"),
        _c("diastolic_pressure", T, "Diastolic blood pressure, mmHg (text)"),
        _c("height", T, "Height, cm (text)"),
        _c("weight", T, "Weight, kg (text)"),
        _c("defecate_frequency", T, "Stools per day (text)"),
        _c("urine_volume", T, "Urine output, mL (text)"),
        _c("sputum_volume", T, "Sputum volume, mL (text)"),
        _c("drainage_volume", T, "Drainage volume, mL (text)"),
        _c("emesis_volume", T, "Vomitus volume, mL (text)"),
        _c("output_total_volume", T, "Total output, mL (text)"),
        _c("income_volume", T, "Total intake, mL (text)"),
        _c("postoperative_days", I, "Days since operation"),
        _c("after_delivery_days", I, "Days since delivery"),
        _c("days_in_hospital", I, "Day of the hospital stay"),
        _CREATED, _UPDATED, _VALID,
    ),
}

TABLE_NAMES: tuple[str, ...] = tuple(TABLES)

TABLE_COMMENTS: dict[str, str] = {
    "patient_information": "One row per patient: demographics (birth date, gender, blood group)",
    "visit_inpatient": "One row per inpatient visit: admission/discharge times, departments, principal diagnosis",
    "examination_report": "Imaging / functional examination reports (CT, ultrasound, ECG, echo) with findings text",
    "laboratory_result": "One row per laboratory result item (analyte, value as text, unit, reference range, time)",
    "diagnostic_record": "Diagnoses recorded during visits (name, code, category, time)",
    "anethesia_record": "Anaesthesia records of operations (ASA class, type, duration, blood loss)",
    "admission_record": "Admission notes: complaint, histories, physical examination, admission diagnoses",
    "order_inpatient": "Inpatient orders: drugs (dose, frequency, route), procedures, nursing",
    "vital_signs": "Charted vital signs; measurement values are stored as TEXT",
}

PRIMARY_KEYS: dict[str, str] = {
    "patient_information": "patient_id",
    "visit_inpatient": "visit_id",
    "examination_report": "report_id",
    "laboratory_result": "report_item_id",
    "diagnostic_record": "report_item_id",
    "anethesia_record": "report_id",
    "admission_record": "report_id",
    "order_inpatient": "report_id",
    "vital_signs": "vs_id",
}


def _indexes() -> tuple[Index, ...]:
    out: list[Index] = []
    for table, cols in TABLES.items():
        names = {c.name for c in cols}
        for col in ("patient_id", "visit_id"):
            if col in names and PRIMARY_KEYS[table] != col:
                out.append(Index(table, (col,)))
    out += [
        # the typical agent query: one patient's results for an analyte, latest first
        Index("laboratory_result", ("patient_id", "test_item_name", "report_time")),
        Index("vital_signs", ("patient_id", "measure_time")),
    ]
    return tuple(out)


INDEXES: tuple[Index, ...] = _indexes()


def columns(table: str) -> tuple[str, ...]:
    """Column names of ``table`` in official order (KeyError for an unknown table)."""
    return tuple(c.name for c in TABLES[table])


def _q(ident: str) -> str:
    return '"' + ident.replace('"', '""') + '"'


def _lit(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def create_table_sql(table: str, schema: str = "public") -> str:
    cols = TABLES[table]
    width = max(len(c.name) for c in cols)
    lines = []
    for c in cols:
        null = "" if c.nullable else " NOT NULL"
        lines.append(f"    {c.name.ljust(width)} {c.sql_type}{null}")
    lines.append(f"    CONSTRAINT {_q('pk_' + table)} PRIMARY KEY ({PRIMARY_KEYS[table]})")
    return f"CREATE TABLE {_q(schema)}.{_q(table)} (\n" + ",\n".join(lines) + "\n);"


def comments_sql(table: str, schema: str = "public") -> str:
    qt = f"{_q(schema)}.{_q(table)}"
    out = [f"COMMENT ON TABLE {qt} IS {_lit(TABLE_COMMENTS[table])};"]
    for c in TABLES[table]:
        out.append(f"COMMENT ON COLUMN {qt}.{_q(c.name)} IS {_lit(c.comment)};")
    return "\n".join(out)


def indexes_sql(table: str | None = None, schema: str = "public") -> str:
    return "\n".join(
        f"CREATE INDEX {_q(ix.name)} ON {_q(schema)}.{_q(ix.table)} ({', '.join(ix.columns)});"
        for ix in INDEXES if table is None or ix.table == table)


def ddl(schema: str = "public", *, with_indexes: bool = True) -> str:
    """Full DDL for the nine tables: CREATE TABLE (with primary keys), comments, indexes."""
    parts = []
    for t in TABLE_NAMES:
        parts.append(create_table_sql(t, schema))
        parts.append(comments_sql(t, schema))
    if with_indexes:
        parts.append(indexes_sql(schema=schema))
    return "\n\n".join(parts) + "\n"
