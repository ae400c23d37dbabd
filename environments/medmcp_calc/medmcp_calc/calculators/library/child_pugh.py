"""Child-Pugh (Child-Turcotte-Pugh) score for cirrhosis."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import official_text, official_value
from . import _mcb_reader as mcb
from ._official_extra import score_of

ASCITES = ("absent", "slight", "moderate")
ENCEPHALOPATHY = ("none", "grade 1-2", "grade 3-4")


def _score(bilirubin_mg_dl: float, albumin_g_dl: float, inr: float, ascites: str, encephalopathy: str):
    parts = {
        "bilirubin": 1 if bilirubin_mg_dl < 2 else 2 if bilirubin_mg_dl <= 3 else 3,
        "albumin": 1 if albumin_g_dl > 3.5 else 2 if albumin_g_dl >= 2.8 else 3,
        "inr": 1 if inr < 1.7 else 2 if inr <= 2.3 else 3,
        "ascites": 1 + ASCITES.index(ascites),
        "encephalopathy": 1 + ENCEPHALOPATHY.index(encephalopathy),
    }
    return sum(parts.values()), parts


def _interpret(value: int, **_: object) -> str:
    if value <= 6:
        return "Child-Pugh class A (5-6): well-compensated; 1-year survival ~100%, 2-year ~85%"
    if value <= 9:
        return "Child-Pugh class B (7-9): significant functional compromise; 1-year ~80%, 2-year ~60%"
    return "Child-Pugh class C (10-15): decompensated; 1-year ~45%, 2-year ~35%"


def _ascites_word(text: str, score: float | None) -> str:
    t = text.lower()
    if score is not None and score in (1, 2, 3):
        return ASCITES[int(score) - 1]
    if any(w in t for w in ("moderate", "severe", "tense", "refractory", "large")):
        return "moderate"
    if any(w in t for w in ("slight", "mild", "small", "minimal")):
        return "slight"
    if any(w in t for w in ("absent", "none", "no ")) or t.strip() in {"no", "none"}:
        return "absent"
    raise CalculatorInputError(f"cannot read ascites grade from {text!r}")


def _enceph_word(text: str, score: float | None) -> str:
    t = text.lower().replace("–", "-")
    if score is not None and score in (1, 2, 3):
        return ENCEPHALOPATHY[int(score) - 1]
    if any(w in t for w in ("3-4", "iii", "severe", "grade 3", "grade 4")):
        return "grade 3-4"
    if any(w in t for w in ("1-2", "i-ii", "mild", "grade 1", "grade 2")):
        return "grade 1-2"
    if "none" in t or t.startswith("no") or "absent" in t:
        return "none"
    raise CalculatorInputError(f"cannot read encephalopathy grade from {text!r}")


def _mcb_ascites(e: dict) -> str:
    v = str(mcb.get(e, "Ascites") or "absent").strip().lower()
    return _ascites_word(v, None)


def _mcb_enceph(e: dict) -> str:
    v = str(mcb.get(e, "Encephalopathy") or "none").strip().lower()
    if v.startswith("no ") or v == "grade 0":
        return "none"
    return _enceph_word(v, None)


def _from_official(inputs: list) -> dict:
    return {
        "bilirubin_mg_dl": official_value(inputs, ("bilirubin",), "mg/dL", analyte="bilirubin"),
        "albumin_g_dl": official_value(inputs, ("albumin",), "g/dL"),
        "inr": official_value(inputs, ("inr",)),
        "ascites": _ascites_word(official_text(inputs, ("ascites",)), score_of(inputs, ("ascites",))),
        "encephalopathy": _enceph_word(official_text(inputs, ("encephalopathy",)), score_of(inputs, ("encephalopathy",))),
    }


CHILD_PUGH = Calculator(
    id="child_pugh",
    name="Child-Pugh Score for Cirrhosis Mortality",
    aliases=("Child-Pugh", "Child-Turcotte-Pugh", "CTP score", "Child Pugh score", "Child-Pugh classification"),
    domains=(INTERNAL, CRITICAL),
    specialty="Hepatology",
    purpose="Grades the severity of chronic liver disease (class A/B/C) from bilirubin, albumin, INR, ascites and encephalopathy.",
    inputs=(
        Input("bilirubin_mg_dl", "Total bilirubin", unit="mg/dL", min=0.1, max=60,
              ehr=EHRSource("lab", ("Total bilirubin", "Bilirubin", "TBIL"), "mg/dL", "umol/L / 17.1 = mg/dL")),
        Input("albumin_g_dl", "Serum albumin", unit="g/dL", min=0.5, max=7,
              ehr=EHRSource("lab", ("Albumin", "ALB"), "g/dL", "g/L / 10 = g/dL")),
        Input("inr", "INR", min=0.5, max=15, ehr=EHRSource("lab", ("INR", "International normalized ratio"))),
        Input("ascites", "Ascites", kind="choice", choices=ASCITES,
              description="absent; slight (mild, diuretic-responsive); moderate (moderate to severe / tense / refractory)",
              ehr=EHRSource("exam", ("ascites",), note="or abdominal ultrasound/CT report")),
        Input("encephalopathy", "Hepatic encephalopathy", kind="choice", choices=ENCEPHALOPATHY,
              description="none; grade 1-2 (or controlled with medication); grade 3-4 (or refractory)",
              ehr=EHRSource("exam", ("hepatic encephalopathy", "asterixis", "confusion"))),
    ),
    output=Output("score", unit="points"),
    compute=_score,
    interpret=_interpret,
    citation="Pugh RN, Murray-Lyon IM, Dawson JL, Pietroni MC, Williams R. Transection of the oesophagus for "
             "bleeding oesophageal varices. Br J Surg. 1973;60(8):646-649.",
    reference="""# Child-Pugh Score (Child-Turcotte-Pugh)

