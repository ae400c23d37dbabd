"""Turn (scenario, seed) into a patient record (rows of the nine tables) and its ground truth.

The same ground-truth routine runs on two views of a record:

- the writer's view (what we just wrote), to produce the task's ground truth;
- the reference solver's view (what it read back through the SQL tool), to answer.

Both go through :func:`compute_ground_truth`, so a task whose inputs cannot be recovered from
the EHR exactly disagrees and fails a test.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import random
from dataclasses import dataclass
from typing import Any

from ..calculators import get as get_calc
from ..calculators.base import Calculator, UnknownCalculatorError
from ..calculators.units import convert
from . import catalog as C
from .spec import D, F, Facts, K, O, Ref, Scenario, Step, Ctx

SPLIT_NS = {"test": "1", "train": "2", "dev": "3"}
BASE_DATE = dt.datetime(2024, 1, 1)
TS = "%Y-%m-%d %H:%M:%S"


def stable_int(*parts: Any) -> int:
    h = hashlib.sha256("\x1f".join(str(p) for p in parts).encode()).hexdigest()
    return int(h[:15], 16)


# ------------------------------------------------------------------------------------------------
# Observations: one fact as it appears in the record
# ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Obs:
    key: str  # fact key
    kind: str  # lab | vital | text | demo | order
    table: str
    id_column: str  # primary-key column of the row
    row_id: str
    column: str  # the column holding the value
    text: str  # the value as stored (text form)
    unit: str | None = None  # unit as stored (labs/vitals/orders)
    time: str | None = None  # measurement time

    def evidence(self) -> dict[str, Any]:
        return {
            "fact": self.key, "table": self.table, "id_column": self.id_column, "row_id": self.row_id,
            "column": self.column, "value": self.text, "unit": self.unit, "time": self.time,
        }


@dataclass
class RecordView:
    """fact key -> observations in time order; plus which index is the scenario's target."""

    obs: dict[str, list[Obs]]
    timepoint: str

    def target(self, key: str, at: str | int = "target") -> Obs:
        seq = self.obs.get(key)
        if not seq:
            raise KeyError(f"fact {key!r} is not in the record")
        if isinstance(at, int):
            return seq[at]
        if at == "first":
            return seq[0]
        if at == "last":
            return seq[-1]
        if at == "target":
            kind = seq[0].kind
            if kind == "vital" and key in ("weight", "height"):
                return seq[0]
            return seq[0] if self.timepoint == "admission" else seq[-1]
        raise ValueError(f"bad 'at' {at!r}")


def obs_value(o: Obs, to_unit: str | None = None) -> Any:
    """The value an observation carries, converted to ``to_unit`` when given."""
    if o.kind == "text":
        tf = C.TEXT_BY_KEY[o.key]
        for v, phrase in tf.phrases.items():
            if phrase == o.text:
                return v
        raise ValueError(f"unrecognised phrase for {o.key}: {o.text!r}")
    if o.kind == "ntext":
        nt = C.NUM_TEXT[o.key]
        if nt.kind == "date":
            return dt.date.fromisoformat(o.text)
        return float(o.text)
    if o.kind == "demo":
        if o.key == "sex":
            return o.text.strip().lower()
        if o.key == "admission_date":
            return dt.date.fromisoformat(o.text.strip()[:10])
        return int(o.text)
    x = float(o.text)
    if o.kind not in ("lab", "vital"):
        return x
    if to_unit is None or o.unit is None or o.unit == to_unit or (o.unit == "" and not to_unit):
        return x
    lab = C.LAB_BY_KEY.get(o.key)
    return convert(x, o.unit, to_unit, analyte=lab.analyte if lab else None)


def conventional_unit(key: str) -> str | None:
    if key in C.LAB_BY_KEY:
        return C.LAB_BY_KEY[key].unit
    if key in C.VITALS:
        return C.VITALS[key][2]
    return None


