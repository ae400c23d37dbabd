"""Rheumatology and mental-health scales: ASDAS-CRP, ASDAS-ESR, BASDAI, 4AT delirium test, Epworth
Sleepiness Scale, PHQ-4, WHO-5 Well-Being Index, modified SAD PERSONS."""
from __future__ import annotations

import math

from ..base import INTERNAL, NEURO, SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field, official_bool
from ._kit import read_sex, table
from ._official_util import field_score, field_text, number_in, reference_page


def _nrs(name: str, label: str) -> Input:
    return Input(name, label, unit="0-10", min=0, max=10, ehr=EHRSource("history", (label,), note="patient-reported"))


def _values_in_order(i: list, n: int, what: str) -> list[float]:
    """The first ``n`` numeric values of an official list (rating-scale questionnaires list items in order)."""
    out = []
    for e in i:
        if not isinstance(e, dict):
            continue
        try:
            out.append(number_in(e.get("value")))
        except CalculatorInputError:
            continue
    if len(out) < n:
        raise CalculatorInputError(f"{what}: expected {n} numeric items, found {len(out)}")
    return out[:n]


# ---------------------------------------------------------------- ASDAS
_ASDAS_ITEMS = (
    ("back_pain", "Total back pain (0-10)"),
    ("morning_stiffness", "Duration of morning stiffness (0-10)"),
    ("patient_global", "Patient global assessment of disease activity (0-10)"),
    ("peripheral_pain", "Peripheral pain/swelling (0-10)"),
)


def _asdas_interp(v, **_):
    if v < 1.3:
        return "inactive disease (< 1.3)"
    if v < 2.1:
        return "low disease activity (1.3-2.0)"
    if v <= 3.5:
        return "high disease activity (2.1-3.5)"
    return "very high disease activity (> 3.5)"


def _asdas_official(lab_kws, lab_name, unit):
    def read(i: list) -> dict:
        out = {}
        for (name, _), kws in zip(_ASDAS_ITEMS, (("back pain",), ("morning stiffness",), ("patient global", "global"),
                                                  ("peripheral",))):
            out[name] = number_in(field_text(i, kws))
        out[lab_name] = number_in(field_text(i, lab_kws))
        return out
    return read


_ASDAS_COMMON = ("Ankylosing spondylitis / axial spondyloarthritis; the ASAS-preferred activity measure.",
                 "Machado P, Landewé R, Lie E, et al. Ankylosing Spondylitis Disease Activity Score (ASDAS): defining "
                 "cut-off values for disease activity states and improvement scores. Ann Rheum Dis. 2011;70(1):47-53; "
                 "Lukas C, Landewé R, Sieper J, et al. Development of an ASAS-endorsed disease activity score (ASDAS) in "
                 "patients with ankylosing spondylitis. Ann Rheum Dis. 2009;68(1):18-24.")

ASDAS_CRP = Calculator(
    id="asdas_crp",
    name="Ankylosing Spondylitis Disease Activity Score with CRP (ASDAS-CRP)",
    aliases=("ASDAS-CRP", "ASDAS CRP"),
    domains=(INTERNAL,),
    specialty="Rheumatology",
    purpose="Composite disease-activity score for axial spondyloarthritis using patient ratings and CRP.",
    inputs=tuple(_nrs(n, lab) for n, lab in _ASDAS_ITEMS)
    + (Input("crp_mg_l", "C-reactive protein", unit="mg/L", min=0, max=500, ehr=EHRSource("lab", ("CRP",), "mg/L")),),
    output=Output("number", decimals=1, abs_tol=0.05),
    compute=lambda back_pain, morning_stiffness, patient_global, peripheral_pain, crp_mg_l: (
        0.12 * back_pain + 0.06 * morning_stiffness + 0.11 * patient_global + 0.07 * peripheral_pain
        + 0.58 * math.log(crp_mg_l + 1)),
    interpret=_asdas_interp,
    citation=_ASDAS_COMMON[1],
    reference=reference_page(
        "ASDAS-CRP", "Weighted composite of four patient-reported items and CRP.", _ASDAS_COMMON[0],
        "Back pain, morning stiffness duration, patient global, peripheral pain/swelling (0-10 each), CRP (mg/L).",
        "ASDAS-CRP = 0.12 x back pain + 0.06 x morning stiffness + 0.11 x patient global + 0.07 x peripheral "
        "pain/swelling + 0.58 x ln(CRP + 1). (ASAS advises substituting 2 mg/L when CRP is below 2 mg/L; enter "
        "that value if you follow it.)",
        "< 1.3 inactive; 1.3-2.0 low; 2.1-3.5 high; > 3.5 very high disease activity. A fall >= 1.1 is clinically "
        "important improvement, >= 2.0 major improvement.",
        "Lukas C et al. Ann Rheum Dis. 2009;68:18-24; Machado P et al. Ann Rheum Dis. 2011;70:47-53."),
    official_names=("Ankylosing Spondylitis Disease Activity Score with CRP (ASDAS-CRP)",),
    from_official=_asdas_official(("crp",), "crp_mg_l", "mg/L"),
)

