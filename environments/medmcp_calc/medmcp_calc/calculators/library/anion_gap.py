"""Serum anion gap family: anion gap, delta gap, delta ratio, and their albumin-corrected forms.

All six share one arithmetic core so the family stays consistent:
    AG      = Na - (Cl + HCO3)
    AG_alb  = AG + 2.5 * (4.0 - albumin[g/dL])
    delta gap   = AG - 12            delta ratio = (AG - 12) / (24 - HCO3)
(the albumin-corrected delta gap / ratio use AG_alb in place of AG).
"""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import official_value
from ._entities import num

NORMAL_AG = 12.0  # mEq/L, the reference anion gap the delta calculations subtract
NORMAL_HCO3 = 24.0  # mEq/L
NORMAL_ALBUMIN = 4.0  # g/dL

SODIUM = Input("sodium", "Serum sodium", unit="mEq/L", min=80, max=220,
               ehr=EHRSource("lab", ("Sodium", "Na", "Serum sodium"), "mmol/L"))
CHLORIDE = Input("chloride", "Serum chloride", unit="mEq/L", min=40, max=180,
                 ehr=EHRSource("lab", ("Chloride", "Cl", "Serum chloride"), "mmol/L"))
BICARB = Input("bicarbonate", "Serum bicarbonate (total CO2)", unit="mEq/L", min=0, max=70,
               ehr=EHRSource("lab", ("Bicarbonate", "HCO3", "Total CO2", "CO2"), "mmol/L"))
ALBUMIN = Input("albumin", "Serum albumin", unit="g/dL", min=0.3, max=8.0,
                ehr=EHRSource("lab", ("Albumin", "ALB", "Serum albumin"), "g/L",
                              note="EHRs often report g/L: divide by 10"))


def anion_gap(sodium: float, chloride: float, bicarbonate: float) -> float:
    return sodium - (chloride + bicarbonate)


def albumin_corrected(ag: float, albumin: float) -> float:
    return ag + 2.5 * (NORMAL_ALBUMIN - albumin)


def _ratio(delta_gap: float, bicarbonate: float) -> float:
    denom = NORMAL_HCO3 - bicarbonate
    if abs(denom) < 1e-9:
        raise CalculatorInputError(
            "input 'bicarbonate' (Serum bicarbonate, mEq/L) = 24 leaves no bicarbonate deficit: the delta ratio "
            "(delta gap / (24 - HCO3)) is undefined; use the delta gap instead"
        )
    return delta_gap / denom


def _interpret_ag(value: float, **_: object) -> str:
    if value > 12:
        return "elevated anion gap (>12 mEq/L): consider an anion-gap metabolic acidosis (MUDPILES/GOLDMARK causes)"
    if value < 3:
        return "low anion gap (<3 mEq/L): consider hypoalbuminaemia, paraproteinaemia, lithium/bromide, lab error"
    return "normal anion gap (3-12 mEq/L; normal range depends on the laboratory)"


def _interpret_dg(value: float, **_: object) -> str:
    if value > 6:
        return "delta gap > 6: a concurrent metabolic alkalosis is likely"
    if value < -6:
        return "delta gap < -6: a concurrent non-anion-gap (hyperchloraemic) acidosis is likely"
    return "delta gap within ±6: a pure anion-gap acidosis (or no acidosis) is consistent"


def _interpret_dr(value: float, **_: object) -> str:
    if value < 0.4:
        return "delta ratio < 0.4: hyperchloraemic normal-anion-gap acidosis"
    if value < 1:
        return "delta ratio 0.4-0.99: combined high-anion-gap and normal-anion-gap acidosis"
    if value <= 2:
        return "delta ratio 1-2: uncomplicated high-anion-gap acidosis (lactic acidosis typically ~1.6, DKA ~1)"
    return "delta ratio > 2: high-anion-gap acidosis with a concurrent metabolic alkalosis or pre-existing compensated respiratory acidosis"


def _mcb(e: dict, with_albumin: bool = False) -> dict:
    out = {
        "sodium": num(e, "Sodium", "mEq/L", analyte="sodium", fix=SODIUM),
        "chloride": num(e, "Chloride", "mEq/L", analyte="chloride", fix=CHLORIDE),
        "bicarbonate": num(e, ("Bicarbonate", "HCO3"), "mEq/L", analyte="bicarbonate", fix=BICARB),
    }
    if with_albumin:
        out["albumin"] = num(e, "Albumin", "g/dL", analyte="albumin", fix=ALBUMIN, alt_units=("g/L",))
    return out


