"""Body composition, energy and fitness formulas: total body water (Watson), basal energy expenditure
(Harris-Benedict), Nutritional Risk Index, OSIRIS osteoporosis index, treadmill exercise capacity (METs)."""
from __future__ import annotations

import math

from ..base import CRITICAL, INTERNAL, SPECIAL, Calculator, EHRSource, Input, Output, register, round_half_away
from ..officials import find_field, official_bool, official_value
from ._kit import age_input, read_sex, sex_input
from ._official_util import field_text, number_in, reference_page

WEIGHT = Input("weight_kg", "Body weight", unit="kg", min=1, max=400, ehr=EHRSource("vital", ("weight",), "kg"))
HEIGHT = Input("height_cm", "Height", unit="cm", min=30, max=260, ehr=EHRSource("vital", ("height",), "cm"))


# ---------------------------------------------------------------- Watson total body water
def _watson(sex, age, height_cm, weight_kg):
    if sex == "male":
        return 2.447 - 0.09516 * age + 0.1074 * height_cm + 0.3362 * weight_kg
    return -2.097 + 0.1069 * height_cm + 0.2466 * weight_kg


WATSON = Calculator(
    id="tbw_watson",
    name="Total Body Water (Watson Formula)",
    aliases=("Watson formula", "Watson total body water", "TBW (Watson)"),
    domains=(CRITICAL, INTERNAL),
    specialty="Nephrology",
    purpose="Estimates total body water in litres from sex, age, height and weight (anthropometric Watson "
            "equations).",
    inputs=(sex_input(), age_input(18), HEIGHT, WEIGHT),
    output=Output("number", unit="L", decimals=1, abs_tol=0.1, rel_tol=0.01),
    compute=_watson,
    interpret=lambda v, weight_kg=1.0, **_: f"total body water {v} L (~{round(100 * v / weight_kg)}% of body weight)",
    citation="Watson PE, Watson ID, Batt RD. Total body water volumes for adult males and females estimated from "
             "simple anthropometric measurements. Am J Clin Nutr. 1980;33(1):27-39.",
    reference=reference_page(
        "Total Body Water (Watson Formula)",
        "Anthropometric estimate of total body water (the urea distribution volume V in Kt/V, drug and "
        "electrolyte dosing).",
        "Adults; more individual than the fixed 0.6/0.5 x weight fractions.",
        "Sex, age (years), height (cm), weight (kg).",
        "Men: TBW (L) = 2.447 - 0.09516 x age + 0.1074 x height + 0.3362 x weight. "
        "Women: TBW (L) = -2.097 + 0.1069 x height + 0.2466 x weight (age not used).",
        "Typical adult values are 50-60% of body weight (lower in women, the elderly and obesity).",
        "Watson PE et al. Am J Clin Nutr. 1980;33(1):27-39."),
    official_names=("Total Body Water (Watson Formula)",),
    from_official=lambda i: {
        "sex": read_sex(field_text(i, ("sex", "gender"))), "age": number_in(field_text(i, ("age",))),
        "height_cm": official_value(i, ("height",), "cm"), "weight_kg": official_value(i, ("weight",), "kg"),
    },
)


# ---------------------------------------------------------------- Harris-Benedict BEE
def _bee(sex, weight_kg, height_cm, age):
    if sex == "male":
        return 66.5 + 13.75 * weight_kg + 5.003 * height_cm - 6.755 * age
    return 655.1 + 9.563 * weight_kg + 1.850 * height_cm - 4.676 * age


