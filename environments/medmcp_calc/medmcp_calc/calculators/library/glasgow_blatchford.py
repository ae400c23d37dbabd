"""Glasgow-Blatchford bleeding score for upper GI bleeding."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, Calculator, EHRSource, Input, Output, register
from ..officials import official_bool, official_sex, official_value
from . import _mcb_reader as mcb
from ._official_extra import yes_number


def _bun_points(bun: float) -> int:
    """BUN in mg/dL (urea mmol/L bands 6.5 / 8 / 10 / 25 x 2.8)."""
    if bun < 18.2:
        return 0
    if bun < 22.4:
        return 2
    if bun < 28.0:
        return 3
    if bun < 70.0:
        return 4
    return 6


def _hgb_points(hgb: float, sex: str) -> int:
    if sex == "male":
        if hgb >= 13:
            return 0
        if hgb >= 12:
            return 1
        if hgb >= 10:
            return 3
        return 6
    if hgb >= 12:
        return 0
    if hgb >= 10:
        return 1
    return 6


def _sbp_points(sbp: float) -> int:
    if sbp >= 110:
        return 0
    if sbp >= 100:
        return 1
    if sbp >= 90:
        return 2
    return 3


def _gbs(bun_mg_dl: float, hemoglobin_g_dl: float, sex: str, sbp: float, heart_rate: float, melena: bool,
         syncope: bool, hepatic_disease: bool, cardiac_failure: bool):
    parts = {
        "bun": _bun_points(bun_mg_dl),
        "hemoglobin": _hgb_points(hemoglobin_g_dl, sex),
        "systolic_bp": _sbp_points(sbp),
        "heart_rate_100": int(heart_rate >= 100),
        "melena": int(melena),
        "syncope": 2 if syncope else 0,
        "hepatic_disease": 2 if hepatic_disease else 0,
        "cardiac_failure": 2 if cardiac_failure else 0,
    }
    return sum(parts.values()), parts


def _interpret(value: int, **_: object) -> str:
    if value == 0:
        return "score 0: very low risk; suitable for outpatient management without urgent endoscopy"
    if value == 1:
        return "score 1: low risk; outpatient management may be considered (UK guidance allows <= 1)"
    return f"score {value}: higher risk of needing transfusion, endoscopic therapy or surgery; admit"


GBS = Calculator(
    id="glasgow_blatchford",
    name="Glasgow-Blatchford Bleeding Score (GBS)",
    aliases=("Glasgow-Blatchford", "Blatchford score", "GBS", "Glasgow Blatchford Score", "GBS upper GI bleed"),
    domains=(CRITICAL, INTERNAL),
    specialty="Gastroenterology / Emergency Medicine",
    purpose="Predicts the need for intervention (transfusion, endoscopic treatment, surgery) in upper GI bleeding.",
    inputs=(
        Input("bun_mg_dl", "Blood urea nitrogen", unit="mg/dL", min=1, max=300,
              ehr=EHRSource("lab", ("BUN", "Urea nitrogen", "Urea"), "mg/dL", "urea mmol/L x 2.8 = BUN mg/dL")),
        Input("hemoglobin_g_dl", "Hemoglobin", unit="g/dL", min=1, max=25,
              ehr=EHRSource("lab", ("Hemoglobin", "HGB", "Hb"), "g/dL", "g/L / 10 = g/dL")),
        Input("sex", "Sex", kind="choice", choices=("male", "female"), ehr=EHRSource("demographic", ("gender",))),
        Input("sbp", "Systolic blood pressure", unit="mmHg", min=20, max=300,
              ehr=EHRSource("vital", ("systolic_bp",), "mmHg")),
        Input("heart_rate", "Heart rate", unit="beats/min", min=20, max=300, ehr=EHRSource("vital", ("heart_rate",), "/min")),
        Input("melena", "Melena present", kind="bool", ehr=EHRSource("history", ("melena", "black stool"))),
        Input("syncope", "Presented with syncope", kind="bool", ehr=EHRSource("history", ("syncope",))),
        Input("hepatic_disease", "Hepatic disease history (chronic liver disease or failure)", kind="bool",
              ehr=EHRSource("diagnosis", ("cirrhosis", "liver disease"))),
        Input("cardiac_failure", "Cardiac failure present", kind="bool", ehr=EHRSource("diagnosis", ("heart failure",))),
    ),
    output=Output("score", unit="points"),
    compute=_gbs,
    interpret=_interpret,
    citation="Blatchford O, Murray WR, Blatchford M. A risk score to predict need for treatment for upper-"
             "gastrointestinal haemorrhage. Lancet. 2000;356(9238):1318-1321.",
    reference="""# Glasgow-Blatchford Bleeding Score (GBS)

