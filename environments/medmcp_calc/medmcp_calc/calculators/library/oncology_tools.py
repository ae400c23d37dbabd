"""Oncology tools: ECOG performance status, carboplatin dosing (Calvert), BSA-based dosing,
CARG chemotherapy toxicity tool, G8 geriatric screening, neutrophil-lymphocyte ratio."""
from __future__ import annotations

import math

from ..base import INTERNAL, NEURO, SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field, official_sex, official_value
from ._official_util import choice_by_keywords, field_score, field_text, number_in

SEX = Input("sex", "Sex", kind="choice", choices=("male", "female"), ehr=EHRSource("demographic", ("sex",)))
WEIGHT = Input("weight_kg", "Body weight", unit="kg", min=1, max=400, ehr=EHRSource("vital", ("weight",), "kg"))
HEIGHT = Input("height_cm", "Height", unit="cm", min=30, max=260, ehr=EHRSource("vital", ("height",), "cm"))

# ---------------------------------------------------------------- ECOG
ECOG_GRADES = {
    0: "Fully active, able to carry on all pre-disease performance without restriction",
    1: "Restricted in physically strenuous activity but ambulatory and able to carry out light or sedentary work",
    2: "Ambulatory and capable of all self-care but unable to carry out any work; up and about more than 50% of waking hours",
    3: "Capable of only limited self-care; confined to bed or chair more than 50% of waking hours",
    4: "Completely disabled; cannot carry on any self-care; totally confined to bed or chair",
    5: "Dead",
}


def _ecog_official(inputs: list) -> dict:
    e = find_field(inputs, ("patient description", "ecog", "performance status", "description"))
    if e is None:
        e = inputs[0] if inputs else None
    if e is None:
        raise CalculatorInputError("official inputs have no ECOG description")
    text = str(e.get("value", ""))
    import re

    m = re.search(r"ECOG\s*(\d)", text, re.I)
    if m:
        return {"grade": int(m.group(1))}
    if "score" in e:
        return {"grade": int(float(e["score"]))}
    g = choice_by_keywords(text, {
        "5": ("death", "dead"), "4": ("bedbound", "bed bound", "completely disabled"),
        "3": ("50 in bed but not bedbound", "in bed but not bedbound", "limited self care", "50 in bed but"),
        "2": ("50 in bed during the day", "capable of all self care", "unable to carry out any work"),
        "1": ("completely ambulatory", "restricted in physically strenuous", "light work"),
        "0": ("asymptomatic", "fully active"),
    }, "the ECOG grade")
    return {"grade": int(g)}


ECOG = Calculator(
    id="ecog_performance_status",
    name="Eastern Cooperative Oncology Group (ECOG) Performance Status",
    aliases=("ECOG", "ECOG performance status", "ECOG PS", "Zubrod score", "WHO performance status"),
    domains=(INTERNAL, NEURO, SPECIAL),
    specialty="Oncology",
    purpose="Grades a patient's level of functioning (0-5) to judge fitness for cancer treatment.",
    inputs=(Input("grade", "ECOG grade", kind="integer", min=0, max=5,
                  description="; ".join(f"{k} = {v}" for k, v in ECOG_GRADES.items()),
                  ehr=EHRSource("history", ("ECOG", "performance status"))),),
    output=Output("score", categories=None),
    compute=lambda grade: grade,
    interpret=lambda v, **_: ECOG_GRADES[int(v)],
    citation="Oken MM, Creech RH, Tormey DC, et al. Toxicity and response criteria of the Eastern Cooperative Oncology "
             "Group. Am J Clin Oncol. 1982;5(6):649-655.",
    reference="""# ECOG Performance Status (Zubrod score)

**Purpose.** A six-level scale of daily functioning used to select and dose cancer treatment and as a
prognostic factor.

**When to use.** Any patient with cancer at diagnosis and before each line of therapy.

**Input.** The grade that best describes the patient.

| Grade | Description |
|---|---|
| 0 | Fully active, no restriction |
| 1 | Restricted in strenuous activity; ambulatory, able to do light work |
| 2 | Ambulatory, capable of self-care, unable to work; up > 50% of waking hours |
| 3 | Limited self-care; in bed or chair > 50% of waking hours |
| 4 | Completely disabled; totally confined to bed or chair |
| 5 | Dead |

**Interpretation.** Grades 0-1 are eligible for most trials; >= 3 usually favours supportive care.

**Reference.** Oken MM et al. Am J Clin Oncol. 1982;5:649-655.
""",
    official_names=("Eastern Cooperative Oncology Group (ECOG) Performance Status",),
    from_official=_ecog_official,
)


