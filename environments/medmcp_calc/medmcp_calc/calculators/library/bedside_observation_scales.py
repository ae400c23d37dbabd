"""Observational bedside scales: PAINAD, Nonverbal Pain Scale, Braden, modified Aldrete, APGAR."""
from __future__ import annotations

from ..base import CRITICAL, NEURO, SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ._kit import table
from ._official_util import field_score, parenthesised_int, reference_page


def _obs(name: str, label: str, choices: tuple[int, ...], note: str = "", kind: str = "exam") -> Input:
    return Input(name, label, kind="choice", choices=choices, description=note, ehr=EHRSource(kind, (label,)))


def _sum(**items):
    return sum(items.values()), dict(items)


def _from_scores(items, what: str):
    """Official adapter: each item's ``score`` (or a '(+n)' in its text), found by keywords."""
    def read(i: list) -> dict:
        from ..officials import find_field

        out = {}
        for name, _, _, _, kws in items:
            s = field_score(i, kws)
            if s is None:
                e = find_field(i, kws)
                s = parenthesised_int(e.get("value", "")) if e else None
            if s is None:
                raise CalculatorInputError(f"{what}: no score for item {name!r}")
            out[name] = int(s)
        return out
    return read


# ---------------------------------------------------------------- PAINAD
_PAINAD = (
    ("breathing", "Breathing independent of vocalisation", (0, 1, 2),
     "0 normal; 1 occasional laboured breathing, short hyperventilation; 2 noisy laboured breathing, long "
     "hyperventilation, Cheyne-Stokes", ("breathing",)),
    ("negative_vocalization", "Negative vocalisation", (0, 1, 2),
     "0 none; 1 occasional moan/groan, low-level negative speech; 2 repeated calling out, loud moaning, crying",
     ("vocalization", "vocalisation")),
    ("facial_expression", "Facial expression", (0, 1, 2), "0 smiling or inexpressive; 1 sad, frightened, frown; "
     "2 facial grimacing", ("facial", "face")),
    ("body_language", "Body language", (0, 1, 2), "0 relaxed; 1 tense, distressed pacing, fidgeting; 2 rigid, "
     "fists clenched, knees pulled up, pulling/pushing away, striking out", ("body language",)),
    ("consolability", "Consolability", (0, 1, 2), "0 no need to console; 1 distracted or reassured by voice/touch; "
     "2 unable to console, distract or reassure", ("consolability",)),
)

PAINAD = Calculator(
    id="painad",
    name="Pain Assessment in Advanced Dementia Scale (PAINAD)",
    aliases=("PAINAD", "PAINAD scale", "pain assessment in advanced dementia"),
    domains=(NEURO, SPECIAL),
    specialty="Geriatrics / Palliative Care",
    purpose="Rates pain from observed behaviour in people with advanced dementia who cannot self-report.",
    inputs=tuple(_obs(n, lab, ch, note) for n, lab, ch, note, _ in _PAINAD),
    output=Output("score", unit="points"),
    compute=_sum,
    interpret=lambda v, **_: ("no pain (0)" if v == 0 else "mild pain (1-3)" if v <= 3 else
                              "moderate pain (4-6)" if v <= 6 else "severe pain (7-10)"),
    citation="Warden V, Hurley AC, Volicer L. Development and psychometric evaluation of the Pain Assessment in "
             "Advanced Dementia (PAINAD) scale. J Am Med Dir Assoc. 2003;4(1):9-15.",
    reference=reference_page(
        "Pain Assessment in Advanced Dementia Scale (PAINAD)",
        "Five observed behaviours, each scored 0-2, give a 0-10 pain score for non-communicative patients.",
        "Advanced dementia or other inability to report pain; observe for about five minutes.",
        "Breathing, negative vocalisation, facial expression, body language, consolability.",
        table(("Item", "0 / 1 / 2"), [(lab, note) for _, lab, _, note, _ in _PAINAD]) + "\nTotal 0-10.",
        "0 no pain, 1-3 mild, 4-6 moderate, 7-10 severe (bands mapped onto the usual 0-10 pain scale).",
        "Warden V et al. J Am Med Dir Assoc. 2003;4(1):9-15."),
    official_names=("Pain Assessment in Advanced Dementia Scale (PAINAD)",),
    from_official=_from_scores(_PAINAD, "PAINAD"),
)


