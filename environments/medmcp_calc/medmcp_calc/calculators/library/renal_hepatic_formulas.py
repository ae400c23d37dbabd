"""Renal, electrolyte and hepatic formulas: creatinine clearance from a 24-hour urine, urine anion gap,
sodium deficit, estimated average glucose from HbA1c, ALBI grade, Milan criteria."""
from __future__ import annotations

import math

from ..base import CRITICAL, INTERNAL, SPECIAL, Calculator, EHRSource, Input, Output, register
from ..officials import find_field, official_bool, official_value
from ._kit import age_input, read_sex, sex_input
from ._official_util import field_text, number_in, reference_page


# ---------------------------------------------------------------- CrCl from 24 h urine
def _crcl24(urine_creatinine, plasma_creatinine, urine_volume_ml, collection_hours):
    return urine_creatinine * urine_volume_ml / (plasma_creatinine * collection_hours * 60.0)


def _crcl_interp(v, **_):
    if v >= 90:
        return "creatinine clearance >= 90 mL/min (normal or high)"
    if v >= 60:
        return "mildly reduced creatinine clearance (60-89 mL/min)"
    if v >= 30:
        return "moderately reduced creatinine clearance (30-59 mL/min)"
    if v >= 15:
        return "severely reduced creatinine clearance (15-29 mL/min)"
    return "creatinine clearance < 15 mL/min (kidney failure range)"


CRCL24 = Calculator(
    id="crcl_24h_urine",
    name="CrCl from 24h Urine",
    aliases=("Creatinine clearance from 24-hour urine", "measured creatinine clearance", "24-hour urine creatinine clearance"),
    domains=(INTERNAL, SPECIAL),
    specialty="Nephrology",
    purpose="Measures creatinine clearance from a timed urine collection and a plasma creatinine.",
    inputs=(Input("urine_creatinine", "Urine creatinine", unit="mg/dL", min=1, max=1000,
                  ehr=EHRSource("lab", ("Urine creatinine",), "mg/dL")),
            Input("plasma_creatinine", "Plasma creatinine", unit="mg/dL", min=0.05, max=30,
                  ehr=EHRSource("lab", ("Creatinine",), "mg/dL")),
            Input("urine_volume_ml", "Urine volume collected", unit="mL", min=1, max=20000,
                  ehr=EHRSource("order", ("urine output",), "mL")),
            Input("collection_hours", "Collection period", unit="h", min=1, max=48, optional=True, default=24.0,
                  ehr=EHRSource("order", ("24 hour urine collection",), "h"))),
    output=Output("number", unit="mL/min", decimals=2, abs_tol=0.05, rel_tol=0.005),
    compute=_crcl24,
    interpret=_crcl_interp,
    citation="Standard renal clearance formula (C = U x V / P); see e.g. Levey AS, Inker LA. Assessment of glomerular "
             "filtration rate in health and disease: a state of the art review. Clin Pharmacol Ther. "
             "2017;102(3):405-419.",
    reference=reference_page(
        "Creatinine Clearance from a 24-hour Urine",
        "Measured creatinine clearance from a timed collection (usually 24 hours).",
        "When estimating equations are unreliable (extremes of muscle mass, amputation, pregnancy, diet).",
        "Urine creatinine and plasma creatinine (same units), urine volume (mL), collection time (h, default 24).",
        "CrCl (mL/min) = urine creatinine x urine volume / (plasma creatinine x collection minutes); "
        "24 h = 1440 min.",
        "Creatinine secretion makes CrCl exceed GFR by 10-20%; an incomplete collection underestimates it.",
        "Levey AS, Inker LA. Clin Pharmacol Ther. 2017;102(3):405-419."),
    official_names=("CrCl from 24h Urine",),
    from_official=lambda i: {
        "urine_creatinine": number_in(field_text(i, ("urine creatinine",))),
        "plasma_creatinine": number_in(field_text(i, ("plasma creatinine", "serum creatinine"))),
        "urine_volume_ml": official_value(i, ("urine volume",), "mL"),
        "collection_hours": None,
    },
)