# ---------------------------------------------------------------- Calvert
def _calvert(age, sex, weight_kg, creatinine, target_auc):
    crcl = (140.0 - age) * weight_kg / (72.0 * creatinine) * (0.85 if sex == "female" else 1.0)
    return target_auc * (crcl + 25.0), {"gfr_cockcroft_gault_mL_min": round(crcl, 1)}


CALVERT = Calculator(
    id="carboplatin_calvert",
    name="Carboplatin AUC Dosing (Calvert Formula)",
    aliases=("Calvert formula", "carboplatin dose", "carboplatin AUC dosing", "Calvert equation"),
    domains=(INTERNAL, SPECIAL),
    specialty="Oncology",
    purpose="Total carboplatin dose (mg) for a target AUC from renal function (Cockcroft-Gault as the GFR).",
    inputs=(
        Input("age", "Age", unit="years", min=18, max=120, ehr=EHRSource("demographic", ("age",), "years")),
        SEX, WEIGHT,
        Input("creatinine", "Serum creatinine", unit="mg/dL", min=0.1, max=20, ehr=EHRSource("lab", ("Creatinine",), "mg/dL")),
        Input("target_auc", "Target AUC", unit="mg/mL*min", min=1, max=10, ehr=EHRSource("none", note="from the regimen")),
    ),
    output=Output("number", unit="mg", decimals=1, abs_tol=0.5, rel_tol=0.005),
    compute=_calvert,
    interpret=lambda v, **_: f"total carboplatin dose {v} mg (many protocols cap the GFR at 125 mL/min)",
    citation="Calvert AH, Newell DR, Gumbrell LA, et al. Carboplatin dosage: prospective evaluation of a simple formula "
             "based on renal function. J Clin Oncol. 1989;7(11):1748-1756.",
    reference="""# Carboplatin Dosing (Calvert Formula)

**Purpose.** Carboplatin clearance follows the GFR, so the dose for a target exposure (AUC) is computed
from renal function rather than body surface area.

**When to use.** Adults starting carboplatin; the target AUC (usually 4-7 mg/mL x min) comes from the regimen.

**Inputs.** Age, sex, weight (kg; the weight the protocol prescribes, e.g. adjusted weight in obesity),
serum creatinine (mg/dL), target AUC.

**Formula.**
- GFR estimate (Cockcroft-Gault): (140 - age) x weight / (72 x creatinine), x 0.85 if female.
- Dose (mg) = target AUC x (GFR + 25).

**Interpretation.** The result is the total dose in mg (not per m^2). Many protocols cap the GFR at
125 mL/min (maximum dose = AUC x 150 mg) to avoid overdosing with low creatinine values.

**Reference.** Calvert AH et al. J Clin Oncol. 1989;7:1748-1756.
""",
    official_names=("Carboplatin AUC Dosing (Calvert)",),
    from_official=lambda inputs: {
        "age": official_value(inputs, ("age",)),
        "sex": official_sex(inputs),
        "weight_kg": official_value(inputs, ("weight",), "kg"),
        "creatinine": official_value(inputs, ("creatinine",), "mg/dL", analyte="creatinine"),
        "target_auc": official_value(inputs, ("target auc", "auc")),
    },
)


# ---------------------------------------------------------------- BSA dosing
def _bsa_dose(dose_per_m2, weight_kg, height_cm, formula):
    if formula == "mosteller":
        bsa = math.sqrt(weight_kg * height_cm / 3600.0)
    else:  # Du Bois & Du Bois 1916
        bsa = 0.007184 * weight_kg ** 0.425 * height_cm ** 0.725
    return dose_per_m2 * bsa, {"bsa_m2": round(bsa, 3)}


