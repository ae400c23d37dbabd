"""Stroke imaging/triage and functional or risk indices: ASPECTS, FAST-ED, 4Ts (HIT), LACE readmission
index, Barthel Index, NRS-2002."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, NEURO, SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field, official_bool
from ._kit import age_input, table
from ._official_util import field_score, parenthesised_int, reference_page


def _choice(name, label, choices, note, kind="exam", items=()):
    return Input(name, label, kind="choice", choices=choices, description=note, ehr=EHRSource(kind, items or (label,)))


def _scores(items, what):
    """Official adapter reading each item's ``score`` (or a '(+n)' in its text) by keywords."""
    def read(i: list) -> dict:
        out = {}
        for name, kws in items:
            s = field_score(i, kws)
            if s is None:
                e = find_field(i, kws)
                s = parenthesised_int(e.get("value", "")) if e else None
            if s is None:
                raise CalculatorInputError(f"{what}: no score for {name!r}")
            out[name] = int(s)
        return out
    return read


# ---------------------------------------------------------------- ASPECTS
_REGIONS = (("caudate", "Caudate (C)"), ("internal_capsule", "Internal capsule (IC)"),
            ("lentiform", "Lentiform nucleus (L)"), ("insular_ribbon", "Insular ribbon (I)"),
            ("m1", "M1 anterior MCA cortex"), ("m2", "M2 MCA cortex lateral to the insular ribbon"),
            ("m3", "M3 posterior MCA cortex"), ("m4", "M4 anterior MCA territory above M1"),
            ("m5", "M5 lateral MCA territory above M2"), ("m6", "M6 posterior MCA territory above M3"))
_REGION_KWS = {"caudate": ("caudate",), "internal_capsule": ("internal capsule",), "lentiform": ("lentiform",),
               "insular_ribbon": ("insular",), "m1": ("m1",), "m2": ("m2",), "m3": ("m3",), "m4": ("m4",),
               "m5": ("m5",), "m6": ("m6",)}


def _aspects(**changes):
    affected = sorted(k for k, v in changes.items() if v)
    return 10 - len(affected), {"regions_with_early_ischaemic_change": affected}


ASPECTS = Calculator(
    id="aspects",
    name="Alberta Stroke Program Early CT Score (ASPECTS)",
    aliases=("ASPECTS", "Alberta stroke program early CT score"),
    domains=(NEURO, CRITICAL),
    specialty="Neurology / Neuroradiology",
    purpose="Quantifies early ischaemic change in the middle cerebral artery territory on non-contrast CT.",
    inputs=tuple(Input(n, f"Early ischaemic change: {lab}", kind="bool", ehr=EHRSource("exam", ("head CT",)))
                 for n, lab in _REGIONS),
    output=Output("score", unit="points"),
    compute=_aspects,
    interpret=lambda v, **_: ("ASPECTS 8-10: small or no early infarct core" if v >= 8 else
                              "ASPECTS 6-7: moderate early ischaemic change" if v >= 6 else
                              "ASPECTS <= 5: extensive early ischaemic change (large core)"),
    citation="Barber PA, Demchuk AM, Zhang J, Buchan AM. Validity and reliability of a quantitative computed "
             "tomography score in predicting outcome of hyperacute stroke before thrombolytic therapy. Lancet. "
             "2000;355(9216):1670-1674.",
    reference=reference_page(
        "Alberta Stroke Program Early CT Score (ASPECTS)",
        "Ten MCA-territory regions; one point is subtracted from 10 for each region with early ischaemic change.",
        "Anterior-circulation acute ischaemic stroke on non-contrast CT (thrombectomy selection).",
        "Early ischaemic change (yes/no) in C, IC, L, I, M1-M6.",
        "ASPECTS = 10 - number of affected regions (0-10).",
        "10 normal; >= 6 is the usual threshold for thrombectomy selection; <= 7 carries a worse functional "
        "outcome and higher haemorrhage risk with thrombolysis.",
        "Barber PA et al. Lancet. 2000;355(9216):1670-1674."),
    official_names=("Alberta Stroke Program Early CT Score (ASPECTS)",),
    from_official=lambda i: {n: official_bool(i, _REGION_KWS[n]) for n, _ in _REGIONS},
)


