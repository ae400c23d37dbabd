"""Revised Cardiac Risk Index (Lee) for pre-operative cardiac risk."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, Calculator, EHRSource, Input, Output, register
from ..officials import official_bool
from . import _mcb_reader as mcb
from ._official_extra import yes_number


def _rcri(high_risk_surgery: bool, ischemic_heart_disease: bool, heart_failure: bool, cerebrovascular_disease: bool,
          insulin_treatment: bool, creatinine_mg_dl: float):
    parts = {
        "high_risk_surgery": int(high_risk_surgery),
        "ischemic_heart_disease": int(ischemic_heart_disease),
        "heart_failure": int(heart_failure),
        "cerebrovascular_disease": int(cerebrovascular_disease),
        "insulin_treatment": int(insulin_treatment),
        "creatinine_over_2": int(creatinine_mg_dl > 2.0),
    }
    return sum(parts.values()), parts


_RISK = {0: "3.9%", 1: "6.0%", 2: "10.1%"}


def _interpret(value: int, **_: object) -> str:
    risk = _RISK.get(int(value), "15.0%")
    cls = {0: "I", 1: "II", 2: "III"}.get(int(value), "IV")
    return (f"RCRI class {cls}: ~{risk} risk of 30-day MI, cardiac arrest or death "
            "(Duceppe 2017 recalibration)")


RCRI = Calculator(
    id="rcri",
    name="Revised Cardiac Risk Index for Pre-Operative Risk",
    aliases=("RCRI", "Revised Cardiac Risk Index", "Lee index", "Lee Revised Cardiac Risk Index", "Lee criteria"),
    domains=(CRITICAL, INTERNAL),
    specialty="Perioperative Medicine / Cardiology",
    purpose="Estimates the risk of major cardiac complications after non-cardiac surgery from six predictors.",
    inputs=(
        Input("high_risk_surgery", "Elevated-risk surgery (intraperitoneal, intrathoracic or suprainguinal vascular)",
              kind="bool", ehr=EHRSource("order", ("laparotomy", "thoracotomy", "vascular surgery"))),
        Input("ischemic_heart_disease", "History of ischemic heart disease (MI, positive stress test, angina, "
              "nitrate use, pathological Q waves)", kind="bool",
              ehr=EHRSource("diagnosis", ("coronary artery disease", "myocardial infarction", "angina"))),
        Input("heart_failure", "History of congestive heart failure", kind="bool",
              ehr=EHRSource("diagnosis", ("heart failure",))),
        Input("cerebrovascular_disease", "History of cerebrovascular disease (stroke or TIA)", kind="bool",
              ehr=EHRSource("diagnosis", ("stroke", "transient ischemic attack", "cerebral infarction"))),
        Input("insulin_treatment", "Pre-operative treatment with insulin", kind="bool",
              ehr=EHRSource("order", ("insulin",))),
        Input("creatinine_mg_dl", "Pre-operative serum creatinine", unit="mg/dL", min=0.1, max=30,
              ehr=EHRSource("lab", ("Creatinine", "Serum creatinine"), "mg/dL", "> 2 mg/dL = > 176.8 umol/L scores")),
    ),
    output=Output("score", unit="points"),
    compute=_rcri,
    interpret=_interpret,
    citation="Lee TH, Marcantonio ER, Mangione CM, et al. Derivation and prospective validation of a simple index "
             "for prediction of cardiac risk of major noncardiac surgery. Circulation. 1999;100(10):1043-1049.",
    reference="""# Revised Cardiac Risk Index (RCRI, Lee Index)

**Purpose.** Estimates the risk of major adverse cardiac events (MI, cardiac arrest, death)
within 30 days of non-cardiac surgery, to decide on further cardiac testing and monitoring.

**When to use.** Adults >= 45 years (or with cardiovascular risk) before elective or urgent
non-cardiac surgery.

**Inputs.** Type of surgery, histories of ischemic heart disease, heart failure and cerebrovascular
disease, pre-operative insulin, pre-operative creatinine.

**Point table (1 point each).**
| Predictor |
|---|
| Elevated-risk surgery: intraperitoneal, intrathoracic, or suprainguinal vascular |
| History of ischemic heart disease |
| History of congestive heart failure |
| History of cerebrovascular disease (stroke or TIA) |
| Pre-operative treatment with insulin |
| Pre-operative creatinine > 2 mg/dL (176.8 umol/L) |

Range 0-6.

**Interpretation (30-day MI, cardiac arrest or death; Duceppe 2017).**
| Points | Class | Risk |
|---|---|---|
| 0 | I | 3.9% |
| 1 | II | 6.0% |
| 2 | III | 10.1% |
| >= 3 | IV | 15.0% |

**Reference.** Lee TH et al. Circulation. 1999;100:1043-1049; Duceppe E et al. Can J Cardiol.
2017;33:17-32.
""",
    medcalc_bench_id=17,
    from_medcalc_bench=lambda e: {
        "high_risk_surgery": mcb.flag(e, "Elevated-risk surgery"),
        "ischemic_heart_disease": mcb.flag(e, "History of ischemic heart disease"),
        "heart_failure": mcb.flag(e, "Congestive Heart Failure criteria for the Cardiac Risk Index rule"),
        "cerebrovascular_disease": mcb.any_flag(e, "History of cerebrovascular disease",
                                                "Cerebrovascular disease history"),
        "insulin_treatment": mcb.flag(e, "Pre-operative treatment with insulin"),
        "creatinine_mg_dl": mcb.number(e, "Pre-operative creatinine", "mg/dL", analyte="creatinine"),
    },
    official_names=("Revised Cardiac Risk Index for Pre-Operative Risk",),
    from_official=lambda inputs: {
        "high_risk_surgery": official_bool(inputs, ("high risk surgery", "elevated risk surgery", "surgery")),
        "ischemic_heart_disease": official_bool(inputs, ("ischemic heart disease",)),
        "heart_failure": official_bool(inputs, ("heart failure",)),
        "cerebrovascular_disease": official_bool(inputs, ("cerebrovascular",)),
        "insulin_treatment": official_bool(inputs, ("insulin",)),
        "creatinine_mg_dl": yes_number(inputs, ("creatinine",), 2.5, 1.0),
    },
)

register(RCRI)
