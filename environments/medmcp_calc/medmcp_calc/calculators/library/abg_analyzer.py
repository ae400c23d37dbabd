"""Arterial blood gas interpretation: primary disorder, expected compensation, and the
albumin-corrected anion gap with a delta (corrected bicarbonate) check; plus the
bicarbonate deficit."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, Result, register
from ..officials import find_field, official_value
from ._official_util import field_text, opt_value

NORMAL_PH, NORMAL_PACO2, NORMAL_HCO3, NORMAL_AG = 7.40, 40.0, 24.0, 12.0
HCO3_LOW, HCO3_HIGH = 22.0, 26.0
RESP_TOL = 1.0  # mEq/L around the expected bicarbonate for respiratory disorders
METAB_TOL = 2.0  # mmHg around the expected PaCO2 for metabolic disorders


def _pick_primary(ph: float, paco2: float, hco3: float) -> str:
    if ph < NORMAL_PH:
        resp, met = paco2 > NORMAL_PACO2, hco3 < NORMAL_HCO3
        if resp and met:  # both push towards acidaemia: call the larger relative deviation primary
            return "respiratory acidosis" if (paco2 - 40) / 40 >= (24 - hco3) / 24 else "metabolic acidosis"
        if resp:
            return "respiratory acidosis"
        if met:
            return "metabolic acidosis"
    elif ph > NORMAL_PH:
        resp, met = paco2 < NORMAL_PACO2, hco3 > NORMAL_HCO3
        if resp and met:
            return "respiratory alkalosis" if (40 - paco2) / 40 >= (hco3 - 24) / 24 else "metabolic alkalosis"
        if resp:
            return "respiratory alkalosis"
        if met:
            return "metabolic alkalosis"
    else:
        if 35 <= paco2 <= 45 and HCO3_LOW <= hco3 <= HCO3_HIGH:
            return "normal"
        return "mixed"
    raise CalculatorInputError(
        f"inputs 'ph', 'paco2' and 'hco3' are inconsistent: pH {ph} with PaCO2 {paco2} mmHg and HCO3 {hco3} mEq/L "
        "shows no disturbance that could explain the pH; re-check the values"
    )


def analyse_abg(ph: float, paco2: float, hco3: float, sodium: float | None = None, chloride: float | None = None,
                albumin: float | None = None, chronicity: str = "acute") -> tuple[str, dict]:
    """Return (interpretation text, details)."""
    details: dict = {}
    primary = _pick_primary(ph, paco2, hco3)
    details["primary_disorder"] = primary
    if primary == "normal":
        text = "Normal acid-base status"
        return text, details
    if primary == "mixed":
        text = "Normal pH with abnormal PaCO2 and/or HCO3-: mixed (offsetting) acid-base disorder"
        return text, details

    metabolic_acidosis = primary == "metabolic acidosis"
    if primary == "metabolic acidosis":
        exp = 1.5 * hco3 + 8.0  # Winters' formula
        details["expected_paco2_mmHg"] = (round(exp - METAB_TOL, 1), round(exp + METAB_TOL, 1))
        if paco2 > exp + METAB_TOL:
            comp = "Secondary Respiratory Acidosis"
        elif paco2 < exp - METAB_TOL:
            comp = "Secondary Respiratory Alkalosis"
        else:
            comp = "Appropriately Compensated by Respiratory Alkalosis"
        head = "Primary Metabolic Acidosis"
    elif primary == "metabolic alkalosis":
        exp = 0.7 * hco3 + 21.0
        details["expected_paco2_mmHg"] = (round(exp - METAB_TOL, 1), round(exp + METAB_TOL, 1))
        if paco2 > exp + METAB_TOL:
            comp = "Secondary Respiratory Acidosis"
        elif paco2 < exp - METAB_TOL:
            comp = "Secondary Respiratory Alkalosis"
        else:
            comp = "Appropriately Compensated by Respiratory Acidosis"
        head = "Primary Metabolic Alkalosis"
    else:
        acute = chronicity == "acute"
        if primary == "respiratory acidosis":
            exp = NORMAL_HCO3 + (0.1 if acute else 0.35) * (paco2 - NORMAL_PACO2)
            ok = "Appropriately Compensated by Metabolic Alkalosis"
        else:
            exp = NORMAL_HCO3 - (0.2 if acute else 0.4) * (NORMAL_PACO2 - paco2)
            ok = "Appropriately Compensated by Metabolic Acidosis"
        details["expected_hco3_mEq_L"] = (round(exp - RESP_TOL, 1), round(exp + RESP_TOL, 1))
        if hco3 > exp + RESP_TOL:
            comp = "Secondary Metabolic Alkalosis"
        elif hco3 < exp - RESP_TOL:
            comp = "Secondary Metabolic Acidosis"
            metabolic_acidosis = True
        else:
            comp = ok
        head = f"Primary {primary.title()}, {'Acute' if acute else 'Chronic'}"

    extras: list[str] = []
    ag_line = ""
    if sodium is not None and chloride is not None:
        ag = sodium - chloride - hco3
        details["anion_gap"] = round(ag, 1)
        ag_corr = ag + 2.5 * (4.0 - albumin) if albumin is not None else ag
        if albumin is not None:
            details["albumin_corrected_anion_gap"] = round(ag_corr, 1)
        if metabolic_acidosis:
            if ag_corr > NORMAL_AG:
                ag_line = "This is an Anion Gap Metabolic Acidosis."
                corrected_hco3 = hco3 + (ag_corr - NORMAL_AG)
                details["delta_corrected_hco3"] = round(corrected_hco3, 1)
                if corrected_hco3 > HCO3_HIGH:
                    extras.append("Additional Metabolic Alkalosis")
                elif corrected_hco3 < HCO3_LOW:
                    extras.append("Additional Non-Gap Metabolic Acidosis")
            else:
                ag_line = "This is a Non-Gap Metabolic Acidosis."
    details["anion_gap_statement"] = ag_line
    text = f"{head}, with: {comp}" + "".join(f" and {e}" for e in extras)
    details["summary"] = _plain_summary(primary, comp, extras, ag_line)
    return text, details


def _plain_summary(primary: str, comp: str, extras: list[str], ag_line: str) -> str:
    """Plain-language one-liner, e.g. 'Metabolic acidosis (anion gap) with appropriate respiratory compensation'."""
    p = primary.capitalize()
    if ag_line and primary == "metabolic acidosis":
        p += " (anion gap)" if "Anion Gap" in ag_line else " (normal anion gap)"
    if comp.startswith("Appropriately"):
        other = "respiratory" if primary.startswith("metabolic") else "metabolic"
        c = f"with appropriate {other} compensation"
    else:
        c = "with a " + comp.replace("Secondary ", "secondary ").lower()
    return " ".join([p, c] + [f"and {e.lower()}" for e in extras])


def _official_text(res: Result) -> str:
    line = res.details.get("anion_gap_statement") or ""
    return f"{line}\n{res.value}" if line else str(res.value)


ABG = Calculator(
    id="abg_analyzer",
    name="Arterial Blood Gas (ABG) Analyzer",
    aliases=("ABG analyzer", "ABG interpretation", "arterial blood gas interpretation", "acid-base analyzer",
             "blood gas analysis"),
    domains=(CRITICAL, INTERNAL),
    specialty="Critical Care",
    purpose="Names the primary acid-base disorder, checks the expected compensation and screens for anion-gap and mixed metabolic disorders.",
    inputs=(
        Input("ph", "Arterial pH", min=6.5, max=8.0, ehr=EHRSource("lab", ("pH",))),
        Input("paco2", "PaCO2", unit="mmHg", min=5, max=200, ehr=EHRSource("lab", ("PaCO2", "pCO2"), "mmHg")),
        Input("hco3", "Bicarbonate (HCO3-)", unit="mEq/L", min=1, max=80,
              ehr=EHRSource("lab", ("HCO3", "Bicarbonate", "Total CO2"), "mEq/L")),
        Input("sodium", "Sodium", unit="mEq/L", min=90, max=200, optional=True, ehr=EHRSource("lab", ("Sodium",), "mEq/L")),
        Input("chloride", "Chloride", unit="mEq/L", min=50, max=160, optional=True, ehr=EHRSource("lab", ("Chloride",), "mEq/L")),
        Input("albumin", "Albumin", unit="g/dL", min=0.5, max=7, optional=True, ehr=EHRSource("lab", ("Albumin",), "g/dL")),
        Input("chronicity", "Chronicity of a respiratory process", kind="choice", choices=("acute", "chronic"),
              optional=True, default="acute", ehr=EHRSource("history", ("acute", "chronic"))),
    ),
    output=Output("category"),
    compute=analyse_abg,
    interpret=lambda v, **_: str(v),
    citation="Berend K, de Vries APJ, Gans ROB. Physiological approach to assessment of acid-base disturbances. "
             "N Engl J Med. 2014;371(15):1434-1445. Winters' formula: Albert MS, Dell RB, Winters RW. Ann Intern Med. 1967;66(2):312-322. "
             "Albumin correction: Figge J, et al. Crit Care Med. 1998;26(11):1807-1810.",
    reference="""# Arterial Blood Gas (ABG) Analyzer