# ---------------------------------------------------------------- FAST-ED
_FASTED = (
    ("facial_palsy", "Facial palsy", (0, 1), "0 normal or minor paralysis; 1 partial or complete paralysis", ("facial",)),
    ("arm_weakness", "Arm weakness", (0, 1, 2), "0 no drift; 1 drift or some effort against gravity; 2 no effort "
     "against gravity or no movement", ("arm",)),
    ("speech_changes", "Speech changes", (0, 1, 2), "0 absent; 1 mild to moderate; 2 severe, global aphasia or mute",
     ("speech",)),
    ("eye_deviation", "Eye deviation", (0, 1, 2), "0 absent; 1 partial; 2 forced deviation", ("eye",)),
    ("denial_neglect", "Denial / neglect", (0, 1, 2), "0 absent; 1 extinction to bilateral stimulation in one "
     "modality; 2 does not recognise own hand or orients to one side only", ("denial", "neglect")),
)

FASTED = Calculator(
    id="fast_ed",
    name="Field Assessment Stroke Triage for Emergency Destination (FAST-ED)",
    aliases=("FAST-ED", "FAST-ED score", "FASTED"),
    domains=(NEURO, CRITICAL),
    specialty="Neurology / Emergency Medical Services",
    purpose="Prehospital scale identifying likely large vessel occlusion stroke for triage to a thrombectomy centre.",
    inputs=tuple(_choice(n, lab, ch, note) for n, lab, ch, note, _ in _FASTED),
    output=Output("score", unit="points"),
    compute=lambda **items: (sum(items.values()), dict(items)),
    interpret=lambda v, **_: ("likely large vessel occlusion (>= 4): consider a thrombectomy-capable centre" if v >= 4
                              else "large vessel occlusion less likely (< 4)"),
    citation="Lima FO, Silva GS, Furie KL, et al. Field Assessment Stroke Triage for Emergency Destination: a simple "
             "and accurate prehospital scale to detect large vessel occlusion strokes. Stroke. 2016;47(8):1997-2002.",
    reference=reference_page(
        "FAST-ED (Field Assessment Stroke Triage for Emergency Destination)",
        "Five NIHSS-derived items scored 0-9 to detect large vessel occlusion.",
        "Suspected acute stroke in the field or emergency department.",
        "Facial palsy, arm weakness, speech changes, eye deviation, denial/neglect.",
        table(("Item", "Points"), [(lab, note) for _, lab, _, note, _ in _FASTED]) + "\nRange 0-9.",
        ">= 4 suggests large vessel occlusion (sensitivity ~60%, specificity ~89% in the derivation study).",
        "Lima FO et al. Stroke. 2016;47(8):1997-2002."),
    official_names=("Field Assessment Stroke Triage for Emergency Destination (FAST-ED)",),
    from_official=_scores([(n, kws) for n, _, _, _, kws in _FASTED], "FAST-ED"),
)


# ---------------------------------------------------------------- 4Ts
_4TS = (
    ("thrombocytopenia", "Thrombocytopenia", "2 fall > 50% and nadir >= 20 x10^9/L; 1 fall 30-50% or nadir 10-19; "
     "0 fall < 30% or nadir < 10", ("thrombocytopenia",)),
    ("timing", "Timing of platelet fall", "2 clear onset day 5-10, or <= 1 day with heparin in the past 30 days; "
     "1 consistent with day 5-10 but unclear, onset after day 10, or <= 1 day with heparin 30-100 days ago; "
     "0 fall < 4 days without recent heparin", ("timing",)),
    ("thrombosis", "Thrombosis or other sequelae", "2 new thrombosis, skin necrosis or acute systemic reaction after "
     "heparin bolus; 1 progressive/recurrent/suspected thrombosis or non-necrotising skin lesions; 0 none",
     ("thrombosis",)),
    ("other_causes", "Other causes of thrombocytopenia", "2 none apparent; 1 possible; 0 definite", ("other causes",)),
)

