"""ICU bedside scales: RASS, CAM-ICU, CPOT."""
from __future__ import annotations

import re

from ..base import CRITICAL, NEURO, SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field, official_bool
from ._official_util import choice_by_keywords, field_score, parenthesised_int

RASS_LEVELS = {
    4: "Combative: overtly combative, violent, immediate danger to staff",
    3: "Very agitated: pulls or removes tubes or catheters; aggressive",
    2: "Agitated: frequent non-purposeful movement, fights ventilator",
    1: "Restless: anxious but movements not aggressive or vigorous",
    0: "Alert and calm",
    -1: "Drowsy: not fully alert, sustained (>10 s) awakening with eye contact to voice",
    -2: "Light sedation: briefly (<10 s) awakens with eye contact to voice",
    -3: "Moderate sedation: movement or eye opening to voice, no eye contact",
    -4: "Deep sedation: no response to voice; movement or eye opening to physical stimulation",
    -5: "Unarousable: no response to voice or physical stimulation",
}


def _rass_official(inputs: list) -> dict:
    e = find_field(inputs, ("patient description", "rass", "description")) or (inputs[0] if inputs else None)
    if e is None:
        raise CalculatorInputError("official inputs have no RASS description")
    if "score" in e:
        return {"level": int(float(e["score"]))}
    n = parenthesised_int(e.get("value", ""))
    if n is not None:
        return {"level": n}
    key = choice_by_keywords(str(e.get("value", "")), {str(k): (v.split(":")[0],) for k, v in RASS_LEVELS.items()}, "the RASS level")
    return {"level": int(key)}


RASS = Calculator(
    id="rass",
    name="Richmond Agitation-Sedation Scale (RASS)",
    aliases=("RASS", "Richmond agitation sedation scale"),
    domains=(CRITICAL, NEURO, SPECIAL),
    specialty="Critical Care",
    purpose="Ten-level scale (+4 combative to -5 unarousable) for agitation and depth of sedation.",
    inputs=(Input("level", "RASS level", kind="integer", min=-5, max=4,
                  description="; ".join(f"{k:+d} {v}" for k, v in RASS_LEVELS.items()),
                  ehr=EHRSource("exam", ("RASS",))),),
    output=Output("score"),
    compute=lambda level: level,
    interpret=lambda v, **_: RASS_LEVELS[int(v)] + (
        "; within the usual light-sedation target (-2 to +1)" if -2 <= v <= 1 else
        "; deeper than the usual target" if v < -2 else "; agitated: look for pain, delirium, ventilator dyssynchrony"),
    citation="Sessler CN, Gosnell MS, Grap MJ, et al. The Richmond Agitation-Sedation Scale: validity and reliability in "
             "adult intensive care unit patients. Am J Respir Crit Care Med. 2002;166(10):1338-1344.",
    reference="""# Richmond Agitation-Sedation Scale (RASS)

**Purpose.** Standard description of agitation and sedation depth in ICU patients, used to titrate
sedatives and as step 1 of the CAM-ICU.

**When to use.** Every sedated or critically ill adult, repeatedly.

**Input.** The level that best describes the patient after observation, verbal and then physical stimulation.

**Levels.**
| Score | Term |
|---|---|
| +4 | Combative |
| +3 | Very agitated |
| +2 | Agitated |
| +1 | Restless |
| 0 | Alert and calm |
| -1 | Drowsy (sustained awakening to voice, > 10 s) |
| -2 | Light sedation (brief awakening to voice, < 10 s) |
| -3 | Moderate sedation (movement to voice, no eye contact) |
| -4 | Deep sedation (movement only to physical stimulation) |
| -5 | Unarousable |

**Interpretation.** Most guidelines target light sedation (-2 to 0/+1). CAM-ICU cannot be assessed at -4 or -5.

**Reference.** Sessler CN et al. Am J Respir Crit Care Med. 2002;166:1338-1344.
""",
    official_names=("Richmond Agitation-Sedation Scale (RASS)",),
    from_official=_rass_official,
)