ASDAS_ESR = Calculator(
    id="asdas_esr",
    name="Ankylosing Spondylitis Disease Activity Score with ESR (ASDAS-ESR)",
    aliases=("ASDAS-ESR", "ASDAS ESR"),
    domains=(INTERNAL,),
    specialty="Rheumatology",
    purpose="Composite disease-activity score for axial spondyloarthritis using patient ratings and ESR.",
    inputs=tuple(_nrs(n, lab) for n, lab in _ASDAS_ITEMS)
    + (Input("esr_mm_h", "Erythrocyte sedimentation rate", unit="mm/h", min=0, max=200, ehr=EHRSource("lab", ("ESR",), "mm/h")),),
    output=Output("number", decimals=1, abs_tol=0.05),
    compute=lambda back_pain, morning_stiffness, patient_global, peripheral_pain, esr_mm_h: (
        0.08 * back_pain + 0.07 * morning_stiffness + 0.11 * patient_global + 0.09 * peripheral_pain
        + 0.29 * math.sqrt(esr_mm_h)),
    interpret=_asdas_interp,
    citation=_ASDAS_COMMON[1],
    reference=reference_page(
        "ASDAS-ESR", "Weighted composite of four patient-reported items and ESR (used when CRP is unavailable).",
        _ASDAS_COMMON[0],
        "Back pain, morning stiffness duration, patient global, peripheral pain/swelling (0-10 each), ESR (mm/h).",
        "ASDAS-ESR = 0.08 x back pain + 0.07 x morning stiffness + 0.11 x patient global + 0.09 x peripheral "
        "pain/swelling + 0.29 x sqrt(ESR).",
        "< 1.3 inactive; 1.3-2.0 low; 2.1-3.5 high; > 3.5 very high disease activity.",
        "Lukas C et al. Ann Rheum Dis. 2009;68:18-24; Machado P et al. Ann Rheum Dis. 2011;70:47-53."),
    official_names=("Ankylosing Spondylitis Disease Activity Score with ESR (ASDAS-ESR)",),
    from_official=_asdas_official(("esr",), "esr_mm_h", "mm/h"),
)


# ---------------------------------------------------------------- BASDAI
_BASDAI = (("fatigue", "Fatigue"), ("spinal_pain", "Neck, back or hip pain"),
           ("peripheral_joint_pain", "Pain/swelling in other joints"), ("tender_areas", "Discomfort from tender areas"),
           ("stiffness_severity", "Severity of morning stiffness"), ("stiffness_duration", "Duration of morning stiffness (0 = none, 10 = >= 2 h)"))

