"""Free water deficit in hypernatraemia: TBW x (Na / target - 1)."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, SPECIAL, Calculator, EHRSource, Input, Output, register, round_half_away
from ..officials import find_field, official_sex, official_value
from ._entities import age_years, num, sex

AGE = Input("age", "Age", unit="years", min=0, max=125, ehr=EHRSource("demographic", ("age",), "years"))
SEX = Input("sex", "Sex", kind="choice", choices=("male", "female"), ehr=EHRSource("demographic", ("sex",)))
WEIGHT = Input("weight_kg", "Body weight", unit="kg", min=0.3, max=400, ehr=EHRSource("vital", ("weight",), "kg"))
SODIUM = Input("sodium", "Serum sodium", unit="mmol/L", min=80, max=220,
               ehr=EHRSource("lab", ("Sodium", "Na", "Serum sodium"), "mmol/L"))
TARGET = Input("target_sodium", "Desired serum sodium", unit="mmol/L", min=120, max=160, optional=True, default=140.0,
               ehr=EHRSource("none", note="clinician's target; 140 mmol/L by default"))


def tbw_fraction(age: float, sex: str) -> float:
    """Total body water as a fraction of weight: children 0.6; adults 18-64 men 0.6, women 0.5;
    65 and over men 0.5, women 0.45."""
    if age < 18:
        return 0.6
    if age < 65:
        return 0.6 if sex == "male" else 0.5
    return 0.5 if sex == "male" else 0.45


def _fwd(age: float, sex: str, weight_kg: float, sodium: float, target_sodium: float) -> tuple[float, dict]:
    f = tbw_fraction(age, sex)
    return f * weight_kg * (sodium / target_sodium - 1.0), {"tbw_fraction": f, "total_body_water_L": round(f * weight_kg, 2)}


def _interpret(value: float, **_: object) -> str:
    if value <= 0:
        return "no free water deficit (sodium at or below target)"
    return (f"free water deficit {value:.1f} L: replace gradually (lower sodium by no more than about "
            "10-12 mmol/L per 24 h in chronic hypernatraemia), adding ongoing losses")


_AGE_BANDS = {"child": 10.0, "adult": 40.0, "elderly": 70.0}


def _official(inputs: list) -> dict:
    out = {
        "sex": official_sex(inputs),
        "weight_kg": official_value(inputs, ("weight",), "kg"),
        "sodium": official_value(inputs, ("sodium",), "mmol/L", analyte="sodium", exclude=("desired", "target")),
    }
    entry = find_field(inputs, ("age range", "age"))
    if entry is None:
        out["age"] = 40.0
    else:
        text = str(entry.get("value", "")).lower()
        band = next((v for k, v in _AGE_BANDS.items() if k in text), None)
        out["age"] = band if band is not None else official_value(inputs, ("age",))
    if find_field(inputs, ("sodium desired", "desired sodium", "target sodium")) is not None:
        out["target_sodium"] = official_value(inputs, ("sodium desired", "desired sodium", "target sodium"), "mmol/L",
                                              analyte="sodium")
    return out


FREE_WATER_DEFICIT = Calculator(
    id="free_water_deficit",
    name="Free Water Deficit",
    aliases=("Free Water Deficit in Hypernatremia", "FWD", "water deficit", "free water deficit calculator"),
    domains=(CRITICAL, INTERNAL, SPECIAL),
    specialty="Nephrology / Critical Care",
    purpose="Estimates the litres of free water needed to bring a high serum sodium down to a target.",
    inputs=(AGE, SEX, WEIGHT, SODIUM, TARGET),
    output=Output("number", unit="L", decimals=3, abs_tol=0.1, rel_tol=0.05),
    compute=_fwd,
    interpret=_interpret,
    citation="Adrogué HJ, Madias NE. Hypernatremia. N Engl J Med. 2000;342(20):1493-1499.",
    reference="""# Free Water Deficit

**Purpose.** Estimates the volume of electrolyte-free water a hypernatraemic patient lacks,
to plan correction.

**When to use.** Hypernatraemia (sodium > 145 mmol/L). The result excludes ongoing losses, which must
be added; correct chronic hypernatraemia slowly (about 10 mmol/L per day) to avoid cerebral oedema.

**Inputs.** Age and sex (for the total-body-water fraction), weight (kg), serum sodium, target sodium
(default 140 mmol/L).

**Formula.** Free water deficit (L) = TBW fraction × weight (kg) × (serum Na / target Na − 1).

| Patient | TBW fraction |
|---|---|
| Child (< 18 y) | 0.6 |
| Adult man (18 – 64 y) | 0.6 |
| Adult woman (18 – 64 y) | 0.5 |
| Older man (≥ 65 y) | 0.5 |
| Older woman (≥ 65 y) | 0.45 |

**Interpretation.** A positive value is the water deficit in litres; zero or negative means no deficit
(sodium at or below target).

**Reference.** Adrogué HJ, Madias NE. Hypernatremia. N Engl J Med. 2000;342(20):1493-1499.
""",
    medcalc_bench_id=38,
    from_medcalc_bench=lambda e: {
        "age": age_years(e),
        "sex": sex(e),
        "weight_kg": num(e, "weight", "kg"),
        "sodium": num(e, "Sodium", "mmol/L", analyte="sodium", fix=SODIUM),
    },
    official_names=("Free Water Deficit in Hypernatremia",),
    from_official=_official,
    to_official=lambda r: round_half_away(r.value, 1),
)

register(FREE_WATER_DEFICIT)