# ---------------------------------------------------------------- NVPS
_NVPS = (
    ("face", "Face", (0, 1, 2), "0 no particular expression or smile; 1 occasional grimace, tearing, frowning; "
     "2 frequent grimace, tearing, frowning", ("face",)),
    ("activity", "Activity (movement)", (0, 1, 2), "0 lying quietly, normal position; 1 seeking attention through "
     "movement or slow cautious movement; 2 restless, excessive activity, withdrawal reflexes", ("activity",)),
    ("guarding", "Guarding", (0, 1, 2), "0 lying quietly, no positioning of hands over body areas; 1 splinting, "
     "tense; 2 rigid, stiff", ("guarding",)),
    ("physiology", "Physiology (vital signs)", (0, 1, 2), "0 stable vital signs; 1 change in SBP > 20 mmHg or HR "
     "> 20/min; 2 change in SBP > 30 mmHg or HR > 25/min", ("physiology", "vital")),
    ("respiratory", "Respiratory", (0, 1, 2), "0 baseline RR/SpO2, compliant with ventilator; 1 RR > 10 above "
     "baseline, 5% fall in SpO2 or mild asynchrony; 2 RR > 20 above baseline, 10% fall in SpO2, severe asynchrony",
     ("respiratory",)),
)

NVPS = Calculator(
    id="nvps",
    name="Nonverbal Pain Scale (NVPS) for Nonverbal Patients",
    aliases=("NVPS", "Nonverbal Pain Scale", "revised nonverbal pain scale"),
    domains=(NEURO, SPECIAL, CRITICAL),
    specialty="Critical Care Nursing",
    purpose="Rates pain in sedated, intubated or otherwise nonverbal adults from behaviour and physiology.",
    inputs=tuple(_obs(n, lab, ch, note) for n, lab, ch, note, _ in _NVPS),
    output=Output("score", unit="points"),
    compute=_sum,
    interpret=lambda v, **_: ("no pain (0-2)" if v <= 2 else "moderate pain (3-6): consider analgesia" if v <= 6
                              else "severe pain (7-10): treat"),
    citation="Odhner M, Wegman D, Freeland N, Steinmetz A, Ingersoll GL. Assessing pain control in nonverbal "
             "critically ill adults. Dimens Crit Care Nurs. 2003;22(6):260-267.",
    reference=reference_page(
        "Nonverbal Pain Scale (NVPS)",
        "Five categories scored 0-2 give a 0-10 pain score for adults who cannot self-report.",
        "Sedated, ventilated or otherwise nonverbal adults in critical care.",
        "Face, activity, guarding, physiology (vital signs), respiratory.",
        table(("Item", "0 / 1 / 2"), [(lab, note) for _, lab, _, note, _ in _NVPS]) + "\nTotal 0-10.",
        "0-2 no pain, 3-6 moderate pain, 7-10 severe pain.",
        "Odhner M et al. Dimens Crit Care Nurs. 2003;22(6):260-267."),
    official_names=("Nonverbal Pain Scale (NVPS) for Nonverbal Patients",),
    from_official=_from_scores(_NVPS, "NVPS"),
)


# ---------------------------------------------------------------- Braden
_BRADEN = (
    ("sensory_perception", "Sensory perception", (1, 2, 3, 4),
     "1 completely limited; 2 very limited; 3 slightly limited; 4 no impairment", ("sensory",)),
    ("moisture", "Moisture", (1, 2, 3, 4), "1 constantly moist; 2 very moist; 3 occasionally moist; 4 rarely moist",
     ("moisture",)),
    ("activity", "Activity", (1, 2, 3, 4), "1 bedfast; 2 chairfast; 3 walks occasionally; 4 walks frequently",
     ("activity",)),
    ("mobility", "Mobility", (1, 2, 3, 4), "1 completely immobile; 2 very limited; 3 slightly limited; "
     "4 no limitation", ("mobility",)),
    ("nutrition", "Nutrition", (1, 2, 3, 4), "1 very poor; 2 probably inadequate; 3 adequate; 4 excellent",
     ("nutrition",)),
    ("friction_shear", "Friction and shear", (1, 2, 3), "1 problem; 2 potential problem; 3 no apparent problem",
     ("friction",)),
)