BASDAI = Calculator(
    id="basdai",
    name="BASDAI",
    aliases=("Bath Ankylosing Spondylitis Disease Activity Index", "BASDAI score"),
    domains=(INTERNAL,),
    specialty="Rheumatology",
    purpose="Patient-reported disease activity index for ankylosing spondylitis.",
    inputs=tuple(_nrs(n, lab) for n, lab in _BASDAI),
    output=Output("number", decimals=1, abs_tol=0.05),
    compute=lambda fatigue, spinal_pain, peripheral_joint_pain, tender_areas, stiffness_severity, stiffness_duration: (
        (fatigue + spinal_pain + peripheral_joint_pain + tender_areas + (stiffness_severity + stiffness_duration) / 2) / 5),
    interpret=lambda v, **_: ("active disease (>= 4)" if v >= 4 else "disease activity below the usual treatment "
                                                                     "threshold (< 4)"),
    citation="Garrett S, Jenkinson T, Kennedy LG, Whitelock H, Gaisford P, Calin A. A new approach to defining disease "
             "status in ankylosing spondylitis: the Bath Ankylosing Spondylitis Disease Activity Index. J Rheumatol. "
             "1994;21(12):2286-2291.",
    reference=reference_page(
        "BASDAI (Bath Ankylosing Spondylitis Disease Activity Index)",
        "Six 0-10 questions about the last week, combined into a 0-10 index.",
        "Ankylosing spondylitis; >= 4 is a common threshold for biologic therapy.",
        "Q1 fatigue, Q2 spinal pain, Q3 peripheral joint pain/swelling, Q4 tender areas, Q5 morning stiffness "
        "severity, Q6 morning stiffness duration (each 0-10).",
        "BASDAI = (Q1 + Q2 + Q3 + Q4 + (Q5 + Q6) / 2) / 5.",
        ">= 4 suggests active disease.",
        "Garrett S et al. J Rheumatol. 1994;21(12):2286-2291."),
    official_names=("BASDAI",),
    from_official=lambda i: dict(zip((n for n, _ in _BASDAI), _values_in_order(i, 6, "BASDAI"))),
)


# ---------------------------------------------------------------- 4AT
def _four_at(alertness, amt4, attention, acute_change):
    parts = {"alertness": alertness, "amt4": amt4, "attention": attention, "acute_change": acute_change}
    return sum(parts.values()), parts


FOUR_AT = Calculator(
    id="four_at",
    name="4 A’s Test for Delirium Screening",
    aliases=("4AT", "4 A's Test", "4AT delirium screen"),
    domains=(NEURO, SPECIAL),
    specialty="Geriatrics / Hospital Medicine",
    purpose="Rapid bedside screen for delirium and cognitive impairment.",
    inputs=(Input("alertness", "Alertness", kind="choice", choices=(0, 4),
                  description="0 normal (or mild sleepiness < 10 s after waking); 4 clearly abnormal",
                  ehr=EHRSource("exam", ("alertness", "drowsy"))),
            Input("amt4", "AMT4 (age, date of birth, place, year)", kind="choice", choices=(0, 1, 2),
                  description="0 no mistakes; 1 one mistake; 2 two or more mistakes or untestable",
                  ehr=EHRSource("exam", ("orientation",))),
            Input("attention", "Attention (months of the year backwards)", kind="choice", choices=(0, 1, 2),
                  description="0 >= 7 months correctly; 1 starts but < 7 months or refuses; 2 untestable",
                  ehr=EHRSource("exam", ("attention",))),
            Input("acute_change", "Acute change or fluctuating course", kind="choice", choices=(0, 4),
                  ehr=EHRSource("history", ("confusion", "acute change")))),
    output=Output("score", unit="points"),
    compute=_four_at,
    interpret=lambda v, **_: ("possible delirium +/- cognitive impairment (>= 4)" if v >= 4 else
                              "possible cognitive impairment (1-3)" if v >= 1 else
                              "delirium or severe cognitive impairment unlikely (0)"),
    citation="Bellelli G, Morandi A, Davis DHJ, et al. Validation of the 4AT, a new instrument for rapid delirium "
             "screening: a study in 234 hospitalised older people. Age Ageing. 2014;43(4):496-502.",
    reference=reference_page(
        "4 A's Test (4AT) for Delirium Screening",
        "Four-item, under-two-minute delirium screen that needs no special training.",
        "Older or acutely unwell patients in hospital, emergency department or after surgery.",
        "Alertness, AMT4, attention (months backwards), acute change/fluctuation.",
        table(("Item", "Points"), (("Alertness: normal / clearly abnormal", "0 / 4"),
                                   ("AMT4: no mistakes / 1 / >= 2 or untestable", "0 / 1 / 2"),
                                   ("Months backwards: >= 7 / < 7 or refuses / untestable", "0 / 1 / 2"),
                                   ("Acute change or fluctuating course", "0 / 4"))) + "\nRange 0-12.",
        ">= 4 possible delirium; 1-3 possible cognitive impairment; 0 delirium unlikely.",
        "Bellelli G et al. Age Ageing. 2014;43(4):496-502."),
    official_names=("4 A’s Test for Delirium Screening",),
    from_official=lambda i: {
        "alertness": int(field_score(i, ("alertness",)) or 0), "amt4": int(field_score(i, ("amt4", "orientation")) or 0),
        "attention": int(field_score(i, ("attention", "months")) or 0),
        "acute_change": int(field_score(i, ("acute change", "fluctuating")) or 0),
    },
)


