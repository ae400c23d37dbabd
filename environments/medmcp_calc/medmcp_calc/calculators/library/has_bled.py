"""HAS-BLED score for major bleeding risk on anticoagulation."""
from __future__ import annotations

from ..base import INTERNAL, NEURO, Calculator, EHRSource, Input, Output, register
from ..officials import official_bool
from . import _mcb_reader as mcb
from ._official_extra import yes_number

_ITEMS = (
    ("hypertension", "Hypertension (uncontrolled, systolic > 160 mmHg)", EHRSource("vital", ("systolic_bp",), "mmHg",
                                                                                    "or diagnosis of hypertension")),
    ("renal_disease", "Renal disease (dialysis, transplant, Cr > 2.26 mg/dL or > 200 umol/L)",
     EHRSource("diagnosis", ("chronic kidney disease", "dialysis", "kidney transplant"))),
    ("liver_disease", "Liver disease (cirrhosis, or bilirubin > 2x normal with AST/ALT/AP > 3x normal)",
     EHRSource("diagnosis", ("cirrhosis", "liver disease"))),
    ("stroke", "Stroke history", EHRSource("diagnosis", ("stroke", "cerebral infarction"))),
    ("prior_bleeding", "Prior major bleeding or predisposition to bleeding",
     EHRSource("diagnosis", ("hemorrhage", "bleeding", "anemia"))),
    ("labile_inr", "Labile INR (unstable/high INRs, time in therapeutic range < 60%)", EHRSource("lab", ("INR",))),
    ("medication", "Medication predisposing to bleeding (antiplatelet agents, NSAIDs)",
     EHRSource("order", ("aspirin", "clopidogrel", "NSAID", "ibuprofen"))),
    ("alcohol", "Alcohol use (>= 8 drinks/week)", EHRSource("history", ("alcohol",))),
)


def _score(age: float, **items: bool):
    parts = {k: int(v) for k, v in items.items()}
    parts["elderly_over_65"] = int(age > 65)
    return sum(parts.values()), parts


_RISK = {0: "1.13", 1: "1.02", 2: "1.88", 3: "3.74", 4: "8.70", 5: "12.50"}


def _interpret(value: int, **_: object) -> str:
    band = "low" if value <= 1 else "moderate" if value == 2 else "high"
    rate = _RISK.get(int(value))
    tail = f" (~{rate} major bleeds per 100 patient-years)" if rate else " (score > 5: very high risk)"
    return (f"{band} bleeding risk{tail}; a high score calls for addressing modifiable factors, "
            "not by itself for withholding anticoagulation")


def _drinks(e: dict) -> bool:
    v = mcb.get(e, ("Number of Alcoholic Drinks Per Week", "Alcohol use"))
    if isinstance(v, bool):
        return v
    if v is None:
        return False
    n = mcb.number(e, ("Number of Alcoholic Drinks Per Week", "Alcohol use"), name="alcoholic drinks per week")
    return n is not None and n >= 8


HAS_BLED = Calculator(
    id="has_bled",
    name="HAS-BLED Score for Major Bleeding Risk",
    aliases=("HAS-BLED", "HASBLED", "HAS BLED score"),
    domains=(INTERNAL, NEURO),
    specialty="Cardiology / Hematology",
    purpose="Estimates the one-year risk of major bleeding in patients with atrial fibrillation on anticoagulation.",
    inputs=(Input("age", "Age", unit="years", min=0, max=120, ehr=EHRSource("demographic", ("age",))),)
    + tuple(Input(n, lab, kind="bool", ehr=ehr) for n, lab, ehr in _ITEMS),
    output=Output("score", unit="points"),
    compute=_score,
    interpret=_interpret,
    citation="Pisters R, Lane DA, Nieuwlaat R, de Vos CB, Crijns HJGM, Lip GYH. A novel user-friendly score "
             "(HAS-BLED) to assess 1-year risk of major bleeding in patients with atrial fibrillation: the Euro "
             "Heart Survey. Chest. 2010;138(5):1093-1100.",
    reference="""# HAS-BLED Score for Major Bleeding Risk

**Purpose.** Estimates one-year major bleeding risk in atrial fibrillation on (or considered for)
oral anticoagulation, and points to modifiable bleeding risk factors.

**When to use.** AF patients alongside CHA2DS2-VASc. A high score prompts closer follow-up and
correction of modifiable factors (blood pressure, labile INR, interacting drugs, alcohol); it is
not on its own a reason to withhold anticoagulation.

**Inputs.** Age and the eight yes/no criteria below (alcohol as >= 8 drinks per week).

**Point table (1 point each).**
| Letter | Criterion |
|---|---|
| H | Hypertension: uncontrolled, systolic > 160 mmHg |
| A | Abnormal renal function (dialysis, transplant, Cr > 2.26 mg/dL / 200 umol/L) |
| A | Abnormal liver function (cirrhosis, or bilirubin > 2x ULN with AST/ALT/AP > 3x ULN) |
| S | Stroke history |
| B | Bleeding history or predisposition (anaemia, thrombocytopenia) |
| L | Labile INR (time in therapeutic range < 60%) |
| E | Elderly: age > 65 |
| D | Drugs: antiplatelet agents or NSAIDs |
| D | Alcohol: >= 8 drinks per week |

Range 0-9.

**Interpretation (major bleeds per 100 patient-years).** 0: 1.13; 1: 1.02; 2: 1.88; 3: 3.74;
4: 8.70; 5: 12.50. 0-1 low, 2 moderate, >= 3 high risk.

**Reference.** Pisters R et al. Chest. 2010;138(5):1093-1100.
""",
    medcalc_bench_id=25,
    from_medcalc_bench=lambda e: {
        "age": mcb.age_years(e),
        "hypertension": mcb.any_flag(e, "Hypertension history", "Hypertension"),
        "renal_disease": mcb.flag(e, "Renal disease criteria for the HAS-BLED rule"),
        "liver_disease": mcb.flag(e, "Liver disease criteria for the HAS-BLED rule"),
        "stroke": mcb.flag(e, "Stroke"),
        "prior_bleeding": mcb.flag(e, "Prior major bleeding or predisposition to bleeding"),
        "labile_inr": mcb.flag(e, "Labile international normalized ratio"),
        "medication": mcb.flag(e, "Medication usage predisposing to bleeding"),
        "alcohol": _drinks(e),
    },
    official_names=("HAS-BLED Score for Major Bleeding Risk",),
    from_official=lambda inputs: {
        "age": yes_number(inputs, ("age",), 70.0, 60.0),
        "hypertension": official_bool(inputs, ("hypertension",)),
        "renal_disease": official_bool(inputs, ("renal",)),
        "liver_disease": official_bool(inputs, ("liver",)),
        "stroke": official_bool(inputs, ("stroke",)),
        "prior_bleeding": official_bool(inputs, ("bleeding",)),
        "labile_inr": official_bool(inputs, ("labile",)),
        "medication": official_bool(inputs, ("medication",)),
        "alcohol": official_bool(inputs, ("alcohol",)),
    },
)

register(HAS_BLED)
