"""Infusion-rate calculators: sodium correction rate (Adrogué–Madias) and glucose infusion rate."""
from __future__ import annotations

import re

from ..base import CRITICAL, INTERNAL, SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import official_sex, official_value
from ._official_util import choice_by_keywords, field_text

WEIGHT = Input("weight_kg", "Body weight", unit="kg", min=0.5, max=400, ehr=EHRSource("vital", ("weight",), "kg"))

# fraction of body weight that is water (Adrogué & Madias 2000)
TBW_FRACTION = {("child", "male"): 0.6, ("child", "female"): 0.6, ("adult", "male"): 0.6, ("adult", "female"): 0.5,
                ("elderly", "male"): 0.5, ("elderly", "female"): 0.45}

# sodium content (mmol/L) of common infusates, for reference and for reading fluid names
INFUSATES = {
    "5% NaCl": 855, "3% NaCl": 513, "2% NaCl": 341, "0.9% NaCl": 154, "Ringer's lactate": 130,
    "0.45% NaCl": 77, "0.2% NaCl in 5% dextrose": 34, "5% dextrose in water": 0,
}


def _na_rate(sex, age_group, weight_kg, serum_sodium, infusate_sodium, infusate_potassium, correction_rate):
    tbw = weight_kg * TBW_FRACTION[(age_group, sex)]
    delta_per_litre = (infusate_sodium + infusate_potassium - serum_sodium) / (tbw + 1.0)
    if abs(delta_per_litre) < 1e-9:
        raise CalculatorInputError(
            "input 'infusate_sodium' (infusate sodium, mmol/L): the infusate equals the serum sodium, so it cannot "
            "change the sodium; choose a more hypo- or hypertonic fluid")
    rate_l_h = correction_rate / abs(delta_per_litre)
    return rate_l_h * 1000.0, {"total_body_water_L": round(tbw, 1),
                               "sodium_change_per_litre_mmol_L": round(delta_per_litre, 2),
                               "direction": "increase" if delta_per_litre > 0 else "decrease"}


def _na_interp(v, serum_sodium=0, infusate_sodium=0, infusate_potassium=0, correction_rate=0, **_):
    direction = "raise" if infusate_sodium + infusate_potassium > serum_sodium else "lower"
    return (f"infuse about {v:g} mL/h to {direction} sodium by {correction_rate} mmol/L per hour; "
            "limit correction to 8-10 mmol/L in 24 h in chronic hyponatraemia (osmotic demyelination risk) and "
            "re-check sodium every 2-4 h")


def _na_official(inputs: list) -> dict:
    fluid = field_text(inputs, ("fluid type", "fluid"))
    m = re.search(r"(\d+(?:\.\d+)?)\s*mmol/L", fluid, re.I)
    if m:
        na = float(m.group(1))
    else:
        key = choice_by_keywords(fluid, {
            "5% NaCl": ("5 saline", "5 nacl"), "3% NaCl": ("3 saline", "3 nacl", "hypertonic saline"),
            "2% NaCl": ("2 saline", "2 nacl"), "0.45% NaCl": ("0 45 saline", "0 45 nacl", "half normal saline"),
            "0.9% NaCl": ("0 9 saline", "0 9 nacl", "normal saline"), "Ringer's lactate": ("ringer", "lactated"),
            "5% dextrose in water": ("d5w", "dextrose"),
        }, "the infusate")
        na = float(INFUSATES[key])
    age_text = field_text(inputs, ("age range", "age group", "age")).lower()
    group = "child" if "child" in age_text else "elderly" if ("elder" in age_text or "older" in age_text) else "adult"
    return {
        "sex": official_sex(inputs), "age_group": group,
        "weight_kg": official_value(inputs, ("weight",), "kg"),
        "serum_sodium": official_value(inputs, ("serum sodium", "sodium")),
        "infusate_sodium": na,
        "correction_rate": official_value(inputs, ("rate of sodium correction", "correction rate")),
    }


