"""Questionnaires and withdrawal scales: PHQ-9, GAD-7, CIWA-Ar (alcohol), COWS (opioids)."""
from __future__ import annotations

from ..base import CRITICAL, NEURO, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ._kit import table
from ._official_util import field_score, reference_page

_FREQ = "0 not at all, 1 several days, 2 more than half the days, 3 nearly every day"


def _item(name: str, label: str, choices: tuple[int, ...], kind: str = "history", note: str = "") -> Input:
    return Input(name, label, kind="choice", choices=choices, description=note,
                 ehr=EHRSource(kind, (label,), note="clinician-rated or patient-reported item"))


def _sum(**items):
    return sum(items.values()), dict(items)


def _scored(i: list, n: int, what: str) -> list[int]:
    """The ``score`` of the first ``n`` official entries that carry one (questionnaires list items in order)."""
    vals = [int(float(e["score"])) for e in i if isinstance(e, dict) and "score" in e]
    if len(vals) < n:
        raise CalculatorInputError(f"{what}: expected {n} scored items, found {len(vals)}")
    return vals[:n]


# ---------------------------------------------------------------- PHQ-9
_PHQ9 = (
    ("interest", "Little interest or pleasure in doing things"),
    ("depressed", "Feeling down, depressed or hopeless"),
    ("sleep", "Trouble falling or staying asleep, or sleeping too much"),
    ("energy", "Feeling tired or having little energy"),
    ("appetite", "Poor appetite or overeating"),
    ("self_worth", "Feeling bad about yourself, a failure, or having let yourself or your family down"),
    ("concentration", "Trouble concentrating on things"),
    ("psychomotor", "Moving or speaking slowly, or being fidgety or restless"),
    ("self_harm_thoughts", "Thoughts of being better off dead or of hurting yourself"),
)


def _phq9_interp(v, self_harm_thoughts=0, **_):
    band = ("minimal or no depression (0-4)" if v <= 4 else "mild depression (5-9)" if v <= 9 else
            "moderate depression (10-14)" if v <= 14 else "moderately severe depression (15-19)" if v <= 19 else
            "severe depression (20-27)")
    return band + ("; item 9 positive: assess suicide risk now" if self_harm_thoughts else "")


PHQ9 = Calculator(
    id="phq9",
    name="PHQ-9 (Patient Health Questionnaire-9)",
    aliases=("PHQ-9", "PHQ9", "Patient Health Questionnaire 9-item depression scale"),
    domains=(NEURO,),
    specialty="Psychiatry / Primary Care",
    purpose="Screens for depression and grades its severity from nine symptoms over the last two weeks.",
    inputs=tuple(_item(n, lab, (0, 1, 2, 3), note=_FREQ) for n, lab in _PHQ9),
    output=Output("score", unit="points"),
    compute=_sum,
    interpret=_phq9_interp,
    citation="Kroenke K, Spitzer RL, Williams JBW. The PHQ-9: validity of a brief depression severity measure. "
             "J Gen Intern Med. 2001;16(9):606-613.",
    reference=reference_page(
        "PHQ-9 (Patient Health Questionnaire-9)",
        "Nine-item self-report measure of the DSM depressive symptoms over the past two weeks.",
        "Depression screening, diagnosis support and monitoring of treatment response.",
        "Nine items, each 0 (not at all), 1 (several days), 2 (more than half the days), 3 (nearly every day).",
        "Total = sum of the nine items (0-27). Items: " + "; ".join(lab for _, lab in _PHQ9) + ".",
        "0-4 minimal, 5-9 mild, 10-14 moderate, 15-19 moderately severe, 20-27 severe. Any positive answer to "
        "item 9 needs an immediate suicide risk assessment.",
        "Kroenke K et al. J Gen Intern Med. 2001;16(9):606-613."),
    official_names=("PHQ-9 (Patient Health Questionnaire-9)",),
    from_official=lambda i: dict(zip((n for n, _ in _PHQ9), _scored(i, 9, "PHQ-9"))),
)


# ---------------------------------------------------------------- GAD-7
_GAD7 = (
    ("nervous", "Feeling nervous, anxious or on edge"),
    ("uncontrolled_worry", "Not being able to stop or control worrying"),
    ("worry_too_much", "Worrying too much about different things"),
    ("trouble_relaxing", "Trouble relaxing"),
    ("restless", "Being so restless that it is hard to sit still"),
    ("irritable", "Becoming easily annoyed or irritable"),
    ("afraid", "Feeling afraid as if something awful might happen"),
)