FOUR_TS = Calculator(
    id="four_ts_hit",
    name="4Ts Score for Heparin-Induced Thrombocytopenia",
    aliases=("4Ts", "4T score", "4Ts HIT score"),
    domains=(INTERNAL, CRITICAL),
    specialty="Hematology",
    purpose="Pre-test probability of heparin-induced thrombocytopenia before laboratory testing.",
    inputs=tuple(_choice(n, lab, (0, 1, 2), note, kind="lab", items=("Platelets",)) for n, lab, note, _ in _4TS),
    output=Output("score", unit="points"),
    compute=lambda **items: (sum(items.values()), dict(items)),
    interpret=lambda v, **_: ("low probability of HIT (0-3)" if v <= 3 else "intermediate probability of HIT (4-5)"
                              if v <= 5 else "high probability of HIT (6-8)"),
    citation="Lo GK, Juhl D, Warkentin TE, Sigouin CS, Eichler P, Greinacher A. Evaluation of pretest clinical score "
             "(4 T's) for the diagnosis of heparin-induced thrombocytopenia in two clinical settings. J Thromb "
             "Haemost. 2006;4(4):759-765.",
    reference=reference_page(
        "4Ts Score for Heparin-Induced Thrombocytopenia",
        "Four clinical features, each 0-2, giving the pre-test probability of HIT.",
        "Thrombocytopenia during or after heparin exposure, before ordering HIT antibody tests.",
        "Thrombocytopenia, timing, thrombosis, other causes.",
        table(("Item", "Points"), [(lab, note) for _, lab, note, _ in _4TS]) + "\nRange 0-8.",
        "0-3 low (HIT very unlikely; negative predictive value ~99%); 4-5 intermediate; 6-8 high.",
        "Lo GK et al. J Thromb Haemost. 2006;4(4):759-765."),
    official_names=("4Ts Score for Heparin-Induced Thrombocytopenia",),
    from_official=_scores([(n, kws) for n, _, _, kws in _4TS], "4Ts"),
)


# ---------------------------------------------------------------- LACE
def _lace(length_of_stay_days, acute_admission, charlson_index, ed_visits_6_months):
    los = length_of_stay_days
    l_pts = 0 if los < 1 else 1 if los < 2 else 2 if los < 3 else 3 if los < 4 else 4 if los < 7 else 5 if los < 14 else 7
    c_pts = charlson_index if charlson_index <= 3 else 5
    e_pts = min(ed_visits_6_months, 4)
    parts = {"length_of_stay": l_pts, "acute_admission": 3 if acute_admission else 0, "comorbidity": c_pts,
             "ed_visits": e_pts}
    return sum(parts.values()), parts


