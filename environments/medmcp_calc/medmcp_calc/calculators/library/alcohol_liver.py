"""Alcohol-related liver disease and alcohol use: original MELD (pre-2016), Lille model, Glasgow Alcoholic
Hepatitis Score, AUDIT."""
from __future__ import annotations

import math

from ..base import INTERNAL, NEURO, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field, official_bool, official_value
from ._kit import age_input, table, yn
from ._official_util import field_text, number_in, reference_page

BILI = Input("bilirubin", "Total bilirubin", unit="mg/dL", min=0.1, max=80, ehr=EHRSource("lab", ("Total bilirubin",), "mg/dL"))
CREAT = Input("creatinine", "Serum creatinine", unit="mg/dL", min=0.1, max=25, ehr=EHRSource("lab", ("Creatinine",), "mg/dL"))
INR = Input("inr", "INR", min=0.5, max=20, ehr=EHRSource("lab", ("INR",)))
PT = Input("pt_seconds", "Prothrombin time", unit="s", min=5, max=200, ehr=EHRSource("lab", ("Prothrombin time", "PT"), "s"))
UMOL_PER_MGDL_BILI = 17.1


# ---------------------------------------------------------------- MELD (original)
def _meld(bilirubin, inr, creatinine, dialysis_twice_last_week):
    cr = 4.0 if dialysis_twice_last_week else min(max(creatinine, 1.0), 4.0)
    b, i = max(bilirubin, 1.0), max(inr, 1.0)
    raw = 3.78 * math.log(b) + 11.2 * math.log(i) + 9.57 * math.log(cr) + 6.43
    return raw, {"creatinine_used": cr, "bilirubin_used": b, "inr_used": i}


def _meld_interp(v, **_):
    s = round(v)
    mort = ("1.9%" if s < 10 else "6.0%" if s < 20 else "19.6%" if s < 30 else "52.6%" if s < 40 else "71.3%")
    return f"MELD {s}: estimated 3-month mortality ~{mort}"


MELD = Calculator(
    id="meld_original",
    name="MELD Score (Original, Pre-2016, Model for End-Stage Liver Disease)",
    aliases=("Original MELD", "MELD (pre-2016)", "classic MELD score"),
    domains=(INTERNAL,),
    specialty="Hepatology",
    purpose="Predicts 3-month mortality in end-stage liver disease from bilirubin, INR and creatinine (pre-2016 "
            "form without sodium).",
    inputs=(BILI, INR, CREAT, yn("dialysis_twice_last_week", "Dialysis at least twice (or CVVHD 24 h) in the past week",
                                 "order", "hemodialysis", "CRRT")),
    output=Output("number", unit="points", decimals=0, abs_tol=0.5),
    compute=_meld,
    interpret=_meld_interp,
    citation="Kamath PS, Wiesner RH, Malinchoc M, et al. A model to predict survival in patients with end-stage liver "
             "disease. Hepatology. 2001;33(2):464-470.",
    reference=reference_page(
        "MELD Score (Original, Pre-2016)",
        "Logarithmic model of 3-month mortality in cirrhosis, used for transplant allocation before MELD-Na.",
        "Adults with chronic liver disease (TIPS planning, alcoholic hepatitis, prognosis).",
        "Bilirubin (mg/dL), INR, creatinine (mg/dL), dialysis at least twice in the past week.",
        "MELD = 3.78 x ln(bilirubin) + 11.2 x ln(INR) + 9.57 x ln(creatinine) + 6.43; values < 1 are set to 1; "
        "creatinine is capped at 4 mg/dL and set to 4 with dialysis. Rounded to an integer.",
        "3-month mortality: < 10: 1.9%; 10-19: 6.0%; 20-29: 19.6%; 30-39: 52.6%; >= 40: 71.3%.",
        "Kamath PS et al. Hepatology. 2001;33(2):464-470."),
    official_names=("MELD Score (Original, Pre-2016, Model for End-Stage Liver Disease)",),
    from_official=lambda i: {
        "bilirubin": official_value(i, ("bilirubin",), "mg/dL", analyte="bilirubin"),
        "inr": number_in(field_text(i, ("inr",))),
        "creatinine": official_value(i, ("creatinine",), "mg/dL", analyte="creatinine"),
        "dialysis_twice_last_week": official_bool(i, ("dialysis",)),
    },
)