BEE = Calculator(
    id="basal_energy_expenditure",
    name="Basal Energy Expenditure",
    aliases=("Harris-Benedict equation", "BEE (Harris-Benedict)", "Harris-Benedict basal energy expenditure",
             "basal metabolic rate (Harris-Benedict)"),
    domains=(CRITICAL, INTERNAL),
    specialty="Nutrition",
    purpose="Estimates resting daily energy needs (kcal/day) with the original Harris-Benedict equations.",
    inputs=(sex_input(), WEIGHT, HEIGHT, age_input()),
    output=Output("number", unit="kcal/day", decimals=0, abs_tol=1, rel_tol=0.005),
    compute=_bee,
    interpret=lambda v, **_: (f"basal energy expenditure ~{int(v)} kcal/day; multiply by activity/stress factors "
                              "(about 1.2-1.5) for total needs"),
    citation="Harris JA, Benedict FG. A biometric study of human basal metabolism. Proc Natl Acad Sci U S A. "
             "1918;4(12):370-373.",
    reference=reference_page(
        "Basal Energy Expenditure (Harris-Benedict)",
        "Predicts basal metabolic energy expenditure to plan nutrition support.",
        "Adults needing an estimate of caloric requirements (enteral/parenteral nutrition planning).",
        "Sex, weight (kg), height (cm), age (years).",
        "Men: BEE = 66.5 + 13.75 x weight + 5.003 x height - 6.755 x age. "
        "Women: BEE = 655.1 + 9.563 x weight + 1.850 x height - 4.676 x age (kcal/day).",
        "Total energy expenditure = BEE x activity factor x stress factor.",
        "Harris JA, Benedict FG. Proc Natl Acad Sci U S A. 1918;4(12):370-373."),
    official_names=("Basal Energy Expenditure",),
    from_official=lambda i: {
        "sex": read_sex(field_text(i, ("sex", "gender"))), "weight_kg": official_value(i, ("weight",), "kg"),
        "height_cm": official_value(i, ("height",), "cm"), "age": number_in(field_text(i, ("age",))),
    },
)


# ---------------------------------------------------------------- Nutritional Risk Index
def _nri(albumin_g_l, current_weight_kg, usual_weight_kg):
    return 1.519 * albumin_g_l + 41.7 * current_weight_kg / usual_weight_kg


def _nri_interp(v, **_):
    if v > 100:
        return "no nutritional risk (> 100)"
    if v >= 97.5:
        return "mild nutritional risk (97.5-100)"
    if v >= 83.5:
        return "moderate nutritional risk (83.5-97.4)"
    return "severe nutritional risk (< 83.5)"


NRI = Calculator(
    id="nutritional_risk_index",
    name="Nutritional Risk Index (NRI)",
    aliases=("NRI", "Buzby nutritional risk index", "nutritional risk index"),
    domains=(INTERNAL,),
    specialty="Nutrition / Surgery",
    purpose="Grades malnutrition-related risk from serum albumin and weight loss relative to usual weight.",
    inputs=(Input("albumin_g_l", "Serum albumin", unit="g/L", min=5, max=70, ehr=EHRSource("lab", ("Albumin",), "g/L")),
            Input("current_weight_kg", "Current body weight", unit="kg", min=1, max=400,
                  ehr=EHRSource("vital", ("weight",), "kg")),
            Input("usual_weight_kg", "Usual (pre-illness) body weight", unit="kg", min=1, max=400,
                  ehr=EHRSource("history", ("usual weight", "weight loss"), "kg"))),
    output=Output("number", decimals=1, abs_tol=0.1),
    compute=_nri,
    interpret=_nri_interp,
    citation="Buzby GP, Knox LS, Crosby LO, et al. Study protocol: a randomized clinical trial of total parenteral "
             "nutrition in malnourished surgical patients. Am J Clin Nutr. 1988;47(2 Suppl):366-381.",
    reference=reference_page(
        "Nutritional Risk Index (NRI)",
        "Combines albumin and the ratio of current to usual weight into a malnutrition risk index.",
        "Adults before major surgery or during illness, to identify those who may benefit from nutrition support.",
        "Albumin (g/L), current weight, usual weight (same unit).",
        "NRI = 1.519 x albumin (g/L) + 41.7 x (current weight / usual weight).",
        "> 100 no risk; 97.5-100 mild; 83.5-97.4 moderate; < 83.5 severe malnutrition risk.",
        "Buzby GP et al. (Veterans Affairs TPN Cooperative Study). Am J Clin Nutr. 1988;47:366-381."),
    official_names=("Nutritional Risk Index (NRI)",),
    from_official=lambda i: {
        "albumin_g_l": official_value(i, ("albumin",), "g/L", analyte="albumin"),
        "current_weight_kg": official_value(i, ("current weight", "current body weight", "actual weight"), "kg"),
        "usual_weight_kg": official_value(i, ("usual weight", "usual body weight", "ideal"), "kg"),
    },
)