# ---------------------------------------------------------------- Epworth
_ESS = ("reading", "watching_tv", "public_place", "car_passenger", "lying_down_afternoon", "talking", "after_lunch",
        "car_stopped_in_traffic")


def _ess_interp(v, **_):
    if v <= 10:
        return "normal daytime sleepiness (0-10)"
    if v <= 12:
        return "mild excessive daytime sleepiness (11-12)"
    if v <= 15:
        return "moderate excessive daytime sleepiness (13-15)"
    return "severe excessive daytime sleepiness (16-24)"


EPWORTH = Calculator(
    id="epworth_sleepiness",
    name="Epworth Sleepiness Scale",
    aliases=("ESS", "Epworth score", "Epworth sleepiness score"),
    domains=(NEURO, INTERNAL),
    specialty="Sleep Medicine",
    purpose="Measures habitual daytime sleepiness from the chance of dozing in eight situations.",
    inputs=tuple(Input(n, f"Chance of dozing: {n.replace('_', ' ')}", kind="choice", choices=(0, 1, 2, 3),
                       description="0 never, 1 slight, 2 moderate, 3 high chance of dozing",
                       ehr=EHRSource("history", ("sleepiness",))) for n in _ESS),
    output=Output("score", unit="points"),
    compute=lambda **items: (sum(items.values()), dict(items)),
    interpret=_ess_interp,
    citation="Johns MW. A new method for measuring daytime sleepiness: the Epworth sleepiness scale. Sleep. "
             "1991;14(6):540-545.",
    reference=reference_page(
        "Epworth Sleepiness Scale",
        "Eight everyday situations, each rated 0-3 for the chance of dozing.",
        "Suspected sleep apnoea, narcolepsy or other causes of excessive daytime sleepiness.",
        "Sitting and reading; watching TV; sitting inactive in a public place; car passenger for an hour; lying "
        "down in the afternoon; sitting and talking; sitting quietly after lunch without alcohol; in a car stopped "
        "in traffic.",
        "Total = sum of the eight items (0-24).",
        "0-10 normal; 11-12 mild, 13-15 moderate, 16-24 severe excessive daytime sleepiness.",
        "Johns MW. Sleep. 1991;14(6):540-545."),
    official_names=("Epworth Sleepiness Scale",),
    from_official=lambda i: dict(zip(_ESS, (int(x) for x in _values_in_order(i, 8, "Epworth")))),
)


# ---------------------------------------------------------------- PHQ-4
_FREQ_WORDS = {3: ("nearly every day",), 2: ("more than half",), 1: ("several days",), 0: ("not at all",)}


def _freq(text: str) -> int:
    t = str(text).lower()
    for v, words in _FREQ_WORDS.items():
        if any(w in t for w in words):
            return v
    raise CalculatorInputError(f"cannot read a frequency (not at all ... nearly every day) from {text!r}")


def _phq4(nervous, worrying, little_interest, feeling_down):
    anxiety, depression = nervous + worrying, little_interest + feeling_down
    return anxiety + depression, {"anxiety_subscale": anxiety, "depression_subscale": depression}


def _phq4_interp(v, nervous=0, worrying=0, little_interest=0, feeling_down=0, **_):
    band = ("normal (0-2)" if v <= 2 else "mild distress (3-5)" if v <= 5 else "moderate distress (6-8)" if v <= 8
            else "severe distress (9-12)")
    flags = []
    if nervous + worrying >= 3:
        flags.append("anxiety screen positive")
    if little_interest + feeling_down >= 3:
        flags.append("depression screen positive")
    return band + ("; " + ", ".join(flags) if flags else "")


def _phq4_official(i: list) -> dict:
    def item(*kws):
        e = find_field(i, kws)
        if e is None:
            raise CalculatorInputError(f"PHQ-4: no item matching {kws!r}")
        return _freq(e.get("value", "")) if "score" not in e else int(e["score"])
    return {"nervous": item("nervous", "anxious"), "worrying": item("worrying",),
            "little_interest": item("interest",), "feeling_down": item("down", "depressed")}