**Purpose.** A stepwise reading of an arterial blood gas: which disorder is primary, whether the
other system compensates as expected, and - with electrolytes - whether a metabolic acidosis has a
raised anion gap and a hidden second metabolic process.

**When to use.** Any arterial (or arterialised) blood gas in an acutely ill patient.

**Inputs.** pH, PaCO2 (mmHg), HCO3- (mEq/L); optional sodium, chloride (mEq/L), albumin (g/dL),
and whether a respiratory process is acute (default) or chronic.

**Steps.**
1. *Primary disorder* (reference pH 7.40, PaCO2 40 mmHg, HCO3- 24 mEq/L): pH below 7.40 with PaCO2 > 40 is
   respiratory acidosis, with HCO3- < 24 metabolic acidosis; pH above 7.40 with PaCO2 < 40 is respiratory
   alkalosis, with HCO3- > 24 metabolic alkalosis. When both fit, the larger relative deviation is primary.
2. *Expected compensation.*
| Primary disorder | Expected value | Window |
|---|---|---|
| Metabolic acidosis | PaCO2 = 1.5 x HCO3- + 8 (Winters) | +/- 2 mmHg |
| Metabolic alkalosis | PaCO2 = 0.7 x HCO3- + 21 | +/- 2 mmHg |
| Respiratory acidosis, acute / chronic | HCO3- rises 1 / 3.5 mEq/L per 10 mmHg PaCO2 above 40 | +/- 1 mEq/L |
| Respiratory alkalosis, acute / chronic | HCO3- falls 2 / 4 mEq/L per 10 mmHg PaCO2 below 40 | +/- 1 mEq/L |
   A value outside the window names a secondary (additional) disorder in the direction it deviates.