SODIUM_RATE = Calculator(
    id="sodium_correction_rate",
    name="Sodium Correction Rate in Hyponatremia and Hypernatremia",
    aliases=("Adrogue-Madias formula", "Adrogué-Madias", "sodium correction rate", "hyponatremia infusion rate",
             "hypernatremia infusion rate"),
    domains=(CRITICAL, INTERNAL, SPECIAL),
    specialty="Nephrology",
    purpose="Infusion rate of a chosen fluid that changes serum sodium at a target rate (Adrogué–Madias formula).",
    inputs=(
        Input("sex", "Sex", kind="choice", choices=("male", "female"), ehr=EHRSource("demographic", ("sex",))),
        Input("age_group", "Age group", kind="choice", choices=("child", "adult", "elderly"),
              description="child (<18), adult, elderly (>=65)", ehr=EHRSource("demographic", ("age",))),
        WEIGHT,
        Input("serum_sodium", "Serum sodium", unit="mmol/L", min=90, max=200, ehr=EHRSource("lab", ("Sodium",), "mmol/L")),
        Input("infusate_sodium", "Infusate sodium", unit="mmol/L", min=0, max=1000,
              description="e.g. 513 for 3% NaCl, 154 for 0.9% NaCl, 77 for 0.45% NaCl, 0 for D5W", ehr=EHRSource("order", tuple(INFUSATES))),
        Input("infusate_potassium", "Infusate potassium", unit="mmol/L", min=0, max=200, optional=True, default=0.0,
              ehr=EHRSource("order", ("KCl",))),
        Input("correction_rate", "Target rate of sodium change", unit="mmol/L/h", min=0.01, max=3, ehr=EHRSource("none")),
    ),
    output=Output("number", unit="mL/h", decimals=0, abs_tol=1, rel_tol=0.01),
    compute=_na_rate,
    interpret=_na_interp,
    citation="Adrogué HJ, Madias NE. Hyponatremia. N Engl J Med. 2000;342(21):1581-1589; Adrogué HJ, Madias NE. "
             "Hypernatremia. N Engl J Med. 2000;342(20):1493-1499.",
    reference="""# Sodium Correction Rate (Adrogué–Madias)

**Purpose.** Predicts how much one litre of a chosen infusate changes serum sodium and turns a target
correction rate into an infusion rate, for hyponatraemia or hypernatraemia.

**When to use.** Planning hypertonic saline in hyponatraemia or hypotonic fluid in hypernatraemia.
The formula ignores ongoing losses and urine output, so sodium must be re-measured often.

**Inputs.** Sex and age group (for total body water), weight (kg), serum sodium, infusate sodium (and
potassium) in mmol/L, target rate of change (mmol/L per hour).

**Formula.**
- Total body water = weight x 0.6 (children, adult men), 0.5 (adult women, elderly men), 0.45 (elderly women).
- Change in serum Na per litre = (infusate Na + infusate K - serum Na) / (TBW + 1).
- Infusion rate (mL/h) = target rate / |change per litre| x 1000.

| Infusate | Na (mmol/L) |
|---|---|
| 5% NaCl | 855 |
| 3% NaCl | 513 |
| 2% NaCl | 341 |
| 0.9% NaCl | 154 |
| Ringer's lactate | 130 |
| 0.45% NaCl | 77 |
| 0.2% NaCl in D5W | 34 |
| D5W | 0 |

**Interpretation.** In chronic hyponatraemia limit correction to 8-10 mmol/L in 24 h; in hypernatraemia
lower sodium by no more than ~10-12 mmol/L per day unless it developed within hours.

**Reference.** Adrogué HJ, Madias NE. N Engl J Med. 2000;342:1581-1589 and 1493-1499.
""",
    official_names=("Sodium Correction Rate in Hyponatremia and Hypernatremia",),
    from_official=_na_official,
)


# ---------------------------------------------------------------- GIR
GIR = Calculator(
    id="glucose_infusion_rate",
    name="Glucose Infusion Rate (GIR)",
    aliases=("GIR", "glucose infusion rate", "dextrose infusion rate"),
    domains=(CRITICAL, SPECIAL),
    specialty="Neonatology",
    purpose="Glucose delivered per kilogram per minute by a dextrose infusion.",
    inputs=(
        Input("dextrose_pct", "Dextrose concentration", unit="g/dL (%)", min=0.1, max=70, ehr=EHRSource("order", ("dextrose",))),
        Input("rate_ml_h", "Infusion rate", unit="mL/h", min=0.1, max=2000, ehr=EHRSource("order", ("dextrose",))),
        WEIGHT,
    ),
    output=Output("number", unit="mg/kg/min", decimals=1, abs_tol=0.1, rel_tol=0.01),
    compute=lambda dextrose_pct, rate_ml_h, weight_kg: dextrose_pct * 10.0 * rate_ml_h / (60.0 * weight_kg),
    interpret=lambda v, **_: ("below the usual neonatal starting range (4-6 mg/kg/min)" if v < 4 else
                              "within the usual neonatal range (4-8 mg/kg/min)" if v <= 8 else
                              "high (>8 mg/kg/min): consider hyperinsulinism work-up or central access for concentrated dextrose"),
    citation="Cornblath M, Ichord R. Hypoglycemia in the neonate. Semin Perinatol. 2000;24(2):136-149.",
    reference="""# Glucose Infusion Rate (GIR)

**Purpose.** Expresses a dextrose infusion as milligrams of glucose per kilogram per minute.

**When to use.** Neonates and children on dextrose infusions, parenteral nutrition, hypoglycaemia management.

**Inputs.** Dextrose concentration (%, i.e. g/dL); infusion rate (mL/h); weight (kg).

**Formula.** GIR (mg/kg/min) = concentration (g/dL) x 10 (mg/mL per g/dL) x rate (mL/h) / (60 x weight).

**Interpretation.** Newborns need about 4-6 mg/kg/min (hepatic glucose output); needs above 8-10 mg/kg/min
suggest hyperinsulinism.

**Reference.** Cornblath M, Ichord R. Semin Perinatol. 2000;24:136-149.
""",
    official_names=("Glucose Infusion Rate (GIR)",),
    from_official=lambda inputs: {
        "dextrose_pct": official_value(inputs, ("dextrose concentration", "dextrose")),
        "rate_ml_h": official_value(inputs, ("infusion rate", "rate")),
        "weight_kg": official_value(inputs, ("weight",), "kg"),
    },
)

register(SODIUM_RATE, GIR)