def make_ctx(scenario: Scenario, view: RecordView) -> Ctx:
    facts: dict[str, Any] = {}
    series: dict[str, list[tuple[str, float]]] = {}
    for key, seq in view.obs.items():
        cu = conventional_unit(key)
        facts[key] = obs_value(view.target(key), cu)
        if seq[0].kind in ("lab", "vital"):
            series[key] = [(o.time or "", obs_value(o, cu)) for o in seq]
    return Ctx(facts=facts, series=series, scenario=scenario)


# ------------------------------------------------------------------------------------------------
# Binding calculator inputs
# ------------------------------------------------------------------------------------------------
class ScenarioError(Exception):
    """A scenario cannot run with the current calculator library (missing calculator/input)."""


def resolve_calc(step: Step) -> Calculator:
    cands = (step.calc,) if isinstance(step.calc, str) else step.calc
    for c in cands:
        try:
            return get_calc(c)
        except UnknownCalculatorError:
            continue
    raise ScenarioError(f"step {step.key!r}: none of the calculators {cands} is in the library")


_ALIASES: dict[str, str] | None = None
_ALIASES_SIZE = -1


def auto_fact(input_name: str) -> str | None:
    global _ALIASES, _ALIASES_SIZE
    size = len(C.TEXT_BY_KEY) + len(C.NUM_TEXT)
    if _ALIASES is None or size != _ALIASES_SIZE:
        _ALIASES = C.fact_aliases()
        _ALIASES_SIZE = size
    return _ALIASES.get(C.norm(input_name)) or _ALIASES.get(input_name.lower())


def bindings(scenario: Scenario, step: Step) -> dict[str, Ref]:
    """input name -> Ref for one step (explicit first, then automatic for required inputs)."""
    calc = resolve_calc(step)
    names = {i.name for i in calc.inputs}
    out: dict[str, Ref] = {}
    for name, ref in step.inputs.items():
        if name not in names:
            raise ScenarioError(
                f"step {step.key!r}: calculator {calc.id} has no input {name!r} (has: {', '.join(sorted(names))})"
            )
        out[name] = ref
    for inp in calc.inputs:
        if inp.name in out or inp.optional or inp.name in step.omit:
            continue
        key = auto_fact(inp.name)
        if key is None:
            raise ScenarioError(f"step {step.key!r}: cannot bind required input {inp.name!r} of {calc.id}")
        out[inp.name] = F(key)
    return out


def _coerce(inp, value: Any) -> Any:
    if inp.kind == "choice" and isinstance(value, str) and inp.choices:
        for c in inp.choices:
            if isinstance(c, str) and c.lower() == value.lower():
                return c
    return value


@dataclass
class StepResult:
    key: str
    calc: Calculator
    inputs: dict[str, Any]
    sources: dict[str, dict[str, Any]]
    value: Any
    unit: str | None
    interpretation: str
    details: dict[str, Any]


@dataclass
class GroundTruth:
    steps: list[StepResult]
    skipped: list[dict[str, Any]]
    branches: dict[str, str]
    evidence: list[Obs]


