"""Acute kidney injury tools: KDIGO AKI staging, kinetic eGFR (Chen 2013), fractional
excretion of urea, transtubular potassium gradient, CRRT effluent dose."""
from __future__ import annotations

import re

from ..base import CRITICAL, INTERNAL, SPECIAL, Calculator, EHRSource, Input, Output, register
from ..officials import find_field, official_bool, official_sex, official_value
from ._official_util import opt_value

SEX = Input("sex", "Sex", kind="choice", choices=("male", "female"), ehr=EHRSource("demographic", ("sex",)))
AGE = Input("age", "Age", unit="years", min=18, max=120, ehr=EHRSource("demographic", ("age",), "years"))
CR_EHR = EHRSource("lab", ("Creatinine", "Serum creatinine"), "mg/dL")


# ---------------------------------------------------------------- KDIGO
def _kdigo(baseline_creatinine, current_creatinine, rise_48h_mg_dl, urine_output_ml_kg_h, urine_output_hours,
           anuria_hours, rrt_started, age_under_18_egfr_below_35):
    ratio = current_creatinine / baseline_creatinine
    details = {"creatinine_ratio": round(ratio, 2)}
    cr_stage = 0
    if ratio >= 3.0 or current_creatinine >= 4.0 or rrt_started or age_under_18_egfr_below_35:
        cr_stage = 3
    elif ratio >= 2.0:
        cr_stage = 2
    elif ratio >= 1.5 or (rise_48h_mg_dl is not None and rise_48h_mg_dl >= 0.3):
        cr_stage = 1
    uo_stage = 0
    if anuria_hours is not None and anuria_hours >= 12:
        uo_stage = 3
    if urine_output_ml_kg_h is not None and urine_output_hours is not None:
        uo, h = urine_output_ml_kg_h, urine_output_hours
        if uo < 0.3 and h >= 24:
            uo_stage = max(uo_stage, 3)
        elif uo < 0.5 and h >= 12:
            uo_stage = max(uo_stage, 2)
        elif uo < 0.5 and h >= 6:
            uo_stage = max(uo_stage, 1)
    details.update(creatinine_stage=cr_stage, urine_output_stage=uo_stage)
    stage = max(cr_stage, uo_stage)
    return ("No AKI" if stage == 0 else f"Stage {stage}"), details


_KDIGO_TEXT = {
    "No AKI": "criteria for AKI not met",
    "Stage 1": "creatinine 1.5-1.9 x baseline or rise >=0.3 mg/dL in 48 h, or urine output <0.5 mL/kg/h for 6-12 h",
    "Stage 2": "creatinine 2.0-2.9 x baseline, or urine output <0.5 mL/kg/h for >=12 h",
    "Stage 3": "creatinine >=3 x baseline or >=4.0 mg/dL or RRT started, or urine output <0.3 mL/kg/h for >=24 h or anuria >=12 h",
}


def _kdigo_official(inputs: list) -> dict:
    out = {
        "baseline_creatinine": official_value(inputs, ("baseline serum creatinine", "baseline creatinine",
                                                        "baseline serum creatinine mg dl"), "mg/dL", analyte="creatinine"),
        "current_creatinine": official_value(inputs, ("current serum creatinine", "current creatinine",
                                                       "current serum creatinine mg dl"), "mg/dL", analyte="creatinine"),
    }
    # urine output: only when given directly as mL/kg/h with a duration
    e = find_field(inputs, ("urine output rate", "urine output ml per kg per hr"))
    d = find_field(inputs, ("duration of oliguria", "duration of reduced uop hours"))
    if e is not None and "kg" in str(e.get("value")) and d is not None:
        uo = float(re.search(r"\d+(?:\.\d+)?", str(e["value"])).group())
        dur = re.search(r"\d+(?:\.\d+)?", str(d["value"]))
        if dur:
            out.update(urine_output_ml_kg_h=uo, urine_output_hours=float(dur.group()))
    a = opt_value(inputs, ("anuria duration",))
    if a is not None:
        out["anuria_hours"] = a
    return out


