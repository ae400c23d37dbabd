"""The distractor population: thousands of other inpatients so that every query must filter by
patient and time. Deterministic from a seed; rows are streamed (generators per table), values
drawn with numpy up front so generation keeps pace with COPY.

Default size: 10,000 patients, about 216 lab rows each (>= 2M laboratory_result rows).
"""
from __future__ import annotations

import datetime as dt
from typing import Iterable, Iterator

import numpy as np

from . import catalog as C
from .engine import BASE_DATE, TS

DIAGNOSES = (
    ("Community-acquired pneumonia", "J18.9"), ("Heart failure, unspecified", "I50.9"), ("Cellulitis of lower limb", "L03.11"),
    ("Urinary tract infection", "N39.0"), ("COPD with acute exacerbation", "J44.1"), ("Atrial fibrillation", "I48.91"),
    ("Type 2 diabetes with hyperglycaemia", "E11.65"), ("Acute pancreatitis", "K85.9"), ("Gastrointestinal haemorrhage", "K92.2"),
    ("Ischaemic stroke", "I63.9"), ("Syncope and collapse", "R55"), ("Chest pain, unspecified", "R07.9"),
    ("Acute kidney injury", "N17.9"), ("Hip fracture", "S72.00"), ("Sepsis, unspecified organism", "A41.9"),
)
DEPTS = (("General Internal Medicine", "GIM"), ("Cardiology", "CAR"), ("Respiratory Medicine", "RES"),
         ("Gastroenterology", "GAS"), ("Geriatrics", "GER"), ("Orthopaedics", "ORT"), ("Neurology", "NEU"),
         ("Intensive Care Unit", "ICU"), ("Nephrology", "NEP"), ("Medical Oncology", "ONC"))
DRAW_PANELS = (C.BMP, C.CBC, C.LFT)  # every draw; plus one extra panel on some draws
EXTRA_PANELS = (C.COAG, C.ABG, C.LIPID, C.CARD, C.MISC)
N_DRAWS = 8


def distractor_pid(i: int) -> str:
    return f"P0{i:07d}"


class Population:
    """Patient-level attributes for ``n`` distractors (vectorised), shared by the table generators."""

    def __init__(self, n: int, seed: int = 0):
        self.n = n
        self.seed = seed
        rng = np.random.default_rng([seed, 7001])
        self.age = rng.integers(18, 96, n)
        self.male = rng.random(n) < 0.5
        self.height = np.where(self.male, rng.normal(176, 7, n), rng.normal(163, 7, n)).clip(145, 200).round()
        self.weight = (rng.uniform(18, 38, n) * (self.height / 100) ** 2).round(1)
        self.admit_min = rng.integers(0, 600 * 24 * 60, n)
        self.dept = rng.integers(0, len(DEPTS), n)
        self.dx = rng.integers(0, len(DIAGNOSES), n)
        self.si = rng.random(n) < 0.3

    def pid(self, i: int) -> str:
        return distractor_pid(i)

    def admit(self, i: int) -> dt.datetime:
        return BASE_DATE + dt.timedelta(minutes=int(self.admit_min[i]))


def _rows_patient(pop: Population) -> Iterator[tuple]:
    for i in range(pop.n):
        pid = pop.pid(i)
        a = pop.admit(i)
        birth = (a - dt.timedelta(days=int(pop.age[i] * 365.25) + 100)).date().isoformat()
        yield (C.INSTITUTION, pid, C.CAMPUS, "Withheld", "Male" if pop.male[i] else "Female", birth, None, None,
               "Not recorded", "Not recorded", None, None, "EHR", True)