BSA_DOSING = Calculator(
    id="bsa_based_dosing",
    name="Body Surface Area Based Dosing",
    aliases=("BSA dosing", "BSA-based dose", "dose per m2", "body surface area dosing"),
    domains=(INTERNAL, SPECIAL),
    specialty="Oncology",
    purpose="Converts a dose per square metre into a total dose using the body surface area.",
    inputs=(
        Input("dose_per_m2", "Prescribed dose per m^2", unit="mg/m^2", min=0.001, max=100000, ehr=EHRSource("order", ())),
        WEIGHT, HEIGHT,
        Input("formula", "BSA formula", kind="choice", choices=("mosteller", "dubois"), optional=True, default="mosteller",
              ehr=EHRSource("none")),
    ),
    output=Output("number", unit="mg", decimals=2, abs_tol=0.01, rel_tol=0.002),
    compute=_bsa_dose,
    interpret=lambda v, **_: f"total dose {v} (same mass unit as the per-m^2 dose)",
    citation="Mosteller RD. Simplified calculation of body-surface area. N Engl J Med. 1987;317(17):1098. "
             "Du Bois D, Du Bois EF. A formula to estimate the approximate surface area if height and weight be known. "
             "Arch Intern Med. 1916;17:863-871.",
    reference="""# Body Surface Area (BSA) Based Dosing

**Purpose.** Many cytotoxic drugs are prescribed per square metre of body surface area; this converts
the per-m^2 dose into the total dose to give.

**When to use.** Chemotherapy and other BSA-dosed drugs (paclitaxel, docetaxel, 5-FU...).

**Inputs.** Dose per m^2; weight (kg); height (cm); BSA formula (Mosteller by default, or Du Bois).

**Formulas.**
- Mosteller: BSA (m^2) = sqrt(height cm x weight kg / 3600).
- Du Bois: BSA = 0.007184 x weight^0.425 x height^0.725.
- Total dose = dose per m^2 x BSA.

**Interpretation.** The total dose carries the mass unit of the prescription (mg, g, units). Some protocols
cap BSA at 2.0-2.2 m^2; check the regimen.

**References.** Mosteller RD. N Engl J Med. 1987;317:1098. Du Bois D, Du Bois EF. Arch Intern Med. 1916.
""",
    official_names=("Body Surface Area Based Dosing",),
    from_official=lambda inputs: {
        "dose_per_m2": number_in(field_text(inputs, ("bsa based dose", "dose"))),
        "weight_kg": official_value(inputs, ("weight",), "kg"),
        "height_cm": official_value(inputs, ("height",), "cm"),
        "formula": ("dubois" if find_field(inputs, ("select either", "formula")) is not None
                    and "bois" in field_text(inputs, ("select either", "formula")).lower() else "mosteller"),
    },
)


# ---------------------------------------------------------------- CARG-TT
CARG_ITEMS = (
    ("age_72_or_older", "Age >= 72 years", 2),
    ("gi_or_gu_cancer", "Gastrointestinal or genitourinary cancer", 2),
    ("standard_dose", "Standard (not reduced) first-cycle chemotherapy dose", 2),
    ("polychemotherapy", "More than one chemotherapy drug", 2),
    ("anemia", "Haemoglobin < 11 g/dL (male) or < 10 g/dL (female)", 3),
    ("crcl_below_34", "Creatinine clearance < 34 mL/min (Jelliffe, ideal weight)", 3),
    ("hearing_fair_or_worse", "Hearing fair, poor or totally deaf", 2),
    ("falls_past_6_months", "One or more falls in the past 6 months", 3),
    ("needs_help_with_medications", "Needs help taking medications", 1),
    ("walking_one_block_limited", "Somewhat or a lot limited in walking one block", 2),
    ("decreased_social_activity", "Decreased social activity because of health", 1),
)


def _carg(**kw):
    total = sum(pts for name, _, pts in CARG_ITEMS if kw[name])
    return total


