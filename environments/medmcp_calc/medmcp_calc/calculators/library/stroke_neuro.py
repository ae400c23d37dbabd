"""Neurological scores: GCS-Pupils, ROSIER, NIH Stroke Scale."""
from __future__ import annotations

from ..base import CRITICAL, NEURO, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field, official_bool
from ._official_util import choice_by_keywords, field_score, field_text, parenthesised_int

# ---------------------------------------------------------------- GCS-P
def _gcsp_official(inputs: list) -> dict:
    out = {}
    for name, kws in (("eye", ("eye response", "eye opening", "eye")), ("verbal", ("verbal response", "verbal")),
                      ("motor", ("motor response", "motor"))):
        s = field_score(inputs, kws)
        if s is None:
            s = parenthesised_int(field_text(inputs, kws))
        if s is None:
            raise CalculatorInputError(f"GCS-P: cannot read the {name} response")
        out[name] = int(s)
    e = find_field(inputs, ("pupil response", "pupils", "pupil reactivity"))
    if e is None:
        raise CalculatorInputError("GCS-P: no pupil field")
    if "score" in e:
        out["unreactive_pupils"] = abs(int(float(e["score"])))
    else:
        out["unreactive_pupils"] = int(choice_by_keywords(str(e.get("value", "")), {
            "2": ("both pupils unreactive", "neither pupil", "both unreactive"),
            "1": ("one pupil unreactive", "one unreactive"), "0": ("both pupils reactive", "both reactive")}, "pupil reactivity"))
    return out


GCS_P = Calculator(
    id="gcs_pupils",
    name="GCS-Pupils Score (GCS-P)",
    aliases=("GCS-P", "GCS-Pupils", "Glasgow Coma Scale-Pupils score", "GCS pupils"),
    domains=(CRITICAL, NEURO),
    specialty="Neurosurgery",
    purpose="Combines the Glasgow Coma Scale with pupil reactivity into one prognostic index after brain injury.",
    inputs=(
        Input("eye", "GCS eye opening (1-4)", kind="integer", min=1, max=4, ehr=EHRSource("exam", ("GCS",))),
        Input("verbal", "GCS verbal response (1-5)", kind="integer", min=1, max=5, ehr=EHRSource("exam", ("GCS",))),
        Input("motor", "GCS motor response (1-6)", kind="integer", min=1, max=6, ehr=EHRSource("exam", ("GCS",))),
        Input("unreactive_pupils", "Number of pupils unreactive to light (0, 1 or 2)", kind="integer", min=0, max=2,
              ehr=EHRSource("exam", ("pupils",))),
    ),
    output=Output("score"),
    compute=lambda eye, verbal, motor, unreactive_pupils: (eye + verbal + motor - unreactive_pupils,
                                                           {"gcs": eye + verbal + motor}),
    interpret=lambda v, **_: ("GCS-P 1-3: very high 6-month mortality (>50%)" if v <= 3 else
                              "GCS-P 4-8: severe injury range" if v <= 8 else
                              "GCS-P 9-12: moderate" if v <= 12 else "GCS-P 13-15: mild"),
    citation="Brennan PM, Murray GD, Teasdale GM. Simplifying the use of prognostic information in traumatic brain injury. "
             "Part 1: The GCS-Pupils score: an extended index of clinical severity. J Neurosurg. 2018;128(6):1612-1620.",
    reference="""# GCS-Pupils Score (GCS-P)

**Purpose.** Extends the Glasgow Coma Scale with pupil reactivity, so one number (1-15) carries both
key bedside prognostic signs after traumatic brain injury.

**When to use.** Adults with traumatic brain injury at presentation.

**Inputs.** GCS eye (1-4), verbal (1-5), motor (1-6); number of pupils unreactive to light.

**Formula.** GCS-P = GCS total - Pupil Reactivity Score, where the PRS is 0 (both react), 1 (one
unreactive) or 2 (both unreactive). Range 1-15.

**Interpretation.** Each step down raises 6-month mortality and unfavourable outcome; the extension to 1-2
(not possible with GCS alone) identifies the worst prognosis.

**Reference.** Brennan PM, Murray GD, Teasdale GM. J Neurosurg. 2018;128:1612-1620.
""",
    official_names=("GCS-Pupils Score",),
    from_official=_gcsp_official,
)