def compute_ground_truth(scenario: Scenario, view: RecordView) -> GroundTruth:
    ctx = make_ctx(scenario, view)
    evidence: dict[tuple[str, str, str, str], Obs] = {}
    results: list[StepResult] = []
    skipped: list[dict[str, Any]] = []

    def use(o: Obs) -> None:
        evidence.setdefault((o.key, o.table, o.row_id, o.column), o)

    for step in scenario.steps:
        if step.when is not None and not step.when(ctx):
            skipped.append({"step": step.key, "branch": step.branch})
            continue
        calc = resolve_calc(step)
        binds = bindings(scenario, step)
        inputs: dict[str, Any] = {}
        sources: dict[str, dict[str, Any]] = {}
        for inp in calc.inputs:
            if inp.name not in binds:
                continue
            ref = binds[inp.name]
            if isinstance(ref, F):
                o = view.target(ref.key, ref.at)
                v = obs_value(o, inp.unit if inp.kind in ("number", "integer") else None)
                if ref.map is not None:
                    v = ref.map[v]
                elif inp.kind == "bool" and not isinstance(v, bool):
                    raise ScenarioError(f"{scenario.id}/{step.key}: input {inp.name} needs a bool, fact {ref.key} is {v!r}")
                use(o)
                sources[inp.name] = {"from": "ehr", "fact": ref.key, "row_id": o.row_id, "column": o.column}
                if ref.map is not None:
                    sources[inp.name]["mapped"] = True  # recorded value translated to the calculator's vocabulary
            elif isinstance(ref, O):
                v = ctx.details[ref.step][ref.field] if ref.field else ctx.outs[ref.step]
                sources[inp.name] = {"from": "step", "step": ref.step, **({"field": ref.field} if ref.field else {})}
            elif isinstance(ref, D):
                v = ref.fn(ctx)
                for fk in ref.facts:
                    use(view.target(fk))
                sources[inp.name] = {"from": "derived", "facts": list(ref.facts), "steps": list(ref.steps),
                                     "note": ref.note}
            elif isinstance(ref, K):
                v = ref.value
                sources[inp.name] = {"from": "constant"}
            else:  # pragma: no cover
                raise TypeError(ref)
            inputs[inp.name] = _coerce(inp, v)
        res = calc.run(inputs)
        ctx.outs[step.key] = res.value
        ctx.details[step.key] = dict(res.details)
        results.append(StepResult(step.key, calc, inputs, sources, res.value, res.unit, res.interpretation,
                                  dict(res.details)))
    # make sure every branch is decided (and recorded), also those no step consulted
    for b in scenario.branches:
        ctx.branch(b.name)
        for fk in b.facts:
            for o in (view.obs[fk] if fk in view.obs and view.obs[fk][0].kind in ("lab",) else [view.target(fk)]):
                use(o)
    for fk in sorted(ctx.accessed):
        use(view.target(fk))
    return GroundTruth(results, skipped, dict(ctx._branches), list(evidence.values()))


# ------------------------------------------------------------------------------------------------
# Writing a patient into the nine tables
# ------------------------------------------------------------------------------------------------
FIRST_NAMES = ("Alex", "Sam", "Jordan", "Casey", "Robin", "Taylor", "Morgan", "Jamie", "Drew", "Avery")
FILLER_PMH = ("Appendectomy in childhood.", "Seasonal allergic rhinitis.", "Cataract surgery of the right eye.",
              "Tonsillectomy as a child.", "Gout, last flare two years ago.", "Hypothyroidism on levothyroxine.")
FILLER_EXAM = ("Heart sounds regular.", "Abdomen soft.", "Pupils equal and reactive.", "No rash.",
               "Chest expansion symmetrical.", "No lymphadenopathy.")
FILLER_PERSONAL = ("Lives with spouse.", "Retired teacher.", "Works in an office.", "Lives alone, independent.")
FILLER_FAMILY = ("Father had coronary artery disease.", "Mother had type 2 diabetes.",
                 "No significant family history.", "Sister with breast cancer.")


def patient_id(split: str, scenario_id: str, seed: int) -> str:
    ns = SPLIT_NS.get(split, "9")
    return f"P{ns}{stable_int('patient', split, scenario_id, seed) % 10**7:07d}"


@dataclass
class Written:
    rows: dict[str, list[tuple]]
    view: RecordView
    patient_id: str
    visit_id: str
    admission_time: str


def _ts(t: dt.datetime) -> str:
    return t.strftime(TS)