def _carg_interp(v, **_):
    if v <= 5:
        return "low risk (0-5 points): ~30% risk of grade 3-5 chemotherapy toxicity"
    if v <= 9:
        return "intermediate risk (6-9 points): ~52% risk of grade 3-5 toxicity"
    return "high risk (>=10 points): ~83% risk of grade 3-5 toxicity"


def _carg_official(inputs: list) -> dict:
    keys = {
        "gi_or_gu_cancer": ("cancer type",), "standard_dose": ("dosage", "first chemotherapy dose", "dose"),
        "polychemotherapy": ("number of chemotherapy drugs",), "anemia": ("hemoglobin",),
        "crcl_below_34": ("creatinine clearance", "creatinine clearance ml min"),
        "hearing_fair_or_worse": ("hearing",), "falls_past_6_months": ("falls", "number of falls"),
        "needs_help_with_medications": ("needs help taking meds", "needs help taking medications", "help taking"),
        "walking_one_block_limited": ("walking ability", "walking"), "decreased_social_activity": ("social activity",),
    }
    out: dict = {}
    for name, kws in keys.items():
        s = field_score(inputs, kws)
        if s is None:
            raise CalculatorInputError(f"CARG-TT: official field for {name} carries no score")
        out[name] = s > 0
    age = official_value(inputs, ("age years", "age"))
    out["age_72_or_older"] = age >= 72
    return out


CARG = Calculator(
    id="carg_tt",
    name="Cancer and Aging Research Group Chemotherapy Toxicity Tool (CARG-TT)",
    aliases=("CARG-TT", "CARG toxicity score", "CARG chemotherapy toxicity tool", "Hurria score"),
    domains=(INTERNAL, NEURO, SPECIAL),
    specialty="Geriatric Oncology",
    purpose="Predicts grade 3-5 chemotherapy toxicity in adults aged 65 and older from geriatric and treatment factors.",
    inputs=tuple(Input(n, label, kind="bool", ehr=EHRSource("history", ())) for n, label, _ in CARG_ITEMS),
    output=Output("score"),
    compute=_carg,
    interpret=_carg_interp,
    citation="Hurria A, Togawa K, Mohile SG, et al. Predicting chemotherapy toxicity in older adults with cancer: a "
             "prospective multicenter study. J Clin Oncol. 2011;29(25):3457-3465.",
    reference="""# CARG Chemotherapy Toxicity Tool (CARG-TT)

**Purpose.** Estimates the risk of severe (grade 3-5) chemotherapy toxicity in older adults, adding
geriatric assessment items to tumour and treatment factors.

**When to use.** Patients aged 65 or older about to start chemotherapy.

**Inputs.** Eleven yes/no items (age, tumour type, dose intensity, laboratory values, and geriatric-assessment answers).

**Items and points.**
| Item | Points |
|---|---|
| Age >= 72 years | 2 |
| GI or GU cancer | 2 |
| Standard dose (no upfront reduction) | 2 |
| Polychemotherapy | 2 |
| Haemoglobin < 11 g/dL (men) / < 10 g/dL (women) | 3 |
| Creatinine clearance < 34 mL/min | 3 |
| Hearing fair or worse | 2 |
| >= 1 fall in the last 6 months | 3 |
| Needs help taking medications | 1 |
| Limited in walking one block | 2 |
| Decreased social activity due to health | 1 |

**Interpretation.** 0-5 low (~30%), 6-9 intermediate (~52%), 10-19 high (~83%) risk of grade 3-5 toxicity.

**Reference.** Hurria A et al. J Clin Oncol. 2011;29:3457-3465.
""",
    official_names=("Cancer and Aging Research Group Chemotherapy Toxicity Tool (CARG-TT)",),
    from_official=_carg_official,
)


# ---------------------------------------------------------------- G8
G8_FOOD = ("severe decrease", "moderate decrease", "no decrease")  # 0, 1, 2
G8_WEIGHT = ("more than 3 kg", "does not know", "1 to 3 kg", "no weight loss")  # 0, 1, 2, 3
G8_MOBILITY = ("bed or chair bound", "out of bed but does not go out", "goes out")  # 0, 1, 2
G8_NEURO = ("severe dementia or depression", "mild dementia or depression", "no psychological problems")  # 0, 1, 2
G8_HEALTH = ("not as good", "does not know", "as good", "better")  # 0, 0.5, 1, 2


