"""Liver prognostic tools: Emory score for TIPS, CLIF-C ACLF score."""
from __future__ import annotations

import math

from ..base import CRITICAL, INTERNAL, NEURO, SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field, official_bool, official_value
from ._official_util import field_text, number_in, opt_value

# ---------------------------------------------------------------- Emory
def _emory(bilirubin, alt, pre_tips_encephalopathy, urgent):
    pts = {"bilirubin_gt_3": int(bilirubin > 3.0), "alt_gt_100": int(alt > 100),
           "pre_tips_encephalopathy": int(pre_tips_encephalopathy), "urgent_tips": int(urgent)}
    return sum(pts.values()), {"item_points": pts}


def _emory_interp(v, **_):
    if v == 0:
        return "low risk: ~10% 3-month mortality after TIPS"
    if v <= 2:
        return "moderate risk: ~25% 3-month mortality after TIPS"
    return "high risk: >60% 3-month mortality after TIPS"


EMORY = Calculator(
    id="emory_tips",
    name="Emory Model (TIPSS)",
    aliases=("Emory score", "Emory TIPS score", "Emory model for TIPS mortality", "Emory TIPSS"),
    domains=(CRITICAL, INTERNAL, NEURO, SPECIAL),
    specialty="Hepatology",
    purpose="Predicts mortality after transjugular intrahepatic portosystemic shunt (TIPS) placement.",
    inputs=(
        Input("bilirubin", "Total bilirubin", unit="mg/dL", min=0.1, max=60, ehr=EHRSource("lab", ("Total bilirubin",), "mg/dL")),
        Input("alt", "ALT", unit="U/L", min=1, max=20000, ehr=EHRSource("lab", ("ALT",), "U/L")),
        Input("pre_tips_encephalopathy", "Hepatic encephalopathy before TIPS", kind="bool",
              ehr=EHRSource("diagnosis", ("hepatic encephalopathy",))),
        Input("urgent", "Urgent or emergent TIPS (vs elective)", kind="bool", ehr=EHRSource("order", ("TIPS",))),
    ),
    output=Output("score"),
    compute=_emory,
    interpret=_emory_interp,
    citation="Chalasani N, Clark WS, Martin LG, et al. Determinants of mortality in patients with advanced cirrhosis after "
             "transjugular intrahepatic portosystemic shunting. Gastroenterology. 2000;118(1):138-144.",
    reference="""# Emory Model (score) for TIPS

**Purpose.** Estimates early mortality after TIPS in cirrhosis from four pre-procedure factors.

**When to use.** Patients with cirrhosis being considered for TIPS (variceal bleeding, refractory ascites).

**Inputs (1 point each).** Total bilirubin > 3 mg/dL; ALT > 100 U/L; hepatic encephalopathy before TIPS
(not precipitated by bleeding); urgent (emergent) rather than elective TIPS.

**Interpretation.**
| Score | Group | 3-month mortality |
|---|---|---|
| 0 | low | ~10% |
| 1-2 | moderate | ~25% |
| 3-4 | high | > 60% |

**Reference.** Chalasani N et al. Gastroenterology. 2000;118:138-144.
""",
    official_names=("Emory Model (TIPSS)",),
    from_official=lambda inputs: {
        "bilirubin": official_value(inputs, ("total bilirubin", "bilirubin"), "mg/dL", analyte="bilirubin"),
        "alt": official_value(inputs, ("alt",)),
        "pre_tips_encephalopathy": official_bool(inputs, ("pre tipss hepatic encephalopathy", "hepatic encephalopathy")),
        "urgent": "elective" not in field_text(inputs, ("urgency of tipss", "urgency")).lower(),
    },
)


# ---------------------------------------------------------------- CLIF-C ACLF
def _of_liver(b):
    return 1 if b < 6 else 2 if b < 12 else 3


def _of_kidney(c, rrt):
    return 3 if rrt or c >= 3.5 else 2 if c >= 2 else 1


def _of_brain(g):
    return 1 if g == 0 else 2 if g <= 2 else 3


