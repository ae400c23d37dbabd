"""Corticosteroid dose conversion by glucocorticoid equivalence."""
from __future__ import annotations

from ..base import INTERNAL, SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import official_text, official_value
from . import _mcb_reader as mcb

# Equivalent glucocorticoid doses (mg) -- each row has the anti-inflammatory effect of 20 mg hydrocortisone.
EQUIVALENT_MG = {
    "betamethasone": 0.75,
    "cortisone": 25.0,
    "dexamethasone": 0.75,
    "hydrocortisone": 20.0,
    "methylprednisolone": 4.0,
    "prednisolone": 5.0,
    "prednisone": 5.0,
    "triamcinolone": 4.0,
}
STEROIDS = tuple(EQUIVALENT_MG)


def _convert(from_steroid: str, dose_mg: float, to_steroid: str):
    hc_equiv = dose_mg / EQUIVALENT_MG[from_steroid] * EQUIVALENT_MG["hydrocortisone"]
    out = dose_mg / EQUIVALENT_MG[from_steroid] * EQUIVALENT_MG[to_steroid]
    return out, {"hydrocortisone_equivalent_mg": round(hc_equiv, 2)}


def _interpret(value: float, to_steroid: str, **_: object) -> str:
    return (f"equivalent {to_steroid} dose {value:g} mg (glucocorticoid effect only; mineralocorticoid "
            "activity and duration of action differ between agents)")


def _drug(name: str, what: str) -> str:
    n = name.strip().lower().replace("-", "").replace(" ", "")
    for s in sorted(STEROIDS, key=len, reverse=True):  # 'prednisolone' before 'prednisone'
        if n.startswith(s) or s in n:
            return s
    raise CalculatorInputError(f"{what}: unknown corticosteroid {name!r}; use one of {', '.join(STEROIDS)}")


def _from_mcb(e: dict) -> dict:
    src = mcb.get(e, "input steroid")
    tgt = mcb.get(e, "target steroid")
    if not isinstance(src, (list, tuple)) or len(src) < 2 or tgt is None:
        raise CalculatorInputError("MedCalc-Bench entities need 'input steroid' [name, dose, unit] and 'target steroid'")
    dose = float(src[1])
    unit = str(src[2]).strip().lower() if len(src) > 2 else "mg"
    if unit not in {"mg", "milligrams"}:
        from ..units import convert

        dose = convert(dose, unit, "mg")
    return {"from_steroid": _drug(str(src[0]), "input steroid"), "dose_mg": dose,
            "to_steroid": _drug(str(tgt), "target steroid")}


STEROID = Calculator(
    id="steroid_conversion",
    name="Steroid Conversion Calculator",
    aliases=("steroid conversion", "corticosteroid conversion", "glucocorticoid equivalence",
             "corticosteroid equivalent dose"),
    domains=(INTERNAL, SPECIAL),
    specialty="Endocrinology / Clinical Pharmacology",
    purpose="Converts a dose of one corticosteroid into the equivalent dose of another by glucocorticoid potency.",
    inputs=(
        Input("from_steroid", "Current corticosteroid", kind="choice", choices=STEROIDS,
              ehr=EHRSource("order", STEROIDS)),
        Input("dose_mg", "Current dose", unit="mg", min=0.01, max=10000, ehr=EHRSource("order", STEROIDS, "mg")),
        Input("to_steroid", "Target corticosteroid", kind="choice", choices=STEROIDS, ehr=EHRSource("none")),
    ),
    output=Output("number", unit="mg", decimals=2, abs_tol=0.05, rel_tol=0.02),
    compute=_convert,
    interpret=_interpret,
    citation="Meikle AW, Tyler FH. Potency and duration of action of glucocorticoids. Effects of hydrocortisone, "
             "prednisone and dexamethasone on human pituitary-adrenal function. Am J Med. 1977;63(2):200-207.",
    reference="""# Steroid Conversion (Glucocorticoid Equivalence)

**Purpose.** Switches a patient between corticosteroids (route change, formulary, stress dosing)
while keeping the same glucocorticoid (anti-inflammatory) effect.

**When to use.** Converting oral <-> IV therapy or between agents. Equivalence ignores
mineralocorticoid effect (high for hydrocortisone/cortisone, nil for dexamethasone) and duration
of action; oral and IV doses of the same agent are treated as equal.

**Inputs.** Current agent and dose (mg), target agent.

**Equivalent doses (mg).**
| Agent | Equivalent dose |
|---|---|
| Betamethasone (IV) | 0.75 |
| Cortisone (PO) | 25 |
| Dexamethasone (PO/IV) | 0.75 |
| Hydrocortisone (PO/IV) | 20 |
| Methylprednisolone (PO/IV) | 4 |
| Prednisolone (PO) | 5 |
| Prednisone (PO) | 5 |
| Triamcinolone (IV) | 4 |

**Formula.** Target dose = current dose / equivalent(current) x equivalent(target).

**Interpretation.** A dose in mg of the target agent; round to available strengths.

**Reference.** Meikle AW, Tyler FH. Am J Med. 1977;63:200-207; standard equivalence tables
(e.g. Liu D et al. Allergy Asthma Clin Immunol. 2013;9:30).
""",
    medcalc_bench_id=24,
    from_medcalc_bench=_from_mcb,
    official_names=(),
    from_official=lambda inputs: {
        "from_steroid": _drug(official_text(inputs, ("current steroid", "from", "steroid")), "current steroid"),
        "dose_mg": official_value(inputs, ("dose",), "mg"),
        "to_steroid": _drug(official_text(inputs, ("target", "to steroid", "convert to")), "target steroid"),
    },
)

register(STEROID)