# ---------------------------------------------------------------- ROSIER
ROSIER_ITEMS = (
    ("loss_of_consciousness", "Loss of consciousness or syncope", -1),
    ("seizure", "Seizure activity", -1),
    ("facial_weakness", "Asymmetric facial weakness", 1),
    ("arm_weakness", "Asymmetric arm weakness", 1),
    ("leg_weakness", "Asymmetric leg weakness", 1),
    ("speech_disturbance", "Speech disturbance", 1),
    ("visual_field_defect", "Visual field defect", 1),
)


ROSIER = Calculator(
    id="rosier",
    name="Recognition of Stroke in the Emergency Room (ROSIER) Scale",
    aliases=("ROSIER", "ROSIER scale", "ROSIER score"),
    domains=(CRITICAL, NEURO),
    specialty="Emergency Medicine",
    purpose="Distinguishes stroke from stroke mimics in the emergency department.",
    inputs=tuple(Input(n, label, kind="bool", ehr=EHRSource("exam", ())) for n, label, _ in ROSIER_ITEMS),
    output=Output("score"),
    compute=lambda **kw: sum(p for n, _, p in ROSIER_ITEMS if kw[n]),
    interpret=lambda v, **_: ("stroke likely (score > 0)" if v > 0 else "stroke unlikely (score <= 0), but not excluded"),
    citation="Nor AM, Davis J, Sen B, et al. The Recognition of Stroke in the Emergency Room (ROSIER) scale: development "
             "and validation of a stroke recognition instrument. Lancet Neurol. 2005;4(11):727-734.",
    reference="""# ROSIER Scale

**Purpose.** Helps emergency staff recognise acute stroke and separate it from mimics (syncope, seizure).

**When to use.** Adults with suspected stroke or TIA, after excluding hypoglycaemia (glucose < 3.5 mmol/L).

**Inputs: seven yes/no items.**
| Item | Points |
|---|---|
| Loss of consciousness or syncope | -1 |
| Seizure activity | -1 |
| Asymmetric facial weakness | +1 |
| Asymmetric arm weakness | +1 |
| Asymmetric leg weakness | +1 |
| Speech disturbance | +1 |
| Visual field defect | +1 |

**Interpretation.** Range -2 to +5. A score > 0 makes stroke likely; <= 0 makes it unlikely but does not exclude it.

**Reference.** Nor AM et al. Lancet Neurol. 2005;4:727-734.
""",
    official_names=("Recognition of Stroke in the Emergency Room (ROSIER) Scale",),
    from_official=lambda inputs: {
        "loss_of_consciousness": official_bool(inputs, ("loss of consciousness", "syncope")),
        "seizure": official_bool(inputs, ("seizure activity", "seizure")),
        "facial_weakness": official_bool(inputs, ("asymmetric facial weakness", "facial weakness")),
        "arm_weakness": official_bool(inputs, ("asymmetric arm weakness", "arm weakness")),
        "leg_weakness": official_bool(inputs, ("asymmetric leg weakness", "leg weakness")),
        "speech_disturbance": official_bool(inputs, ("speech disturbance",)),
        "visual_field_defect": official_bool(inputs, ("visual field defect",)),
    },
)


