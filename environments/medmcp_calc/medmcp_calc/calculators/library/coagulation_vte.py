"""Thrombosis and coagulopathy tools: VTE-BLEED, Sepsis-Induced Coagulopathy score,
age-adjusted D-dimer cut-off."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, Calculator, EHRSource, Input, Output, register
from ..officials import find_field, official_value
from ._official_util import field_text, number_in

# ---------------------------------------------------------------- VTE-BLEED
VTE_BLEED_ITEMS = (
    ("active_cancer", "Active cancer", 2.0),
    ("male_uncontrolled_hypertension", "Male with uncontrolled hypertension (SBP >= 140 mmHg)", 1.0),
    ("anemia", "Anaemia (Hb < 13 g/dL men, < 12 g/dL women)", 1.5),
    ("history_of_bleeding", "History of bleeding", 1.5),
    ("age_60_or_older", "Age >= 60 years", 1.5),
    ("renal_dysfunction", "Renal dysfunction (creatinine clearance 30-60 mL/min)", 1.5),
)


def _vte_bleed_official(inputs: list) -> dict:
    from ..officials import official_bool

    kws = {"active_cancer": ("active cancer",), "male_uncontrolled_hypertension": ("uncontrolled hypertension",),
           "anemia": ("anemia", "anaemia"), "history_of_bleeding": ("history of bleeding",),
           "age_60_or_older": ("age 60 years", "age"), "renal_dysfunction": ("renal dysfunction",)}
    return {k: official_bool(inputs, v) for k, v in kws.items()}


VTE_BLEED = Calculator(
    id="vte_bleed",
    name="VTE-BLEED Score",
    aliases=("VTE-BLEED", "VTE BLEED score"),
    domains=(CRITICAL, INTERNAL),
    specialty="Hematology",
    purpose="Predicts major bleeding during stable anticoagulation for venous thromboembolism.",
    inputs=tuple(Input(n, label, kind="bool", ehr=EHRSource("history", ())) for n, label, _ in VTE_BLEED_ITEMS),
    output=Output("score", decimals=1, abs_tol=0.0),
    compute=lambda **kw: sum(p for n, _, p in VTE_BLEED_ITEMS if kw[n]),
    interpret=lambda v, **_: ("elevated bleeding risk (>=2 points)" if v >= 2 else "low bleeding risk (<2 points)"),
    citation="Klok FA, Hösel V, Clemens A, et al. Prediction of bleeding events in patients with venous thromboembolism on "
             "stable anticoagulation treatment. Eur Respir J. 2016;48(5):1369-1376.",
    reference="""# VTE-BLEED Score

**Purpose.** Identifies patients on anticoagulation for VTE who are at high risk of major bleeding
after the first month of treatment.

**When to use.** Adults with VTE on stable anticoagulation, deciding on extended therapy.

**Inputs: six yes/no items.**
| Item | Points |
|---|---|
| Active cancer | 2 |
| Male with uncontrolled hypertension (SBP >= 140) | 1 |
| Anaemia (Hb < 13 g/dL men / < 12 g/dL women) | 1.5 |
| History of bleeding | 1.5 |
| Age >= 60 years | 1.5 |
| Renal dysfunction (CrCl 30-60 mL/min) | 1.5 |

**Interpretation.** < 2 low risk; >= 2 elevated risk of major bleeding.

**Reference.** Klok FA et al. Eur Respir J. 2016;48:1369-1376.
""",
    official_names=("VTE-BLEED Score",),
    from_official=_vte_bleed_official,
)


# ---------------------------------------------------------------- SIC
def _sic(platelets, inr, sofa_four_items):
    p = 0 if platelets >= 150 else 1 if platelets >= 100 else 2
    i = 0 if inr <= 1.2 else 1 if inr <= 1.4 else 2
    s = 0 if sofa_four_items == 0 else 1 if sofa_four_items == 1 else 2
    total = p + i + s
    return total, {"platelet_points": p, "inr_points": i, "sofa_points": s,
                   "sic_positive": total >= 4 and p + i >= 3}


SIC = Calculator(
    id="sic_score",
    name="Sepsis-Induced Coagulopathy (SIC) Score",
    aliases=("SIC score", "sepsis induced coagulopathy", "ISTH SIC criteria"),
    domains=(CRITICAL, INTERNAL),
    specialty="Critical Care",
    purpose="Identifies the early coagulopathy of sepsis from platelets, INR and organ dysfunction.",
    inputs=(
        Input("platelets", "Platelet count", unit="10^9/L", min=0, max=2000, ehr=EHRSource("lab", ("Platelets",), "10^9/L")),
        Input("inr", "PT-INR", min=0.5, max=20, ehr=EHRSource("lab", ("INR",))),
        Input("sofa_four_items", "SOFA sum of respiratory, cardiovascular, hepatic and renal items", kind="integer",
              min=0, max=16, ehr=EHRSource("none", note="from the SOFA components")),
    ),
    output=Output("score"),
    compute=_sic,
    interpret=lambda v, platelets=999, inr=0, **_: (
        "SIC likely (total >= 4 with platelet + INR points >= 3)" if v >= 4 and
        ((0 if platelets >= 150 else 1 if platelets >= 100 else 2) + (0 if inr <= 1.2 else 1 if inr <= 1.4 else 2)) >= 3
        else "SIC criteria not met"),
    citation="Iba T, Nisio MD, Levy JH, Kitamura N, Thachil J. New criteria for sepsis-induced coagulopathy (SIC) following "
             "the revised sepsis definition: a retrospective analysis of a nationwide survey. BMJ Open. 2017;7(9):e017046.",
    reference="""# Sepsis-Induced Coagulopathy (SIC) Score