# ---------------------------------------------------------------- Lille
def _lille(age, albumin_g_dl, bilirubin_day0, bilirubin_day7, creatinine, pt_seconds):
    b0 = bilirubin_day0 * UMOL_PER_MGDL_BILI
    b7 = bilirubin_day7 * UMOL_PER_MGDL_BILI
    renal = 1 if creatinine > 1.3 else 0
    r = (3.19 - 0.101 * age + 0.147 * albumin_g_dl * 10 + 0.0165 * (b0 - b7) - 0.206 * renal - 0.0065 * b0
         - 0.0096 * pt_seconds)
    return math.exp(-r) / (1 + math.exp(-r)), {"linear_predictor": round(r, 4), "renal_insufficiency": renal}


LILLE = Calculator(
    id="lille_model",
    name="Lille Model for Alcoholic Hepatitis",
    aliases=("Lille score", "Lille model", "Lille score for alcoholic hepatitis"),
    domains=(INTERNAL,),
    specialty="Hepatology",
    purpose="Identifies non-response to corticosteroids after 7 days of treatment for severe alcoholic hepatitis.",
    inputs=(age_input(),
            Input("albumin_g_dl", "Serum albumin (day 0)", unit="g/dL", min=0.5, max=7, ehr=EHRSource("lab", ("Albumin",), "g/dL")),
            Input("bilirubin_day0", "Bilirubin on day 0", unit="mg/dL", min=0.1, max=80,
                  ehr=EHRSource("lab", ("Total bilirubin",), "mg/dL")),
            Input("bilirubin_day7", "Bilirubin on day 7", unit="mg/dL", min=0.1, max=80,
                  ehr=EHRSource("lab", ("Total bilirubin",), "mg/dL")),
            Input("creatinine", "Serum creatinine (day 0)", unit="mg/dL", min=0.1, max=25,
                  ehr=EHRSource("lab", ("Creatinine",), "mg/dL")),
            PT),
    output=Output("number", decimals=3, abs_tol=0.002),
    compute=_lille,
    interpret=lambda v, **_: ("non-response to corticosteroids (>= 0.45): 6-month survival ~25%; consider stopping "
                              "steroids" if v >= 0.45 else
                              "response to corticosteroids (< 0.45): 6-month survival ~85%; continue treatment"),
    citation="Louvet A, Naveau S, Abdelnour M, et al. The Lille model: a new tool for therapeutic strategy in patients "
             "with severe alcoholic hepatitis treated with steroids. Hepatology. 2007;45(6):1348-1354.",
    reference=reference_page(
        "Lille Model for Alcoholic Hepatitis",
        "Logistic model of 6-month survival on corticosteroids using the early change in bilirubin.",
        "Severe alcoholic hepatitis on prednisolone, on day 7 of treatment.",
        "Age, albumin (g/dL), bilirubin day 0 and day 7 (mg/dL), creatinine (mg/dL), prothrombin time (s).",
        "R = 3.19 - 0.101 x age + 0.147 x albumin (g/L) + 0.0165 x (bilirubin day 0 - day 7, µmol/L) - 0.206 x "
        "renal insufficiency (creatinine > 1.3 mg/dL) - 0.0065 x bilirubin day 0 (µmol/L) - 0.0096 x PT (s); "
        "Lille = exp(-R) / (1 + exp(-R)). Bilirubin µmol/L = mg/dL x 17.1.",
        ">= 0.45: non-responder (6-month survival ~25%); < 0.45: responder (~85%).",
        "Louvet A et al. Hepatology. 2007;45(6):1348-1354."),
    official_names=("Lille Model for Alcoholic Hepatitis",),
    from_official=lambda i: {
        "age": number_in(field_text(i, ("age",))),
        "albumin_g_dl": official_value(i, ("albumin",), "g/dL", analyte="albumin"),
        "bilirubin_day0": official_value(i, ("bilirubin initial", "bilirubin day 0", "initial"), "mg/dL", analyte="bilirubin"),
        "bilirubin_day7": official_value(i, ("bilirubin day 7", "day 7"), "mg/dL", analyte="bilirubin"),
        "creatinine": official_value(i, ("creatinine",), "mg/dL", analyte="creatinine"),
        "pt_seconds": number_in(field_text(i, ("pt", "prothrombin"))),
    },
)


# ---------------------------------------------------------------- Glasgow Alcoholic Hepatitis Score
def _gahs(age, wbc, bun, pt_ratio, bilirubin):
    urea_mmol = bun * 0.357
    bili_umol = bilirubin * UMOL_PER_MGDL_BILI
    parts = {"age": 2 if age >= 50 else 1, "wbc": 2 if wbc >= 15 else 1, "urea": 2 if urea_mmol >= 5 else 1,
             "pt_ratio": 1 if pt_ratio < 1.5 else 2 if pt_ratio <= 2.0 else 3,
             "bilirubin": 1 if bili_umol < 125 else 2 if bili_umol <= 250 else 3}
    return sum(parts.values()), parts | {"urea_mmol_l": round(urea_mmol, 2), "bilirubin_umol_l": round(bili_umol, 1)}