def _rows_visit(pop: Population) -> Iterator[tuple]:
    for i in range(pop.n):
        pid = pop.pid(i)
        a = pop.admit(i).strftime(TS)
        d, dc = DEPTS[pop.dept[i]]
        g = "Male" if pop.male[i] else "Female"
        yield C.empty_row("visit_inpatient", medical_institution_code=C.INSTITUTION, patient_id=pid, visit_id=pid + "_V01",
                          visit_type="Inpatient", campus_name=C.CAMPUS, inpatient_no=f"IQ{i:08d}", visits_num=1,
                          patient_name="Withheld", gender=g, patient_age=int(pop.age[i]), patient_age_unit="years",
                          admission_time=a, admission_way="Emergency", admission_dept_name=d, admission_dept_code=dc,
                          major_diagnosis=DIAGNOSES[pop.dx[i]][0], current_dept_name=d, current_dept_code=dc,
                          create_time=a, update_time=a, is_valid=True)


def _rows_admission(pop: Population) -> Iterator[tuple]:
    for i in range(pop.n):
        pid = pop.pid(i)
        a = pop.admit(i).strftime(TS)
        d, dc = DEPTS[pop.dept[i]]
        dx = DIAGNOSES[pop.dx[i]][0]
        hx = C.TEXT_FACTS[i % len(C.TEXT_FACTS)]
        phr = hx.phrases[list(hx.phrases)[(i // 7) % len(hx.phrases)]]
        yield C.empty_row("admission_record", medical_institution_code=C.INSTITUTION, patient_id=pid, visit_id=pid + "_V01",
                          report_id=pid + "_AR01", inpatient_no=f"IQ{i:08d}", campus_name=C.CAMPUS, patient_name="Withheld",
                          gender="Male" if pop.male[i] else "Female", admission_time=a, admission_dept_name=d,
                          admission_dept_code=dc, record_title="Admission record", chief_complaints=f"Admitted with {dx.lower()}.",
                          present_illness=f"Presented to the emergency department; working diagnosis {dx.lower()}.",
                          past_medical_history=phr if hx.column == "past_medical_history" else "Unremarkable.",
                          physical_examination=phr if hx.column == "physical_examination" else "Unremarkable.",
                          admission_diagnosis=dx, record_time=a, record_state_name="Signed", create_time=a, update_time=a,
                          is_valid=True)


def _rows_diagnosis(pop: Population) -> Iterator[tuple]:
    for i in range(pop.n):
        pid = pop.pid(i)
        a = pop.admit(i).strftime(TS)
        for j, k in enumerate((pop.dx[i], (pop.dx[i] + 5) % len(DIAGNOSES))):
            name, code = DIAGNOSES[k]
            yield (C.INSTITUTION, C.CAMPUS, pid, pid + "_V01", pid + "_AR01", f"{pid}_DX{j + 1:02d}", "Admission diagnosis",
                   code, str(j + 1), name, "1" if j == 0 else "0", "Admission record", a, a, a, True)


def _rows_vitals(pop: Population) -> Iterator[tuple]:
    rng = np.random.default_rng([pop.seed, 7002])
    n, k = pop.n, 6
    hr = rng.normal(84, 14, (n, k)).round().astype(int)
    rr = rng.normal(18, 3, (n, k)).round().astype(int)
    tmp = rng.normal(37.0, 0.5, (n, k)).round(1)
    sbp = rng.normal(128, 18, (n, k)).round().astype(int)
    dbp = rng.normal(74, 10, (n, k)).round().astype(int)
    for i in range(n):
        pid = pop.pid(i)
        a = pop.admit(i)
        d, dc = DEPTS[pop.dept[i]]
        for j in range(k):
            t = (a + dt.timedelta(hours=8 * j + 0.5)).strftime(TS)
            yield (C.INSTITUTION, pid, pid + "_V01", f"{pid}_VS{j + 1:02d}", C.CAMPUS, "Withheld", d, dc, None, None, None,
                   t, t, str(rr[i, j]), str(hr[i, j]), str(hr[i, j]), f"{tmp[i, j]:.1f}", str(sbp[i, j]), str(dbp[i, j]),
                   f"{pop.height[i]:.0f}" if j == 0 else None, f"{pop.weight[i]:.1f}" if j == 0 else None,
                   None, None, None, None, None, None, None, None, None, j // 3, t, t, True)


def _rows_orders(pop: Population) -> Iterator[tuple]:
    meds = (("Enoxaparin", 40.0, "mg", "qd", "subcutaneous"), ("Paracetamol", 1000.0, "mg", "q6h", "oral"),
            ("Ceftriaxone", 2000.0, "mg", "qd", "IV"), ("Furosemide", 40.0, "mg", "bid", "IV"),
            ("Pantoprazole", 40.0, "mg", "qd", "oral"), ("Insulin glargine", 18.0, "IU", "qhs", "subcutaneous"))
    idx = C.col_index("order_inpatient")
    width = len(idx)
    for i in range(pop.n):
        pid = pop.pid(i)
        a = pop.admit(i)
        for j in range(3):
            m = meds[(i + j * 2) % len(meds)]
            t = (a + dt.timedelta(hours=1 + j)).strftime(TS)
            row = [None] * width
            row[idx["medical_institution_code"]] = C.INSTITUTION
            row[idx["patient_id"]] = pid
            row[idx["visit_id"]] = pid + "_V01"
            row[idx["report_id"]] = f"{pid}_OR{j + 1:03d}"
            row[idx["campus_name"]] = C.CAMPUS
            row[idx["patient_name"]] = "Withheld"
            row[idx["order_class"]] = "Medication"
            row[idx["drug_flag"]] = "1"
            row[idx["order_name"]] = m[0]
            row[idx["once_dose"]] = m[1]
            row[idx["dose_unit"]] = m[2]
            row[idx["frequency"]] = m[3]
            row[idx["usage"]] = m[4]
            row[idx["order_begin_time"]] = t
            row[idx["order_state_name"]] = "Active"
            row[idx["create_time"]] = t
            row[idx["update_time"]] = t
            row[idx["is_valid"]] = True
            yield tuple(row)


def _rows_anesthesia(pop: Population) -> Iterator[tuple]:
    """Operated distractors (orthopaedic patients and every seventh other one) get an anaesthesia record."""
    rng = np.random.default_rng([pop.seed, 7004])
    loss = rng.integers(50, 1500, pop.n)
    urine = rng.integers(50, 900, pop.n)
    dur = rng.uniform(0.8, 6.0, pop.n).round(1)
    surgeries = ("Total hip arthroplasty", "Laparoscopic cholecystectomy", "Open reduction internal fixation",
                 "Right hemicolectomy", "Total knee arthroplasty")
    for i in range(pop.n):
        if DEPTS[pop.dept[i]][1] != "ORT" and i % 7:
            continue
        pid = pop.pid(i)
        start = pop.admit(i) + dt.timedelta(hours=20)
        end = start + dt.timedelta(hours=float(dur[i]))
        s_, e_ = start.strftime(TS), end.strftime(TS)
        surg = surgeries[i % len(surgeries)]
        yield C.empty_row("anethesia_record", medical_institution_code=C.INSTITUTION, campus_name=C.CAMPUS, patient_id=pid,
                          visit_id=pid + "_V01", report_id=pid + "_AN01", visit_type="Inpatient",
                          height=float(pop.height[i]), weight=float(pop.weight[i]), urine_volume=float(urine[i]),
                          blood_lossed=float(loss[i]), asa_class_code=("I", "II", "III")[i % 3], surgical_position="Supine",
                          whether_fast="Yes", preoperative_diagnosis=DIAGNOSES[pop.dx[i]][0], propose_surgery_name=surg,
                          intraoperative_surgical_name=surg, breath_type="Controlled",
                          tracheal_intubation_type="Oral endotracheal tube", anesthesia_start_time=s_,
                          anesthesia_end_time=e_, anesthesia_type="General anaesthesia", anesthesia_real_duration=float(dur[i]),
                          go_after_operation="Ward", create_time=e_, update_time=e_, is_valid=True)


def _lab_specs():
    """Per item: static columns, formatted ranges in conventional and SI units."""
    out = {}
    for lab in C.LABS:
        def rng_text(lo, hi, dec):
            if lo is None and hi is None:
                return ""
            return f"{'' if lo is None else C.fmt_num(lo, dec)}-{'' if hi is None else C.fmt_num(hi, dec)}"
        conv = (lab.unit, lab.decimals, lab.low, lab.high, rng_text(lab.low, lab.high, lab.decimals), 1.0)
        si = None
        if lab.si_unit:
            from ..calculators.units import convert
            f = convert(1.0, lab.unit, lab.si_unit, analyte=lab.analyte)
            lo = None if lab.low is None else round(lab.low * f, lab.si_decimals)
            hi = None if lab.high is None else round(lab.high * f, lab.si_decimals)
            si = (lab.si_unit, lab.si_decimals, lo, hi, rng_text(lo, hi, lab.si_decimals), f)
        out[lab.key] = (lab, conv, si)
    return out


def _rows_labs(pop: Population) -> Iterator[tuple]:
    rng = np.random.default_rng([pop.seed, 7003])
    specs = _lab_specs()
    n = pop.n
    panels = {p: [specs[k] for k in C.PANELS[p]] for p in C.PANELS}
    # draw values per (patient, draw, item) for the panels we use
    vals: dict[str, np.ndarray] = {}
    for p in DRAW_PANELS + EXTRA_PANELS:
        for lab, _c, _s in panels[p]:
            m, sd, lo, hi = lab.dist
            # a patient-level offset plus draw noise: trajectories, not white noise
            base = rng.normal(m, sd, (n, 1))
            vals[lab.key] = np.clip(base + rng.normal(0, sd * 0.25, (n, N_DRAWS)), lo, hi)
    extra = rng.integers(0, len(EXTRA_PANELS), (n, N_DRAWS))
    has_extra = rng.random((n, N_DRAWS)) < 0.45
    disp = {u: C.display_unit(u) for u in {s[1][0] for s in specs.values()} | {s[2][0] for s in specs.values() if s[2]}}
    for i in range(n):
        pid = pop.pid(i)
        vid = pid + "_V01"
        a = pop.admit(i)
        si_pat = bool(pop.si[i])
        item = 0
        rep = 0
        for d in range(N_DRAWS):
            t = (a + dt.timedelta(hours=1 + 12 * d + (i % 5))).strftime(TS)
            plist = DRAW_PANELS + ((EXTRA_PANELS[extra[i, d]],) if has_extra[i, d] else ())
            for p in plist:
                rep += 1
                rid = f"{pid}_LR{rep:03d}"
                for s_no, (lab, conv, si) in enumerate(panels[p]):
                    item += 1
                    unit, dec, lo, hi, rr, f = si if (si_pat and si is not None) else conv
                    x = float(vals[lab.key][i, d]) * f
                    text = f"{x:.{dec}f}" if dec > 0 else str(int(round(x)))
                    xv = float(text)
                    flag = "H" if hi is not None and xv > hi else ("L" if lo is not None and xv < lo else "")
                    yield (C.INSTITUTION, pid, vid, rid, f"{pid}_L{item:04d}", C.CAMPUS, "Inpatient", p, str(s_no + 1),
                           None, lab.name, text, disp[unit], lab.sample, lo, hi, rr, flag, None, None, None, None, None,
                           t, None, t, t, True)


def distractor_tables(n: int = 10_000, seed: int = 0) -> dict[str, Iterable[tuple]]:
    """Generators of rows (official column order) per table for ``n`` distractor patients."""
    pop = Population(n, seed)
    return {
        "patient_information": _rows_patient(pop),
        "visit_inpatient": _rows_visit(pop),
        "examination_report": iter(()),
        "laboratory_result": _rows_labs(pop),
        "diagnostic_record": _rows_diagnosis(pop),
        "anethesia_record": _rows_anesthesia(pop),
        "admission_record": _rows_admission(pop),
        "order_inpatient": _rows_orders(pop),
        "vital_signs": _rows_vitals(pop),
    }
