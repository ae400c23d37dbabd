"""Pneumonia Severity Index (PSI / PORT score) for community-acquired pneumonia."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, Calculator, EHRSource, Input, Output, register
from ..officials import find_field, official_bool, official_sex, official_value
from . import _mcb_reader as mcb
from ._official_extra import yes_number


def _psi(age: float, sex: str, nursing_home: bool, neoplastic_disease: bool, liver_disease: bool, chf: bool,
         cerebrovascular_disease: bool, renal_disease: bool, altered_mental_status: bool, respiratory_rate: float,
         sbp: float, temperature_c: float, heart_rate: float, arterial_ph: float | None, bun_mg_dl: float | None,
         sodium: float | None, glucose_mg_dl: float | None, hematocrit: float | None, pao2: float | None,
         pleural_effusion: bool):
    parts = {
        "age": int(age) - 10 if sex == "female" else int(age),
        "nursing_home": 10 if nursing_home else 0,
        "neoplastic_disease": 30 if neoplastic_disease else 0,
        "liver_disease": 20 if liver_disease else 0,
        "chf": 10 if chf else 0,
        "cerebrovascular_disease": 10 if cerebrovascular_disease else 0,
        "renal_disease": 10 if renal_disease else 0,
        "altered_mental_status": 20 if altered_mental_status else 0,
        "respiratory_rate_30": 20 if respiratory_rate >= 30 else 0,
        "sbp_under_90": 20 if sbp < 90 else 0,
        "temperature_abnormal": 15 if (temperature_c < 35 or temperature_c >= 40) else 0,
        "pulse_125": 10 if heart_rate >= 125 else 0,
        "ph_under_7_35": 30 if (arterial_ph is not None and arterial_ph < 7.35) else 0,
        "bun_30": 20 if (bun_mg_dl is not None and bun_mg_dl >= 30) else 0,
        "sodium_under_130": 20 if (sodium is not None and sodium < 130) else 0,
        "glucose_250": 10 if (glucose_mg_dl is not None and glucose_mg_dl >= 250) else 0,
        "hematocrit_under_30": 10 if (hematocrit is not None and hematocrit < 30) else 0,
        "pao2_under_60": 10 if (pao2 is not None and pao2 < 60) else 0,
        "pleural_effusion": 10 if pleural_effusion else 0,
    }
    return sum(parts.values()), parts


def _interpret(value: int, age: float, **kw: object) -> str:
    comorbid = any(kw.get(k) for k in ("nursing_home", "neoplastic_disease", "liver_disease", "chf",
                                       "cerebrovascular_disease", "renal_disease"))
    if age < 50 and not comorbid and value <= 50:
        return "risk class I (<= 50, age < 50, no comorbidity): mortality 0.1-0.4%; outpatient care"
    if value <= 70:
        return "risk class II (<= 70): mortality 0.6-0.7%; outpatient care"
    if value <= 90:
        return "risk class III (71-90): mortality 0.9-2.8%; outpatient or brief observation"
    if value <= 130:
        return "risk class IV (91-130): mortality 8.2-9.3%; inpatient admission"
    return "risk class V (> 130): mortality 27-31%; inpatient admission, consider ICU"


def _from_official(inputs: list) -> dict:
    def opt(keys: tuple[str, ...], yes: float, no: float) -> float | None:
        return yes_number(inputs, keys, yes, no) if find_field(inputs, keys) is not None else None

    return {
        "age": official_value(inputs, ("age",)),
        "sex": official_sex(inputs),
        "nursing_home": official_bool(inputs, ("nursing home",)),
        "neoplastic_disease": official_bool(inputs, ("neoplastic",)),
        "liver_disease": official_bool(inputs, ("liver",)),
        "chf": official_bool(inputs, ("heart failure",)),
        "cerebrovascular_disease": official_bool(inputs, ("cerebrovascular",)),
        "renal_disease": official_bool(inputs, ("renal",)),
        "altered_mental_status": official_bool(inputs, ("mental status",)),
        "respiratory_rate": yes_number(inputs, ("respiratory rate",), 32.0, 18.0),
        "sbp": yes_number(inputs, ("systolic",), 85.0, 120.0),
        "temperature_c": yes_number(inputs, ("temperature",), 40.5, 37.0),
        "heart_rate": yes_number(inputs, ("pulse", "heart rate"), 130.0, 90.0),
        "arterial_ph": opt(("ph",), 7.30, 7.40),
        "bun_mg_dl": opt(("bun",), 35.0, 15.0),
        "sodium": opt(("sodium",), 125.0, 138.0),
        "glucose_mg_dl": opt(("glucose",), 300.0, 120.0),
        "hematocrit": opt(("hematocrit",), 25.0, 40.0),
        "pao2": opt(("pao2", "partial pressure of oxygen"), 55.0, 80.0),
        "pleural_effusion": official_bool(inputs, ("pleural effusion",)) if find_field(inputs, ("pleural",)) else False,
    }


def _b(name: str, label: str, ehr: EHRSource) -> Input:
    return Input(name, label, kind="bool", ehr=ehr)


def _opt(name: str, label: str, unit: str | None, lo: float, hi: float, ehr: EHRSource) -> Input:
    return Input(name, label, unit=unit, min=lo, max=hi, optional=True, default=None, ehr=ehr,
                 description="not measured = no points")


PSI = Calculator(
    id="psi_port",
    name="PSI/PORT Score: Pneumonia Severity Index for CAP",
    aliases=("PSI", "PORT score", "Pneumonia Severity Index", "PSI Score: Pneumonia Severity Index for CAP",
             "Fine score", "PSI/PORT"),
    domains=(INTERNAL, CRITICAL),
    specialty="Pulmonology / Infectious Disease",
    purpose="Stratifies 30-day mortality in community-acquired pneumonia (risk classes I-V) to guide the site of care.",
    inputs=(
        Input("age", "Age", unit="years", min=18, max=120, ehr=EHRSource("demographic", ("age",))),
        Input("sex", "Sex", kind="choice", choices=("male", "female"), ehr=EHRSource("demographic", ("gender",))),
        _b("nursing_home", "Nursing home resident", EHRSource("history", ("nursing home",))),
        _b("neoplastic_disease", "Neoplastic disease (active cancer, except basal/squamous skin cancer)",
           EHRSource("diagnosis", ("cancer", "malignant neoplasm"))),
        _b("liver_disease", "Liver disease history", EHRSource("diagnosis", ("cirrhosis", "hepatitis"))),
        _b("chf", "Congestive heart failure history", EHRSource("diagnosis", ("heart failure",))),
        _b("cerebrovascular_disease", "Cerebrovascular disease history", EHRSource("diagnosis", ("stroke", "TIA"))),
        _b("renal_disease", "Renal disease history", EHRSource("diagnosis", ("chronic kidney disease",))),
        _b("altered_mental_status", "Altered mental status", EHRSource("exam", ("confusion", "disorientation"))),
        Input("respiratory_rate", "Respiratory rate", unit="breaths/min", min=0, max=100,
              ehr=EHRSource("vital", ("respiratory_rate",), "/min")),
        Input("sbp", "Systolic blood pressure", unit="mmHg", min=20, max=300, ehr=EHRSource("vital", ("systolic_bp",), "mmHg")),
        Input("temperature_c", "Temperature", unit="°C", min=25, max=45, ehr=EHRSource("vital", ("temperature",), "C")),
        Input("heart_rate", "Heart rate", unit="beats/min", min=0, max=300, ehr=EHRSource("vital", ("heart_rate",), "/min")),
        _opt("arterial_ph", "Arterial pH", None, 6.5, 8.0, EHRSource("lab", ("pH",))),
        _opt("bun_mg_dl", "BUN", "mg/dL", 1, 300, EHRSource("lab", ("BUN", "Urea nitrogen"), "mg/dL")),
        _opt("sodium", "Sodium", "mmol/L", 90, 200, EHRSource("lab", ("Sodium",), "mmol/L")),
        _opt("glucose_mg_dl", "Glucose", "mg/dL", 10, 3000, EHRSource("lab", ("Glucose",), "mg/dL")),
        _opt("hematocrit", "Hematocrit", "%", 5, 80, EHRSource("lab", ("Hematocrit",), "%")),
        _opt("pao2", "PaO2", "mmHg", 10, 700, EHRSource("lab", ("PaO2", "pO2"), "mmHg", "SpO2 < 90% also scores")),
        _b("pleural_effusion", "Pleural effusion on x-ray", EHRSource("exam", ("pleural effusion",))),
    ),
    output=Output("score", unit="points"),
    compute=_psi,
    interpret=_interpret,
    citation="Fine MJ, Auble TE, Yealy DM, et al. A prediction rule to identify low-risk patients with "
             "community-acquired pneumonia. N Engl J Med. 1997;336(4):243-250.",
    reference="""# PSI / PORT Score: Pneumonia Severity Index