# ---------------------------------------------------------------- OSIRIS
def _osiris(weight_kg, age, current_hrt, prior_fracture):
    base = int(round_half_away(0.2 * (weight_kg - age)))
    parts = {"weight_age_term": base, "current_hrt": 2 if current_hrt else 0, "prior_fracture": -2 if prior_fracture else 0}
    return sum(parts.values()), parts


def _weight_kg(i: list) -> float:
    """Weight in kg; a bare number under a field labelled in pounds ("Weight (lbs)") is read as pounds."""
    entry = find_field(i, ("weight",))
    if entry is not None and isinstance(entry.get("value"), (int, float)) and "lb" in str(entry.get("field", "")).lower():
        return float(entry["value"]) * 0.45359237
    return official_value(i, ("weight",), "kg")


def _osiris_interp(v, **_):
    if v < -3:
        return "high osteoporosis risk (< -3): bone densitometry recommended"
    if v <= 1:
        return "moderate osteoporosis risk (-3 to 1)"
    return "low osteoporosis risk (> 1)"


OSIRIS = Calculator(
    id="osiris",
    name="Osteoporosis Index of Risk (OSIRIS)",
    aliases=("OSIRIS", "osteoporosis index of risk"),
    domains=(INTERNAL, SPECIAL),
    specialty="Endocrinology / Women's Health",
    purpose="Selects postmenopausal women for bone densitometry from age, weight, HRT use and prior fracture.",
    inputs=(WEIGHT, age_input(),
            Input("current_hrt", "Current hormone replacement therapy", kind="bool",
                  ehr=EHRSource("order", ("estradiol", "hormone replacement therapy"))),
            Input("prior_fracture", "Prior low-impact (fragility) fracture", kind="bool",
                  ehr=EHRSource("diagnosis", ("fracture",)))),
    output=Output("score", unit="points"),
    compute=_osiris,
    interpret=_osiris_interp,
    citation="Sedrine WB, Chevallier T, Zegels B, et al. Development and assessment of the Osteoporosis Index of Risk "
             "(OSIRIS) to facilitate selection of women for bone densitometry. Gynecol Endocrinol. "
             "2002;16(3):245-250.",
    reference=reference_page(
        "Osteoporosis Index of Risk (OSIRIS)",
        "Simple index selecting postmenopausal women for DXA.",
        "Postmenopausal women without a known osteoporosis diagnosis.",
        "Weight (kg), age (years), current HRT, prior low-impact fracture.",
        "OSIRIS = 0.2 x (weight - age), rounded to an integer; + 2 if on HRT; - 2 if a prior low-impact fracture.",
        "< -3 high risk (DXA recommended); -3 to 1 moderate; > 1 low risk.",
        "Sedrine WB et al. Gynecol Endocrinol. 2002;16(3):245-250."),
    official_names=("Osteoporosis Index of Risk (OSIRIS)",),
    from_official=lambda i: {
        "weight_kg": _weight_kg(i),
        "age": number_in(field_text(i, ("age",))),
        "current_hrt": official_bool(i, ("hrt", "hormone")), "prior_fracture": official_bool(i, ("fracture",)),
    },
)


# ---------------------------------------------------------------- exercise capacity (METs)
MPH_TO_M_MIN = 26.8  # ACSM metabolic equations use 1 mph = 26.8 m/min