3. *Anion gap* (when a metabolic acidosis is present and Na, Cl are given): AG = Na - (Cl + HCO3-),
   corrected for albumin by + 2.5 x (4 - albumin g/dL). Corrected AG > 12 is an anion-gap metabolic acidosis.
4. *Delta check:* corrected HCO3- = HCO3- + (corrected AG - 12). Above 26 reveals an additional metabolic
   alkalosis; below 22 an additional non-gap metabolic acidosis.

**Interpretation.** The named primary disorder and its compensation guide the search for a cause (e.g.
anion-gap acidosis: ketoacidosis, lactate, toxins, uraemia). A compensation outside the expected window, or a
delta check outside 22-26 mEq/L, means a second, independent disorder. Always read the result with the
clinical picture; formulas assume a steady state.

**Output.** A sentence such as "Primary Metabolic Acidosis, with: Appropriately Compensated by Respiratory
Alkalosis and Additional Non-Gap Metabolic Acidosis", preceded by the anion-gap statement when relevant.

**References.** Berend K et al. N Engl J Med. 2014;371:1434-1445. Albert MS, Dell RB, Winters RW. Ann Intern
Med. 1967;66:312-322. Figge J et al. Crit Care Med. 1998;26:1807-1810.
""",
    official_names=("Arterial Blood Gas (ABG) Analyzer",),
    from_official=lambda inputs: {
        "ph": official_value(inputs, ("ph",)),
        "paco2": official_value(inputs, ("paco2", "paco₂", "pₐco₂", "paco2 mm hg"), "mmHg"),
        "hco3": official_value(inputs, ("hco3", "hco₃", "hco3 meq l", "bicarbonate")),
        "sodium": opt_value(inputs, ("sodium", "sodium meq l", "na")),
        "chloride": opt_value(inputs, ("chloride", "chloride meq l", "cl")),
        "albumin": opt_value(inputs, ("albumin", "albumin g dl"), "g/dL"),
        "chronicity": ("chronic" if find_field(inputs, ("chronicity",)) is not None
                       and "chronic" in field_text(inputs, ("chronicity",)).lower() else "acute"),
    },
    to_official=_official_text,
)


# ---------------------------------------------------------------- Bicarbonate deficit
BICARB_DEFICIT = Calculator(
    id="bicarbonate_deficit",
    name="Bicarbonate Deficit",
    aliases=("HCO3 deficit", "bicarbonate deficit", "sodium bicarbonate deficit"),
    domains=(CRITICAL, INTERNAL, SPECIAL),
    specialty="Nephrology",
    purpose="Estimates the total bicarbonate (mEq) needed to raise serum HCO3- to a target in metabolic acidosis.",
    inputs=(
        Input("weight_kg", "Body weight", unit="kg", min=0.5, max=400, ehr=EHRSource("vital", ("weight",), "kg")),
        Input("hco3", "Serum bicarbonate", unit="mEq/L", min=1, max=60, ehr=EHRSource("lab", ("HCO3", "Bicarbonate"), "mEq/L")),
        Input("target_hco3", "Target bicarbonate", unit="mEq/L", min=10, max=40, optional=True, default=24.0,
              ehr=EHRSource("none")),
        Input("distribution_factor", "Bicarbonate space (fraction of body weight)", min=0.2, max=1.0, optional=True,
              default=0.4, ehr=EHRSource("none")),
    ),
    output=Output("number", unit="mEq", decimals=1, abs_tol=0.1, rel_tol=0.01),
    compute=lambda weight_kg, hco3, target_hco3, distribution_factor: distribution_factor * weight_kg * (target_hco3 - hco3),
    interpret=lambda v, **_: ("no deficit: bicarbonate at or above target" if v <= 0 else
                              f"about {v} mEq of bicarbonate to reach the target; give a fraction (often half) and re-check gases"),
    citation="Adrogué HJ, Madias NE. Management of life-threatening acid-base disorders. First of two parts. "
             "N Engl J Med. 1998;338(1):26-34.",
    reference="""# Bicarbonate Deficit

**Purpose.** Estimates how much bicarbonate would raise the serum HCO3- to a target value in metabolic acidosis.

**When to use.** Planning sodium bicarbonate therapy (e.g. severe non-gap acidosis, selected toxicities).
It is a rough guide: ongoing acid production and losses are not included.

**Inputs.** Weight (kg); serum HCO3- (mEq/L); target HCO3- (default 24 mEq/L); bicarbonate space as a fraction of
body weight (default 0.4; larger in severe acidosis).

**Formula.** Deficit (mEq) = 0.4 x weight (kg) x (target HCO3- - measured HCO3-).

**Interpretation.** Usually half the deficit is given over several hours with repeat blood gases.

**Reference.** Adrogué HJ, Madias NE. N Engl J Med. 1998;338:26-34.
""",
    official_names=("Bicarbonate Deficit",),
    from_official=lambda inputs: {
        "weight_kg": official_value(inputs, ("weight",), "kg"),
        "hco3": official_value(inputs, ("bicarbonate", "hco3", "serum bicarbonate")),
    },
)

register(ABG, BICARB_DEFICIT)
