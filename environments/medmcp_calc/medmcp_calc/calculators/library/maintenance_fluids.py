"""Maintenance IV fluid rate by the 4-2-1 rule (Holliday-Segar)."""
from __future__ import annotations

from ..base import CRITICAL, SPECIAL, Calculator, EHRSource, Input, Output, register
from ..officials import official_value
from . import _mcb_reader as mcb


def _rate(weight_kg: float):
    first = min(weight_kg, 10.0)
    second = min(max(weight_kg - 10.0, 0.0), 10.0)
    rest = max(weight_kg - 20.0, 0.0)
    rate = 4.0 * first + 2.0 * second + 1.0 * rest
    return rate, {"daily_volume_ml": round(rate * 24.0, 1)}


def _interpret(value: float, **_: object) -> str:
    return (f"maintenance rate {value:g} mL/hr (~{value * 24:.0f} mL/day); adjust for losses, fever, "
            "renal/cardiac disease and SIADH risk")


MAINTENANCE_FLUIDS = Calculator(
    id="maintenance_fluids",
    name="Maintenance Fluids Calculations",
    aliases=("4-2-1 rule", "Holliday-Segar", "maintenance IV fluids", "maintenance fluid rate",
             "Holliday-Segar method"),
    domains=(SPECIAL, CRITICAL),
    specialty="Pediatrics / Critical Care",
    purpose="Hourly maintenance IV fluid rate from body weight with the 4-2-1 (Holliday-Segar) rule.",
    inputs=(
        Input("weight_kg", "Body weight", unit="kg", min=0.3, max=400, ehr=EHRSource("vital", ("weight",), "kg")),
    ),
    output=Output("number", unit="mL/hr", decimals=1, abs_tol=1.0, rel_tol=0.02),
    compute=_rate,
    interpret=_interpret,
    citation="Holliday MA, Segar WE. The maintenance need for water in parenteral fluid therapy. "
             "Pediatrics. 1957;19(5):823-832.",
    reference="""# Maintenance Fluids (4-2-1 Rule, Holliday-Segar)

**Purpose.** Estimates the hourly fluid volume that replaces normal ongoing losses (insensible
loss plus urine) in a patient who is not drinking, based on caloric expenditure scaled to weight.

**When to use.** Children and adults needing maintenance IV fluids. It is a starting point: add
deficits and ongoing losses; reduce in heart failure, renal failure or SIADH risk; neonates follow
separate rules.

**Inputs.** Body weight (kg).

**Rule (mL/hr).**
| Weight band | Rate |
|---|---|
| First 10 kg | 4 mL/kg/hr |
| Next 10 kg (11-20 kg) | + 2 mL/kg/hr |
| Each kg above 20 | + 1 mL/kg/hr |

So: <= 10 kg: 4 x W; 10-20 kg: 40 + 2 x (W - 10); > 20 kg: 60 + (W - 20).
(Daily form, 100-50-20: 100 mL/kg/day for the first 10 kg, 50 for the next 10, 20 above.)

**Interpretation.** A rate in mL/hr; check electrolytes (isotonic fluids are now preferred).

**Reference.** Holliday MA, Segar WE. Pediatrics. 1957;19:823-832.
""",
    medcalc_bench_id=22,
    from_medcalc_bench=lambda e: {"weight_kg": mcb.number(e, "weight", "kg")},
    official_names=("Maintenance Fluids Calculations",),
    from_official=lambda inputs: {"weight_kg": official_value(inputs, ("weight",), "kg")},
)

register(MAINTENANCE_FLUIDS)