# ---------------------------------------------------------------- CAM-ICU
def _cam(rass, acute_change_or_fluctuation, inattention, disorganized_thinking):
    if rass is not None and rass <= -4:
        return "Unable to assess (RASS -4 or -5)"
    if not acute_change_or_fluctuation or not inattention:
        return "CAM-ICU negative"
    altered_loc = rass is not None and rass != 0
    if altered_loc:
        return "CAM-ICU positive"
    if disorganized_thinking is None:
        raise CalculatorInputError(
            "CAM-ICU: features 1 and 2 are present and RASS is 0 or unknown; give input 'disorganized_thinking' "
            "(feature 4: more than 1 error on the yes/no questions and command) or a non-zero 'rass'")
    return "CAM-ICU positive" if disorganized_thinking else "CAM-ICU negative"


def _cam_official(inputs: list) -> dict:
    rass = None
    e = find_field(inputs, ("rass", "level of consciousness rass 3 or sufficient arousal", "level of consciousness"))
    if e is not None:
        m = re.search(r"RASS\s*([+-]?\d)", str(e.get("value", "")), re.I)
        if m:
            rass = int(m.group(1))
    acute = find_field(inputs, ("different than baseline", "acute change"))
    fluct = find_field(inputs, ("fluctuating mental status", "fluctuation"))
    f1 = any(x is not None and str(x.get("value", "")).strip().lower().startswith("yes") for x in (acute, fluct))
    out = {"rass": rass, "acute_change_or_fluctuation": f1,
           "inattention": official_bool(inputs, ("letters attention test", "inattention", "attention"))}
    d = find_field(inputs, ("disorganized thinking", "yes no questions"))
    if d is not None:
        out["disorganized_thinking"] = official_bool(inputs, ("disorganized thinking", "yes no questions"))
    return out


CAM_ICU = Calculator(
    id="cam_icu",
    name="Confusion Assessment Method for the ICU (CAM-ICU)",
    aliases=("CAM-ICU", "CAM ICU", "ICU delirium assessment"),
    domains=(CRITICAL, NEURO),
    specialty="Critical Care",
    purpose="Detects delirium in ICU patients, including those who are intubated and non-verbal.",
    inputs=(
        Input("rass", "Current RASS", kind="integer", min=-5, max=4, optional=True, ehr=EHRSource("exam", ("RASS",))),
        Input("acute_change_or_fluctuation", "Feature 1: acute change from baseline or fluctuating course", kind="bool",
              ehr=EHRSource("exam", ("mental status",))),
        Input("inattention", "Feature 2: inattention (> 2 errors on the letters test)", kind="bool", ehr=EHRSource("exam", ())),
        Input("disorganized_thinking", "Feature 4: disorganized thinking (> 1 error on questions/command)", kind="bool",
              optional=True, ehr=EHRSource("exam", ())),
    ),
    output=Output("category", categories=("CAM-ICU positive", "CAM-ICU negative", "Unable to assess (RASS -4 or -5)")),
    compute=_cam,
    interpret=lambda v, **_: {"CAM-ICU positive": "delirium present", "CAM-ICU negative": "delirium absent"}.get(
        v, "too sedated to assess; reassess when RASS >= -3"),
    citation="Ely EW, Inouye SK, Bernard GR, et al. Delirium in mechanically ventilated patients: validity and reliability "
             "of the Confusion Assessment Method for the Intensive Care Unit (CAM-ICU). JAMA. 2001;286(21):2703-2710.",
    reference="""# Confusion Assessment Method for the ICU (CAM-ICU)

**Purpose.** A two-minute, non-verbal delirium assessment for ICU patients.

**When to use.** Daily (or per shift) in ICU patients who are arousable to voice (RASS -3 or above).

**Inputs.** The current RASS and the four CAM-ICU features:
1. Acute change from baseline mental status, or fluctuation in the past 24 hours.
2. Inattention: more than 2 errors on the 10-letter squeeze test ("SAVEAHAART").
3. Altered level of consciousness: current RASS other than 0.
4. Disorganized thinking: more than 1 error on four yes/no questions plus a two-step command.

**Rule.** CAM-ICU positive (delirium) = feature 1 AND feature 2 AND (feature 3 OR feature 4).
At RASS -4/-5 the patient cannot be assessed.

**Interpretation.** Positive means delirium is present: look for causes (sedatives, infection, hypoxia,
metabolic disturbance, withdrawal) and manage; negative should be re-checked each shift.

**Reference.** Ely EW et al. JAMA. 2001;286:2703-2710.
""",
    official_names=("Confusion Assessment Method for the ICU (CAM-ICU)",),
    from_official=_cam_official,
)