GAD7 = Calculator(
    id="gad7",
    name="GAD-7 (General Anxiety Disorder-7)",
    aliases=("GAD-7", "GAD7", "Generalized Anxiety Disorder 7-item scale"),
    domains=(NEURO,),
    specialty="Psychiatry / Primary Care",
    purpose="Screens for generalised anxiety disorder and grades anxiety severity over the last two weeks.",
    inputs=tuple(_item(n, lab, (0, 1, 2, 3), note=_FREQ) for n, lab in _GAD7),
    output=Output("score", unit="points"),
    compute=_sum,
    interpret=lambda v, **_: ("minimal anxiety (0-4)" if v <= 4 else "mild anxiety (5-9)" if v <= 9 else
                              "moderate anxiety (10-14)" if v <= 14 else "severe anxiety (15-21)")
    + ("; >= 10 warrants further evaluation for an anxiety disorder" if v >= 10 else ""),
    citation="Spitzer RL, Kroenke K, Williams JBW, Löwe B. A brief measure for assessing generalized anxiety "
             "disorder: the GAD-7. Arch Intern Med. 2006;166(10):1092-1097.",
    reference=reference_page(
        "GAD-7 (General Anxiety Disorder-7)",
        "Seven-item self-report scale of anxiety symptoms over the past two weeks.",
        "Screening for generalised anxiety disorder (also panic, social anxiety, PTSD) and monitoring severity.",
        "Seven items, each 0-3 (not at all / several days / more than half the days / nearly every day).",
        "Total = sum of the seven items (0-21). Items: " + "; ".join(lab for _, lab in _GAD7) + ".",
        "0-4 minimal, 5-9 mild, 10-14 moderate, 15-21 severe; >= 10 is the usual screening cut-off.",
        "Spitzer RL et al. Arch Intern Med. 2006;166(10):1092-1097."),
    official_names=("GAD-7 (General Anxiety Disorder-7)",),
    from_official=lambda i: dict(zip((n for n, _ in _GAD7), _scored(i, 7, "GAD-7"))),
)


# ---------------------------------------------------------------- CIWA-Ar
_CIWA = (
    ("nausea_vomiting", "Nausea and vomiting", 7, ("nausea",)),
    ("tremor", "Tremor", 7, ("tremor",)),
    ("paroxysmal_sweats", "Paroxysmal sweats", 7, ("sweats", "sweat")),
    ("anxiety", "Anxiety", 7, ("anxiety",)),
    ("agitation", "Agitation", 7, ("agitation",)),
    ("tactile_disturbances", "Tactile disturbances", 7, ("tactile",)),
    ("auditory_disturbances", "Auditory disturbances", 7, ("auditory",)),
    ("visual_disturbances", "Visual disturbances", 7, ("visual",)),
    ("headache", "Headache, fullness in head", 7, ("headache",)),
    ("orientation", "Orientation and clouding of sensorium", 4, ("orientation",)),
)


def _ciwa_interp(v, **_):
    if v < 10:
        return "absent or minimal withdrawal (< 10): medication usually not needed"
    if v < 20:
        return "mild to moderate withdrawal (10-19): symptom-triggered medication"
    return "severe withdrawal (>= 20): medication needed; consider ICU-level monitoring for seizures/delirium tremens"


def _by_keywords(i: list, items, what: str) -> dict:
    out = {}
    for n, _, *rest in items:
        kws = rest[-1]
        s = field_score(i, kws)
        if s is None:
            raise CalculatorInputError(f"{what}: no scored field for {n!r}")
        out[n] = int(s)
    return out


