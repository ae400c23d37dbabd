"""FeverPAIN score for streptococcal pharyngitis."""
from __future__ import annotations

from ..base import INTERNAL, Calculator, EHRSource, Input, Output, register
from ._entities import flag, off_bool


def _b(name: str, label: str, ehr: EHRSource) -> Input:
    return Input(name, label, kind="bool", optional=True, default=False, ehr=ehr)


FEVER = _b("fever_24h", "Fever in the past 24 hours", EHRSource("history", ("fever",)))
PURULENCE = _b("purulence", "Purulent tonsils (pharyngeal/tonsillar exudate)", EHRSource("exam", ("exudate", "purulent")))
ATTEND = _b("attend_rapidly", "Attended rapidly: symptom onset 3 days or less", EHRSource("history", ("onset",)))
INFLAMED = _b("severely_inflamed_tonsils", "Severely inflamed tonsils", EHRSource("exam", ("tonsil",)))
NO_COUGH = _b("no_cough_or_coryza", "Absence of cough or coryza", EHRSource("history", ("cough", "coryza")))

_RISK = {0: "13-18%", 1: "13-18%", 2: "34-40%", 3: "34-40%", 4: "62-65%", 5: "62-65%"}


def _interpret(value: int, **_: object) -> str:
    advice = ("no antibiotic" if value <= 1 else "consider a delayed (back-up) antibiotic prescription" if value <= 3
              else "consider an immediate antibiotic (or delayed)")
    return f"FeverPAIN {value}: likelihood of streptococcal isolate about {_RISK[value]}; {advice}"


FEVERPAIN = Calculator(
    id="feverpain",
    name="FeverPAIN Score for Strep Pharyngitis",
    aliases=("FeverPAIN", "FeverPAIN score", "Fever PAIN"),
    domains=(INTERNAL,),
    specialty="Primary Care / Infectious Disease",
    purpose="Estimates the likelihood of streptococcal pharyngitis to guide antibiotic prescribing for sore throat.",
    inputs=(FEVER, PURULENCE, ATTEND, INFLAMED, NO_COUGH),
    output=Output("score", decimals=0),
    compute=lambda fever_24h, purulence, attend_rapidly, severely_inflamed_tonsils, no_cough_or_coryza: sum(
        map(bool, (fever_24h, purulence, attend_rapidly, severely_inflamed_tonsils, no_cough_or_coryza))),
    interpret=_interpret,
    citation=("Little P, Moore M, Hobbs FDR, et al. PRImary care Streptococcal Management (PRISM) study: "
              "identifying clinical variables associated with Lancefield group A beta-haemolytic streptococci and "
              "Lancefield non-Group A streptococcal throat infections from two cohorts of patients presenting with "
              "an acute sore throat. BMJ Open. 2013;3(10):e003943."),
    reference="""# FeverPAIN Score for Strep Pharyngitis

**Purpose.** A five-item primary-care score for acute sore throat that estimates the chance of a
streptococcal infection and guides antibiotic prescribing (recommended by UK NICE guidance).

**When to use.** Patients aged 3 years and over with acute sore throat (pharyngitis/tonsillitis).

**Points (1 each, total 0–5).**
| Letter | Item |
|---|---|
| Fever | Fever in the past 24 hours |
| P | Purulence (pharyngeal/tonsillar exudate) |
| A | Attend rapidly (≤ 3 days from symptom onset) |
| I | Inflamed tonsils (severely) |
| N | No cough or coryza |

**Interpretation (streptococcal isolate rates in the derivation study).**
| Score | Streptococcus | Suggested approach |
|---|---|---|
| 0–1 | 13–18% | No antibiotic |
| 2–3 | 34–40% | Consider no antibiotic or a delayed prescription |
| 4–5 | 62–65% | Consider an immediate antibiotic or a delayed prescription |

**Reference.** Little P et al. BMJ Open. 2013;3:e003943 (PRISM); Little P et al. BMJ. 2013;347:f5806.
""",
    medcalc_bench_id=33,
    from_medcalc_bench=lambda e: {
        "fever_24h": flag(e, "Fever in past 24 hours"),
        "purulence": flag(e, "Purulent tonsils"),
        "attend_rapidly": flag(e, "Symptom onset ≤3 days", "Symptom onset <=3 days"),
        "severely_inflamed_tonsils": flag(e, "Severe tonsil inflammation"),
        "no_cough_or_coryza": flag(e, "Absence of cough or coryza"),
    },
    official_names=("FeverPAIN Score for Strep Pharyngitis",),
    from_official=lambda inputs: {
        "fever_24h": off_bool(inputs, ("fever",)),
        "purulence": off_bool(inputs, ("purulent", "purulence", "exudate")),
        "attend_rapidly": off_bool(inputs, ("symptom onset", "onset", "attend")),
        "severely_inflamed_tonsils": off_bool(inputs, ("inflammation", "inflamed")),
        "no_cough_or_coryza": off_bool(inputs, ("absence of cough or coryza", "cough")),
    },
)

register(FEVERPAIN)