def _g8(age, food_intake, weight_loss, mobility, neuropsychological, bmi, more_than_3_drugs, self_rated_health):
    pts = {
        "age": 2 if age < 80 else 1 if age <= 85 else 0,
        "food_intake": G8_FOOD.index(food_intake),
        "weight_loss": G8_WEIGHT.index(weight_loss),
        "mobility": G8_MOBILITY.index(mobility),
        "neuropsychological": G8_NEURO.index(neuropsychological),
        "bmi": 0 if bmi < 19 else 1 if bmi < 21 else 2 if bmi < 23 else 3,
        "polypharmacy": 0 if more_than_3_drugs else 1,
        "self_rated_health": (0, 0.5, 1, 2)[G8_HEALTH.index(self_rated_health)],
    }
    return sum(pts.values()), {"item_points": pts}


def _g8_official(inputs: list) -> dict:
    def by_score(kws, labels, scores=None):
        s = field_score(inputs, kws)
        if s is None:
            raise CalculatorInputError(f"G8: official field {kws[0]!r} carries no score")
        scores = scores or list(range(len(labels)))
        return labels[scores.index(s)]

    age = official_value(inputs, ("age years", "age"))
    bmi = official_value(inputs, ("body mass index", "bmi", "bmi kg m2"))
    s = field_score(inputs, ("takes more than three prescription drugs per day", "more than three"))
    return {
        "age": age,
        "food_intake": by_score(("food intake", "has food intake declined", "food intake declined past 3 months"), G8_FOOD),
        "weight_loss": by_score(("weight loss", "weight loss last 3 months kg", "weight loss during the last 3 months"), G8_WEIGHT),
        "mobility": by_score(("mobility",), G8_MOBILITY),
        "neuropsychological": by_score(("neuropsychological conditions", "neuropsychological"), G8_NEURO),
        "bmi": bmi,
        "more_than_3_drugs": s == 0 if s is not None else True,
        "self_rated_health": by_score(("health status", "self rated health vs peers", "self rated health"), G8_HEALTH,
                                      [0, 0.5, 1, 2]),
    }


G8 = Calculator(
    id="g8_geriatric_screening",
    name="G8 Geriatric Screening Tool",
    aliases=("G8", "G8 screening tool", "G-8 geriatric screening"),
    domains=(INTERNAL, SPECIAL),
    specialty="Geriatric Oncology",
    purpose="Screens older adults with cancer for frailty that warrants a full geriatric assessment.",
    inputs=(
        Input("age", "Age", unit="years", min=18, max=120, ehr=EHRSource("demographic", ("age",), "years")),
        Input("food_intake", "Food intake decline over the past 3 months", kind="choice", choices=G8_FOOD, ehr=EHRSource("history", ())),
        Input("weight_loss", "Weight loss during the last 3 months", kind="choice", choices=G8_WEIGHT, ehr=EHRSource("history", ())),
        Input("mobility", "Mobility", kind="choice", choices=G8_MOBILITY, ehr=EHRSource("exam", ())),
        Input("neuropsychological", "Neuropsychological problems", kind="choice", choices=G8_NEURO, ehr=EHRSource("diagnosis", ("dementia", "depression"))),
        Input("bmi", "Body mass index", unit="kg/m^2", min=8, max=80, ehr=EHRSource("vital", ("weight", "height"))),
        Input("more_than_3_drugs", "Takes more than 3 prescription drugs per day", kind="bool", ehr=EHRSource("order", ())),
        Input("self_rated_health", "Self-rated health compared with peers", kind="choice", choices=G8_HEALTH, ehr=EHRSource("none")),
    ),
    output=Output("score", abs_tol=0.0),
    compute=_g8,
    interpret=lambda v, **_: ("<=14: abnormal; full geriatric assessment recommended" if v <= 14
                              else ">14: normal screen"),
    citation="Bellera CA, Rainfray M, Mathoulin-Pélissier S, et al. Screening older cancer patients: first evaluation "
             "of the G-8 geriatric screening tool. Ann Oncol. 2012;23(8):2166-2172.",
    reference="""# G8 Geriatric Screening Tool

**Purpose.** An eight-item screen (seven from the Mini Nutritional Assessment plus age) that identifies older
patients with cancer who would benefit from a comprehensive geriatric assessment.

**When to use.** Patients aged 70 or older with cancer before treatment decisions.

**Inputs.** Age, BMI and the answers to six questionnaire items (food intake, weight loss, mobility,
neuropsychological problems, number of drugs, self-rated health).

**Items (points).**
| Item | Points |
|---|---|
| Food intake decline in 3 months | severe 0, moderate 1, none 2 |
| Weight loss in 3 months | > 3 kg 0, does not know 1, 1-3 kg 2, none 3 |
| Mobility | bed/chair bound 0, out of bed but does not go out 1, goes out 2 |
| Neuropsychological problems | severe dementia/depression 0, mild 1, none 2 |
| BMI (kg/m^2) | < 19: 0, 19-< 21: 1, 21-< 23: 2, >= 23: 3 |
| > 3 prescription drugs/day | yes 0, no 1 |
| Self-rated health vs peers | not as good 0, does not know 0.5, as good 1, better 2 |
| Age | > 85: 0, 80-85: 1, < 80: 2 |

**Interpretation.** Total 0-17; a score <= 14 is abnormal and warrants a full geriatric assessment.

**Reference.** Bellera CA et al. Ann Oncol. 2012;23:2166-2172.
""",
    official_names=("G8 Geriatric Screening Tool",),
    from_official=_g8_official,
)