LACE = Calculator(
    id="lace_index",
    name="LACE Index for Readmission",
    aliases=("LACE index", "LACE score", "LACE readmission index"),
    domains=(INTERNAL, SPECIAL),
    specialty="Hospital Medicine",
    purpose="Predicts 30-day death or unplanned readmission after discharge from a medical or surgical ward.",
    inputs=(Input("length_of_stay_days", "Length of stay", unit="days", min=0, max=3650,
                  ehr=EHRSource("demographic", ("admission date", "discharge date"), "days")),
            Input("acute_admission", "Acute (emergent) admission", kind="bool", ehr=EHRSource("history", ("admission type",))),
            Input("charlson_index", "Charlson comorbidity index", kind="integer", min=0, max=40,
                  ehr=EHRSource("diagnosis", ("comorbidities",))),
            Input("ed_visits_6_months", "Emergency department visits in the previous 6 months", kind="integer",
                  min=0, max=100, ehr=EHRSource("history", ("emergency visits",)))),
    output=Output("score", unit="points"),
    compute=_lace,
    interpret=lambda v, **_: ("high risk of readmission or death (>= 10)" if v >= 10 else
                              "moderate risk (5-9)" if v >= 5 else "low risk (0-4)"),
    citation="van Walraven C, Dhalla IA, Bell C, et al. Derivation and validation of an index to predict early death "
             "or unplanned readmission after discharge from hospital to the community. CMAJ. 2010;182(6):551-557.",
    reference=reference_page(
        "LACE Index for Readmission",
        "Length of stay, Acuity, Comorbidity and Emergency visits combined into a 0-19 index.",
        "Adults at discharge from hospital.",
        "Length of stay (days), acute admission, Charlson index, ED visits in the previous 6 months.",
        table(("Item", "Points"), (("L: < 1 / 1 / 2 / 3 / 4-6 / 7-13 / >= 14 days", "0 / 1 / 2 / 3 / 4 / 5 / 7"),
                                   ("A: acute (emergent) admission", 3),
                                   ("C: Charlson 0 / 1 / 2 / 3 / >= 4", "0 / 1 / 2 / 3 / 5"),
                                   ("E: ED visits 0 / 1 / 2 / 3 / >= 4", "0 / 1 / 2 / 3 / 4"))),
        ">= 10 high risk of 30-day death or readmission; 5-9 moderate; 0-4 low.",
        "van Walraven C et al. CMAJ. 2010;182(6):551-557."),
    official_names=("LACE Index for Readmission",),
    from_official=lambda i: {
        "length_of_stay_days": {0: 0.5, 1: 1, 2: 2, 3: 3, 4: 5, 5: 10, 7: 20}[int(field_score(i, ("length of stay",)))],
        "acute_admission": (field_score(i, ("acute",)) or 0) > 0,
        "charlson_index": {0: 0, 1: 1, 2: 2, 3: 3, 5: 4}[int(field_score(i, ("charlson",)))],
        "ed_visits_6_months": int(field_score(i, ("ed visits",))),
    },
)


# ---------------------------------------------------------------- Barthel
_BARTHEL = (
    ("feeding", "Feeding", (0, 5, 10), ("feeding",)),
    ("bathing", "Bathing", (0, 5), ("bathing",)),
    ("grooming", "Grooming", (0, 5), ("grooming",)),
    ("dressing", "Dressing", (0, 5, 10), ("dressing",)),
    ("bowels", "Bowel control", (0, 5, 10), ("bowel",)),
    ("bladder", "Bladder control", (0, 5, 10), ("bladder",)),
    ("toilet_use", "Toilet use", (0, 5, 10), ("toilet",)),
    ("transfers", "Transfers (bed to chair and back)", (0, 5, 10, 15), ("transfers", "transfer")),
    ("mobility", "Mobility on level surfaces", (0, 5, 10, 15), ("mobility",)),
    ("stairs", "Stairs", (0, 5, 10), ("stairs",)),
)


def _barthel_interp(v, **_):
    if v <= 20:
        return "totally dependent (0-20)"
    if v <= 60:
        return "severely dependent (21-60)"
    if v <= 90:
        return "moderately dependent (61-90)"
    if v < 100:
        return "slightly dependent (91-99)"
    return "independent (100)"


BARTHEL = Calculator(
    id="barthel_index",
    name="Barthel Index for Activities of Daily Living (ADL)",
    aliases=("Barthel Index", "Barthel ADL index", "Barthel score"),
    domains=(NEURO, SPECIAL),
    specialty="Rehabilitation / Geriatrics",
    purpose="Measures independence in ten basic activities of daily living (0-100).",
    inputs=tuple(_choice(n, lab, ch, "points allowed: " + ", ".join(map(str, ch))) for n, lab, ch, _ in _BARTHEL),
    output=Output("score", unit="points"),
    compute=lambda **items: (sum(items.values()), dict(items)),
    interpret=_barthel_interp,
    citation="Mahoney FI, Barthel DW. Functional evaluation: the Barthel Index. Md State Med J. 1965;14:61-65.",
    reference=reference_page(
        "Barthel Index for Activities of Daily Living",
        "Ten ADL items weighted by the help needed; 100 = fully independent.",
        "Rehabilitation, stroke and geriatric assessment; tracking recovery.",
        "Feeding, bathing, grooming, dressing, bowels, bladder, toilet use, transfers, mobility, stairs.",
        table(("Item", "Points allowed"), [(lab, " / ".join(map(str, ch))) for _, lab, ch, _ in _BARTHEL])
        + "\nTotal 0-100.",
        "0-20 total, 21-60 severe, 61-90 moderate, 91-99 slight dependence; 100 independent.",
        "Mahoney FI, Barthel DW. Md State Med J. 1965;14:61-65."),
    official_names=("Barthel Index for Activities of Daily Living (ADL)",),
    from_official=_scores([(n, kws) for n, _, _, kws in _BARTHEL], "Barthel"),
)