def _gahs_official(i: list) -> dict:
    pt = number_in(field_text(i, ("pt",), exclude=("normal",)))
    e = find_field(i, ("pt lab normal", "normal pt", "control"))
    ratio = pt / number_in(e.get("value")) if e is not None else pt
    return {"age": number_in(field_text(i, ("age",))), "wbc": number_in(field_text(i, ("white blood cell", "wbc"))),
            "bun": official_value(i, ("bun", "urea"), "mg/dL", analyte="bun"), "pt_ratio": ratio,
            "bilirubin": official_value(i, ("bilirubin",), "mg/dL", analyte="bilirubin")}


GAHS = Calculator(
    id="glasgow_alcoholic_hepatitis",
    name="Glasgow Alcoholic Hepatitis Score",
    aliases=("GAHS", "Glasgow alcoholic hepatitis score", "Glasgow AH score"),
    domains=(INTERNAL,),
    specialty="Hepatology",
    purpose="Predicts 28- and 84-day survival in alcoholic hepatitis and who benefits from corticosteroids.",
    inputs=(age_input(),
            Input("wbc", "White blood cell count", unit="10^3/µL", min=0, max=200, ehr=EHRSource("lab", ("WBC",), "10^3/uL")),
            Input("bun", "Blood urea nitrogen", unit="mg/dL", min=0, max=300, ehr=EHRSource("lab", ("BUN", "Urea"), "mg/dL")),
            Input("pt_ratio", "Prothrombin time ratio (patient / control) or INR", min=0.5, max=15,
                  ehr=EHRSource("lab", ("INR", "Prothrombin time"))),
            BILI),
    output=Output("score", unit="points"),
    compute=_gahs,
    interpret=lambda v, **_: ("GAHS >= 9: poor prognosis (28-day survival ~46%); corticosteroids may benefit "
                              "patients with a Maddrey DF >= 32" if v >= 9 else
                              "GAHS < 9: better prognosis (28-day survival ~87%)"),
    citation="Forrest EH, Evans CDJ, Stewart S, et al. Analysis of factors predictive of mortality in alcoholic "
             "hepatitis and derivation and validation of the Glasgow alcoholic hepatitis score. Gut. "
             "2005;54(8):1174-1179.",
    reference=reference_page(
        "Glasgow Alcoholic Hepatitis Score (GAHS)",
        "Five-variable score (5-12) of short-term mortality in alcoholic hepatitis.",
        "Alcoholic hepatitis at presentation (day 1) or on day 6-9.",
        "Age, WBC (10^3/µL), BUN (mg/dL; urea mmol/L = BUN x 0.357), PT ratio or INR, bilirubin (mg/dL; µmol/L = "
        "x 17.1).",
        table(("Item", "1", "2", "3"), (("Age (years)", "< 50", ">= 50", ""), ("WBC (10^9/L)", "< 15", ">= 15", ""),
                                        ("Urea (mmol/L)", "< 5", ">= 5", ""), ("PT ratio / INR", "< 1.5", "1.5-2.0", "> 2.0"),
                                        ("Bilirubin (µmol/L)", "< 125", "125-250", "> 250"))),
        ">= 9: poor prognosis (28-day survival 46% vs 87% below 9).",
        "Forrest EH et al. Gut. 2005;54(8):1174-1179."),
    official_names=("Glasgow Alcoholic Hepatitis Score",),
    from_official=_gahs_official,
)


# ---------------------------------------------------------------- AUDIT
_AUDIT_ITEMS = (
    ("frequency", "How often do you have a drink containing alcohol?", (0, 1, 2, 3, 4)),
    ("typical_quantity", "Drinks on a typical drinking day", (0, 1, 2, 3, 4)),
    ("six_or_more", "How often six or more drinks on one occasion", (0, 1, 2, 3, 4)),
    ("unable_to_stop", "Unable to stop drinking once started", (0, 1, 2, 3, 4)),
    ("failed_expectations", "Failed to do what was expected because of drinking", (0, 1, 2, 3, 4)),
    ("morning_drink", "Needed a first drink in the morning", (0, 1, 2, 3, 4)),
    ("guilt", "Feeling of guilt or remorse after drinking", (0, 1, 2, 3, 4)),
    ("blackouts", "Unable to remember the night before", (0, 1, 2, 3, 4)),
    ("injury", "You or someone else injured because of your drinking", (0, 2, 4)),
    ("others_concerned", "Relative, friend or doctor concerned or suggested cutting down", (0, 2, 4)),
)
_Q1 = {4: ("4 or more",), 3: ("2-3 times a week", "2 to 3 times a week"), 2: ("2-4 times a month", "2 to 4 times"),
       1: ("monthly or less",), 0: ("never",)}