def _off(inputs: list, with_albumin: bool = False) -> dict:
    out = {
        "sodium": official_value(inputs, ("sodium", "na"), "mEq/L", analyte="sodium", exclude=("urine",)),
        "chloride": official_value(inputs, ("chloride", "cl"), "mEq/L", analyte="chloride", exclude=("urine",)),
        "bicarbonate": official_value(inputs, ("bicarbonate", "hco3", "co2"), "mEq/L", analyte="bicarbonate"),
    }
    if with_albumin:
        out["albumin"] = official_value(inputs, ("albumin",), "g/dL", analyte="albumin")
    return out


_CITE_AG = "Emmett M, Narins RG. Clinical use of the anion gap. Medicine (Baltimore). 1977;56(1):38-54."
_CITE_DELTA = ("Wrenn K. The delta (delta) gap: an approach to mixed acid-base disorders. Ann Emerg Med. "
               "1990;19(11):1310-1313.")
_CITE_ALB = ("Figge J, Jabor A, Kazda A, Fencl V. Anion gap and hypoalbuminemia. Crit Care Med. "
             "1998;26(11):1807-1810.")

_AG_FORMULA = "Anion gap (AG) = Na − (Cl + HCO3), all in mEq/L (= mmol/L for these monovalent ions)."
_ALB_FORMULA = "Albumin-corrected AG = AG + 2.5 × (4.0 − albumin [g/dL]): each 1 g/dL fall in albumin hides about 2.5 mEq/L of unmeasured anions."

ANION_GAP = Calculator(
    id="anion_gap",
    name="Anion Gap",
    aliases=("Serum anion gap", "AG", "anion gap calculator", "plasma anion gap"),
    domains=(CRITICAL, INTERNAL),
    specialty="Nephrology / Critical Care",
    purpose="Estimates unmeasured anions in serum to classify a metabolic acidosis as high- or normal-anion-gap.",
    inputs=(SODIUM, CHLORIDE, BICARB),
    output=Output("number", unit="mEq/L", decimals=2, abs_tol=0.5, rel_tol=0.05),
    compute=anion_gap,
    interpret=_interpret_ag,
    citation=_CITE_AG,
    reference=f"""# Anion Gap

**Purpose.** The difference between the main measured cation (sodium) and the main measured
anions (chloride, bicarbonate) in serum. A raised gap points to accumulation of unmeasured
anions — lactate, ketoacids, toxic alcohol metabolites, uraemic anions.

**When to use.** Any patient with a metabolic acidosis (low bicarbonate) or an unexplained
acid-base problem; first step before the delta gap / delta ratio.

**Inputs.** Serum sodium, chloride and bicarbonate (mEq/L or mmol/L).

**Formula.** {_AG_FORMULA}

**Interpretation.**
| AG (mEq/L) | Reading |
|---|---|
| < 3 | Low: hypoalbuminaemia, paraprotein, halide intoxication, lab error |
| 3 – 12 | Normal (laboratory-dependent; with modern analysers often 3-10) |
| > 12 | High: anion-gap metabolic acidosis (lactate, ketones, toxic alcohols, salicylate, uraemia) |

Hypoalbuminaemia lowers the gap; use the albumin-corrected anion gap when albumin is low.

**Reference.** {_CITE_AG}
""",
    medcalc_bench_id=39,
    from_medcalc_bench=_mcb,
    official_names=("Serum Anion Gap",),
    from_official=_off,
)

