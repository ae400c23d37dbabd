"""Body surface area by the Mosteller formula."""
from __future__ import annotations

import math

from ..base import INTERNAL, SPECIAL, Calculator, EHRSource, Input, Output, register
from ..officials import official_value
from ._entities import num

WEIGHT = Input("weight_kg", "Body weight", unit="kg", min=0.3, max=400, ehr=EHRSource("vital", ("weight",), "kg"))
HEIGHT = Input("height_cm", "Height", unit="cm", min=20, max=260, ehr=EHRSource("vital", ("height",), "cm"))


def bsa_mosteller(weight_kg: float, height_cm: float) -> float:
    return math.sqrt(weight_kg * height_cm / 3600.0)


BSA = Calculator(
    id="bsa_mosteller",
    name="Body Surface Area (Mosteller)",
    aliases=("Body Surface Area", "BSA", "Body Surface Area Calculator", "Mosteller formula", "BSA Mosteller"),
    domains=(SPECIAL, INTERNAL),
    specialty="General Medicine / Oncology",
    purpose="Estimates body surface area from height and weight, for dosing chemotherapy and indexing "
            "physiological measurements.",
    inputs=(WEIGHT, HEIGHT),
    output=Output("number", unit="m^2", decimals=2, abs_tol=0.02, rel_tol=0.02),
    compute=bsa_mosteller,
    interpret=lambda value, **_: f"BSA {value:.2f} m^2 (typical adult about 1.7-1.9 m^2)",
    citation="Mosteller RD. Simplified calculation of body-surface area. N Engl J Med. 1987;317(17):1098.",
    reference="""# Body Surface Area (Mosteller)

**Purpose.** Body surface area (BSA) scales drug doses (cytotoxic chemotherapy, some antibiotics
in children) and indexes physiology (cardiac index, valve areas, GFR per 1.73 m²).

**When to use.** BSA-based dosing and indexing in adults and children. The Mosteller formula is a
simplification of Gehan-George with near-identical results and is the most used.

**Inputs.** Weight (kg), height (cm).

**Formula.** BSA (m²) = √(height (cm) × weight (kg) / 3600).

**Interpretation.** A typical adult BSA is about 1.7 m² (women ~1.6, men ~1.9). A BSA-based dose is
dose per m² × BSA; many protocols cap BSA (e.g. 2.0 m²) or use adjusted weight in obesity.

**Reference.** Mosteller RD. Simplified calculation of body-surface area. N Engl J Med. 1987;317(17):1098.
""",
    medcalc_bench_id=60,
    from_medcalc_bench=lambda e: {"weight_kg": num(e, "weight", "kg"), "height_cm": num(e, "height", "cm")},
    official_names=(),
    from_official=lambda inputs: {
        "weight_kg": official_value(inputs, ("weight",), "kg"),
        "height_cm": official_value(inputs, ("height",), "cm"),
    },
)

register(BSA)