def _braden_interp(v, **_):
    if v <= 9:
        return "very high risk of pressure injury (<= 9)"
    if v <= 12:
        return "high risk (10-12)"
    if v <= 14:
        return "moderate risk (13-14)"
    if v <= 18:
        return "mild risk (15-18)"
    return "no risk (19-23)"


BRADEN = Calculator(
    id="braden_score",
    name="Braden Score for Pressure Ulcers",
    aliases=("Braden scale", "Braden score", "Braden scale for predicting pressure sore risk"),
    domains=(SPECIAL,),
    specialty="Nursing / Wound Care",
    purpose="Predicts the risk of developing a pressure injury from six nursing-assessed subscales.",
    inputs=tuple(_obs(n, lab, ch, note) for n, lab, ch, note, _ in _BRADEN),
    output=Output("score", unit="points"),
    compute=_sum,
    interpret=_braden_interp,
    citation="Bergstrom N, Braden BJ, Laguzza A, Holman V. The Braden Scale for predicting pressure sore risk. "
             "Nurs Res. 1987;36(4):205-210.",
    reference=reference_page(
        "Braden Score for Pressure Ulcers",
        "Six subscales (lower = worse) predicting pressure injury; lower totals mean higher risk.",
        "On admission and regularly for inpatients and residents with limited mobility.",
        "Sensory perception, moisture, activity, mobility, nutrition (1-4 each), friction and shear (1-3).",
        table(("Subscale", "Points"), [(lab, note) for _, lab, _, note, _ in _BRADEN]) + "\nTotal 6-23.",
        "<= 9 very high risk, 10-12 high, 13-14 moderate, 15-18 mild (at risk), 19-23 no risk.",
        "Bergstrom N et al. Nurs Res. 1987;36(4):205-210."),
    official_names=("Braden Score for Pressure Ulcers",),
    from_official=_from_scores(_BRADEN, "Braden"),
)


# ---------------------------------------------------------------- modified Aldrete
_ALDRETE = (
    ("activity", "Activity", (0, 1, 2), "2 moves four extremities on command; 1 moves two; 0 moves none",
     ("activity",)),
    ("respiration", "Respiration", (0, 1, 2), "2 breathes deeply and coughs freely; 1 dyspnoea or limited "
     "breathing; 0 apnoeic", ("respiration",)),
    ("circulation", "Circulation", (0, 1, 2), "2 BP within 20% of the pre-anaesthetic level; 1 within 20-49%; "
     "0 differs by >= 50%", ("circulation", "blood pressure")),
    ("consciousness", "Consciousness", (0, 1, 2), "2 fully awake; 1 arousable on calling; 0 not responding",
     ("consciousness",)),
    ("oxygen_saturation", "Oxygen saturation", (0, 1, 2), "2 SpO2 > 92% on room air; 1 needs O2 to keep SpO2 > "
     "90%; 0 SpO2 < 90% even with O2", ("saturation", "spo2", "color", "colour")),
)