_F03 = "0 not at all, 1 several days, 2 more than half the days, 3 nearly every day"
PHQ4 = Calculator(
    id="phq4",
    name="Patient Health Questionnaire-4 (PHQ-4)",
    aliases=("PHQ-4", "PHQ4"),
    domains=(NEURO,),
    specialty="Psychiatry / Primary Care",
    purpose="Ultra-brief combined screen for anxiety (GAD-2) and depression (PHQ-2).",
    inputs=tuple(Input(n, lab, kind="choice", choices=(0, 1, 2, 3), description=_F03,
                       ehr=EHRSource("history", (lab,), note="patient-reported"))
                 for n, lab in (("nervous", "Feeling nervous, anxious or on edge"),
                                ("worrying", "Not being able to stop or control worrying"),
                                ("little_interest", "Little interest or pleasure in doing things"),
                                ("feeling_down", "Feeling down, depressed or hopeless"))),
    output=Output("score", unit="points"),
    compute=_phq4,
    interpret=_phq4_interp,
    citation="Kroenke K, Spitzer RL, Williams JBW, Löwe B. An ultra-brief screening scale for anxiety and depression: "
             "the PHQ-4. Psychosomatics. 2009;50(6):613-621.",
    reference=reference_page(
        "Patient Health Questionnaire-4 (PHQ-4)",
        "The GAD-2 and PHQ-2 items together (each 0-3, last two weeks).",
        "Quick screening for anxiety and depression in any setting.",
        "Nervous/anxious; uncontrollable worry (anxiety subscale); little interest; feeling down (depression "
        "subscale).",
        "Total 0-12; each 2-item subscale 0-6.",
        "0-2 normal, 3-5 mild, 6-8 moderate, 9-12 severe psychological distress. A subscale >= 3 is a positive "
        "anxiety or depression screen.",
        "Kroenke K et al. Psychosomatics. 2009;50(6):613-621."),
    official_names=("Patient Health Questionnaire-4 (PHQ-4)",),
    from_official=_phq4_official,
)


# ---------------------------------------------------------------- WHO-5
_WHO5_WORDS = {5: ("all of the time",), 4: ("most of the time",), 3: ("more than half",),
               2: ("less than half",), 1: ("some of the time",), 0: ("at no time",)}
_WHO5 = ("cheerful", "calm", "active", "rested", "interested")


def _who5_item(text) -> int:
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return int(text)
    t = str(text).lower()
    for v, words in _WHO5_WORDS.items():
        if any(w in t for w in words):
            return v
    raise CalculatorInputError(f"cannot read a WHO-5 frequency from {text!r}")


WHO5 = Calculator(
    id="who5",
    name="Who Five Well Being Index (WHO-5)",
    aliases=("WHO-5", "WHO-5 Well-Being Index", "WHO5"),
    domains=(NEURO,),
    specialty="Psychiatry",
    purpose="Five-item measure of current mental well-being, also a depression screen.",
    inputs=tuple(Input(n, f"Over the last two weeks: felt {n}", kind="choice", choices=(0, 1, 2, 3, 4, 5),
                       description="0 at no time ... 5 all of the time",
                       ehr=EHRSource("history", (n,), note="patient-reported")) for n in _WHO5),
    output=Output("score", unit="% (0-100)"),
    compute=lambda **items: (4 * sum(items.values()), {"raw_score": sum(items.values())}),
    interpret=lambda v, **_: ("likely depression: formal assessment advised (<= 28)" if v <= 28 else
                              "reduced well-being (<= 50): screen for depression" if v <= 50 else
                              "adequate well-being (> 50)"),
    citation="Topp CW, Østergaard SD, Søndergaard S, Bech P. The WHO-5 Well-Being Index: a systematic review of the "
             "literature. Psychother Psychosom. 2015;84(3):167-176.",
    reference=reference_page(
        "WHO-5 Well-Being Index",
        "Five positively worded items on the last two weeks, each 0 (at no time) to 5 (all of the time).",
        "Screening for depression and monitoring well-being.",
        "Cheerful; calm and relaxed; active and vigorous; woke fresh and rested; daily life filled with things of "
        "interest.",
        "Raw score 0-25; percentage score = raw x 4 (0-100).",
        "<= 50 reduced well-being (screen for depression); <= 28 likely depression.",
        "Topp CW et al. Psychother Psychosom. 2015;84(3):167-176."),
    official_names=("Who Five Well Being Index (WHO-5)",),
    from_official=lambda i: dict(zip(_WHO5, (_who5_item(e.get("value")) for e in i[:5] if isinstance(e, dict)))),
)