**Purpose.** Detects sepsis-associated coagulopathy early, before overt DIC, to select patients who may
benefit from anticoagulant therapy.

**When to use.** Adults with sepsis (Sepsis-3).

**Inputs.** Platelet count, PT-INR and the sum of four SOFA components.
| Item | 0 | 1 | 2 |
|---|---|---|---|
| Platelets (10^9/L) | >= 150 | 100-149 | < 100 |
| PT-INR | <= 1.2 | > 1.2-1.4 | > 1.4 |
| SOFA (respiratory + cardiovascular + hepatic + renal) | 0 | 1 | >= 2 |

**Interpretation.** SIC when the total is >= 4 and the platelet + INR points exceed 2. Higher totals carry
higher 28-day mortality.

**Reference.** Iba T et al. BMJ Open. 2017;7:e017046.
""",
    official_names=("Sepsis-Induced Coagulopathy (SIC) Score",),
    from_official=lambda inputs: {
        "platelets": number_in(field_text(inputs, ("platelet count", "platelet"))),
        "inr": number_in(field_text(inputs, ("inr",))),
        "sofa_four_items": int(number_in(field_text(inputs, ("total sofa", "sofa")))),
    },
)


# ---------------------------------------------------------------- age-adjusted D-dimer
def _aadd(age, units, d_dimer):
    base, per_year = (500.0, 10.0) if units == "FEU" else (250.0, 5.0)
    cutoff = age * per_year if age > 50 else base
    det = {}
    if d_dimer is not None:
        det["d_dimer_above_cutoff"] = d_dimer > cutoff
    return cutoff, det


AADD = Calculator(
    id="age_adjusted_d_dimer",
    name="Age-Adjusted D-dimer for Venous Thromboembolism (VTE)",
    aliases=("age-adjusted D-dimer", "age adjusted D-dimer cutoff", "ADJUST-PE D-dimer"),
    domains=(CRITICAL, INTERNAL),
    specialty="Emergency Medicine",
    purpose="Raises the D-dimer cut-off with age (age x 10 µg/L FEU above 50) to exclude VTE in more older patients.",
    inputs=(
        Input("age", "Age", unit="years", min=18, max=120, ehr=EHRSource("demographic", ("age",), "years")),
        Input("units", "D-dimer unit type", kind="choice", choices=("FEU", "DDU"), optional=True, default="FEU",
              description="FEU (fibrinogen-equivalent units) or DDU (D-dimer units)", ehr=EHRSource("lab", ("D-dimer",))),
        Input("d_dimer", "Measured D-dimer", unit="µg/L", min=0, max=100000, optional=True,
              ehr=EHRSource("lab", ("D-dimer",), "ug/L")),
    ),
    output=Output("number", unit="µg/L", decimals=0, abs_tol=1),
    compute=_aadd,
    interpret=lambda v, d_dimer=None, **_: (
        f"age-adjusted cut-off {v:g} µg/L" + ("" if d_dimer is None else
                                                ("; measured D-dimer is above it: VTE not excluded, image (CTPA or V/Q)"
                                                 if d_dimer > v else "; measured D-dimer is at or below it: VTE excluded in low/intermediate pre-test probability"))),
    citation="Righini M, Van Es J, Den Exter PL, et al. Age-adjusted D-dimer cutoff levels to rule out pulmonary embolism: "
             "the ADJUST-PE study. JAMA. 2014;311(11):1117-1124.",
    reference="""# Age-Adjusted D-dimer

**Purpose.** D-dimer rises with age, so a fixed 500 µg/L cut-off excludes VTE in few older patients. The
age-adjusted cut-off keeps sensitivity while improving specificity.

**When to use.** Patients over 50 with low or intermediate (or "PE unlikely") pre-test probability of VTE.

**Inputs.** Age; the assay's unit type (FEU or DDU); optionally the measured D-dimer.

**Formula.** FEU assays: cut-off = age x 10 µg/L for age > 50, otherwise 500 µg/L.
DDU assays (half the FEU value): age x 5 µg/L above 50, otherwise 250 µg/L.

**Interpretation.** A D-dimer at or below the cut-off excludes VTE in non-high-probability patients; above it,
proceed to imaging.

**Reference.** Righini M et al. JAMA. 2014;311:1117-1124.
""",
    official_names=("Age-Adjusted D-dimer for Venous Thromboembolism (VTE)",),
    from_official=lambda inputs: {
        "age": official_value(inputs, ("age",)),
        "units": "DDU" if find_field(inputs, ("unit type",)) is not None and "ddu" in field_text(inputs, ("unit type",)).lower() else "FEU",
        "d_dimer": number_in(field_text(inputs, ("d dimer level", "d dimer"), exclude=("unit type",)))
        if find_field(inputs, ("d dimer level",)) is not None else None,
    },
)

register(VTE_BLEED, SIC, AADD)