def write_patient(scenario: Scenario, facts: Facts, rng: random.Random, pid: str) -> Written:
    rows: dict[str, list[tuple]] = {t: [] for t in C.TABLE_NAMES}
    obs: dict[str, list[Obs]] = {}
    vid = f"{pid}_V01"
    vals = facts.values
    age = int(vals["age"])
    sex = vals["sex"]
    gender = "Male" if str(sex).lower().startswith("m") else "Female"
    t0 = BASE_DATE + dt.timedelta(days=rng.randrange(0, 600), hours=rng.randrange(6, 22), minutes=rng.randrange(60))
    if facts.admit is not None:
        t0 = facts.admit
    birth = (t0 - dt.timedelta(days=int(age * 365.25) + rng.randrange(30, 330))).date()
    name = f"{pick_name(rng)} {chr(65 + rng.randrange(26))}."
    dept, dept_code = scenario.dept
    ward = f"{dept} Ward"
    bed = f"{dept_code}-{rng.randrange(1, 40):02d}"
    inpatient_no = f"IP{stable_int(pid) % 10**8:08d}"
    admit = _ts(t0)
    rows["patient_information"].append(C.empty_row(
        "patient_information", medical_institution_code=C.INSTITUTION, patient_id=pid, campus_name=C.CAMPUS,
        patient_name=name, gender=gender, birth_date=birth.isoformat(), visit_card_no=f"VC{stable_int(pid, 'vc') % 10**9}",
        marriage_status=pick(rng, ("Married", "Single", "Widowed", "Divorced")), ethnicity="Not recorded",
        nationality="Not recorded", abo_blood_type=pick(rng, ("A", "B", "AB", "O")), rh_blood_type="Positive",
        source_system="EHR", is_valid=True))
    major = facts.diagnoses[0][0] if facts.diagnoses else scenario.admission_diagnosis
    rows["visit_inpatient"].append(C.empty_row(
        "visit_inpatient", medical_institution_code=C.INSTITUTION, patient_id=pid, visit_id=vid, visit_type="Inpatient",
        campus_name=C.CAMPUS, inpatient_no=inpatient_no, visits_num=1, patient_name=name, gender=gender,
        patient_age=age, patient_age_unit="years", admission_time=admit, admission_way=pick(rng, ("Emergency", "Outpatient")),
        admission_dept_name=dept, admission_dept_code=dept_code, admission_ward_name=ward, admission_ward_code=dept_code + "W",
        major_diagnosis=major, bed_no=bed, current_dept_name=dept, current_dept_code=dept_code, current_ward_name=ward,
        current_ward_code=dept_code + "W", create_time=admit, update_time=admit, is_valid=True))
    obs["age"] = [Obs("age", "demo", "visit_inpatient", "visit_id", vid, "patient_age", str(age), "years", admit)]
    obs["sex"] = [Obs("sex", "demo", "patient_information", "patient_id", pid, "gender", gender, None, None)]
    obs["admission_date"] = [Obs("admission_date", "demo", "visit_inpatient", "visit_id", vid, "admission_time", admit,
                                 None, admit)]

    # ---- laboratory results -------------------------------------------------------------------
    lab_keys = [k for k in vals if k in C.LAB_BY_KEY] + [k for k in facts.series if k in C.LAB_BY_KEY and k not in vals]
    n_draws = rng.choice((2, 3, 3, 4))
    draw_hours = [0.8 + rng.random() * 1.5] + [24.0 * i + rng.uniform(-3, 3) for i in range(1, n_draws)]
    target_idx = 0 if scenario.timepoint == "admission" else n_draws - 1
    per_draw: dict[float, dict[str, float]] = {}
    for k in lab_keys:
        lab = C.LAB_BY_KEY[k]
        if k in facts.series:
            seq = facts.series[k]
        else:
            tv = float(vals[k])
            seq = []
            for i, h in enumerate(draw_hours):
                if i == target_idx:
                    seq.append((h, tv))
                else:
                    seq.append((h, _perturb(rng, lab, tv)))
        for h, v in seq:
            per_draw.setdefault(round(h, 3), {})[k] = v
    # background panels (CBC and BMP at every draw)
    for h in list(per_draw) or draw_hours:
        d = per_draw.setdefault(round(h, 3), {})
        for panel in (C.CBC, C.BMP):
            for bk in C.PANELS[panel]:
                if bk not in d and bk not in lab_keys:
                    lab = C.LAB_BY_KEY[bk]
                    d[bk] = _normalish(rng, lab)
    use_si = {}
    for k in lab_keys:
        lab = C.LAB_BY_KEY[k]
        use_si[k] = facts.si.get(k, lab.si_unit is not None and rng.random() < 0.35) and lab.si_unit is not None
    item_no = 0
    rep_no = 0
    for h in sorted(per_draw):
        t = t0 + dt.timedelta(hours=h)
        tt = _ts(t)
        by_panel: dict[str, list[str]] = {}
        for k in per_draw[h]:
            by_panel.setdefault(C.LAB_BY_KEY[k].panel, []).append(k)
        for panel in sorted(by_panel):
            rep_no += 1
            rid = f"{pid}_LR{rep_no:03d}"
            for sort_i, k in enumerate(sorted(by_panel[panel], key=lambda x: [l.key for l in C.LABS].index(x))):
                lab = C.LAB_BY_KEY[k]
                item_no += 1
                riid = f"{pid}_L{item_no:04d}"
                v = per_draw[h][k]
                si = use_si.get(k, False)
                unit, dec = (lab.si_unit, lab.si_decimals) if si else (lab.unit, lab.decimals)
                lo, hi = lab.low, lab.high
                if si:
                    v = convert(v, lab.unit, unit, analyte=lab.analyte)
                    lo = None if lo is None else round(convert(lo, lab.unit, unit, analyte=lab.analyte), dec)
                    hi = None if hi is None else round(convert(hi, lab.unit, unit, analyte=lab.analyte), dec)
                text = C.fmt_num(v, dec)
                x = float(text)
                flag = "H" if hi is not None and x > hi else ("L" if lo is not None and x < lo else "")
                rr = f"{'' if lo is None else C.fmt_num(lo, dec)}-{'' if hi is None else C.fmt_num(hi, dec)}" \
                    if (lo is not None or hi is not None) else ""
                rows["laboratory_result"].append(C.empty_row(
                    "laboratory_result", medical_institution_code=C.INSTITUTION, patient_id=pid, visit_id=vid,
                    report_id=rid, report_item_id=riid, campus_name=C.CAMPUS, visit_type="Inpatient",
                    test_report_name=panel, sort_no=str(sort_i + 1), test_method=lab.method or None, test_item_name=lab.name,
                    test_result=text, unit=C.display_unit(unit), sample_name=lab.sample, normal_low=lo, normal_high=hi,
                    reference_range=rr, abnormal_flag=flag, report_time=tt, create_time=tt, update_time=tt, is_valid=True))
                if k in lab_keys:
                    obs.setdefault(k, []).append(Obs(k, "lab", "laboratory_result", "report_item_id", riid, "test_result",
                                                     text, unit, tt))

    # ---- vital signs ----------------------------------------------------------------------------
    vital_keys = [k for k in vals if k in C.VITALS]
    n_v = rng.choice((3, 4, 5))
    v_hours = [0.3 + rng.random() * 0.5] + [8.0 * i + rng.uniform(-1, 1) for i in range(1, n_v)]
    v_target = 0 if scenario.timepoint == "admission" else n_v - 1
    for i, h in enumerate(v_hours):
        t = t0 + dt.timedelta(hours=h)
        tt = _ts(t)
        vsid = f"{pid}_VS{i + 1:02d}"
        cells: dict[str, str | None] = {}
        for k, (col, dec, _u) in C.VITALS.items():
            if k in ("weight", "height"):
                if i == 0 and k in vals:
                    cells[col] = C.fmt_num(float(vals[k]), dec)
                continue
            if k == "urine_output" and k not in vals:
                continue
            if k in facts.series:
                seq = facts.series[k]
                v = seq[i][1] if i < len(seq) else seq[-1][1]
            elif k in vals:
                v = float(vals[k]) if i == v_target else _perturb_vital(rng, k, float(vals[k]))
            else:
                v = _normal_vital(rng, k)
            cells[col] = C.fmt_num(v, dec)
        if "heart_rate" in cells:
            cells["pulse"] = cells["heart_rate"]
        rows["vital_signs"].append(C.empty_row(
            "vital_signs", medical_institution_code=C.INSTITUTION, patient_id=pid, visit_id=vid, vs_id=vsid,
            campus_name=C.CAMPUS, patient_name=name, dept_name=dept, dept_code=dept_code, ward_name=ward,
            ward_code=dept_code + "W", bed_no=bed, plan_time=tt, measure_time=tt, days_in_hospital=int(h // 24),
            create_time=tt, update_time=tt, is_valid=True, **cells))
        for k in vital_keys:
            col = C.VITALS[k][0]
            if cells.get(col) is not None:
                obs.setdefault(k, []).append(Obs(k, "vital", "vital_signs", "vs_id", vsid, col, cells[col],
                                                 C.VITALS[k][2], tt))

    # ---- admission record (history, exam as free text) ------------------------------------------
    arid = f"{pid}_AR01"
    texts: dict[str, list[str]] = {"past_medical_history": [], "personal_history": [], "physical_examination": [],
                                   "present_illness": [scenario.present_illness]}
    text_keys = [k for k in vals if k in C.TEXT_BY_KEY]
    for k in text_keys:
        tf = C.TEXT_BY_KEY[k]
        texts.setdefault(tf.column, []).append(tf.phrases[vals[k]])
    ntext_keys = [k for k in vals if k in C.NUM_TEXT]
    ntext_str: dict[str, str] = {}
    for k in ntext_keys:
        nt = C.NUM_TEXT[k]
        v = vals[k]
        ntext_str[k] = v.isoformat() if isinstance(v, dt.date) else C.fmt_num(float(v), nt.decimals)
        if nt.table == "admission_record":
            texts.setdefault(nt.column, []).append(nt.template.format(v=ntext_str[k]))
    texts["past_medical_history"].append(pick(rng, FILLER_PMH))
    texts["physical_examination"].insert(0, pick(rng, FILLER_EXAM))
    texts["personal_history"].append(pick(rng, FILLER_PERSONAL))
    for col in ("past_medical_history", "physical_examination", "personal_history", "marital_obstetrical_history"):
        texts.setdefault(col, [])
        head = texts[col][:1] if col == "present_illness" else []
        rest = texts[col][len(head):]
        rng.shuffle(rest)
        texts[col] = head + rest
    joined = {c: " ".join(v) for c, v in texts.items()}
    diag_text = "; ".join(d[0] for d in facts.diagnoses) or scenario.admission_diagnosis
    rec_t = _ts(t0 + dt.timedelta(hours=2))
    doc = (f"Chief complaint: {scenario.chief_complaint}\nPresent illness: {joined['present_illness']}\n"
           f"Past history: {joined['past_medical_history']}\nPersonal history: {joined['personal_history']}\n"
           f"Examination: {joined['physical_examination']}\nAdmission diagnosis: {diag_text}")
    rows["admission_record"].append(C.empty_row(
        "admission_record", medical_institution_code=C.INSTITUTION, patient_id=pid, visit_id=vid, report_id=arid,
        inpatient_no=inpatient_no, campus_name=C.CAMPUS, patient_name=name, gender=gender, admission_time=admit,
        admission_dept_name=dept, admission_dept_code=dept_code, admission_ward_name=ward, admission_ward_code=dept_code + "W",
        record_title="Admission record", document_content=doc, chief_complaints=scenario.chief_complaint,
        present_illness=joined["present_illness"], past_medical_history=joined["past_medical_history"],
        personal_history=joined["personal_history"],
        marital_obstetrical_history=joined["marital_obstetrical_history"] or "Not contributory.",
        family_history=pick(rng, FILLER_FAMILY), physical_examination=joined["physical_examination"],
        accessory_examination=joined.get("accessory_examination") or None,
        intact_physical_examination=joined["physical_examination"], admission_diagnosis=diag_text,
        initial_diagnosis=diag_text, record_time=rec_t, record_state_name="Signed", creator_name="Admitting physician",
        create_time=rec_t, update_time=rec_t, is_valid=True))
    for k in text_keys:
        tf = C.TEXT_BY_KEY[k]
        obs[k] = [Obs(k, "text", "admission_record", "report_id", arid, tf.column, tf.phrases[vals[k]], None, rec_t)]
    for i, k in enumerate(ntext_keys):
        nt = C.NUM_TEXT[k]
        if nt.table == "admission_record":
            obs[k] = [Obs(k, "ntext", "admission_record", "report_id", arid, nt.column, ntext_str[k], nt.unit, rec_t)]
            continue
        et = _ts(t0 + dt.timedelta(hours=3 + i))
        erid = f"{pid}_EX{i + 1:02d}"
        finding = nt.template.format(v=ntext_str[k])
        rows["examination_report"].append(C.empty_row(
            "examination_report", medical_institution_code=C.INSTITUTION, patient_id=pid, visit_id=vid, report_id=erid,
            campus_name=C.CAMPUS, visit_type="Inpatient", patient_name=name, gender=gender, patient_age=age,
            patient_age_unit="years", bed_no=bed, clinic_diag_name=diag_text, exam_type=nt.exam_type,
            exam_item_name=nt.exam_item, report_name=nt.exam_item, exam_time=et, exam_abnormal_flag="2",
            exam_findings=finding, exam_conclusion="See findings.", intact_exam_report=finding, report_time=et,
            report_state="1", create_time=et, update_time=et, is_valid=True))
        obs[k] = [Obs(k, "ntext", "examination_report", "report_id", erid, nt.column, ntext_str[k], nt.unit, et)]

    # ---- diagnoses ---------------------------------------------------------------------------------
    for i, (dname, code) in enumerate(facts.diagnoses or [(scenario.admission_diagnosis, "R69")]):
        rows["diagnostic_record"].append(C.empty_row(
            "diagnostic_record", medical_institution_code=C.INSTITUTION, campus_name=C.CAMPUS, patient_id=pid,
            visit_id=vid, report_id=arid, report_item_id=f"{pid}_DX{i + 1:02d}", diagnosis_class_name="Admission diagnosis",
            diagnosis_code=code, diagnosis_seq=str(i + 1), diagnosis_name=dname, main_flag="1" if i == 0 else "0",
            diagnosis_source="Admission record", diagnosis_time=rec_t, create_time=rec_t, update_time=rec_t, is_valid=True))

    # ---- anaesthesia record ------------------------------------------------------------------------
    anesth_keys = [k for k in vals if k in C.ANESTH]
    if anesth_keys:
        anid = f"{pid}_AN01"
        a_start = t0 + dt.timedelta(hours=20)
        hours = float(vals.get("anesthesia_hours", 2.5))
        a_end = a_start + dt.timedelta(hours=hours)
        cells = {C.ANESTH[k][0]: float(vals[k]) for k in anesth_keys}
        rows["anethesia_record"].append(C.empty_row(
            "anethesia_record", medical_institution_code=C.INSTITUTION, campus_name=C.CAMPUS, patient_id=pid,
            visit_id=vid, report_id=anid, visit_type="Inpatient", height=float(vals["height"]) if "height" in vals else None,
            weight=float(vals["weight"]) if "weight" in vals else None, asa_class_code=str(vals.get("asa_class", "II")),
            surgical_position="Supine", whether_fast="Yes", preoperative_diagnosis=major,
            propose_surgery_name=str(vals.get("surgery_name", "Laparotomy")),
            intraoperative_surgical_name=str(vals.get("surgery_name", "Laparotomy")), breath_type="Controlled",
            tracheal_intubation_type="Oral endotracheal tube", anesthesia_start_time=_ts(a_start),
            anesthesia_end_time=_ts(a_end), anesthesia_type="General anaesthesia",
            go_after_operation="Post-anaesthesia care unit", create_time=_ts(a_end), update_time=_ts(a_end),
            is_valid=True, **{c: v for c, v in cells.items() if c != "anesthesia_real_duration"},
            anesthesia_real_duration=hours))
        for k in anesth_keys:
            col = C.ANESTH[k][0]
            v = hours if col == "anesthesia_real_duration" else cells[col]
            obs[k] = [Obs(k, "anesth", "anethesia_record", "report_id", anid, col, _fmt_float(v), C.ANESTH[k][2],
                          _ts(a_start))]

    # ---- orders ------------------------------------------------------------------------------------
    orders = list(facts.orders) + [
        {"order_name": "Sodium chloride 0.9% infusion", "once_dose": 1000.0, "dose_unit": "mL", "frequency": "q12h",
         "usage": "IV infusion", "drug_flag": "1"},
        {"order_name": "Nursing care level II", "drug_flag": "0", "order_class": "Nursing"},
    ]
    for i, od in enumerate(orders):
        oid = f"{pid}_OR{i + 1:03d}"
        ot = _ts(t0 + dt.timedelta(hours=1 + i * 0.25))
        rows["order_inpatient"].append(C.empty_row(
            "order_inpatient", medical_institution_code=C.INSTITUTION, patient_id=pid, visit_id=vid, report_id=oid,
            inpatient_no=inpatient_no, campus_name=C.CAMPUS, patient_name=name, group_no=str(i + 1), group_seq="1",
            order_class=od.get("order_class", "Medication" if od.get("drug_flag") == "1" else "Procedure"),
            order_type="Long-term", drug_flag=od.get("drug_flag", "1"), order_name=od["order_name"],
            once_dose=od.get("once_dose"), dose_unit=od.get("dose_unit"), frequency=od.get("frequency"),
            usage=od.get("usage"), order_advice=od.get("order_advice"), order_begin_time=ot, dept_name=dept,
            dept_code=dept_code, ward_name=ward, ward_code=dept_code + "W", submit_time=ot, order_state_name="Active",
            create_time=ot, update_time=ot, is_valid=True))
        if od.get("fact"):
            obs[od["fact"]] = [Obs(od["fact"], "order", "order_inpatient", "report_id", oid, "once_dose",
                                   _fmt_float(od["once_dose"]), od.get("dose_unit"), ot)]
    return Written(rows, RecordView(obs, scenario.timepoint), pid, vid, admit)


def _fmt_float(x: float) -> str:
    s = repr(float(x))
    return s[:-2] if s.endswith(".0") else s


def pick(rng: random.Random, seq):
    return seq[rng.randrange(len(seq))]


def pick_name(rng: random.Random) -> str:
    return pick(rng, FIRST_NAMES)


def _perturb(rng: random.Random, lab: C.LabItem, tv: float) -> float:
    step = 10 ** (-lab.decimals)
    for _ in range(10):
        v = tv * (1 + rng.uniform(0.05, 0.15) * rng.choice((-1, 1)))
        v = min(max(v, lab.dist[2]), lab.dist[3])
        if abs(v - tv) >= 2 * step:
            return v
    return tv + 3 * step


def _normalish(rng: random.Random, lab: C.LabItem) -> float:
    m, sd, lo, hi = lab.dist
    return min(max(rng.gauss(m, sd * 0.5), lo), hi)


_VITAL_NORMAL = {"resp_rate": (16, 2), "heart_rate": (80, 10), "temperature": (36.8, 0.3), "sbp": (125, 12),
                 "dbp": (75, 8)}
_VITAL_JITTER = {"resp_rate": 3, "heart_rate": 12, "temperature": 0.5, "sbp": 14, "dbp": 8, "urine_output": 300}


def _normal_vital(rng: random.Random, k: str) -> float:
    m, sd = _VITAL_NORMAL.get(k, (0, 0))
    return rng.gauss(m, sd)


def _perturb_vital(rng: random.Random, k: str, v: float) -> float:
    j = _VITAL_JITTER.get(k, 1)
    d = rng.uniform(0.35, 1.0) * j * rng.choice((-1, 1))
    return max(v + d, 1.0)