**Purpose.** Predicts 30-day mortality in adults with community-acquired pneumonia and sorts
them into five risk classes to support outpatient versus inpatient care.

**When to use.** Adults with CAP at presentation (not immunocompromised). Clinical judgement
overrides it (hypoxaemia, social factors); CURB-65 is a quicker alternative.

**Inputs.** Age, sex, nursing-home residence, five comorbidities, mental status, vital signs,
arterial pH, BUN, sodium, glucose, hematocrit, PaO2, pleural effusion on chest x-ray.

**Point table.**
| Factor | Points |
|---|---|
| Age | age in years (women: age - 10) |
| Nursing home resident | +10 |
| Neoplastic disease | +30 |
| Liver disease | +20 |
| Congestive heart failure | +10 |
| Cerebrovascular disease | +10 |
| Renal disease | +10 |
| Altered mental status | +20 |
| Respiratory rate >= 30/min | +20 |
| Systolic BP < 90 mmHg | +20 |
| Temperature < 35 °C or >= 40 °C | +15 |
| Pulse >= 125/min | +10 |
| Arterial pH < 7.35 | +30 |
| BUN >= 30 mg/dL (11 mmol/L) | +20 |
| Sodium < 130 mmol/L | +20 |
| Glucose >= 250 mg/dL (14 mmol/L) | +10 |
| Hematocrit < 30% | +10 |
| PaO2 < 60 mmHg (or SpO2 < 90%) | +10 |
| Pleural effusion on x-ray | +10 |