# ---------------------------------------------------------------- urine anion gap
UAG = Calculator(
    id="urine_anion_gap",
    name="Urine Anion Gap",
    aliases=("UAG", "urinary anion gap", "urine net charge"),
    domains=(INTERNAL, CRITICAL),
    specialty="Nephrology",
    purpose="Estimates urinary ammonium excretion to separate renal from extrarenal causes of normal anion gap "
            "metabolic acidosis.",
    inputs=(Input("urine_sodium", "Urine sodium", unit="mEq/L", min=0, max=400, ehr=EHRSource("lab", ("Urine sodium",), "mEq/L")),
            Input("urine_potassium", "Urine potassium", unit="mEq/L", min=0, max=400,
                  ehr=EHRSource("lab", ("Urine potassium",), "mEq/L")),
            Input("urine_chloride", "Urine chloride", unit="mEq/L", min=0, max=400,
                  ehr=EHRSource("lab", ("Urine chloride",), "mEq/L"))),
    output=Output("number", unit="mEq/L", decimals=0, abs_tol=0.5),
    compute=lambda urine_sodium, urine_potassium, urine_chloride: urine_sodium + urine_potassium - urine_chloride,
    interpret=lambda v, **_: ("negative UAG: adequate ammonium excretion, favours GI bicarbonate loss (e.g. diarrhoea)"
                              if v < 0 else "zero or positive UAG: low ammonium excretion, favours distal renal "
                                            "tubular acidosis / impaired renal acidification"),
    citation="Goldstein MB, Bear R, Richardson RM, Marsden PA, Halperin ML. The urine anion gap: a clinically useful "
             "index of ammonium excretion. Am J Med Sci. 1986;292(4):198-202.",
    reference=reference_page(
        "Urine Anion Gap",
        "Indirect measure of urinary ammonium in hyperchloraemic (normal anion gap) metabolic acidosis.",
        "Normal anion gap metabolic acidosis of unclear cause; unreliable with ketonuria, other unmeasured anions "
        "or very low urine sodium.",
        "Urine sodium, potassium and chloride (mEq/L, spot sample).",
        "UAG = urine Na + urine K - urine Cl.",
        "Negative (typically -20 to -50): appropriate NH4+ excretion (GI losses); positive: impaired NH4+ "
        "excretion (distal RTA, hypoaldosteronism, renal failure).",
        "Goldstein MB et al. Am J Med Sci. 1986;292(4):198-202."),
    official_names=("Urine Anion Gap",),
    from_official=lambda i: {
        "urine_sodium": number_in(field_text(i, ("sodium", "na"))),
        "urine_potassium": number_in(field_text(i, ("potassium", "k"))),
        "urine_chloride": number_in(field_text(i, ("chloride", "cl"))),
    },
)


# ---------------------------------------------------------------- sodium deficit
def _tbw_fraction(age: float, sex: str) -> float:
    if age < 18:
        return 0.6
    if age < 65:
        return 0.6 if sex == "male" else 0.5
    return 0.5 if sex == "male" else 0.45


def _na_deficit(weight_kg, sex, age, sodium, desired_sodium):
    frac = _tbw_fraction(age, sex)
    return frac * weight_kg * (desired_sodium - sodium), {"tbw_fraction": frac, "total_body_water_l": round(frac * weight_kg, 2)}


_AGE_BANDS = {"child": 10.0, "adult": 40.0, "elderly": 70.0}


def _na_deficit_official(i: list) -> dict:
    e = find_field(i, ("age range", "age group"))
    if e is not None:
        age = _AGE_BANDS[next(k for k in _AGE_BANDS if k in str(e.get("value", "")).lower())]
    else:
        age = number_in(field_text(i, ("age",)))
    return {"weight_kg": official_value(i, ("weight",), "kg"), "sex": read_sex(field_text(i, ("sex", "gender"))),
            "age": age, "sodium": number_in(field_text(i, ("sodium",), exclude=("desired",))),
            "desired_sodium": number_in(field_text(i, ("desired sodium", "desired", "target sodium")))}


NA_DEFICIT = Calculator(
    id="sodium_deficit",
    name="Sodium Deficit in Hyponatremia",
    aliases=("Sodium deficit", "Na deficit", "sodium deficit calculation"),
    domains=(INTERNAL, SPECIAL),
    specialty="Nephrology / Critical Care",
    purpose="Estimates the total sodium (mEq) needed to raise serum sodium to a target, from total body water.",
    inputs=(Input("weight_kg", "Body weight", unit="kg", min=0.5, max=400, ehr=EHRSource("vital", ("weight",), "kg")),
            sex_input(), age_input(),
            Input("sodium", "Serum sodium", unit="mEq/L", min=90, max=200, ehr=EHRSource("lab", ("Sodium", "Na"), "mEq/L")),
            Input("desired_sodium", "Desired serum sodium", unit="mEq/L", min=100, max=180,
                  ehr=EHRSource("none", note="clinician-chosen target"))),
    output=Output("number", unit="mEq", decimals=1, abs_tol=0.1, rel_tol=0.01),
    compute=_na_deficit,
    interpret=lambda v, **_: (f"sodium deficit {v} mEq; replace slowly (usually <= 8-10 mEq/L rise per 24 h) and "
                              "recheck sodium often" if v > 0 else
                              "no sodium deficit: the serum sodium is at or above the target"),
    citation="Adrogué HJ, Madias NE. Hyponatremia. N Engl J Med. 2000;342(21):1581-1589.",
    reference=reference_page(
        "Sodium Deficit in Hyponatremia",
        "Total-body sodium deficit relative to a target serum sodium.",
        "Planning sodium replacement in hyponatraemia; it does not give a safe rate, which must be limited "
        "separately.",
        "Weight (kg), sex, age, serum sodium, desired sodium (mEq/L).",
        "Sodium deficit (mEq) = TBW x (desired Na - serum Na); TBW = weight x fraction (children 0.6; adults < 65: "
        "men 0.6, women 0.5; >= 65: men 0.5, women 0.45).",
        "A negative result means sodium is above the target (no deficit).",
        "Adrogué HJ, Madias NE. N Engl J Med. 2000;342:1581-1589."),
    official_names=("Sodium Deficit in Hyponatremia",),
    from_official=_na_deficit_official,
)