# ---------------------------------------------------------------- CPOT
def _cpot_official(inputs: list) -> dict:
    out = {}
    for name, kws in (("facial_expression", ("facial expression",)), ("body_movements", ("body movements",)),
                      ("muscle_tension", ("muscle tension",))):
        s = field_score(inputs, kws)
        if s is None:
            raise CalculatorInputError(f"CPOT: no score for {name}")
        out[name] = int(s)
    s = field_score(inputs, ("compliance with ventilator", "vocalization", "ventilator"))
    if s is None:
        raise CalculatorInputError("CPOT: no score for ventilator compliance / vocalization")
    out["ventilator_or_vocalization"] = int(s)
    return out


CPOT = Calculator(
    id="cpot",
    name="Critical Care Pain Observation Tool (CPOT)",
    aliases=("CPOT", "critical-care pain observation tool"),
    domains=(CRITICAL, NEURO),
    specialty="Critical Care",
    purpose="Behavioural pain scale (0-8) for critically ill adults who cannot self-report.",
    inputs=(
        Input("facial_expression", "Facial expression (0 relaxed, 1 tense, 2 grimacing)", kind="integer", min=0, max=2, ehr=EHRSource("exam", ())),
        Input("body_movements", "Body movements (0 absent/normal, 1 protection, 2 restlessness/agitation)", kind="integer", min=0, max=2, ehr=EHRSource("exam", ())),
        Input("muscle_tension", "Muscle tension (0 relaxed, 1 tense/rigid, 2 very tense/rigid)", kind="integer", min=0, max=2, ehr=EHRSource("exam", ())),
        Input("ventilator_or_vocalization", "Ventilator compliance if intubated (0 tolerating, 1 coughing but tolerating, "
              "2 fighting) or vocalization if extubated (0 normal/none, 1 sighing/moaning, 2 crying out/sobbing)",
              kind="integer", min=0, max=2, ehr=EHRSource("exam", ())),
    ),
    output=Output("score"),
    compute=lambda facial_expression, body_movements, muscle_tension, ventilator_or_vocalization:
        facial_expression + body_movements + muscle_tension + ventilator_or_vocalization,
    interpret=lambda v, **_: ("> 2: unacceptable pain; treat and reassess" if v > 2 else "0-2: minimal or no pain"),
    citation="Gélinas C, Fillion L, Puntillo KA, Viens C, Fortier M. Validation of the critical-care pain observation tool "
             "in adult patients. Am J Crit Care. 2006;15(4):420-427.",
    reference="""# Critical-Care Pain Observation Tool (CPOT)

**Purpose.** Scores observable pain behaviours in ICU adults who cannot report pain.

**When to use.** Intubated or otherwise non-communicative critically ill adults, at rest and during care.

**Inputs: four items (0-2 each).**
| Item | 0 | 1 | 2 |
|---|---|---|---|
| Facial expression | relaxed, neutral | tense | grimacing |
| Body movements | absent / normal position | protection | restlessness / agitation |
| Muscle tension | relaxed | tense, rigid | very tense or rigid |
| Ventilator compliance (intubated) | tolerating | coughing but tolerating | fighting ventilator |
| or Vocalization (extubated) | normal tone or none | sighing, moaning | crying out, sobbing |

**Interpretation.** Total 0-8; a score > 2 indicates unacceptable pain.

**Reference.** Gélinas C et al. Am J Crit Care. 2006;15:420-427.
""",
    official_names=("Critical Care Pain Observation Tool (CPOT)",),
    from_official=_cpot_official,
)

register(RASS, CAM_ICU, CPOT)
