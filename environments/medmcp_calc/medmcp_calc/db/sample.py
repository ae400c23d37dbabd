"""A tiny hand-written EHR (three patients) for tests, demos and smoke checks.

``make_row(table, **values)`` builds a row tuple in official column order (unnamed columns
NULL, unknown names rejected) - handy for any test that needs a few rows.
``sample_tables()`` returns fresh lists every call, ready for ``build_database``.
"""
from __future__ import annotations

import datetime as dt

from .schema import TABLES, columns

_INST, _CAMPUS = "HOSP001", "Main Campus"


def make_row(table: str, **values) -> tuple:
    cols = columns(table)
    unknown = set(values) - set(cols)
    if unknown:
        raise ValueError(f"{table} has no column(s) {sorted(unknown)}")
    base = {"medical_institution_code": _INST, "campus_name": _CAMPUS, "is_valid": True}
    if "visit_type" in cols:
        base["visit_type"] = "inpatient"
    base = {k: v for k, v in base.items() if k in cols}
    base.update(values)
    return tuple(base.get(c) for c in cols)


def _ts(s: str) -> dt.datetime:
    return dt.datetime.fromisoformat(s)


PATIENTS = [
    # patient_id, name, gender, birth date
    ("P0001", "Patient A", "Male", dt.date(1956, 4, 2)),
    ("P0002", "Patient B", "Female", dt.date(1971, 11, 23)),
    ("P0003", "Patient C", "Female", dt.date(1990, 1, 15)),
]

# (patient, analyte, value, unit, low, high, time)
LABS = [
    ("P0001", "Creatinine", "1.8", "mg/dL", 0.7, 1.3, "2025-03-10 07:30:00"),
    ("P0001", "Creatinine", "2.1", "mg/dL", 0.7, 1.3, "2025-03-11 07:30:00"),
    ("P0001", "Sodium", "131", "mmol/L", 135, 145, "2025-03-10 07:30:00"),
    ("P0001", "Potassium", "5.4", "mmol/L", 3.5, 5.1, "2025-03-10 07:30:00"),
    ("P0001", "Hemoglobin", "10.9", "g/dL", 13.0, 17.0, "2025-03-10 07:30:00"),
    ("P0002", "Creatinine", "0.8", "mg/dL", 0.5, 1.1, "2024-08-02 06:10:00"),
    ("P0002", "Glucose", "212", "mg/dL", 70, 99, "2024-08-02 06:10:00"),
    ("P0002", "Albumin", "3.1", "g/dL", 3.5, 5.0, "2024-08-02 06:10:00"),
    ("P0003", "Hemoglobin", "12.4", "g/dL", 12.0, 15.5, "2025-01-20 09:00:00"),
    ("P0003", "Platelets", "<10", "10^9/L", 150, 400, "2025-01-20 09:00:00"),
]

# (patient, time, resp, pulse, temp, sbp, dbp, height, weight)
VITALS = [
    ("P0001", "2025-03-10 08:15:00", "24", "118", "36.7", "102", "58", None, "81.6"),
    ("P0001", "2025-03-11 08:15:00", "20", "96", "37.9", "118", "70", "176", "80.9"),
    ("P0002", "2024-08-02 09:00:00", "18", "88", "36.5", "146", "91", "162", "74"),
    ("P0003", "2025-01-20 10:00:00", "16", "72", "36.9", "110", "68", "158", "52.5"),
]