KDIGO = Calculator(
    id="kdigo_aki",
    name="KDIGO AKI Staging",
    aliases=("KDIGO acute kidney injury staging", "KDIGO AKI stage", "AKI staging (KDIGO)", "KDIGO criteria for AKI"),
    domains=(CRITICAL, INTERNAL, SPECIAL),
    specialty="Nephrology",
    purpose="Stages acute kidney injury 1-3 from the rise in serum creatinine and the fall in urine output.",
    inputs=(
        Input("baseline_creatinine", "Baseline serum creatinine", unit="mg/dL", min=0.1, max=20, ehr=CR_EHR),
        Input("current_creatinine", "Current serum creatinine", unit="mg/dL", min=0.1, max=30, ehr=CR_EHR),
        Input("rise_48h_mg_dl", "Absolute creatinine rise within 48 h", unit="mg/dL", min=-20, max=30, optional=True,
              description="absolute increase over the last 48 hours, if known", ehr=CR_EHR),
        Input("urine_output_ml_kg_h", "Urine output", unit="mL/kg/h", min=0, max=20, optional=True,
              ehr=EHRSource("order", ("urine output",), "mL")),
        Input("urine_output_hours", "Duration of that urine output", unit="h", min=0, max=168, optional=True,
              ehr=EHRSource("order", ("urine output",))),
        Input("anuria_hours", "Duration of anuria", unit="h", min=0, max=168, optional=True, ehr=EHRSource("order", ("urine output",))),
        Input("rrt_started", "Renal replacement therapy started", kind="bool", optional=True, default=False,
              ehr=EHRSource("order", ("hemodialysis", "CRRT", "dialysis"))),
        Input("age_under_18_egfr_below_35", "Age <18 years with eGFR <35 mL/min/1.73 m^2", kind="bool", optional=True,
              default=False, ehr=EHRSource("lab", ("eGFR",))),
    ),
    output=Output("category", categories=tuple(_KDIGO_TEXT)),
    compute=_kdigo,
    interpret=lambda v, **_: _KDIGO_TEXT[v],
    citation="Kidney Disease: Improving Global Outcomes (KDIGO) Acute Kidney Injury Work Group. KDIGO Clinical Practice "
             "Guideline for Acute Kidney Injury. Kidney Int Suppl. 2012;2(1):1-138.",
    reference="""# KDIGO AKI Staging

**Purpose.** Defines and stages acute kidney injury (AKI) from serum creatinine and urine output;
stage predicts need for dialysis and mortality.

**When to use.** Hospitalised patients with a rising creatinine or falling urine output.

**Inputs.** Baseline and current creatinine (mg/dL); optionally the absolute rise in the last 48 h,
urine output (mL/kg/h) with its duration, anuria duration, whether RRT was started, and (children)
eGFR < 35 mL/min/1.73 m^2.

**Staging (the higher of the creatinine and urine-output stages).**
| Stage | Serum creatinine | Urine output |
|---|---|---|
| 1 | 1.5-1.9 x baseline, or rise >= 0.3 mg/dL within 48 h | < 0.5 mL/kg/h for 6-12 h |
| 2 | 2.0-2.9 x baseline | < 0.5 mL/kg/h for >= 12 h |
| 3 | >= 3.0 x baseline, or >= 4.0 mg/dL, or RRT started, or (age < 18) eGFR < 35 | < 0.3 mL/kg/h for >= 24 h, or anuria >= 12 h |

**Interpretation.** Higher stages carry higher risks of dialysis and death; stage 2-3 warrants nephrology input
and review of nephrotoxins and drug doses.

**Reference.** KDIGO AKI Work Group. Kidney Int Suppl. 2012;2:1-138.
""",
    official_names=("KDIGO AKI Staging",),
    from_official=_kdigo_official,
)


# ---------------------------------------------------------------- keGFR
def _mdrd(cr: float, age: float, female: bool, black: bool) -> float:
    return 175.0 * cr ** -1.154 * age ** -0.203 * (0.742 if female else 1.0) * (1.212 if black else 1.0)


def _kegfr(sex, age, baseline_creatinine, creatinine_1, creatinine_2, hours_between, black_race,
           max_daily_rise, limit_to_steady_state):
    egfr0 = _mdrd(baseline_creatinine, age, sex == "female", bool(black_race))
    mean_cr = (creatinine_1 + creatinine_2) / 2.0
    term = 1.0 - 24.0 * (creatinine_2 - creatinine_1) / (hours_between * max_daily_rise)
    if limit_to_steady_state:
        term = min(term, 1.0)
    value = max(0.0, baseline_creatinine * egfr0 / mean_cr * term)
    return value, {"baseline_egfr_mdrd": round(egfr0, 1), "mean_creatinine": round(mean_cr, 2),
                   "kinetic_term": round(term, 3)}