# ---------------------------------------------------------------- eAG
EAG = Calculator(
    id="estimated_average_glucose",
    name="Estimated Average Glucose (eAG) From HbA1C",
    aliases=("eAG", "estimated average glucose", "HbA1c to average glucose"),
    domains=(INTERNAL,),
    specialty="Endocrinology",
    purpose="Translates an HbA1c into the average plasma glucose it reflects.",
    inputs=(Input("hba1c", "Haemoglobin A1c", unit="%", min=3, max=20, ehr=EHRSource("lab", ("HbA1c", "Hemoglobin A1c"), "%")),),
    output=Output("number", unit="mg/dL", decimals=0, abs_tol=1),
    compute=lambda hba1c: (28.7 * hba1c - 46.7, {"eag_mmol_l": round(1.59 * hba1c - 2.59, 1)}),
    interpret=lambda v, hba1c=0.0, **_: f"estimated average glucose ~{int(v)} mg/dL ({1.59 * hba1c - 2.59:.1f} mmol/L)",
    citation="Nathan DM, Kuenen J, Borg R, Zheng H, Schoenfeld D, Heine RJ; A1c-Derived Average Glucose Study Group. "
             "Translating the A1C assay into estimated average glucose values. Diabetes Care. 2008;31(8):1473-1478.",
    reference=reference_page(
        "Estimated Average Glucose (eAG) From HbA1c",
        "Linear ADAG-study relation between HbA1c and mean glucose over the preceding 2-3 months.",
        "Explaining HbA1c to patients in glucose-meter units.",
        "HbA1c (%, NGSP).",
        "eAG (mg/dL) = 28.7 x HbA1c - 46.7; eAG (mmol/L) = 1.59 x HbA1c - 2.59.",
        "HbA1c 6% ~ 126 mg/dL, 7% ~ 154 mg/dL, 8% ~ 183 mg/dL.",
        "Nathan DM et al. Diabetes Care. 2008;31(8):1473-1478."),
    official_names=("Estimated Average Glucose (eAG) From HbA1C",),
    from_official=lambda i: {"hba1c": number_in(field_text(i, ("hba1c", "a1c")))},
)


# ---------------------------------------------------------------- ALBI
def _albi(bilirubin_umol_l, albumin_g_l):
    score = 0.66 * math.log10(bilirubin_umol_l) - 0.085 * albumin_g_l
    grade = 1 if score <= -2.60 else 2 if score <= -1.39 else 3
    return score, {"grade": grade}


def _albi_interp(v, **_):
    grade = 1 if v <= -2.60 else 2 if v <= -1.39 else 3
    return f"ALBI grade {grade} ({'<= -2.60' if grade == 1 else '-2.59 to -1.39' if grade == 2 else '> -1.39'})"


ALBI = Calculator(
    id="albi_grade",
    name="ALBI (Albumin-Bilirubin) Grade for Hepatocellular Carcinoma (HCC)",
    aliases=("ALBI", "ALBI grade", "albumin-bilirubin score"),
    domains=(INTERNAL,),
    specialty="Hepatology / Oncology",
    purpose="Objective liver-function grade from albumin and bilirubin, used in hepatocellular carcinoma.",
    inputs=(Input("bilirubin_umol_l", "Total bilirubin", unit="µmol/L", min=1, max=1000,
                  ehr=EHRSource("lab", ("Total bilirubin",), "umol/L", "mg/dL x 17.1")),
            Input("albumin_g_l", "Serum albumin", unit="g/L", min=5, max=70, ehr=EHRSource("lab", ("Albumin",), "g/L"))),
    output=Output("number", decimals=2, abs_tol=0.01),
    compute=_albi,
    interpret=_albi_interp,
    citation="Johnson PJ, Berhane S, Kagebayashi C, et al. Assessment of liver function in patients with "
             "hepatocellular carcinoma: a new evidence-based approach - the ALBI grade. J Clin Oncol. "
             "2015;33(6):550-558.",
    reference=reference_page(
        "ALBI (Albumin-Bilirubin) Grade",
        "Liver function score for HCC that avoids the subjective items of Child-Pugh.",
        "Patients with hepatocellular carcinoma (also other chronic liver disease).",
        "Total bilirubin (µmol/L; mg/dL x 17.1) and albumin (g/L).",
        "ALBI = 0.66 x log10(bilirubin, µmol/L) - 0.085 x albumin (g/L).",
        "Grade 1: <= -2.60; grade 2: > -2.60 to <= -1.39; grade 3: > -1.39 (worse survival with higher grade).",
        "Johnson PJ et al. J Clin Oncol. 2015;33(6):550-558."),
    official_names=("ALBI (Albumin-Bilirubin) Grade for Hepatocellular Carcinoma (HCC)",),
    from_official=lambda i: {
        "bilirubin_umol_l": official_value(i, ("bilirubin",), "umol/L", analyte="bilirubin"),
        "albumin_g_l": official_value(i, ("albumin",), "g/L", analyte="albumin"),
    },
)


