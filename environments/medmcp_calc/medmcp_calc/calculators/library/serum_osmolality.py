"""Calculated serum osmolality (2 Na + BUN/2.8 + glucose/18, optional ethanol/3.7)."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, SPECIAL, Calculator, EHRSource, Input, Output, register, round_half_away
from ..officials import find_field, official_value
from ._entities import num

SODIUM = Input("sodium", "Serum sodium", unit="mmol/L", min=80, max=220,
               ehr=EHRSource("lab", ("Sodium", "Na", "Serum sodium"), "mmol/L"))
BUN = Input("bun", "Blood urea nitrogen (BUN)", unit="mg/dL", min=0, max=400,
            ehr=EHRSource("lab", ("Blood urea nitrogen", "BUN", "Urea nitrogen", "Urea"), "mg/dL",
                          note="urea in mmol/L: BUN mg/dL = urea mmol/L x 2.8"))
GLUCOSE = Input("glucose", "Serum glucose", unit="mg/dL", min=0, max=3000,
                ehr=EHRSource("lab", ("Glucose", "GLU", "Blood glucose"), "mg/dL"))
ETHANOL = Input("ethanol", "Serum ethanol", unit="mg/dL", min=0, max=1500, optional=True, default=0.0,
                description="blood alcohol; 0 when not measured",
                ehr=EHRSource("lab", ("Ethanol", "Alcohol", "Blood alcohol"), "mg/dL"))


def _osm(sodium: float, bun: float, glucose: float, ethanol: float) -> tuple[float, dict]:
    parts = {"2xNa": 2 * sodium, "BUN/2.8": bun / 2.8, "glucose/18": glucose / 18.0, "ethanol/3.7": ethanol / 3.7}
    return sum(parts.values()), {k: round(v, 2) for k, v in parts.items()}


def _interpret(value: float, **_: object) -> str:
    if value < 275:
        return "low calculated osmolality (<275 mOsm/kg): hypo-osmolar state"
    if value > 295:
        return ("high calculated osmolality (>295 mOsm/kg): hyperosmolar state; compare with the measured "
                "osmolality (osmolal gap > 10 suggests unmeasured osmoles such as toxic alcohols)")
    return "normal calculated osmolality (275-295 mOsm/kg)"


def _official(inputs: list) -> dict:
    out = {
        "sodium": official_value(inputs, ("sodium", "na"), "mmol/L", analyte="sodium"),
        "bun": official_value(inputs, ("bun", "blood urea nitrogen", "urea nitrogen"), "mg/dL", analyte="bun"),
        "glucose": official_value(inputs, ("glucose",), "mg/dL", analyte="glucose"),
    }
    if find_field(inputs, ("alcohol", "ethanol")) is not None:
        out["ethanol"] = official_value(inputs, ("alcohol", "ethanol"), "mg/dL", analyte="ethanol")
    return out


SERUM_OSMOLALITY = Calculator(
    id="serum_osmolality",
    name="Serum Osmolality (calculated)",
    aliases=("Serum Osmolality", "Calculated serum osmolality", "Serum osmolarity", "plasma osmolality",
             "calculated osmolarity", "Serum Osmolality/Osmolarity"),
    domains=(CRITICAL, INTERNAL, SPECIAL),
    specialty="Nephrology / Critical Care",
    purpose="Estimates serum osmolality from sodium, urea nitrogen and glucose (and ethanol) for hyperosmolar "
            "states and the osmolal gap.",
    inputs=(SODIUM, BUN, GLUCOSE, ETHANOL),
    output=Output("number", unit="mOsm/kg", decimals=1, abs_tol=2.0, rel_tol=0.02),
    compute=_osm,
    interpret=_interpret,
    citation=("Dorwart WV, Chalmers L. Comparison of methods for calculating serum osmolality from chemical "
              "concentrations, and the prognostic value of such calculations. Clin Chem. 1975;21(2):190-194. "
              "Purssell RA, Pudek M, Brubacher J, Abu-Laban RB. Derivation and validation of a formula to calculate "
              "the contribution of ethanol to the osmolal gap. Ann Emerg Med. 2001;38(6):653-659."),
    reference="""# Serum Osmolality (calculated)

**Purpose.** Estimates the osmolality of serum from its main solutes. Used to assess hyper- and
hyponatraemia, hyperglycaemic crises (HHS), and — compared with the measured value — the osmolal
gap that points to toxic alcohols (methanol, ethylene glycol) or other unmeasured osmoles.

**When to use.** Sodium disorders, severe hyperglycaemia, altered mental status with suspected
ingestion, mannitol therapy.

**Inputs.** Sodium (mmol/L = mEq/L); blood urea nitrogen (mg/dL; urea or BUN reported in mmol/L
× 2.8 gives BUN in mg/dL); glucose (mg/dL; mmol/L × 18); optional serum ethanol (mg/dL).

**Formula.** Calculated osmolality (mOsm/kg) = 2 × Na + BUN / 2.8 + glucose / 18 [+ ethanol / 3.7].
The divisors turn mg/dL into mmol/L (BUN: 28 g/mol of urea nitrogen per mmol of urea; glucose 180 g/mol);
sodium is doubled for its accompanying anions.

**Interpretation.**
| mOsm/kg | Reading |
|---|---|
| < 275 | Hypo-osmolar |
| 275 – 295 | Normal |
| > 295 | Hyperosmolar (HHS usually > 320) |
Osmolal gap = measured − calculated; > 10 mOsm/kg suggests unmeasured osmoles.

**References.** Dorwart WV, Chalmers L. Clin Chem. 1975;21:190-194 (the 2Na + BUN/2.8 + glucose/18 form).
Purssell RA et al. Ann Emerg Med. 2001;38:653-659 (ethanol/3.7).
""",
    medcalc_bench_id=30,
    from_medcalc_bench=lambda e: {
        "sodium": num(e, "Sodium", "mmol/L", analyte="sodium", fix=SODIUM),
        "bun": num(e, ("Blood Urea Nitrogen (BUN)", "BUN"), "mg/dL", analyte="bun", fix=BUN),
        "glucose": num(e, "Glucose", "mg/dL", analyte="glucose", fix=GLUCOSE),
    },
    official_names=("Serum Osmolality/Osmolarity",),
    from_official=_official,
    to_official=lambda r: int(round_half_away(r.value, 0)),
)

register(SERUM_OSMOLALITY)