KEGFR = Calculator(
    id="kegfr",
    name="Kinetic Estimated Glomerular Filtration Rate (keGFR)",
    aliases=("keGFR", "kinetic eGFR", "kinetic GFR", "Chen kinetic GFR"),
    domains=(CRITICAL, INTERNAL, SPECIAL),
    specialty="Nephrology",
    purpose="Estimates GFR while creatinine is changing (AKI), from two creatinine values and the time between them.",
    inputs=(
        SEX, AGE,
        Input("baseline_creatinine", "Baseline (steady-state) creatinine", unit="mg/dL", min=0.1, max=20, ehr=CR_EHR),
        Input("creatinine_1", "First creatinine of the changing period", unit="mg/dL", min=0.1, max=30, ehr=CR_EHR),
        Input("creatinine_2", "Second creatinine", unit="mg/dL", min=0.1, max=30, ehr=CR_EHR),
        Input("hours_between", "Time between the two creatinines", unit="h", min=1, max=720, ehr=CR_EHR),
        Input("black_race", "Black race (MDRD coefficient)", kind="bool", optional=True, default=False,
              ehr=EHRSource("demographic", ("race",))),
        Input("max_daily_rise", "Maximal creatinine rise per day if GFR were zero", unit="mg/dL/day", min=0.5, max=5,
              optional=True, default=1.5, ehr=EHRSource("none")),
        Input("limit_to_steady_state", "Cap the kinetic term at 1 when creatinine falls", kind="bool", optional=True,
              default=True, ehr=EHRSource("none")),
    ),
    output=Output("number", unit="mL/min", decimals=1, abs_tol=0.2, rel_tol=0.01),
    compute=_kegfr,
    interpret=lambda v, **_: ("keGFR <30 mL/min: consistent with AKI (90% specific in a small series)" if v < 30
                              else "keGFR >=30 mL/min"),
    citation="Chen S. Retooling the creatinine clearance equation to estimate kinetic GFR when the plasma creatinine is "
             "changing acutely. J Am Soc Nephrol. 2013;24(6):877-888.",
    reference="""# Kinetic Estimated GFR (keGFR, Chen 2013)

**Purpose.** Standard eGFR equations assume a steady creatinine. The kinetic eGFR adjusts a
steady-state estimate for how fast creatinine is rising or falling, giving a usable GFR during AKI.

**When to use.** Hospitalised adults whose creatinine is changing, with two values a known time apart
and a pre-illness baseline.

**Inputs.** Sex, age, baseline creatinine, two creatinine values (mg/dL), hours between them; Black race
(MDRD coefficient); the maximal daily creatinine rise with no GFR (default 1.5 mg/dL/day).

**Formula.**
- Baseline eGFR (MDRD, IDMS): 175 x Cr_base^-1.154 x age^-0.203 x 0.742 (female) x 1.212 (Black).
- keGFR = (Cr_base x eGFR_base / mean(Cr1, Cr2)) x (1 - 24 x (Cr2 - Cr1) / (hours x max daily rise)).
- Negative results are reported as 0. By default the kinetic term is capped at 1 (a falling creatinine
  does not raise keGFR above the mean-creatinine estimate), matching the widely used online tool; set
  `limit_to_steady_state` to false for the uncapped published expression.

**Interpretation.** keGFR below 30 mL/min supported AKI with ~90% specificity in a small retrospective study
(O'Sullivan 2017). Use it for trends and drug-dosing decisions alongside clinical judgement.

**Reference.** Chen S. J Am Soc Nephrol. 2013;24:877-888.
""",
    official_names=("Kinetic Estimated Glomerular Filtration Rate (keGFR)",),
    from_official=lambda inputs: {
        "sex": official_sex(inputs),
        "age": official_value(inputs, ("age",)),
        "baseline_creatinine": official_value(inputs, ("baseline creatinine",), "mg/dL", analyte="creatinine"),
        "creatinine_1": official_value(inputs, ("cr1", "first recorded creatinine"), "mg/dL", analyte="creatinine"),
        "creatinine_2": official_value(inputs, ("cr2", "second recorded creatinine"), "mg/dL", analyte="creatinine"),
        "hours_between": official_value(inputs, ("time between both creatinine measurements", "time between measurements",
                                                 "time between")),
        "black_race": official_bool(inputs, ("black race",)) if find_field(inputs, ("black race",)) else False,
    },
)