ALDRETE = Calculator(
    id="aldrete_score",
    name="Aldrete Score",
    aliases=("Modified Aldrete score", "Aldrete recovery score", "post-anesthesia recovery score (Aldrete)"),
    domains=(CRITICAL,),
    specialty="Anesthesiology",
    purpose="Judges recovery from anaesthesia and readiness to leave the post-anaesthesia care unit.",
    inputs=tuple(_obs(n, lab, ch, note, kind="anesthesia") for n, lab, ch, note, _ in _ALDRETE),
    output=Output("score", unit="points"),
    compute=_sum,
    interpret=lambda v, **_: ("ready for discharge from the PACU (>= 9)" if v >= 9 else
                              "not yet ready for PACU discharge (< 9): continue monitoring"),
    citation="Aldrete JA, Kroulik D. A postanesthetic recovery score. Anesth Analg. 1970;49(6):924-934; "
             "Aldrete JA. The post-anesthesia recovery score revisited. J Clin Anesth. 1995;7(1):89-91.",
    reference=reference_page(
        "Aldrete Score (modified, with SpO2)",
        "Five items scored 0-2 summarise recovery after anaesthesia; the 1995 revision replaced skin colour with "
        "pulse oximetry.",
        "On PACU arrival and at intervals until discharge.",
        "Activity, respiration, circulation, consciousness, oxygen saturation.",
        table(("Item", "Points"), [(lab, note) for _, lab, _, note, _ in _ALDRETE]) + "\nTotal 0-10.",
        ">= 9 (with no item 0) is the usual threshold for discharge from phase I recovery.",
        "Aldrete JA, Kroulik D. Anesth Analg. 1970;49:924-934; Aldrete JA. J Clin Anesth. 1995;7:89-91."),
    official_names=("Aldrete Score",),
    from_official=_from_scores(_ALDRETE, "Aldrete"),
)


# ---------------------------------------------------------------- APGAR
_APGAR = (
    ("appearance", "Appearance (skin colour)", (0, 1, 2), "0 blue or pale all over; 1 blue extremities, pink "
     "body; 2 pink all over", ("appearance", "color", "colour")),
    ("pulse", "Pulse", (0, 1, 2), "0 absent; 1 < 100/min; 2 >= 100/min", ("pulse", "heart rate")),
    ("grimace", "Grimace (reflex irritability)", (0, 1, 2), "0 no response; 1 grimace; 2 cry, sneeze, cough or "
     "pulls away", ("grimace", "reflex")),
    ("activity", "Activity (muscle tone)", (0, 1, 2), "0 limp; 1 some flexion; 2 active motion", ("activity", "tone")),
    ("respiration", "Respiration", (0, 1, 2), "0 absent; 1 slow, irregular, weak cry; 2 good, crying",
     ("respiration", "respiratory")),
)

APGAR = Calculator(
    id="apgar_score",
    name="APGAR Score",
    aliases=("APGAR", "Apgar score", "newborn Apgar score"),
    domains=(SPECIAL,),
    specialty="Neonatology / Obstetrics",
    purpose="Summarises a newborn's condition at 1 and 5 minutes after birth.",
    inputs=tuple(_obs(n, lab, ch, note) for n, lab, ch, note, _ in _APGAR),
    output=Output("score", unit="points"),
    compute=_sum,
    interpret=lambda v, **_: ("reassuring (7-10)" if v >= 7 else "moderately abnormal (4-6)" if v >= 4 else
                              "low (0-3): immediate resuscitation needed"),
    citation="Apgar V. A proposal for a new method of evaluation of the newborn infant. Curr Res Anesth Analg. "
             "1953;32(4):260-267.",
    reference=reference_page(
        "APGAR Score",
        "Five signs, each 0-2, describe the newborn's transition at 1 and 5 minutes (and every 5 minutes while "
        "< 7).",
        "Every newborn at 1 and 5 minutes; not a criterion for starting resuscitation.",
        "Appearance, pulse, grimace, activity, respiration.",
        table(("Sign", "0 / 1 / 2"), [(lab, note) for _, lab, _, note, _ in _APGAR]) + "\nTotal 0-10.",
        "7-10 reassuring; 4-6 moderately abnormal; 0-3 low.",
        "Apgar V. Curr Res Anesth Analg. 1953;32(4):260-267."),
    official_names=("APGAR Score",),
    from_official=_from_scores(_APGAR, "APGAR"),
)

register(PAINAD, NVPS, BRADEN, ALDRETE, APGAR)