def _of_coag(i):
    return 1 if i < 2.0 else 2 if i < 2.5 else 3


def _of_circ(m, vaso):
    return 3 if vaso else 1 if m >= 70 else 2


def _of_resp(pf):
    return 1 if pf > 300 else 2 if pf > 200 else 3


def _clif(age, wbc, bilirubin, creatinine, renal_replacement, he_grade, inr, map, vasopressors, pf_ratio):
    sub = {"liver": _of_liver(bilirubin), "kidney": _of_kidney(creatinine, renal_replacement), "brain": _of_brain(he_grade),
           "coagulation": _of_coag(inr), "circulation": _of_circ(map, vasopressors), "respiration": _of_resp(pf_ratio)}
    of = sum(sub.values())
    score = 10.0 * (0.33 * of + 0.04 * age + 0.63 * math.log(wbc) - 2.0)
    return score, {"clif_of_subscores": sub, "clif_of_total": of}


def _clif_mortality(v: float) -> str:
    return f"CLIF-C ACLF {v:g}: higher scores mean higher 28-day to 1-year mortality (score >= 64 is associated with very high short-term mortality)"


def _clif_official(inputs: list) -> dict:
    def by_value_or_score(value_kws, score_kws, to_sub, unit=None, analyte=None):
        v = opt_value(inputs, value_kws, unit, analyte=analyte, exclude=("category",))
        return v

    # prefer measured values; fall back to the category scores the source assigned
    out: dict = {"age": official_value(inputs, ("age",)),
                 "wbc": official_value(inputs, ("wbc count", "wbc", "white blood cell"))}
    bili = opt_value(inputs, ("bilirubin value",), "mg/dL", analyte="bilirubin")
    if bili is None:
        e = find_field(inputs, ("liver bilirubin", "bilirubin"), exclude=("category",))
        if e is not None:
            bili = number_in(e.get("value"))
    cr = opt_value(inputs, ("creatinine value",), "mg/dL", analyte="creatinine")
    if cr is None:
        e = find_field(inputs, ("kidney creatinine", "creatinine"), exclude=("category",))
        if e is not None:
            cr = number_in(e.get("value"))
    inr = opt_value(inputs, ("inr value",))
    if inr is None:
        e = find_field(inputs, ("coagulation inr", "inr"), exclude=("category",))
        if e is not None:
            inr = number_in(e.get("value"))
    if None in (bili, cr, inr):
        raise CalculatorInputError("CLIF-C ACLF: bilirubin, creatinine or INR value not readable")
    he_text = field_text(inputs, ("brain", "west haven", "hepatic encephalopathy"))
    import re

    m = re.search(r"grade\s*(\d)", he_text, re.I)
    he = int(m.group(1)) if m else (0 if he_text.lower().startswith(("no", "none")) else None)
    if he is None:
        raise CalculatorInputError(f"CLIF-C ACLF: cannot read the HE grade from {he_text!r}")
    circ = field_text(inputs, ("circulatory map", "map", "circulatory"))
    vaso = "vasopressor" in circ.lower() and "no vasopressor" not in circ.lower()
    pf = opt_value(inputs, ("pao2 fio2 ratio", "respiratory pao2 fio2 ratio"))
    if pf is None:
        pao2, fio2 = opt_value(inputs, ("pao2",)), opt_value(inputs, ("fio2",))
        if pao2 is None or fio2 is None:
            raise CalculatorInputError("CLIF-C ACLF: no PaO2/FiO2")
        pf = pao2 / (fio2 if fio2 <= 1 else fio2 / 100)
    out.update(bilirubin=bili, creatinine=cr, renal_replacement=False, he_grade=he, inr=inr,
               map=number_in(circ), vasopressors=vaso, pf_ratio=pf)
    return out