# ---------------------------------------------------------------- NLR
NLR = Calculator(
    id="neutrophil_lymphocyte_ratio",
    name="Neutrophil-Lymphocyte Ratio (NLR)",
    aliases=("NLR", "neutrophil to lymphocyte ratio", "neutrophil-lymphocyte ratio"),
    domains=(INTERNAL, SPECIAL),
    specialty="Hematology",
    purpose="Absolute neutrophil count divided by absolute lymphocyte count: a cheap marker of systemic inflammation.",
    inputs=(
        Input("anc", "Absolute neutrophil count", unit="10^9/L", min=0.01, max=200, ehr=EHRSource("lab", ("Neutrophils", "ANC"), "10^9/L")),
        Input("alc", "Absolute lymphocyte count", unit="10^9/L", min=0.01, max=200, ehr=EHRSource("lab", ("Lymphocytes",), "10^9/L")),
    ),
    output=Output("number", decimals=2, abs_tol=0.05, rel_tol=0.01),
    compute=lambda anc, alc: anc / alc,
    interpret=lambda v, **_: ("normal range in healthy adults ~0.8-3.5" if v <= 3.5 else
                              "elevated (>3.5): systemic inflammation/physiological stress; associated with worse outcomes"),
    citation="Zahorec R. Ratio of neutrophil to lymphocyte counts - rapid and simple parameter of systemic inflammation "
             "and stress in critically ill. Bratisl Lek Listy. 2001;102(1):5-14.",
    reference="""# Neutrophil-Lymphocyte Ratio (NLR)

**Purpose.** A marker of systemic inflammation and physiological stress derived from the differential count.

**When to use.** Prognostic context in sepsis, cancer, cardiovascular disease; not diagnostic on its own.

**Inputs.** Absolute neutrophil count and absolute lymphocyte count (same unit, e.g. 10^9/L).

**Formula.** NLR = neutrophils / lymphocytes.

**Interpretation.** Healthy adults usually 0.8-3.5; higher values accompany infection, stress and worse
prognosis in many cancers (cut-offs vary by setting).

**Reference.** Zahorec R. Bratisl Lek Listy. 2001;102:5-14.
""",
    official_names=("Neutrophil-Lymphocyte Ratio (NLR) Calculator",),
    from_official=lambda inputs: {
        "anc": number_in(field_text(inputs, ("absolute neutrophil count", "neutrophil", "anc"))),
        "alc": number_in(field_text(inputs, ("absolute lymphocyte count", "lymphocyte", "alc"))),
    },
)

register(ECOG, CALVERT, BSA_DOSING, CARG, G8, NLR)