**Purpose.** Identifies patients with upper GI bleeding who need hospital intervention
(transfusion, endoscopic therapy, surgery) and, at a score of 0 (or <= 1), those safe for early
outpatient management. Uses only pre-endoscopy data.

**When to use.** Suspected upper GI bleeding at first assessment.

**Inputs.** BUN (or urea), hemoglobin, sex, systolic BP, pulse, melena, syncope, hepatic disease,
cardiac failure.

**Point table.**
| Admission risk marker | Points |
|---|---|
| BUN 18.2-22.3 mg/dL (urea 6.5-7.9 mmol/L) | 2 |
| BUN 22.4-27.9 mg/dL (urea 8-9.9) | 3 |
| BUN 28-69.9 mg/dL (urea 10-24.9) | 4 |
| BUN >= 70 mg/dL (urea >= 25) | 6 |
| Hb men 12-12.9 g/dL / women 10-11.9 | 1 |
| Hb men 10-11.9 g/dL | 3 |
| Hb < 10 g/dL (both) | 6 |
| Systolic BP 100-109 mmHg | 1 |
| Systolic BP 90-99 mmHg | 2 |
| Systolic BP < 90 mmHg | 3 |
| Pulse >= 100/min | 1 |
| Melena | 1 |
| Syncope | 2 |
| Hepatic disease | 2 |
| Cardiac failure | 2 |

Range 0-23.

**Interpretation.** 0: very low risk (outpatient); 1: low risk (outpatient acceptable in some
guidelines); >= 2: admit; higher scores, higher chance of needing intervention.

**Reference.** Blatchford O et al. Lancet. 2000;356:1318-1321.
""",
    medcalc_bench_id=27,
    from_medcalc_bench=lambda e: {
        "bun_mg_dl": mcb.number(e, "Blood Urea Nitrogen (BUN)", "mg/dL", analyte="bun"),
        "hemoglobin_g_dl": mcb.number(e, "Hemoglobin", "g/dL", analyte="hemoglobin"),
        "sex": mcb.sex(e),
        "sbp": mcb.number(e, "Systolic Blood Pressure", "mmHg"),
        "heart_rate": mcb.number(e, "Heart Rate or Pulse", "/min"),
        "melena": mcb.flag(e, "Melena present"),
        "syncope": mcb.flag(e, "Recent syncope"),
        "hepatic_disease": mcb.flag(e, "Hepatic disease history"),
        "cardiac_failure": mcb.flag(e, "Cardiac failure present"),
    },
    official_names=("Glasgow-Blatchford Bleeding Score (GBS)",),
    from_official=lambda inputs: {
        "bun_mg_dl": official_value(inputs, ("bun", "urea"), "mg/dL", analyte="bun"),
        "hemoglobin_g_dl": official_value(inputs, ("hemoglobin",), "g/dL"),
        "sex": official_sex(inputs),
        "sbp": official_value(inputs, ("systolic",), "mmHg"),
        "heart_rate": yes_number(inputs, ("heart rate", "pulse"), 110.0, 80.0),
        "melena": official_bool(inputs, ("melena",)),
        "syncope": official_bool(inputs, ("syncope",)),
        "hepatic_disease": official_bool(inputs, ("hepatic",)),
        "cardiac_failure": official_bool(inputs, ("cardiac failure",)),
    },
)

register(GBS)
