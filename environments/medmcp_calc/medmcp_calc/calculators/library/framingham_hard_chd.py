"""Framingham risk score for hard coronary heart disease (NCEP ATP III, sex-specific Cox model)."""
from __future__ import annotations

import math

from ..base import INTERNAL, Calculator, EHRSource, Input, Output, register
from ._entities import flag, num, sex

AGE = Input("age", "Age", unit="years", min=20, max=79, ehr=EHRSource("demographic", ("age",), "years"),
            description="the model was derived for ages 20-79 (30-79 in practice)")
SEX = Input("sex", "Sex", kind="choice", choices=("male", "female"), ehr=EHRSource("demographic", ("sex",)))
SMOKER = Input("smoker", "Current smoker (any cigarettes in the past month)", kind="bool", optional=True, default=False,
               ehr=EHRSource("history", ("smoking", "smoker", "cigarettes")))
TC = Input("total_cholesterol", "Total cholesterol", unit="mg/dL", min=50, max=1000,
           ehr=EHRSource("lab", ("Total cholesterol", "CHOL"), "mg/dL"))
HDL = Input("hdl", "HDL cholesterol", unit="mg/dL", min=5, max=300, ehr=EHRSource("lab", ("HDL cholesterol", "HDL-C"), "mg/dL"))
SBP = Input("systolic_bp", "Systolic blood pressure", unit="mmHg", min=60, max=300, ehr=EHRSource("vital", ("systolic_bp",), "mmHg"))
TREATED = Input("bp_treated", "On blood-pressure medication", kind="bool", optional=True, default=False,
                ehr=EHRSource("order", ("antihypertensive",)))

# coefficients of ln(age), ln(TC), ln(HDL), ln(SBP), treated, smoker, ln(age)*ln(TC), ln(age)*smoker, ln(age)^2, constant
MEN = dict(age=52.00961, tc=20.014077, hdl=-0.905964, sbp=1.305784, treated=0.241549, smoker=12.096316,
           age_tc=-4.605038, age_smoke=-2.84367, age2=-2.93323, const=-172.300168, s0=0.9402, smoke_age_cap=70)
WOMEN = dict(age=31.764001, tc=22.465206, hdl=-1.187731, sbp=2.552905, treated=0.420251, smoker=13.07543,
             age_tc=-5.060998, age_smoke=-2.996945, age2=0.0, const=-146.5933061, s0=0.98767, smoke_age_cap=78)


def ten_year_risk(age: float, sex: str, smoker: bool, total_cholesterol: float, hdl: float, systolic_bp: float,
                  bp_treated: bool) -> tuple[float, dict]:
    c = MEN if sex == "male" else WOMEN
    la, ltc = math.log(age), math.log(total_cholesterol)
    la_smoke = math.log(min(age, c["smoke_age_cap"]))
    s = int(bool(smoker))
    x = (c["age"] * la + c["tc"] * ltc + c["hdl"] * math.log(hdl) + c["sbp"] * math.log(systolic_bp)
         + c["treated"] * int(bool(bp_treated)) + c["smoker"] * s + c["age_tc"] * la * ltc
         + c["age_smoke"] * la_smoke * s + c["age2"] * la * la + c["const"])
    risk = 1.0 - c["s0"] ** math.exp(x)
    return 100.0 * risk, {"linear_predictor": round(x, 4)}


def _interpret(value: float, **_: object) -> str:
    if value < 10:
        return f"10-year risk of MI or coronary death {value:.1f}% (< 10%: low)"
    if value <= 20:
        return f"10-year risk of MI or coronary death {value:.1f}% (10-20%: intermediate)"
    return f"10-year risk of MI or coronary death {value:.1f}% (> 20%: high, a CHD risk equivalent)"


FRAMINGHAM = Calculator(
    id="framingham_hard_chd",
    name="Framingham Risk Score for Hard Coronary Heart Disease",
    aliases=("Framingham Risk Score", "Framingham hard CHD", "ATP III Framingham risk", "Framingham 10-year CHD risk"),
    domains=(INTERNAL,),
    specialty="Cardiology / Preventive Medicine",
    purpose="Estimates the 10-year risk of myocardial infarction or coronary death in adults without heart disease.",
    inputs=(AGE, SEX, SMOKER, TC, HDL, SBP, TREATED),
    output=Output("number", unit="%", decimals=1, abs_tol=0.5, rel_tol=0.05),
    compute=ten_year_risk,
    interpret=_interpret,
    citation=("Expert Panel on Detection, Evaluation, and Treatment of High Blood Cholesterol in Adults. Executive "
              "Summary of the Third Report of the National Cholesterol Education Program (NCEP) Adult Treatment Panel "
              "III. JAMA. 2001;285(19):2486-2497. Wilson PWF, D'Agostino RB, Levy D, et al. Prediction of coronary "
              "heart disease using risk factor categories. Circulation. 1998;97(18):1837-1847."),
    reference="""# Framingham Risk Score for Hard Coronary Heart Disease

**Purpose.** The NCEP ATP III version of the Framingham model: the 10-year risk of "hard" coronary
events (myocardial infarction or coronary death) for adults without known coronary disease or
diabetes, used to set cholesterol-treatment intensity.

**When to use.** Adults 20–79 years without CHD, diabetes or other risk equivalents. (Newer tools —
the pooled cohort equations, PREVENT — have replaced it in current US guidelines.)

**Inputs.** Age, sex, current smoking, total cholesterol and HDL cholesterol (mg/dL), systolic blood
pressure, treatment for hypertension.

**Formula.** A sex-specific Cox model: L = Σ βᵢ·xᵢ; 10-year risk = 1 − S₀^exp(L).
- Men (S₀ = 0.9402): L = 52.00961·ln(age) + 20.014077·ln(TC) − 0.905964·ln(HDL) + 1.305784·ln(SBP)
  + 0.241549·treated + 12.096316·smoker − 4.605038·ln(age)·ln(TC) − 2.84367·ln(age′)·smoker
  − 2.93323·ln(age)² − 172.300168, with age′ = min(age, 70).
- Women (S₀ = 0.98767): L = 31.764001·ln(age) + 22.465206·ln(TC) − 1.187731·ln(HDL) + 2.552905·ln(SBP)
  + 0.420251·treated + 13.07543·smoker − 5.060998·ln(age)·ln(TC) − 2.996945·ln(age′)·smoker − 146.5933061,
  with age′ = min(age, 78).
Cholesterol in mg/dL (mmol/L × 38.67).

**Interpretation.** < 10%: low risk; 10–20%: intermediate; > 20%: high (a CHD risk equivalent
under ATP III).

**References.** NCEP ATP III Executive Summary. JAMA. 2001;285:2486-2497. Wilson PWF et al.
Circulation. 1998;97:1837-1847.
""",
    medcalc_bench_id=46,
    from_medcalc_bench=lambda e: {
        "age": num(e, "age", "years"),
        "sex": sex(e),
        "smoker": flag(e, "Smoker"),
        "total_cholesterol": num(e, "Total cholesterol", "mg/dL", analyte="cholesterol"),
        "hdl": num(e, ("high-density lipoprotein cholesterol", "HDL cholesterol"), "mg/dL", analyte="hdl"),
        "systolic_bp": num(e, "Systolic Blood Pressure", "mmHg"),
        "bp_treated": flag(e, "Blood pressure being treated with medicines"),
    },
)

register(FRAMINGHAM)