# ---------------------------------------------------------------- FEUrea
FEUREA = Calculator(
    id="feurea",
    name="Fractional Excretion of Urea (FEUrea)",
    aliases=("FEUrea", "FEUN", "fractional excretion of urea nitrogen", "FE urea"),
    domains=(CRITICAL, INTERNAL, SPECIAL),
    specialty="Nephrology",
    purpose="Separates prerenal from intrinsic AKI, and stays usable in patients on diuretics.",
    inputs=(
        Input("serum_urea", "Serum urea nitrogen (BUN)", unit="mg/dL", min=1, max=300, ehr=EHRSource("lab", ("BUN", "Urea nitrogen"), "mg/dL")),
        Input("serum_creatinine", "Serum creatinine", unit="mg/dL", min=0.1, max=30, ehr=CR_EHR),
        Input("urine_urea", "Urine urea nitrogen", unit="mg/dL", min=1, max=5000, ehr=EHRSource("lab", ("Urine urea nitrogen",), "mg/dL")),
        Input("urine_creatinine", "Urine creatinine", unit="mg/dL", min=1, max=1000, ehr=EHRSource("lab", ("Urine creatinine",), "mg/dL")),
    ),
    output=Output("number", unit="%", decimals=1, abs_tol=0.1, rel_tol=0.01),
    compute=lambda serum_urea, serum_creatinine, urine_urea, urine_creatinine:
        100.0 * (urine_urea * serum_creatinine) / (serum_urea * urine_creatinine),
    interpret=lambda v, **_: ("FEUrea <=35%: suggests prerenal AKI" if v <= 35 else
                              "FEUrea 35-50%: indeterminate" if v <= 50 else "FEUrea >50%: suggests intrinsic renal AKI (e.g. ATN)"),
    citation="Carvounis CP, Nisar S, Guro-Razuman S. Significance of the fractional excretion of urea in the "
             "differential diagnosis of acute renal failure. Kidney Int. 2002;62(6):2223-2229.",
    reference="""# Fractional Excretion of Urea (FEUrea)

**Purpose.** The share of filtered urea that reaches the urine. Low values mean avid proximal
reabsorption (prerenal state); unlike FENa it is little affected by loop or thiazide diuretics.

**When to use.** Oliguric AKI, especially in patients who received diuretics.

**Inputs.** Serum BUN, serum creatinine, urine urea nitrogen, urine creatinine (same units for the urea pair
and for the creatinine pair; mg/dL here).

**Formula.** FEUrea (%) = (urine urea x serum creatinine) / (serum urea x urine creatinine) x 100.

**Interpretation.** <= 35%: prerenal; > 50%: intrinsic renal (ATN); 35-50% indeterminate.

**Reference.** Carvounis CP et al. Kidney Int. 2002;62:2223-2229.
""",
    official_names=("Fractional Excretion of Urea (FEUrea)",),
    from_official=lambda inputs: {
        "serum_urea": official_value(inputs, ("bun", "bun or serum urea", "serum urea"), exclude=("urine",)),
        "serum_creatinine": official_value(inputs, ("serum creatinine",), "mg/dL", analyte="creatinine"),
        "urine_urea": official_value(inputs, ("urine urea",)),
        "urine_creatinine": official_value(inputs, ("urine creatinine",)),
    },
)