CIWA = Calculator(
    id="ciwa_ar",
    name="CIWA-Ar for Alcohol Withdrawal",
    aliases=("CIWA-Ar", "CIWA", "Clinical Institute Withdrawal Assessment for Alcohol, revised"),
    domains=(NEURO, CRITICAL),
    specialty="Addiction Medicine / Psychiatry",
    purpose="Quantifies the severity of alcohol withdrawal to guide symptom-triggered benzodiazepine therapy.",
    inputs=tuple(_item(n, lab, tuple(range(mx + 1)), kind="exam") for n, lab, mx, _ in _CIWA),
    output=Output("score", unit="points"),
    compute=_sum,
    interpret=_ciwa_interp,
    citation="Sullivan JT, Sykora K, Schneiderman J, Naranjo CA, Sellers EM. Assessment of alcohol withdrawal: the "
             "revised Clinical Institute Withdrawal Assessment for Alcohol scale (CIWA-Ar). Br J Addict. "
             "1989;84(11):1353-1357.",
    reference=reference_page(
        "CIWA-Ar for Alcohol Withdrawal",
        "Ten-item clinician scale of alcohol withdrawal severity.",
        "Patients in or at risk of alcohol withdrawal who can communicate; repeat to titrate treatment.",
        "Nine items rated 0-7 and orientation rated 0-4.",
        table(("Item", "Range"), [(lab, f"0-{mx}") for _, lab, mx, _ in _CIWA]) + "\nTotal 0-67.",
        "< 10 absent/minimal withdrawal; 10-19 mild to moderate; >= 20 severe (high risk of seizures and delirium "
        "tremens).",
        "Sullivan JT et al. Br J Addict. 1989;84(11):1353-1357."),
    official_names=("CIWA-Ar for Alcohol Withdrawal",),
    from_official=lambda i: _by_keywords(i, _CIWA, "CIWA-Ar"),
)


# ---------------------------------------------------------------- COWS
_COWS = (
    ("resting_pulse", "Resting pulse rate (0: <= 80; 1: 81-100; 2: 101-120; 4: > 120)", (0, 1, 2, 4), ("pulse",)),
    ("sweating", "Sweating", (0, 1, 2, 3, 4), ("sweating",)),
    ("restlessness", "Restlessness", (0, 1, 3, 5), ("restlessness",)),
    ("pupil_size", "Pupil size", (0, 1, 2, 5), ("pupil",)),
    ("bone_joint_aches", "Bone or joint aches", (0, 1, 2, 4), ("bone", "joint")),
    ("runny_nose_tearing", "Runny nose or tearing", (0, 1, 2, 4), ("runny nose", "tearing")),
    ("gi_upset", "GI upset", (0, 1, 2, 3, 5), ("gi upset", "gi")),
    ("tremor", "Tremor", (0, 1, 2, 4), ("tremor",)),
    ("yawning", "Yawning", (0, 1, 2, 4), ("yawning",)),
    ("anxiety_irritability", "Anxiety or irritability", (0, 1, 2, 4), ("anxiety", "irritability")),
    ("gooseflesh", "Gooseflesh skin", (0, 3, 5), ("gooseflesh",)),
)


def _cows_interp(v, **_):
    if v < 5:
        return "no active withdrawal (< 5)"
    if v <= 12:
        return "mild withdrawal (5-12)"
    if v <= 24:
        return "moderate withdrawal (13-24)"
    if v <= 36:
        return "moderately severe withdrawal (25-36)"
    return "severe withdrawal (> 36)"


COWS = Calculator(
    id="cows",
    name="COWS Score for Opiate Withdrawal",
    aliases=("COWS", "Clinical Opiate Withdrawal Scale", "clinical opioid withdrawal scale"),
    domains=(NEURO, CRITICAL),
    specialty="Addiction Medicine",
    purpose="Rates opioid withdrawal severity, e.g. to time buprenorphine induction.",
    inputs=tuple(_item(n, lab, ch, kind="exam") for n, lab, ch, _ in _COWS),
    output=Output("score", unit="points"),
    compute=_sum,
    interpret=_cows_interp,
    citation="Wesson DR, Ling W. The Clinical Opiate Withdrawal Scale (COWS). J Psychoactive Drugs. "
             "2003;35(2):253-259.",
    reference=reference_page(
        "COWS Score for Opiate Withdrawal",
        "Eleven-item clinician scale of opioid withdrawal signs and symptoms.",
        "Suspected opioid withdrawal; buprenorphine is usually started once withdrawal is at least moderate.",
        "Eleven observed items with the allowed point values listed below.",
        table(("Item", "Allowed points"), [(lab, ", ".join(map(str, ch))) for _, lab, ch, _ in _COWS])
        + "\nTotal 0-48.",
        "5-12 mild, 13-24 moderate, 25-36 moderately severe, > 36 severe withdrawal.",
        "Wesson DR, Ling W. J Psychoactive Drugs. 2003;35(2):253-259."),
    official_names=("COWS Score for Opiate Withdrawal",),
    from_official=lambda i: _by_keywords(i, _COWS, "COWS"),
)

register(PHQ9, GAD7, CIWA, COWS)