DELTA_GAP = Calculator(
    id="delta_gap",
    name="Delta Gap",
    aliases=("Δ gap", "delta anion gap", "excess anion gap", "delta-delta gap"),
    domains=(CRITICAL, INTERNAL),
    specialty="Nephrology / Critical Care",
    purpose="The rise of the anion gap above normal, used to look for a second acid-base disorder.",
    inputs=(SODIUM, CHLORIDE, BICARB),
    output=Output("number", unit="mEq/L", decimals=2, abs_tol=0.5, rel_tol=0.05),
    compute=lambda sodium, chloride, bicarbonate: anion_gap(sodium, chloride, bicarbonate) - NORMAL_AG,
    interpret=_interpret_dg,
    citation=_CITE_DELTA,
    reference=f"""# Delta Gap

**Purpose.** Measures how far the anion gap has risen above normal. Compared with the fall in
bicarbonate, it reveals a hidden metabolic alkalosis or an added normal-gap acidosis.

**When to use.** A high-anion-gap metabolic acidosis, to check for a mixed disorder.

**Inputs.** Serum sodium, chloride, bicarbonate (mEq/L).

**Formula.** {_AG_FORMULA} Delta gap = AG − 12 (12 mEq/L taken as the normal gap).

**Interpretation.** In a pure anion-gap acidosis the gap rises about as much as bicarbonate falls,
so AG − 12 ≈ 24 − HCO3. A delta gap well above the bicarbonate deficit (bicarbonate "too high")
suggests a concurrent metabolic alkalosis; well below suggests an additional non-gap acidosis.
A common bedside reading: > +6 alkalosis likely, < −6 non-gap acidosis likely.

**Reference.** {_CITE_DELTA}
""",
    medcalc_bench_id=63,
    from_medcalc_bench=_mcb,
    from_official=_off,
)


def _delta_ratio(sodium: float, chloride: float, bicarbonate: float) -> float:
    return _ratio(anion_gap(sodium, chloride, bicarbonate) - NORMAL_AG, bicarbonate)


DELTA_RATIO = Calculator(
    id="delta_ratio",
    name="Delta Ratio",
    aliases=("delta-delta ratio", "Δ/Δ ratio", "delta delta", "ΔAG/ΔHCO3"),
    domains=(CRITICAL, INTERNAL),
    specialty="Nephrology / Critical Care",
    purpose="Ratio of the anion-gap rise to the bicarbonate fall, to detect mixed metabolic disorders.",
    inputs=(SODIUM, CHLORIDE, BICARB),
    output=Output("number", unit=None, decimals=3, abs_tol=0.05, rel_tol=0.05),
    compute=_delta_ratio,
    interpret=_interpret_dr,
    citation=_CITE_DELTA,
    reference=f"""# Delta Ratio

**Purpose.** Compares the increase of the anion gap with the decrease of bicarbonate in a
metabolic acidosis, to find a second, concurrent metabolic disorder.

**When to use.** High-anion-gap metabolic acidosis. Undefined when bicarbonate is 24 mEq/L.

**Inputs.** Serum sodium, chloride, bicarbonate (mEq/L).

**Formula.** {_AG_FORMULA} Delta ratio = (AG − 12) / (24 − HCO3).

**Interpretation.**
| Delta ratio | Reading |
|---|---|
| < 0.4 | Hyperchloraemic normal-anion-gap acidosis |
| 0.4 – 0.99 | Mixed high-gap and normal-gap acidosis (e.g. renal failure, DKA with saline) |
| 1 – 2 | Uncomplicated high-anion-gap acidosis (lactic acidosis ~1.6; DKA nearer 1) |
| > 2 | High-gap acidosis plus metabolic alkalosis, or pre-existing compensated respiratory acidosis |

**Reference.** {_CITE_DELTA}
""",
    medcalc_bench_id=64,
    from_medcalc_bench=_mcb,
    from_official=_off,
)


def _acag(sodium: float, chloride: float, bicarbonate: float, albumin: float) -> float:
    return albumin_corrected(anion_gap(sodium, chloride, bicarbonate), albumin)


ALB_AG = Calculator(
    id="albumin_corrected_anion_gap",
    name="Albumin Corrected Anion Gap",
    aliases=("Anion gap corrected for albumin", "corrected anion gap", "albumin-adjusted anion gap", "Figge correction"),
    domains=(CRITICAL, INTERNAL),
    specialty="Nephrology / Critical Care",
    purpose="Anion gap adjusted for a low serum albumin, which otherwise masks unmeasured anions.",
    inputs=(SODIUM, CHLORIDE, BICARB, ALBUMIN),
    output=Output("number", unit="mEq/L", decimals=2, abs_tol=0.5, rel_tol=0.05),
    compute=_acag,
    interpret=_interpret_ag,
    citation=_CITE_ALB,
    reference=f"""# Albumin Corrected Anion Gap

**Purpose.** Albumin is the main unmeasured anion; when it is low, the plain anion gap
under-reads. The correction restores the gap expected at a normal albumin of 4 g/dL.

**When to use.** Critically ill, malnourished, cirrhotic or nephrotic patients with a metabolic
acidosis, where hypoalbuminaemia is common.

**Inputs.** Serum sodium, chloride, bicarbonate (mEq/L); albumin (g/dL; g/L ÷ 10).

**Formula.** {_AG_FORMULA} {_ALB_FORMULA}

**Interpretation.** As for the anion gap: > 12 mEq/L suggests a high-anion-gap metabolic
acidosis even when the uncorrected gap looks normal.

**Reference.** {_CITE_ALB}
""",
    medcalc_bench_id=65,
    from_medcalc_bench=lambda e: _mcb(e, True),
    from_official=lambda i: _off(i, True),
)