# ---------------------------------------------------------------- NRS-2002
def _nrs(nutritional_status, disease_severity, age):
    parts = {"nutritional_status": nutritional_status, "disease_severity": disease_severity,
             "age_ge_70": 1 if age >= 70 else 0}
    return sum(parts.values()), parts


NRS2002 = Calculator(
    id="nrs_2002",
    name="Nutrition Risk Screening 2002 (NRS-2002)",
    aliases=("NRS-2002", "NRS 2002", "Kondrup nutritional risk screening"),
    domains=(INTERNAL, SPECIAL),
    specialty="Nutrition",
    purpose="Identifies hospitalised adults at nutritional risk who are likely to benefit from nutrition support.",
    inputs=(_choice("nutritional_status", "Impaired nutritional status", (0, 1, 2, 3),
                    "0 normal; 1 weight loss > 5% in 3 months or intake 50-75% of needs; 2 > 5% in 2 months, BMI "
                    "18.5-20.5 with impaired condition, or intake 25-60%; 3 > 5% in 1 month (> 15% in 3 months), BMI "
                    "< 18.5 with impaired condition, or intake 0-25%", kind="history", items=("weight loss", "intake")),
            _choice("disease_severity", "Severity of disease (increased requirements)", (0, 1, 2, 3),
                    "0 normal; 1 hip fracture, chronic disease with complications (cirrhosis, COPD, dialysis, diabetes, "
                    "cancer); 2 major abdominal surgery, stroke, severe pneumonia, haematological malignancy; 3 head "
                    "injury, bone marrow transplant, ICU with APACHE II > 10", kind="diagnosis",
                    items=("diagnosis",)),
            age_input()),
    output=Output("score", unit="points"),
    compute=_nrs,
    interpret=lambda v, **_: ("at nutritional risk (>= 3): start a nutritional care plan" if v >= 3 else
                              "not at nutritional risk (< 3): rescreen weekly"),
    citation="Kondrup J, Rasmussen HH, Hamberg O, Stanga Z; Ad Hoc ESPEN Working Group. Nutritional risk screening "
             "(NRS 2002): a new method based on an analysis of controlled clinical trials. Clin Nutr. "
             "2003;22(3):321-336.",
    reference=reference_page(
        "Nutrition Risk Screening 2002 (NRS-2002)",
        "ESPEN screening tool: nutritional status and disease severity (0-3 each) plus one point for age >= 70.",
        "Hospitalised adults after a positive pre-screen (BMI < 20.5, weight loss, reduced intake or severe "
        "illness).",
        "Nutritional status grade, disease severity grade, age.",
        "Total = nutritional status (0-3) + disease severity (0-3) + 1 if age >= 70 (range 0-7).",
        ">= 3: at nutritional risk, start nutrition support; < 3: rescreen weekly.",
        "Kondrup J et al. Clin Nutr. 2003;22(3):321-336."),
    official_names=("Nutrition Risk Screening 2002 (NRS-2002)",),
    from_official=lambda i: {
        "nutritional_status": int(field_score(i, ("nutritional status",))),
        "disease_severity": int(field_score(i, ("disease severity",))),
        "age": 75.0 if (field_score(i, ("age",)) or 0) > 0 else 50.0,
    },
)

register(ASPECTS, FASTED, FOUR_TS, LACE, BARTHEL, NRS2002)
