"""PERC rule for pulmonary embolism (Pulmonary Embolism Rule-out Criteria)."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, Calculator, EHRSource, Input, Output, register
from ._entities import flag, num, off_bool

AGE = Input("age", "Age", unit="years", min=0, max=125, ehr=EHRSource("demographic", ("age",), "years"))
HR = Input("heart_rate", "Heart rate", unit="beats/min", min=10, max=300, ehr=EHRSource("vital", ("heart_rate",), "beats/min"))
SAO2 = Input("o2_saturation", "Oxygen saturation on room air", unit="%", min=30, max=100,
             ehr=EHRSource("vital", ("spo2",), "%"))


def _b(name: str, label: str, ehr: EHRSource) -> Input:
    return Input(name, label, kind="bool", optional=True, default=False, ehr=ehr)


LEG = _b("unilateral_leg_swelling", "Unilateral leg swelling", EHRSource("exam", ("leg swelling", "calf swelling")))
HEMOPTYSIS = _b("hemoptysis", "Haemoptysis", EHRSource("history", ("hemoptysis",)))
SURGERY = _b("recent_surgery_or_trauma", "Surgery or trauma within 4 weeks requiring general anaesthesia",
             EHRSource("history", ("surgery", "trauma")))
PRIOR = _b("prior_pe_or_dvt", "Prior pulmonary embolism or deep vein thrombosis",
           EHRSource("diagnosis", ("pulmonary embolism", "deep vein thrombosis")))
HORMONE = _b("hormone_use", "Hormone use (oral contraceptives, hormone replacement or oestrogen)",
             EHRSource("order", ("estradiol", "ethinylestradiol", "conjugated estrogens", "oral contraceptive")))


def _perc(age: float, heart_rate: float, o2_saturation: float, unilateral_leg_swelling: bool, hemoptysis: bool,
          recent_surgery_or_trauma: bool, prior_pe_or_dvt: bool, hormone_use: bool) -> tuple[int, dict]:
    items = {
        "age_ge_50": age >= 50,
        "heart_rate_ge_100": heart_rate >= 100,
        "sao2_lt_95": o2_saturation < 95,
        "unilateral_leg_swelling": unilateral_leg_swelling,
        "hemoptysis": hemoptysis,
        "recent_surgery_or_trauma": recent_surgery_or_trauma,
        "prior_pe_or_dvt": prior_pe_or_dvt,
        "hormone_use": hormone_use,
    }
    return sum(bool(v) for v in items.values()), items


def _interpret(value: int, **_: object) -> str:
    if value == 0:
        return ("PERC negative (0 criteria): in a patient with low pretest probability (<15%), PE can be ruled out "
                "without D-dimer testing")
    return f"PERC positive ({value} criteria): PE cannot be ruled out by PERC; proceed with D-dimer or imaging"


PERC = Calculator(
    id="perc_rule",
    name="PERC Rule for Pulmonary Embolism",
    aliases=("PERC", "PERC rule", "Pulmonary Embolism Rule-out Criteria", "PE rule-out criteria"),
    domains=(CRITICAL, INTERNAL),
    specialty="Emergency Medicine",
    purpose="Rules out pulmonary embolism without testing in low-risk patients when all eight criteria are absent.",
    inputs=(AGE, HR, SAO2, LEG, HEMOPTYSIS, SURGERY, PRIOR, HORMONE),
    output=Output("score", decimals=0, categories=("PERC negative", "PERC positive")),
    compute=_perc,
    interpret=_interpret,
    citation=("Kline JA, Mitchell AM, Kabrhel C, Richman PB, Courtney DM. Clinical criteria to prevent unnecessary "
              "diagnostic testing in emergency department patients with suspected pulmonary embolism. J Thromb "
              "Haemost. 2004;2(8):1247-1255."),
    reference="""# PERC Rule for Pulmonary Embolism

**Purpose.** Eight clinical criteria that, when all absent in a patient the clinician already judges
low-risk for pulmonary embolism, make the probability of PE low enough (< 2%) that no D-dimer or
imaging is needed.

**When to use.** Emergency patients with suspected PE and a low gestalt pretest probability (< 15%).
Not for moderate/high-risk patients; a positive PERC does not mean PE, only that PERC cannot exclude it.

**Inputs and criteria (each present criterion counts 1; the value is the number present).**
| Criterion |
|---|
| Age ≥ 50 years |
| Heart rate ≥ 100 /min |
| SaO2 < 95% on room air |
| Unilateral leg swelling |
| Haemoptysis |
| Surgery or trauma within 4 weeks (requiring general anaesthesia) |
| Prior PE or DVT |
| Hormone use (oral contraceptives, hormone replacement, oestrogens) |

**Interpretation.** 0 criteria: PERC negative — PE ruled out in a low-risk patient. ≥ 1: PERC positive —
continue the work-up (D-dimer, CT pulmonary angiography as indicated).

**Reference.** Kline JA et al. J Thromb Haemost. 2004;2(8):1247-1255.
""",
    medcalc_bench_id=48,
    from_medcalc_bench=lambda e: {
        "age": num(e, "age", "years"),
        "heart_rate": num(e, ("Heart Rate or Pulse", "heart rate"), "/min"),
        "o2_saturation": num(e, ("O₂ saturation percentage", "O2 saturation percentage"), "%"),
        "unilateral_leg_swelling": flag(e, "Unilateral Leg Swelling"),
        "hemoptysis": flag(e, "Hemoptysis"),
        "recent_surgery_or_trauma": flag(e, "Recent surgery or trauma"),
        "prior_pe_or_dvt": flag(e, "Previously Documented Pulmonary Embolism")
        or flag(e, "Previously documented Deep Vein Thrombosis"),
        "hormone_use": flag(e, "Hormone use"),
    },
    official_names=("PERC Rule for Pulmonary Embolism",),
    from_official=lambda inputs: {
        "age": 60.0 if off_bool(inputs, ("age",)) else 30.0,
        "heart_rate": 110.0 if off_bool(inputs, ("hr", "heart rate")) else 80.0,
        "o2_saturation": 90.0 if off_bool(inputs, ("o2 sat", "sao2", "saturation")) else 98.0,
        "unilateral_leg_swelling": off_bool(inputs, ("leg swelling",)),
        "hemoptysis": off_bool(inputs, ("hemoptysis", "haemoptysis")),
        "recent_surgery_or_trauma": off_bool(inputs, ("surgery", "trauma")),
        "prior_pe_or_dvt": off_bool(inputs, ("prior pe", "prior pe or dvt", "dvt", "pe or dvt")),
        "hormone_use": off_bool(inputs, ("hormone",)),
    },
)

register(PERC)