# ---------------------------------------------------------------- Milan criteria
def _milan(tumor_count, largest_tumor_cm, extrahepatic_spread, macrovascular_invasion):
    burden_ok = (tumor_count == 1 and largest_tumor_cm <= 5) or (2 <= tumor_count <= 3 and largest_tumor_cm <= 3)
    met = burden_ok and not extrahepatic_spread and not macrovascular_invasion
    return ("Criteria met" if met else "Criteria not met"), {"tumour_burden_within_limits": burden_ok}


def _milan_official(i: list) -> dict:
    single = official_bool(i, ("single tumor", "single tumour"))
    multi = official_bool(i, ("up to 3 tumors", "up to 3 tumours", "3 tumors"))
    e = find_field(i, ("single tumor", "single tumour"))
    size = None
    if single and e is not None:
        txt = str(e.get("value", ""))
        if "(" in txt and "cm" in txt:
            try:
                size = number_in(txt.split("(", 1)[1])
            except Exception:  # noqa: BLE001 - a descriptive bracket without a size
                size = None
    if single:
        count, largest = 1, size if size is not None else 4.0
    elif multi:
        count, largest = 2, 2.5
    else:
        count, largest = 4, 6.0
    return {"tumor_count": count, "largest_tumor_cm": largest,
            "extrahepatic_spread": official_bool(i, ("extra hepatic", "extrahepatic")),
            "macrovascular_invasion": official_bool(i, ("vessel", "vascular"))}


MILAN = Calculator(
    id="milan_criteria",
    name="Milan Criteria for Liver Transplantation",
    aliases=("Milan criteria", "Mazzaferro criteria", "Milan criteria for HCC"),
    domains=(INTERNAL,),
    specialty="Hepatology / Transplant Surgery",
    purpose="Decides whether hepatocellular carcinoma is within the tumour burden that allows liver transplantation.",
    inputs=(Input("tumor_count", "Number of tumours", kind="integer", min=1, max=50, ehr=EHRSource("exam", ("CT", "MRI"))),
            Input("largest_tumor_cm", "Diameter of the largest tumour", unit="cm", min=0.1, max=40,
                  ehr=EHRSource("exam", ("CT", "MRI"), "cm")),
            Input("extrahepatic_spread", "Extrahepatic involvement", kind="bool", ehr=EHRSource("exam", ("metastasis",))),
            Input("macrovascular_invasion", "Major vessel (macrovascular) invasion", kind="bool",
                  ehr=EHRSource("exam", ("portal vein thrombosis", "vascular invasion")))),
    output=Output("category", categories=("Criteria met", "Criteria not met")),
    compute=_milan,
    interpret=lambda v, **_: ("within Milan criteria: transplantation candidate (expected 4-year survival ~75%)"
                              if v == "Criteria met" else "outside Milan criteria"),
    citation="Mazzaferro V, Regalia E, Doci R, et al. Liver transplantation for the treatment of small hepatocellular "
             "carcinomas in patients with cirrhosis. N Engl J Med. 1996;334(11):693-699.",
    reference=reference_page(
        "Milan Criteria for Liver Transplantation",
        "Tumour-burden limits for liver transplantation in hepatocellular carcinoma.",
        "Patients with cirrhosis and HCC being assessed for transplantation.",
        "Number of tumours, size of the largest, extrahepatic involvement, major vessel invasion.",
        "Met when: one tumour <= 5 cm, or 2-3 tumours each <= 3 cm; and no extrahepatic involvement; and no major "
        "vessel invasion.",
        "Within criteria: 4-year survival ~75% after transplantation in the original series.",
        "Mazzaferro V et al. N Engl J Med. 1996;334(11):693-699."),
    official_names=("Milan Criteria for Liver Transplantation",),
    from_official=_milan_official,
)

register(CRCL24, UAG, NA_DEFICIT, EAG, ALBI, MILAN)