_Q2 = {4: ("10 or more",), 3: ("7", ), 2: ("5", ), 1: ("3",), 0: ("1",)}
_Q38 = {4: ("daily",), 3: ("weekly",), 2: ("monthly",), 1: ("less than monthly",), 0: ("never",)}
_Q910 = {4: ("during the last year", "in the last year", "past year"), 2: ("not in the last year",), 0: ("no",)}


def _pick(text, table_, what):
    t = str(text).lower().replace("–", "-")
    if what in ("Q3-8",):  # "less than monthly" must win over "monthly"
        order = (1, 4, 3, 2, 0)
    elif what == "Q9-10":
        order = (2, 4, 0)
    elif what == "Q2":
        order = (4, 3, 2, 1, 0)
    else:
        order = tuple(table_)
    for v in order:
        if any(w in t for w in table_[v]):
            return v
    raise CalculatorInputError(f"AUDIT: cannot read {what} answer {text!r}")


def _audit_official(i: list) -> dict:
    vals = [e.get("value", "") for e in i if isinstance(e, dict)]
    if len(vals) < 10:
        raise CalculatorInputError("AUDIT: expected 10 answers")
    out = {"frequency": _pick(vals[0], _Q1, "Q1"), "typical_quantity": _pick(vals[1], _Q2, "Q2")}
    for (n, _, _), v in zip(_AUDIT_ITEMS[2:8], vals[2:8]):
        out[n] = _pick(v, _Q38, "Q3-8")
    for (n, _, _), v in zip(_AUDIT_ITEMS[8:], vals[8:10]):
        out[n] = _pick(v, _Q910, "Q9-10")
    return out


def _audit_interp(v, **_):
    if v <= 7:
        return "zone I (0-7): low-risk drinking; alcohol education"
    if v <= 15:
        return "zone II (8-15): hazardous drinking; simple advice"
    if v <= 19:
        return "zone III (16-19): harmful drinking; brief counselling and monitoring"
    return "zone IV (20-40): possible alcohol dependence; refer for diagnostic evaluation and treatment"


AUDIT = Calculator(
    id="audit",
    name="Alcohol Use Disorders Identification Test (AUDIT)",
    aliases=("AUDIT", "AUDIT questionnaire", "WHO AUDIT"),
    domains=(NEURO,),
    specialty="Addiction Medicine / Primary Care",
    purpose="Ten-item WHO screen for hazardous and harmful alcohol use and possible dependence.",
    inputs=tuple(Input(n, lab, kind="choice", choices=ch, ehr=EHRSource("history", ("alcohol",), note="patient-reported"))
                 for n, lab, ch in _AUDIT_ITEMS),
    output=Output("score", unit="points"),
    compute=lambda **items: (sum(items.values()), dict(items)),
    interpret=_audit_interp,
    citation="Saunders JB, Aasland OG, Babor TF, de la Fuente JR, Grant M. Development of the Alcohol Use Disorders "
             "Identification Test (AUDIT): WHO collaborative project on early detection of persons with harmful "
             "alcohol consumption - II. Addiction. 1993;88(6):791-804.",
    reference=reference_page(
        "Alcohol Use Disorders Identification Test (AUDIT)",
        "Ten questions on consumption (1-3), dependence (4-6) and harm (7-10).",
        "Screening adults for unhealthy alcohol use in any care setting.",
        "Items 1-8 scored 0-4; items 9-10 scored 0, 2 or 4.",
        "Q1 frequency: never 0, monthly or less 1, 2-4/month 2, 2-3/week 3, >= 4/week 4. Q2 drinks per day: "
        "1-2: 0, 3-4: 1, 5-6: 2, 7-9: 3, >= 10: 4. Q3-8: never 0, less than monthly 1, monthly 2, weekly 3, daily "
        "or almost daily 4. Q9-10: no 0, yes but not in the last year 2, yes during the last year 4. Total 0-40.",
        "0-7 low risk; 8-15 hazardous; 16-19 harmful; >= 20 possible dependence (WHO risk zones I-IV).",
        "Saunders JB et al. Addiction. 1993;88(6):791-804."),
    official_names=("Alcohol Use Disorders Identification Test (AUDIT)",),
    from_official=_audit_official,
)

register(MELD, LILLE, GAHS, AUDIT)