def _mets(speed_mph, grade_pct, sex, age):
    v = speed_mph * MPH_TO_M_MIN
    vo2 = 3.5 + 0.1 * v + 1.8 * v * grade_pct / 100.0
    predicted = 14.7 - (0.11 if sex == "male" else 0.13) * age
    return vo2 / 3.5, {"vo2_ml_kg_min": round(vo2, 2), "predicted_mets_for_age": round(predicted, 2),
                       "percent_of_predicted": round(100 * vo2 / 3.5 / predicted, 1) if predicted > 0 else None}


def _mets_interp(v, **kw):
    sex, age = kw.get("sex"), kw.get("age")
    pred = 14.7 - (0.11 if sex == "male" else 0.13) * age
    pct = 100 * v / pred if pred > 0 else float("nan")
    tail = "" if math.isnan(pct) else f"; {pct:.0f}% of the age-predicted {pred:.2f} METs"
    return f"{v} METs achieved{tail}" + ("; poor functional capacity (< 4 METs)" if v < 4 else "")


METS = Calculator(
    id="exercise_capacity_mets",
    name="Exercise Capacity (METs)",
    aliases=("treadmill METs", "ACSM walking equation METs", "exercise capacity in METs"),
    domains=(CRITICAL, INTERNAL),
    specialty="Cardiology / Exercise Physiology",
    purpose="Converts treadmill speed and grade into oxygen uptake and metabolic equivalents, compared with the "
            "value predicted for age and sex.",
    inputs=(Input("speed_mph", "Treadmill speed", unit="mph", min=0.1, max=5, ehr=EHRSource("exam", ("exercise stress test",), "mph")),
            Input("grade_pct", "Treadmill grade", unit="%", min=0, max=40, ehr=EHRSource("exam", ("exercise stress test",), "%")),
            sex_input(), age_input()),
    output=Output("number", unit="METs", decimals=2, abs_tol=0.02),
    compute=_mets,
    interpret=_mets_interp,
    citation="American College of Sports Medicine. ACSM's Guidelines for Exercise Testing and Prescription (metabolic "
             "equations); Morris CK, Myers J, Froelicher VF, et al. Nomogram based on metabolic equivalents and age "
             "for assessing aerobic exercise capacity in men. J Am Coll Cardiol. 1993;22(1):175-182; Gulati M, Black "
             "HR, Shaw LJ, et al. The prognostic value of a nomogram for exercise capacity in women. N Engl J Med. "
             "2005;353(5):468-475.",
    reference=reference_page(
        "Exercise Capacity (METs)",
        "Estimates the metabolic cost of treadmill walking (ACSM walking equation) and compares it with the "
        "exercise capacity predicted for age and sex.",
        "Treadmill exercise testing at walking speeds (up to about 3.7 mph).",
        "Speed (mph), grade (%), sex, age.",
        "Speed in m/min = mph x 26.8. VO2 (mL/kg/min) = 3.5 + 0.1 x speed + 1.8 x speed x grade (fraction); "
        "METs = VO2 / 3.5. Predicted METs: men 14.7 - 0.11 x age; women 14.7 - 0.13 x age.",
        "< 4 METs indicates poor functional capacity (e.g. before non-cardiac surgery); < 85% of the age-predicted "
        "value is below average for age.",
        "ACSM Guidelines for Exercise Testing and Prescription; Morris CK et al. JACC. 1993; Gulati M et al. "
        "NEJM. 2005."),
    official_names=("Exercise Capacity (METs)",),
    from_official=lambda i: {
        "speed_mph": number_in(field_text(i, ("treadmill speed", "speed"))),
        "grade_pct": number_in(field_text(i, ("treadmill grade", "grade"))),
        "sex": read_sex(field_text(i, ("gender", "sex"))), "age": number_in(field_text(i, ("age",))),
    },
)

register(WATSON, BEE, NRI, OSIRIS, METS)