ALB_DG = Calculator(
    id="albumin_corrected_delta_gap",
    name="Albumin Corrected Delta Gap",
    aliases=("delta gap corrected for albumin", "corrected delta gap"),
    domains=(CRITICAL, INTERNAL),
    specialty="Nephrology / Critical Care",
    purpose="Delta gap computed from the albumin-corrected anion gap.",
    inputs=(SODIUM, CHLORIDE, BICARB, ALBUMIN),
    output=Output("number", unit="mEq/L", decimals=2, abs_tol=0.5, rel_tol=0.05),
    compute=lambda sodium, chloride, bicarbonate, albumin: _acag(sodium, chloride, bicarbonate, albumin) - NORMAL_AG,
    interpret=_interpret_dg,
    citation=_CITE_DELTA + " " + _CITE_ALB,
    reference=f"""# Albumin Corrected Delta Gap

**Purpose.** The excess of the albumin-corrected anion gap over normal, for detecting a mixed
acid-base disorder in a patient with low albumin.

**When to use.** High-anion-gap metabolic acidosis with hypoalbuminaemia.

**Inputs.** Serum sodium, chloride, bicarbonate (mEq/L); albumin (g/dL).

**Formula.** {_AG_FORMULA} {_ALB_FORMULA} Albumin-corrected delta gap = corrected AG − 12.

**Interpretation.** Compare with the bicarbonate deficit (24 − HCO3): a much larger delta gap
suggests a concurrent metabolic alkalosis; a much smaller one an added non-gap acidosis.

**References.** {_CITE_DELTA} {_CITE_ALB}
""",
    medcalc_bench_id=66,
    from_medcalc_bench=lambda e: _mcb(e, True),
    from_official=lambda i: _off(i, True),
)

ALB_DR = Calculator(
    id="albumin_corrected_delta_ratio",
    name="Albumin Corrected Delta Ratio",
    aliases=("delta ratio corrected for albumin", "corrected delta ratio"),
    domains=(CRITICAL, INTERNAL),
    specialty="Nephrology / Critical Care",
    purpose="Delta ratio computed from the albumin-corrected anion gap.",
    inputs=(SODIUM, CHLORIDE, BICARB, ALBUMIN),
    output=Output("number", unit=None, decimals=3, abs_tol=0.05, rel_tol=0.05),
    compute=lambda sodium, chloride, bicarbonate, albumin: _ratio(
        _acag(sodium, chloride, bicarbonate, albumin) - NORMAL_AG, bicarbonate),
    interpret=_interpret_dr,
    citation=_CITE_DELTA + " " + _CITE_ALB,
    reference=f"""# Albumin Corrected Delta Ratio

**Purpose.** The delta ratio with the anion gap corrected for hypoalbuminaemia.

**When to use.** High-anion-gap metabolic acidosis with low albumin. Undefined at HCO3 = 24.

**Inputs.** Serum sodium, chloride, bicarbonate (mEq/L); albumin (g/dL).

**Formula.** {_AG_FORMULA} {_ALB_FORMULA}
Albumin-corrected delta ratio = (corrected AG − 12) / (24 − HCO3).

**Interpretation.** < 0.4 normal-gap acidosis; 0.4–0.99 mixed high- and normal-gap acidosis;
1–2 pure high-gap acidosis; > 2 high-gap acidosis with metabolic alkalosis.

**References.** {_CITE_DELTA} {_CITE_ALB}
""",
    medcalc_bench_id=67,
    from_medcalc_bench=lambda e: _mcb(e, True),
    from_official=lambda i: _off(i, True),
)

register(ANION_GAP, DELTA_GAP, DELTA_RATIO, ALB_AG, ALB_DG, ALB_DR)
