"""CHA2DS2-VASc score for stroke risk in atrial fibrillation."""
from __future__ import annotations

from ..base import INTERNAL, NEURO, Calculator, EHRSource, Input, Output, register
from ..officials import find_field, official_bool, official_sex, parse_number_unit
from . import _mcb_reader as mcb


def _score(age: float, sex: str, chf: bool, hypertension: bool, stroke_tia_thromboembolism: bool,
           vascular_disease: bool, diabetes: bool):
    age_pts = 2 if age >= 75 else 1 if age >= 65 else 0
    parts = {
        "age": age_pts,
        "sex_female": 1 if sex == "female" else 0,
        "chf": int(chf),
        "hypertension": int(hypertension),
        "stroke_tia_thromboembolism": 2 if stroke_tia_thromboembolism else 0,
        "vascular_disease": int(vascular_disease),
        "diabetes": int(diabetes),
    }
    return sum(parts.values()), parts


# Annual stroke/TIA/systemic embolism risk by score (Friberg et al., Swedish AF cohort, 2012).
_RISK = {0: 0.2, 1: 0.6, 2: 2.2, 3: 3.2, 4: 4.8, 5: 7.2, 6: 9.7, 7: 11.2, 8: 10.8, 9: 12.2}


def _interpret(value: int, sex: str, **_: object) -> str:
    risk = _RISK.get(int(value), 12.2)
    non_sex = value - (1 if sex == "female" else 0)
    if non_sex <= 0:
        band = "low risk: no antithrombotic therapy usually indicated"
    elif non_sex == 1:
        band = "intermediate risk: oral anticoagulation may be considered"
    else:
        band = "high risk: oral anticoagulation recommended"
    return f"{band} (~{risk}% stroke/TIA/embolism per year)"


def _official_age(inputs: list) -> float:
    entry = find_field(inputs, ("age",))
    if entry is None:
        raise ValueError("no age field")
    text = str(entry.get("value", ""))
    if "score" in entry and ("-" in text or "<" in text or ">" in text or "≥" in text):
        return {0: 50.0, 1: 70.0, 2: 80.0}[int(float(entry["score"]))]  # representative age of the band
    return parse_number_unit(text)[0]


def _from_official(inputs: list) -> dict:
    return {
        "age": _official_age(inputs),
        "sex": official_sex(inputs),
        "chf": official_bool(inputs, ("chf", "heart failure")),
        "hypertension": official_bool(inputs, ("hypertension",)),
        "stroke_tia_thromboembolism": official_bool(inputs, ("stroke", "tia", "thromboembolism")),
        "vascular_disease": official_bool(inputs, ("vascular disease",)),
        "diabetes": official_bool(inputs, ("diabetes",)),
    }


def _b(name: str, label: str, ehr: EHRSource) -> Input:
    return Input(name, label, kind="bool", ehr=ehr)


CHA2DS2_VASC = Calculator(
    id="cha2ds2_vasc",
    name="CHA2DS2-VASc Score for Atrial Fibrillation Stroke Risk",
    aliases=("CHA2DS2-VASc", "CHADS-VASc", "CHA2DS2 VASc score", "CHA₂DS₂-VASc"),
    domains=(INTERNAL, NEURO),
    specialty="Cardiology",
    purpose="Estimates annual stroke risk in non-valvular atrial fibrillation to guide anticoagulation.",
    inputs=(
        Input("age", "Age", unit="years", min=0, max=120, ehr=EHRSource("demographic", ("age",))),
        Input("sex", "Sex", kind="choice", choices=("male", "female"), ehr=EHRSource("demographic", ("gender",))),
        _b("chf", "Congestive heart failure history (or LV dysfunction)",
           EHRSource("diagnosis", ("heart failure", "congestive heart failure", "cardiomyopathy"))),
        _b("hypertension", "Hypertension history", EHRSource("diagnosis", ("hypertension",))),
        _b("stroke_tia_thromboembolism", "Prior stroke, TIA or thromboembolism",
           EHRSource("diagnosis", ("stroke", "cerebral infarction", "transient ischemic attack", "embolism"))),
        _b("vascular_disease", "Vascular disease (prior MI, peripheral artery disease, aortic plaque)",
           EHRSource("diagnosis", ("myocardial infarction", "peripheral artery disease", "aortic plaque"))),
        _b("diabetes", "Diabetes mellitus", EHRSource("diagnosis", ("diabetes",))),
    ),
    output=Output("score", unit="points"),
    compute=_score,
    interpret=_interpret,
    citation="Lip GYH, Nieuwlaat R, Pisters R, Lane DA, Crijns HJGM. Refining clinical risk stratification for "
             "predicting stroke and thromboembolism in atrial fibrillation using a novel risk factor-based "
             "approach: the Euro Heart Survey on Atrial Fibrillation. Chest. 2010;137(2):263-272.",
    reference="""# CHA2DS2-VASc Score

**Purpose.** Stratifies the yearly risk of stroke and systemic embolism in non-valvular atrial
fibrillation (or flutter) and guides the decision to start oral anticoagulation.

**When to use.** Patients with AF not caused by moderate-severe mitral stenosis or a mechanical
valve. Pair with a bleeding score (HAS-BLED) when deciding on anticoagulation.

**Inputs.** Age, sex, and histories of heart failure, hypertension, stroke/TIA/thromboembolism,
vascular disease and diabetes.

**Point table.**
| Item | Points |
|---|---|
| Congestive heart failure (or LV dysfunction) | 1 |
| Hypertension | 1 |
| Age >= 75 years | 2 |
| Diabetes mellitus | 1 |
| Stroke, TIA or thromboembolism | 2 |
| Vascular disease (prior MI, PAD, aortic plaque) | 1 |
| Age 65-74 years | 1 |
| Sex category female | 1 |

Range 0-9.

**Interpretation.** Excluding the sex point: 0 = low risk (no therapy); 1 = consider
anticoagulation; >= 2 = anticoagulation recommended. Approximate annual
stroke/TIA/embolism risk: 0: 0.2%, 1: 0.6%, 2: 2.2%, 3: 3.2%, 4: 4.8%, 5: 7.2%, 6: 9.7%,
7: 11.2%, 8: 10.8%, 9: 12.2%.

**Reference.** Lip GYH et al. Chest. 2010;137(2):263-272.
""",
    medcalc_bench_id=4,
    from_medcalc_bench=lambda e: {
        "age": mcb.age_years(e),
        "sex": mcb.sex(e),
        "chf": mcb.flag(e, ("Congestive Heart Faliure", "Congestive Heart Failure")),
        "hypertension": mcb.flag(e, "Hypertension history"),
        "stroke_tia_thromboembolism": mcb.any_flag(e, "Stroke", "Transient Ischemic Attacks History",
                                                   "Thromboembolism history"),
        "vascular_disease": mcb.flag(e, "Vascular disease history"),
        "diabetes": mcb.flag(e, "Diabetes history"),
    },
    official_names=("CHA₂DS₂-VASc Score for Atrial Fibrillation Stroke Risk",),
    from_official=_from_official,
)

register(CHA2DS2_VASC)
