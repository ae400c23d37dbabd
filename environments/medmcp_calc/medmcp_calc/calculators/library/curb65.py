"""CURB-65 score for community-acquired pneumonia severity."""
from __future__ import annotations

from ..base import INTERNAL, CRITICAL, Calculator, EHRSource, Input, Output, register
from ._entities import flag, num, off_bool

CONFUSION = Input("confusion", "New confusion (disorientation to person, place or time)", kind="bool", optional=True,
                  default=False, ehr=EHRSource("exam", ("confusion", "disoriented", "altered mental status")))
BUN = Input("bun", "Blood urea nitrogen", unit="mg/dL", min=0, max=400,
            ehr=EHRSource("lab", ("Blood urea nitrogen", "BUN", "Urea"), "mg/dL", note="urea 7 mmol/L = BUN 19.6 mg/dL"))
RR = Input("respiratory_rate", "Respiratory rate", unit="breaths/min", min=0, max=100,
           ehr=EHRSource("vital", ("respiratory_rate",), "breaths/min"))
SBP = Input("systolic_bp", "Systolic blood pressure", unit="mmHg", min=20, max=300,
            ehr=EHRSource("vital", ("systolic_bp",), "mmHg"))
DBP = Input("diastolic_bp", "Diastolic blood pressure", unit="mmHg", min=10, max=200,
            ehr=EHRSource("vital", ("diastolic_bp",), "mmHg"))
AGE = Input("age", "Age", unit="years", min=0, max=125, ehr=EHRSource("demographic", ("age",), "years"))


def _curb65(confusion: bool, bun: float, respiratory_rate: float, systolic_bp: float, diastolic_bp: float,
            age: float) -> tuple[int, dict]:
    items = {
        "confusion": bool(confusion),
        "urea_bun_gt_19": bun > 19,
        "respiratory_rate_ge_30": respiratory_rate >= 30,
        "low_blood_pressure": systolic_bp < 90 or diastolic_bp <= 60,
        "age_ge_65": age >= 65,
    }
    return sum(items.values()), items


_BANDS = {0: "0.6%", 1: "2.7%", 2: "6.8%", 3: "14.0%", 4: "27.8%", 5: "27.8%"}


def _interpret(value: int, **_: object) -> str:
    if value <= 1:
        return f"low risk (30-day mortality ~{_BANDS[value]}): consider outpatient treatment"
    if value == 2:
        return "moderate risk (30-day mortality ~6.8%): consider short inpatient stay or closely supervised outpatient care"
    return f"severe pneumonia (30-day mortality ~{_BANDS[value]}): hospitalise; consider ICU when 4-5"


def _official(inputs: list) -> dict:
    """Official entries state each criterion as yes/no (with the value in brackets); we pass values
    on the matching side of each threshold."""
    low_bp = off_bool(inputs, ("systolic bp", "blood pressure", "sbp"))
    return {
        "confusion": off_bool(inputs, ("confusion",)),
        "bun": 20.0 if off_bool(inputs, ("bun", "urea")) else 10.0,
        "respiratory_rate": 30.0 if off_bool(inputs, ("respiratory rate",)) else 16.0,
        "systolic_bp": 80.0 if low_bp else 120.0,
        "diastolic_bp": 50.0 if low_bp else 80.0,
        "age": 70.0 if off_bool(inputs, ("age",)) else 40.0,
    }


CURB65 = Calculator(
    id="curb_65",
    name="CURB-65 Score for Pneumonia Severity",
    aliases=("CURB-65", "CURB65", "CURB 65 score", "confusion urea respiratory rate blood pressure 65"),
    domains=(INTERNAL, CRITICAL),
    specialty="Pulmonology / Infectious Disease",
    purpose="Estimates 30-day mortality of community-acquired pneumonia to guide the site of care.",
    inputs=(CONFUSION, BUN, RR, SBP, DBP, AGE),
    output=Output("score", decimals=0, categories=("low", "moderate", "severe")),
    compute=_curb65,
    interpret=_interpret,
    citation=("Lim WS, van der Eerden MM, Laing R, et al. Defining community acquired pneumonia severity on "
              "presentation to hospital: an international derivation and validation study. Thorax. "
              "2003;58(5):377-382."),
    reference="""# CURB-65 Score for Pneumonia Severity

**Purpose.** A five-item bedside score for adults with community-acquired pneumonia that predicts
30-day mortality and helps decide between outpatient, ward and ICU care.

**When to use.** Adults with a clinical and radiological diagnosis of community-acquired pneumonia.
Clinical judgement (hypoxaemia, comorbidity, social factors) overrides a low score.

**Inputs.** Confusion; BUN (mg/dL; or urea in mmol/L); respiratory rate; systolic and diastolic
blood pressure; age.

**Points (1 each).**
| Item | Criterion |
|---|---|
| C | New confusion |
| U | BUN > 19 mg/dL (urea > 7 mmol/L) |
| R | Respiratory rate ≥ 30 /min |
| B | Systolic BP < 90 mmHg or diastolic BP ≤ 60 mmHg |
| 65 | Age ≥ 65 years |

**Interpretation (30-day mortality in the derivation cohorts).**
| Score | Mortality | Suggested care |
|---|---|---|
| 0 | 0.6% | Outpatient |
| 1 | 2.7% | Outpatient |
| 2 | 6.8% | Short admission or supervised outpatient |
| 3 | 14.0% | Hospitalise as severe pneumonia |
| 4–5 | 27.8% | Hospitalise; assess for ICU |

**Reference.** Lim WS et al. Thorax. 2003;58(5):377-382.
""",
    medcalc_bench_id=45,
    from_medcalc_bench=lambda e: {
        "confusion": flag(e, "Confusion"),
        "bun": num(e, ("Blood Urea Nitrogen (BUN)", "BUN"), "mg/dL", analyte="bun"),
        "respiratory_rate": num(e, "respiratory rate", "/min"),
        "systolic_bp": num(e, "Systolic Blood Pressure", "mmHg"),
        "diastolic_bp": num(e, "Diastolic Blood Pressure", "mmHg"),
        "age": num(e, "age", "years"),
    },
    official_names=("CURB-65 Score for Pneumonia Severity",),
    from_official=_official,
)

register(CURB65)