Unmeasured labs score 0.

**Interpretation.**
| Class | Points | 30-day mortality | Site of care |
|---|---|---|---|
| I | age < 50, no risk factors | 0.1% | outpatient |
| II | <= 70 | 0.6% | outpatient |
| III | 71-90 | 0.9-2.8% | outpatient or short stay |
| IV | 91-130 | 8.2-9.3% | inpatient |
| V | > 130 | 27-31% | inpatient / ICU |

**Reference.** Fine MJ et al. N Engl J Med. 1997;336:243-250.
""",
    medcalc_bench_id=29,
    from_medcalc_bench=lambda e: {
        "age": mcb.age_years(e),
        "sex": mcb.sex(e),
        "nursing_home": mcb.flag(e, "Nursing home resident"),
        "neoplastic_disease": mcb.flag(e, "Neoplastic disease"),
        "liver_disease": mcb.any_flag(e, "Liver disease severity", "Liver disease history"),
        "chf": mcb.any_flag(e, "Congestive Heart Faliure", "Congestive Heart Failure",
                           "Congestive heart failure (CHF) history", "Congestive heart failure history"),
        "cerebrovascular_disease": mcb.flag(e, "Cerebrovascular disease history"),
        "renal_disease": mcb.any_flag(e, "Renal disease", "Renal disease history"),
        "altered_mental_status": mcb.flag(e, "Altered mental status"),
        "respiratory_rate": mcb.number(e, "respiratory rate", "/min"),
        "sbp": mcb.number(e, "Systolic Blood Pressure", "mmHg"),
        "temperature_c": mcb.temperature_c(e),
        "heart_rate": mcb.number(e, "Heart Rate or Pulse", "/min"),
        "arterial_ph": mcb.number(e, "pH", required=False),
        "bun_mg_dl": mcb.number(e, "Blood Urea Nitrogen (BUN)", "mg/dL", analyte="bun", required=False),
        "sodium": mcb.number(e, "Sodium", "mmol/L", analyte="sodium", required=False),
        "glucose_mg_dl": mcb.number(e, "Glucose", "mg/dL", analyte="glucose", required=False),
        "hematocrit": mcb.number(e, "Hematocrit", required=False),
        "pao2": mcb.number(e, ("Partial pressure of oxygen (PaO₂) for Apache II", "Partial pressure of oxygen", "PaO2"),
                           "mmHg", required=False),
        "pleural_effusion": mcb.flag(e, "Pleural effusion on x-ray"),
    },
    official_names=("PSI/PORT Score: Pneumonia Severity Index for CAP",),
    from_official=_from_official,
)

register(PSI)
