"""Centor score, McIsaac (age-modified) version, for streptococcal pharyngitis."""
from __future__ import annotations

from ..base import INTERNAL, SPECIAL, Calculator, EHRSource, Input, Output, register
from ..officials import find_field, official_bool, official_text
from . import _mcb_reader as mcb
from ._official_extra import score_of, yes_number


def _centor(age: float, tonsillar_exudate: bool, tender_anterior_nodes: bool, temperature_c: float, cough_absent: bool):
    age_pts = 1 if 3 <= age < 15 else -1 if age >= 45 else 0
    parts = {
        "age": age_pts,
        "tonsillar_exudate": int(tonsillar_exudate),
        "tender_anterior_nodes": int(tender_anterior_nodes),
        "fever_over_38": int(temperature_c > 38.0),
        "cough_absent": int(cough_absent),
    }
    return sum(parts.values()), parts


def _interpret(value: int, **_: object) -> str:
    if value <= 0:
        return "score <= 0: ~1-2.5% risk of streptococcal pharyngitis; no testing or antibiotics"
    if value == 1:
        return "score 1: ~5-10% risk; no testing or antibiotics"
    if value == 2:
        return "score 2: ~11-17% risk; rapid antigen test or culture, treat if positive"
    if value == 3:
        return "score 3: ~28-35% risk; rapid antigen test or culture, treat if positive"
    return "score >= 4: ~51-53% risk; test, or consider empiric antibiotics"


def _official_age(inputs: list) -> float:
    s = score_of(inputs, ("age",))
    if s is not None:
        return {1: 10.0, 0: 30.0, -1: 50.0}[int(s)]
    return yes_number(inputs, ("age",), 30.0, 30.0)


def _official_cough_absent(inputs: list) -> bool:
    entry = find_field(inputs, ("cough",))
    if entry is None:
        return False
    text = official_text(inputs, ("cough",)).lower()
    field = str(entry.get("field", "")).lower()
    if "absent" in text or "no cough" in text:
        return True
    if "present" in text:
        return False
    return official_bool(inputs, ("cough",)) if "absent" in field else not official_bool(inputs, ("cough",))


CENTOR = Calculator(
    id="centor_mcisaac",
    name="Centor Score (Modified/McIsaac) for Strep Pharyngitis",
    aliases=("Centor score", "McIsaac score", "Modified Centor", "Centor criteria", "McIsaac criteria"),
    domains=(INTERNAL, SPECIAL),
    specialty="Primary Care / Infectious Disease",
    purpose="Estimates the likelihood of group A streptococcal pharyngitis to guide testing and antibiotics.",
    inputs=(
        Input("age", "Age", unit="years", min=0, max=120, ehr=EHRSource("demographic", ("age",))),
        Input("tonsillar_exudate", "Exudate or swelling on tonsils", kind="bool", ehr=EHRSource("exam", ("tonsillar exudate",))),
        Input("tender_anterior_nodes", "Tender/swollen anterior cervical lymph nodes", kind="bool",
              ehr=EHRSource("exam", ("cervical lymphadenopathy",))),
        Input("temperature_c", "Highest temperature", unit="°C", min=25, max=45,
              ehr=EHRSource("vital", ("temperature",), "C")),
        Input("cough_absent", "Cough absent", kind="bool", ehr=EHRSource("history", ("cough",))),
    ),
    output=Output("score", unit="points"),
    compute=_centor,
    interpret=_interpret,
    citation="McIsaac WJ, White D, Tannenbaum D, Low DE. A clinical score to reduce unnecessary antibiotic use in "
             "patients with sore throat. CMAJ. 1998;158(1):75-83; Centor RM, et al. Med Decis Making. 1981;1(3):239-246.",
    reference="""# Centor Score (Modified / McIsaac)

**Purpose.** Estimates the probability that a sore throat is group A streptococcal (GAS)
pharyngitis, to limit testing and antibiotics to those likely to benefit.

**When to use.** Patients >= 3 years with acute pharyngitis. Not for immunocompromised patients
or those with a recent GAS contact where a lower threshold applies.

**Inputs.** Age; tonsillar exudate or swelling; tender/swollen anterior cervical nodes; highest
temperature; cough present or absent.

**Point table.**
| Criterion | Points |
|---|---|
| Age 3-14 years | +1 |
| Age 15-44 years | 0 |
| Age >= 45 years | -1 |
| Exudate or swelling on tonsils | +1 |
| Tender/swollen anterior cervical lymph nodes | +1 |
| Temperature > 38 °C (100.4 °F) | +1 |
| Cough absent | +1 |

Range -1 to 5 (children under 3 get no age point).

**Interpretation (risk of GAS).** <= 0: 1-2.5%; 1: 5-10%; 2: 11-17%; 3: 28-35%; >= 4: 51-53%.
0-1: no test, no antibiotic; 2-3: rapid antigen test / culture; >= 4: test or treat empirically.

**Reference.** McIsaac WJ et al. CMAJ. 1998;158:75-83; Centor RM et al. Med Decis Making. 1981;1:239-246.
""",
    medcalc_bench_id=20,
    from_medcalc_bench=lambda e: {
        "age": mcb.age_years(e),
        "tonsillar_exudate": mcb.flag(e, "Exudate or swelling on tonsils"),
        "tender_anterior_nodes": mcb.flag(e, "Tender/swollen anterior cervical lymph nodes"),
        "temperature_c": mcb.temperature_c(e),
        # an unmentioned cough counts as absent (the convention of the benchmark's explanations)
        "cough_absent": mcb.flag(e, "Cough Absent", default=True),
    },
    official_names=("Centor Score (Modified/McIsaac) for Strep Pharyngitis",),
    from_official=lambda inputs: {
        "age": _official_age(inputs),
        "tonsillar_exudate": official_bool(inputs, ("exudate", "tonsil")),
        "tender_anterior_nodes": official_bool(inputs, ("lymph nodes", "nodes")),
        "temperature_c": yes_number(inputs, ("temp", "temperature", "fever"), 38.5, 37.0),
        "cough_absent": _official_cough_absent(inputs),
    },
)

register(CENTOR)