# ---------------------------------------------------------------- TTKG
TTKG = Calculator(
    id="ttkg",
    name="Transtubular Potassium Gradient (TTKG)",
    aliases=("TTKG", "transtubular potassium gradient", "trans-tubular K gradient"),
    domains=(CRITICAL, INTERNAL),
    specialty="Nephrology",
    purpose="Estimates potassium secretion in the cortical collecting duct to judge the aldosterone effect in hypo- or hyperkalaemia.",
    inputs=(
        Input("urine_potassium", "Urine potassium", unit="mEq/L", min=1, max=300, ehr=EHRSource("lab", ("Urine potassium",), "mEq/L")),
        Input("serum_potassium", "Serum potassium", unit="mEq/L", min=1, max=10, ehr=EHRSource("lab", ("Potassium",), "mEq/L")),
        Input("urine_osmolality", "Urine osmolality", unit="mOsm/kg", min=50, max=1500, ehr=EHRSource("lab", ("Urine osmolality",), "mOsm/kg")),
        Input("serum_osmolality", "Serum osmolality", unit="mOsm/kg", min=200, max=450, ehr=EHRSource("lab", ("Osmolality",), "mOsm/kg")),
    ),
    output=Output("number", decimals=1, abs_tol=0.1, rel_tol=0.01),
    compute=lambda urine_potassium, serum_potassium, urine_osmolality, serum_osmolality:
        (urine_potassium * serum_osmolality) / (serum_potassium * urine_osmolality),
    interpret=lambda v, serum_potassium=None, **_: (
        ("in hyperkalaemia a TTKG <7 suggests hypoaldosteronism or aldosterone resistance" if v < 7
         else "in hyperkalaemia a TTKG >=7 indicates an appropriate renal response")
        if serum_potassium is not None and serum_potassium > 5.0 else
        ("in hypokalaemia a TTKG <3 points to extrarenal losses" if v < 3
         else "in hypokalaemia a TTKG >=3 points to renal potassium wasting")
        if serum_potassium is not None and serum_potassium < 3.5 else "normal diet: TTKG about 8-9"),
    citation="West ML, Marsden PA, Richardson RM, Zettle RM, Halperin ML. New clinical approach to evaluate disorders "
             "of potassium excretion. Miner Electrolyte Metab. 1986;12(4):234-238.",
    reference="""# Transtubular Potassium Gradient (TTKG)

**Purpose.** Approximates the potassium concentration ratio across the cortical collecting duct,
a bedside index of aldosterone activity.

**When to use.** Unexplained hypo- or hyperkalaemia. Valid only when urine osmolality exceeds serum
osmolality and urine sodium is > 25 mEq/L.

**Inputs.** Urine and serum potassium (mEq/L); urine and serum osmolality (mOsm/kg).

**Formula.** TTKG = (urine K x serum osm) / (serum K x urine osm).

**Interpretation.** Hyperkalaemia with TTKG < 7 suggests hypoaldosteronism; hypokalaemia with TTKG < 3
suggests extrarenal loss, > 7 renal wasting.

**Reference.** West ML et al. Miner Electrolyte Metab. 1986;12:234-238.
""",
    official_names=("Transtubular Potassium Gradient (TTKG)",),
    from_official=lambda inputs: {
        "urine_potassium": official_value(inputs, ("urine potassium",)),
        "serum_potassium": official_value(inputs, ("serum potassium",)),
        "urine_osmolality": official_value(inputs, ("urine osmolality",)),
        "serum_osmolality": official_value(inputs, ("serum osmolality",)),
    },
)


# ---------------------------------------------------------------- CRRT dose
CRRT = Calculator(
    id="crrt_dosing",
    name="CRRT Dosing Calculator (effluent dose)",
    aliases=("CRRT dose", "CRRT dosing", "continuous renal replacement therapy dose", "CRRT effluent rate"),
    domains=(CRITICAL, SPECIAL),
    specialty="Nephrology",
    purpose="Hourly effluent (dialysate + replacement) flow that delivers a weight-based CRRT dose.",
    inputs=(
        Input("weight_kg", "Body weight", unit="kg", min=1, max=400, ehr=EHRSource("vital", ("weight",), "kg")),
        Input("dose_ml_kg_h", "Prescribed effluent dose", unit="mL/kg/h", min=5, max=60, ehr=EHRSource("order", ("CRRT",))),
    ),
    output=Output("number", unit="mL/h", decimals=0, abs_tol=1),
    compute=lambda weight_kg, dose_ml_kg_h: weight_kg * dose_ml_kg_h,
    interpret=lambda v, dose_ml_kg_h=0, **_: (
        "delivered dose target 20-25 mL/kg/h (KDIGO); prescribe ~25-30 to allow for downtime"
        if 20 <= dose_ml_kg_h <= 30 else "outside the usual 20-30 mL/kg/h prescription range"),
    citation="KDIGO Clinical Practice Guideline for Acute Kidney Injury. Kidney Int Suppl. 2012;2:1-138 (recommendation "
             "5.8.1); RENAL Replacement Therapy Study Investigators. N Engl J Med. 2009;361:1627-1638.",
    reference="""# CRRT Dosing (effluent rate)

**Purpose.** Converts a weight-based continuous renal replacement therapy dose into the hourly effluent flow
to program on the machine.

**When to use.** Starting or reviewing CVVH/CVVHD/CVVHDF in AKI.

**Inputs.** Weight (kg); prescribed dose (mL/kg/h).

**Formula.** Effluent flow (mL/h) = weight x dose.

**Interpretation.** KDIGO recommends a delivered effluent volume of 20-25 mL/kg/h; because of treatment
interruptions a slightly higher prescription (25-30) is common. Higher intensity did not improve survival
(RENAL, ATN trials).

**Reference.** KDIGO AKI Guideline 2012; RENAL investigators. N Engl J Med. 2009.
""",
    official_names=("CRRT Dosing Calculator",),
    from_official=lambda inputs: {
        "weight_kg": official_value(inputs, ("patient weight", "weight"), "kg"),
        "dose_ml_kg_h": official_value(inputs, ("desired dialysis dose", "dose")),
    },
)

register(KDIGO, KEGFR, FEUREA, TTKG, CRRT)