# ---------------------------------------------------------------- modified SAD PERSONS
_SAD = (
    ("male", "Male sex", 1), ("age_lt_19_or_gt_45", "Age < 19 or > 45 years", 1),
    ("depression_hopelessness", "Depression or hopelessness", 2),
    ("previous_attempts", "Previous suicide attempts or psychiatric care", 1),
    ("excessive_alcohol_drugs", "Excessive alcohol or drug use", 1),
    ("rational_thinking_loss", "Rational thinking loss (psychosis, organic brain syndrome)", 2),
    ("separated_divorced_widowed", "Separated, divorced or widowed", 1),
    ("organized_plan", "Organised or serious suicide attempt/plan", 2),
    ("no_social_support", "No social supports", 1),
    ("stated_future_intent", "Stated future intent (determined or ambivalent)", 2),
)


def _sad(**flags):
    parts = {n: pts * bool(flags[n]) for n, _, pts in _SAD}
    return sum(parts.values()), parts


def _sad_official(i: list) -> dict:
    sex = read_sex(field_text(i, ("gender", "sex")))
    age = number_in(field_text(i, ("age",)))
    support = field_text(i, ("social supports", "social support", "social")).lower()
    return {"male": sex == "male", "age_lt_19_or_gt_45": age < 19 or age > 45,
            "depression_hopelessness": official_bool(i, ("depression", "hopelessness")),
            "previous_attempts": official_bool(i, ("previous",)),
            "excessive_alcohol_drugs": official_bool(i, ("alcohol", "drug")),
            "rational_thinking_loss": official_bool(i, ("rational",)),
            "separated_divorced_widowed": official_bool(i, ("separated", "divorced", "widowed")),
            "organized_plan": official_bool(i, ("organized", "organised", "plan")),
            "no_social_support": support.startswith(("no", "lack", "none", "absent", "inadequate")),
            "stated_future_intent": official_bool(i, ("future",))}


SAD = Calculator(
    id="modified_sad_persons",
    name="Modified SAD PERSONS Scale",
    aliases=("modified SAD PERSONS", "SAD PERSONS scale (modified)", "Hockberger-Rothstein SAD PERSONS"),
    domains=(NEURO,),
    specialty="Psychiatry / Emergency Medicine",
    purpose="Structures suicide risk factors to support the disposition of a patient after self-harm or suicidal "
            "ideation.",
    inputs=tuple(Input(n, lab, kind="bool", ehr=EHRSource("history", (lab,))) for n, lab, _ in _SAD),
    output=Output("score", unit="points"),
    compute=_sad,
    interpret=lambda v, **_: ("0-5: low probability of needing admission; may be safe to discharge with follow-up"
                              if v <= 5 else "6-8: probably requires psychiatric consultation" if v <= 8 else
                              "> 8: probably requires hospital admission"),
    citation="Hockberger RS, Rothstein RJ. Assessment of suicide potential by nonpsychiatrists using the SAD PERSONS "
             "score. J Emerg Med. 1988;6(2):99-107.",
    reference=reference_page(
        "Modified SAD PERSONS Scale",
        "Ten weighted suicide risk factors (the emergency-medicine modification of SAD PERSONS).",
        "Emergency assessment of suicidal patients by non-psychiatrists; an aid, never a substitute, for a full "
        "psychiatric risk assessment.",
        "Ten yes/no items.",
        table(("Item", "Points"), [(lab, pts) for _, lab, pts in _SAD]) + "\nRange 0-14.",
        "0-5 may be safe to discharge (depending on circumstances); 6-8 psychiatric consultation; > 8 admission.",
        "Hockberger RS, Rothstein RJ. J Emerg Med. 1988;6(2):99-107."),
    official_names=("Modified SAD PERSONS Scale",),
    from_official=_sad_official,
)

register(ASDAS_CRP, ASDAS_ESR, BASDAI, FOUR_AT, EPWORTH, PHQ4, WHO5, SAD)