def sample_tables() -> dict[str, list[tuple]]:
    t: dict[str, list[tuple]] = {name: [] for name in TABLES}
    for pid, name, gender, born in PATIENTS:
        t["patient_information"].append(make_row(
            "patient_information", patient_id=pid, patient_name=name, gender=gender, birth_date=born,
            abo_blood_type="O", rh_blood_type="+", source_system="EHR"))
        visit = f"{pid}_V01"
        first = min(_ts(x[6]) for x in LABS if x[0] == pid)
        age = first.year - born.year - ((first.month, first.day) < (born.month, born.day))
        t["visit_inpatient"].append(make_row(
            "visit_inpatient", patient_id=pid, visit_id=visit, patient_name=name, gender=gender,
            patient_age=age, patient_age_unit="years", admission_time=first - dt.timedelta(hours=6),
            admission_way="emergency", admission_dept_name="Internal Medicine", visits_num=1,
            major_diagnosis={"P0001": "Acute kidney injury", "P0002": "Type 2 diabetes mellitus",
                             "P0003": "Immune thrombocytopenia"}[pid]))
        t["admission_record"].append(make_row(
            "admission_record", patient_id=pid, visit_id=visit, report_id=f"{pid}_ADM1", inpatient_no=f"IP-{pid}",
            patient_name=name, gender=gender, admission_time=first - dt.timedelta(hours=6),
            chief_complaints="Shortness of breath for 3 days" if pid == "P0001" else "Fatigue",
            past_medical_history={"P0001": "Hypertension; congestive heart failure; no diabetes.",
                                  "P0002": "Type 2 diabetes for 10 years; hypertension.",
                                  "P0003": "No chronic illness."}[pid],
            personal_history="Former smoker." if pid == "P0001" else "Never smoked.",
            physical_examination="Alert, oriented.\tGCS 15.\nBilateral basal crackles.",
            record_time=first - dt.timedelta(hours=5)))
        t["diagnostic_record"].append(make_row(
            "diagnostic_record", patient_id=pid, visit_id=visit, report_item_id=f"{pid}_DX1",
            diagnosis_class_name="admission", diagnosis_seq="1", main_flag="1",
            diagnosis_name={"P0001": "Acute kidney injury", "P0002": "Type 2 diabetes mellitus",
                            "P0003": "Immune thrombocytopenia"}[pid],
            diagnosis_code={"P0001": "N17.9", "P0002": "E11.9", "P0003": "D69.3"}[pid],
            diagnosis_time=first - dt.timedelta(hours=5)))
    for i, (pid, item, val, unit, lo, hi, when) in enumerate(LABS, 1):
        t["laboratory_result"].append(make_row(
            "laboratory_result", patient_id=pid, visit_id=f"{pid}_V01", report_id=f"{pid}_LR{when[:10]}",
            report_item_id=f"LRI{i:05d}", test_item_name=item, test_result=val, unit=unit,
            normal_low=float(lo), normal_high=float(hi), reference_range=f"{lo}-{hi}", report_time=_ts(when),
            sample_name="serum"))
    for i, (pid, when, rr, hr, temp, sbp, dbp, height, weight) in enumerate(VITALS, 1):
        name = next(p[1] for p in PATIENTS if p[0] == pid)
        t["vital_signs"].append(make_row(
            "vital_signs", patient_id=pid, visit_id=f"{pid}_V01", vs_id=f"{pid}_VS_{i}", patient_name=name,
            measure_time=_ts(when), breathe=rr, pulse=hr, heart_rate=hr, temperature=temp,
            systolic_pressure=sbp, diastolic_pressure=dbp, height=height, weight=weight, days_in_hospital=1))
    t["order_inpatient"].append(make_row(
        "order_inpatient", patient_id="P0002", visit_id="P0002_V01", report_id="P0002_ORD1", patient_name="Patient B",
        order_name="Insulin glargine", once_dose=20.0, dose_unit="IU", frequency="qd", usage="sc",
        order_begin_time=_ts("2024-08-02 10:00:00")))
    t["examination_report"].append(make_row(
        "examination_report", patient_id="P0001", visit_id="P0001_V01", report_id="P0001_EX1",
        patient_name="Patient A", gender="Male", exam_type="Echocardiography",
        exam_findings="LVEF 35%. Moderate mitral regurgitation.", exam_time=_ts("2025-03-10 11:00:00")))
    t["anethesia_record"].append(make_row(
        "anethesia_record", patient_id="P0003", visit_id="P0003_V01", report_id="P0003_AN1", height=158.0,
        weight=52.5, asa_class_code="II", anesthesia_type="general", anesthesia_real_duration=1.5))
    return t


def sample_row_counts() -> dict[str, int]:
    return {k: len(v) for k, v in sample_tables().items()}