# ---------------------------------------------------------------- NIHSS
NIHSS_ITEMS = (
    ("loc_1a", "1a Level of consciousness", 3), ("loc_questions_1b", "1b LOC questions (month, age)", 2),
    ("loc_commands_1c", "1c LOC commands (blink eyes, squeeze hands)", 2), ("gaze_2", "2 Best gaze", 2),
    ("visual_3", "3 Visual fields", 3), ("facial_palsy_4", "4 Facial palsy", 3),
    ("motor_left_arm_5a", "5a Motor, left arm", 4), ("motor_right_arm_5b", "5b Motor, right arm", 4),
    ("motor_left_leg_6a", "6a Motor, left leg", 4), ("motor_right_leg_6b", "6b Motor, right leg", 4),
    ("limb_ataxia_7", "7 Limb ataxia", 2), ("sensory_8", "8 Sensory", 2), ("language_9", "9 Best language", 3),
    ("dysarthria_10", "10 Dysarthria", 2), ("extinction_11", "11 Extinction and inattention", 2),
)
_NIHSS_OFFICIAL = {
    "loc_1a": ("1a level of consciousness", "level of consciousness"), "loc_questions_1b": ("1b", "ask month and age"),
    "loc_commands_1c": ("1c", "blink eyes"), "gaze_2": ("2 horizontal extraocular movements", "gaze", "extraocular"),
    "visual_3": ("3 visual fields", "visual fields"), "facial_palsy_4": ("4 facial palsy", "facial palsy"),
    "motor_left_arm_5a": ("5a", "left arm"), "motor_right_arm_5b": ("5b", "right arm"),
    "motor_left_leg_6a": ("6a", "left leg"), "motor_right_leg_6b": ("6b", "right leg"),
    "limb_ataxia_7": ("7 limb ataxia", "limb ataxia", "ataxia"), "sensory_8": ("8 sensation", "sensation", "sensory"),
    "language_9": ("9 language aphasia", "language", "aphasia"), "dysarthria_10": ("10 dysarthria", "dysarthria"),
    "extinction_11": ("11 extinction inattention", "extinction", "inattention"),
}


def _nihss_official(inputs: list) -> dict:
    out = {}
    for name, kws in _NIHSS_OFFICIAL.items():
        s = field_score(inputs, kws)
        if s is None:
            s = parenthesised_int(field_text(inputs, kws))
        if s is None:
            raise CalculatorInputError(f"NIHSS: cannot read item {name}")
        out[name] = int(s)
    return out


def _nihss_interp(v, **_):
    if v == 0:
        return "no stroke symptoms"
    if v <= 4:
        return "minor stroke (1-4)"
    if v <= 15:
        return "moderate stroke (5-15)"
    if v <= 20:
        return "moderate to severe stroke (16-20)"
    return "severe stroke (21-42)"


NIHSS = Calculator(
    id="nihss",
    name="NIH Stroke Scale/Score (NIHSS)",
    aliases=("NIHSS", "NIH stroke scale", "National Institutes of Health Stroke Scale"),
    domains=(CRITICAL, NEURO),
    specialty="Neurology",
    purpose="Quantifies neurological deficit in acute stroke (0-42) to guide reperfusion decisions and track change.",
    inputs=tuple(Input(n, label, kind="integer", min=0, max=mx, description=f"0-{mx} (untestable items score 0)",
                       ehr=EHRSource("exam", ("NIHSS",))) for n, label, mx in NIHSS_ITEMS),
    output=Output("score"),
    compute=lambda **kw: sum(kw[n] for n, _, _ in NIHSS_ITEMS),
    interpret=_nihss_interp,
    citation="Brott T, Adams HP Jr, Olinger CP, et al. Measurements of acute cerebral infarction: a clinical examination "
             "scale. Stroke. 1989;20(7):864-870.",
    reference="""# NIH Stroke Scale (NIHSS)

**Purpose.** A standardised 15-item neurological examination that grades stroke severity, supports
thrombolysis/thrombectomy decisions and tracks recovery or deterioration.

**When to use.** Suspected acute stroke, at baseline and repeatedly.

**Inputs: 15 items (maximum points).** 1a consciousness (3); 1b month/age questions (2); 1c commands (2); 2 gaze (2);
3 visual fields (3); 4 facial palsy (3); 5a/5b left/right arm motor (4 each); 6a/6b left/right leg motor
(4 each); 7 limb ataxia (2); 8 sensory (2); 9 language (3); 10 dysarthria (2); 11 extinction/inattention (2).
Untestable items (amputation, joint fusion) are scored 0.

**Formula.** Sum of the 15 item scores (0-42).

**Interpretation.** 0 none; 1-4 minor; 5-15 moderate; 16-20 moderate-severe; 21-42 severe.

**Reference.** Brott T et al. Stroke. 1989;20:864-870.
""",
    official_names=("NIH Stroke Scale/Score (NIHSS)",),
    from_official=_nihss_official,
)

register(GCS_P, ROSIER, NIHSS)