**Purpose.** Classifies the severity of cirrhosis and estimates survival; used for prognosis,
surgical risk, and drug-label dose adjustments in hepatic impairment.

**When to use.** Established chronic liver disease / cirrhosis. For transplant allocation use
MELD-Na instead.

**Inputs.** Total bilirubin, albumin, INR, ascites grade, hepatic encephalopathy grade.

**Point table.**
| Measure | 1 point | 2 points | 3 points |
|---|---|---|---|
| Total bilirubin (mg/dL) | < 2 | 2-3 | > 3 |
| Albumin (g/dL) | > 3.5 | 2.8-3.5 | < 2.8 |
| INR | < 1.7 | 1.7-2.3 | > 2.3 |
| Ascites | Absent | Slight | Moderate (or severe) |
| Hepatic encephalopathy | None | Grade 1-2 | Grade 3-4 |

(Bilirubin umol/L: < 34, 34-50, > 50.) Range 5-15.

**Interpretation.**
| Score | Class | 1-year / 2-year survival |
|---|---|---|
| 5-6 | A | ~100% / 85% |
| 7-9 | B | ~80% / 60% |
| 10-15 | C | ~45% / 35% |

**Reference.** Pugh RN et al. Br J Surg. 1973;60(8):646-649 (modifying Child CG, Turcotte JG, 1964).
""",
    medcalc_bench_id=15,
    from_medcalc_bench=lambda e: {
        "bilirubin_mg_dl": mcb.number(e, "Bilirubin", "mg/dL", analyte="bilirubin"),
        "albumin_g_dl": mcb.number(e, "Albumin", "g/dL"),
        "inr": mcb.number(e, "international normalized ratio"),
        "ascites": _mcb_ascites(e),
        "encephalopathy": _mcb_enceph(e),
    },
    official_names=("Child-Pugh Score for Cirrhosis Mortality", "Child-Pugh Score", "Child-Pugh Score for Cirrhosis"),
    from_official=_from_official,
)

register(CHILD_PUGH)