CLIF_C_ACLF = Calculator(
    id="clif_c_aclf",
    name="CLIF-C ACLF Score (Acute-on-Chronic Liver Failure)",
    aliases=("CLIF-C ACLF", "CLIF-C ACLF score", "CLIF Consortium ACLF score"),
    domains=(CRITICAL, INTERNAL),
    specialty="Hepatology",
    purpose="Predicts mortality in acute-on-chronic liver failure from organ failures (CLIF-OF), age and white cell count.",
    inputs=(
        Input("age", "Age", unit="years", min=18, max=120, ehr=EHRSource("demographic", ("age",), "years")),
        Input("wbc", "White blood cell count", unit="10^9/L", min=0.1, max=300, ehr=EHRSource("lab", ("WBC",), "10^9/L")),
        Input("bilirubin", "Total bilirubin", unit="mg/dL", min=0.1, max=80, ehr=EHRSource("lab", ("Total bilirubin",), "mg/dL")),
        Input("creatinine", "Creatinine", unit="mg/dL", min=0.1, max=30, ehr=EHRSource("lab", ("Creatinine",), "mg/dL")),
        Input("renal_replacement", "On renal replacement therapy", kind="bool", optional=True, default=False,
              ehr=EHRSource("order", ("dialysis", "CRRT"))),
        Input("he_grade", "Hepatic encephalopathy West Haven grade (0-4)", kind="integer", min=0, max=4,
              ehr=EHRSource("exam", ("hepatic encephalopathy",))),
        Input("inr", "INR", min=0.5, max=20, ehr=EHRSource("lab", ("INR",))),
        Input("map", "Mean arterial pressure", unit="mmHg", min=10, max=250, ehr=EHRSource("vital", ("mean_bp",), "mmHg")),
        Input("vasopressors", "On vasopressors", kind="bool", optional=True, default=False,
              ehr=EHRSource("order", ("norepinephrine", "vasopressin", "dopamine"))),
        Input("pf_ratio", "PaO2/FiO2 ratio", unit="mmHg", min=20, max=700, ehr=EHRSource("lab", ("PaO2", "FiO2"))),
    ),
    output=Output("number", unit="points", decimals=0, abs_tol=1),
    compute=_clif,
    interpret=lambda v, **_: _clif_mortality(v),
    citation="Jalan R, Saliba F, Pavesi M, et al. Development and validation of a prognostic score to predict mortality in "
             "patients with acute-on-chronic liver failure. J Hepatol. 2014;61(5):1038-1047.",
    reference="""# CLIF-C ACLF Score

**Purpose.** Estimates 28-day to 1-year mortality in patients with acute-on-chronic liver failure (ACLF).

**When to use.** Hospitalised cirrhotic patients meeting EASL-CLIF ACLF criteria.

**Inputs.** Age, white cell count, bilirubin, creatinine (or RRT), hepatic encephalopathy grade, INR, MAP
(or vasopressor use) and PaO2/FiO2.

**CLIF Organ Failure (CLIF-OF) subscores (1-3 each).**
| Organ | 1 | 2 | 3 |
|---|---|---|---|
| Liver: bilirubin (mg/dL) | < 6 | 6 - < 12 | >= 12 |
| Kidney: creatinine (mg/dL) | < 2 | 2 - < 3.5 | >= 3.5 or RRT |
| Brain: HE grade (West Haven) | 0 | 1-2 | 3-4 |
| Coagulation: INR | < 2.0 | 2.0 - < 2.5 | >= 2.5 |
| Circulation: MAP (mmHg) | >= 70 | < 70 | vasopressors |
| Respiration: PaO2/FiO2 | > 300 | > 200 - 300 | <= 200 |

**Formula.** CLIF-C ACLF = 10 x (0.33 x CLIF-OF + 0.04 x age + 0.63 x ln(WBC, 10^9/L) - 2), shown as an integer.

**Interpretation.** Higher scores predict higher mortality; scores >= 64 at days 3-7 mark very high short-term
mortality where continued intensive care may be futile.

**Reference.** Jalan R et al. J Hepatol. 2014;61:1038-1047.
""",
    official_names=("CLIF-C ACLF (Acute-on-Chronic Liver Failure)",),
    from_official=_clif_official,
)

register(EMORY, CLIF_C_ACLF)
