"""Fractional excretion of sodium (FENa)."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, Calculator, EHRSource, Input, Output, register, round_half_away
from ..officials import official_value
from ._entities import num

S_NA = Input("serum_sodium", "Serum sodium", unit="mmol/L", min=80, max=220,
             ehr=EHRSource("lab", ("Sodium", "Na", "Serum sodium"), "mmol/L"))
S_CR = Input("serum_creatinine", "Serum creatinine", unit="mg/dL", min=0.05, max=40,
             ehr=EHRSource("lab", ("Creatinine", "Serum creatinine", "CREA"), "mg/dL"))
U_NA = Input("urine_sodium", "Urine sodium", unit="mmol/L", min=0, max=400,
             ehr=EHRSource("lab", ("Urine sodium", "Urine Na"), "mmol/L"))
U_CR = Input("urine_creatinine", "Urine creatinine", unit="mg/dL", min=1, max=1000,
             ehr=EHRSource("lab", ("Urine creatinine", "Urine CREA"), "mg/dL"))


def _fena(serum_sodium: float, serum_creatinine: float, urine_sodium: float, urine_creatinine: float) -> float:
    return 100.0 * (urine_sodium * serum_creatinine) / (serum_sodium * urine_creatinine)


def _interpret(value: float, **_: object) -> str:
    if value < 1:
        return "FENa < 1%: prerenal cause of acute kidney injury likely (sodium avidity)"
    if value > 2:
        return "FENa > 2%: intrinsic renal injury (e.g. acute tubular necrosis) or postrenal cause likely"
    return "FENa 1-2%: indeterminate"


def _official(inputs: list) -> dict:
    return {
        "serum_sodium": official_value(inputs, ("serum sodium", "sodium"), "mmol/L", analyte="sodium", exclude=("urine",)),
        "serum_creatinine": official_value(inputs, ("serum creatinine", "creatinine"), "mg/dL", analyte="creatinine",
                                           exclude=("urine",)),
        "urine_sodium": official_value(inputs, ("urine sodium",), "mmol/L", analyte="sodium"),
        "urine_creatinine": official_value(inputs, ("urine creatinine",), "mg/dL", analyte="creatinine"),
    }


FENA = Calculator(
    id="fena",
    name="Fractional Excretion of Sodium (FENa)",
    aliases=("FENa", "FE Na", "fractional sodium excretion", "FENa%"),
    domains=(CRITICAL, INTERNAL),
    specialty="Nephrology",
    purpose="Percentage of filtered sodium excreted in urine; separates prerenal from intrinsic acute kidney injury.",
    inputs=(S_NA, S_CR, U_NA, U_CR),
    output=Output("number", unit="%", decimals=3, abs_tol=0.1, rel_tol=0.05),
    compute=_fena,
    interpret=_interpret,
    citation=("Espinel CH. The FENa test: use in the differential diagnosis of acute renal failure. JAMA. "
              "1976;236(6):579-581."),
    reference="""# Fractional Excretion of Sodium (FENa)

**Purpose.** The share of filtered sodium that escapes into the urine. Kidneys that are
under-perfused but structurally intact hold on to sodium (low FENa); injured tubules cannot.

**When to use.** Oliguric acute kidney injury, to separate prerenal azotaemia from acute tubular
necrosis. Unreliable after diuretics (use FEUrea), in CKD, contrast nephropathy, glomerulonephritis,
myoglobinuria, and early obstruction.

**Inputs.** Serum sodium and urine sodium (mmol/L); serum creatinine and urine creatinine
(same unit for both; mg/dL here).

**Formula.** FENa (%) = (urine Na × serum Cr) / (serum Na × urine Cr) × 100.

**Interpretation.**
| FENa | Reading |
|---|---|
| < 1% | Prerenal |
| 1 – 2% | Indeterminate |
| > 2% | Intrinsic renal (ATN) or postrenal |

**Reference.** Espinel CH. JAMA. 1976;236(6):579-581.
""",
    medcalc_bench_id=40,
    from_medcalc_bench=lambda e: {
        "serum_sodium": num(e, ("Sodium", "Serum sodium"), "mmol/L", analyte="sodium", fix=S_NA),
        "serum_creatinine": num(e, ("creatinine", "Serum creatinine"), "mg/dL", analyte="creatinine", fix=S_CR),
        "urine_sodium": num(e, "Urine sodium", "mmol/L", analyte="sodium"),
        "urine_creatinine": num(e, "Urine creatinine", "mg/dL", analyte="creatinine", fix=U_CR),
    },
    official_names=("Fractional Excretion of Sodium (FENa)",),
    from_official=_official,
    to_official=lambda r: round_half_away(r.value, 1),
)

register(FENA)
