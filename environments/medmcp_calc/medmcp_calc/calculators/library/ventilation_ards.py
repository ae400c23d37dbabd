"""Mechanical ventilation and ARDS: Berlin definition, static compliance, endotracheal tube
depth with lung-protective tidal volumes."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import official_bool, official_sex, official_value
from ._official_util import field_text, opt_value, percent

BERLIN_SEVERITY = ("mild", "moderate", "severe", "none")


def _berlin(timing_within_1_week, bilateral_opacities, not_cardiac_or_fluid, pao2, fio2_pct, peep, oxygenation_category):
    details: dict = {}
    if pao2 is not None and fio2_pct is not None:
        pf = pao2 / (fio2_pct / 100.0)
        details["pf_ratio"] = round(pf, 1)
        if peep is not None and peep < 5:
            severity = "none"
            details["note"] = "PEEP/CPAP below 5 cmH2O: oxygenation criterion not assessable"
        else:
            severity = "severe" if pf <= 100 else "moderate" if pf <= 200 else "mild" if pf <= 300 else "none"
    elif oxygenation_category is not None:
        severity = oxygenation_category
    else:
        raise CalculatorInputError(
            "Berlin criteria: give 'pao2' and 'fio2_pct' (with 'peep'), or 'oxygenation_category' "
            "(one of 'mild', 'moderate', 'severe', 'none')")
    details["severity"] = severity
    positive = timing_within_1_week and bilateral_opacities and not_cardiac_or_fluid and severity != "none"
    return ("Positive" if positive else "Negative"), details


def _berlin_interp(v, **kw):
    return "meets the Berlin definition of ARDS" if v == "Positive" else "does not meet the Berlin definition of ARDS"


def _berlin_official(inputs: list) -> dict:
    out = {
        "timing_within_1_week": official_bool(inputs, ("timing", "timing within 1 week")),
        "bilateral_opacities": official_bool(inputs, ("chest imaging", "chest xr", "bilateral opacities", "chest imaging bilateral opacities")),
        "not_cardiac_or_fluid": official_bool(inputs, ("respiratory failure not fully explained", "resp failure not explained",
                                                       "cardiac failure", "resp failure not explained by cardiac or fluid overload")),
    }
    pao2 = opt_value(inputs, ("pao2",), "mmHg")
    fio2 = opt_value(inputs, ("fio2",), "%")
    if pao2 is not None and fio2 is not None:
        out.update(pao2=pao2, fio2_pct=percent(fio2), peep=opt_value(inputs, ("peep", "peep cpap")))
    else:
        t = field_text(inputs, ("severity", "oxygenation severity category", "severity category",
                                "severity based on oxygenation")).lower()
        out["oxygenation_category"] = next((s for s in ("severe", "moderate", "mild") if s in t), "none")
    return out


BERLIN = Calculator(
    id="berlin_ards",
    name="Berlin Criteria for Acute Respiratory Distress Syndrome",
    aliases=("Berlin definition", "Berlin ARDS criteria", "ARDS Berlin definition", "Berlin criteria for ARDS"),
    domains=(CRITICAL, INTERNAL),
    specialty="Critical Care",
    purpose="Diagnoses ARDS and grades its severity (mild, moderate, severe) by the 2012 Berlin definition.",
    inputs=(
        Input("timing_within_1_week", "Onset within 1 week of a known insult or new/worsening respiratory symptoms", kind="bool",
              ehr=EHRSource("history", ())),
        Input("bilateral_opacities", "Bilateral opacities on chest imaging not fully explained by effusions, collapse or nodules",
              kind="bool", ehr=EHRSource("exam", ("chest x-ray", "CT chest"))),
        Input("not_cardiac_or_fluid", "Respiratory failure not fully explained by cardiac failure or fluid overload", kind="bool",
              ehr=EHRSource("exam", ("echocardiography",))),
        Input("pao2", "PaO2", unit="mmHg", min=10, max=700, optional=True, ehr=EHRSource("lab", ("PaO2",), "mmHg")),
        Input("fio2_pct", "FiO2", unit="%", min=21, max=100, optional=True, ehr=EHRSource("lab", ("FiO2",), "%")),
        Input("peep", "PEEP or CPAP", unit="cmH2O", min=0, max=40, optional=True, ehr=EHRSource("order", ("PEEP",))),
        Input("oxygenation_category", "Oxygenation category when PaO2/FiO2 is not given", kind="choice",
              choices=BERLIN_SEVERITY, optional=True, ehr=EHRSource("none")),
    ),
    output=Output("category", categories=("Positive", "Negative")),
    compute=_berlin,
    interpret=_berlin_interp,
    citation="ARDS Definition Task Force; Ranieri VM, Rubenfeld GD, Thompson BT, et al. Acute respiratory distress "
             "syndrome: the Berlin Definition. JAMA. 2012;307(23):2526-2533.",
    reference="""# Berlin Definition of ARDS

**Purpose.** The 2012 consensus definition of acute respiratory distress syndrome, with three severity
grades based on oxygenation.

**When to use.** Hypoxaemic patients with a possible ARDS trigger (pneumonia, sepsis, aspiration, trauma...).

**Inputs / criteria (all required).**
1. Timing: within 1 week of a known clinical insult or new/worsening respiratory symptoms.
2. Chest imaging: bilateral opacities not fully explained by effusions, lobar/lung collapse or nodules.
3. Origin of oedema: respiratory failure not fully explained by cardiac failure or fluid overload
   (objective assessment, e.g. echocardiography, if no risk factor).
4. Oxygenation with PEEP or CPAP >= 5 cmH2O:
| Severity | PaO2/FiO2 (mmHg) | Mortality (Berlin cohort) |
|---|---|---|
| Mild | 200 - 300 | 27% |
| Moderate | 100 - 200 | 32% |
| Severe | <= 100 | 45% |

**Interpretation.** "Positive" when all criteria are met (severity in the details), otherwise "Negative".
Severity guides lung-protective ventilation, prone positioning (P/F < 150) and ECMO referral.

**Reference.** ARDS Definition Task Force. JAMA. 2012;307:2526-2533.
""",
    official_names=("Berlin Criteria for Acute Respiratory Distress Syndrome",),
    from_official=_berlin_official,
)


# ---------------------------------------------------------------- static compliance
def _cstat(tidal_volume_ml, plateau_pressure, peep):
    if plateau_pressure <= peep:
        raise CalculatorInputError(
            f"input 'plateau_pressure' ({plateau_pressure} cmH2O) must exceed 'peep' ({peep} cmH2O)")
    return tidal_volume_ml / (plateau_pressure - peep), {"driving_pressure_cmH2O": plateau_pressure - peep}


CSTAT = Calculator(
    id="static_compliance",
    name="Static Lung Compliance (Cstat)",
    aliases=("Cstat", "static compliance", "static respiratory system compliance", "Crs static"),
    domains=(CRITICAL, INTERNAL),
    specialty="Critical Care",
    purpose="Respiratory-system compliance from tidal volume and the plateau-PEEP (driving) pressure.",
    inputs=(
        Input("tidal_volume_ml", "Tidal volume (delivered/corrected)", unit="mL", min=20, max=2000, ehr=EHRSource("order", ("tidal volume",), "mL")),
        Input("plateau_pressure", "Plateau pressure", unit="cmH2O", min=1, max=80, ehr=EHRSource("order", ("plateau pressure",), "cmH2O")),
        Input("peep", "PEEP (total)", unit="cmH2O", min=0, max=40, ehr=EHRSource("order", ("PEEP",), "cmH2O")),
    ),
    output=Output("number", unit="mL/cmH2O", decimals=1, abs_tol=0.1, rel_tol=0.01),
    compute=_cstat,
    interpret=lambda v, **_: ("normal (50-100 mL/cmH2O)" if 50 <= v <= 100 else
                              "reduced (<50 mL/cmH2O): stiff lungs or chest wall (ARDS, fibrosis, oedema, obesity)" if v < 50
                              else "high (>100 mL/cmH2O)"),
    citation="Tobin MJ. Principles and Practice of Mechanical Ventilation, 3rd ed. McGraw-Hill; 2013. "
             "Amato MBP, et al. Driving pressure and survival in ARDS. N Engl J Med. 2015;372(8):747-755.",
    reference="""# Static Lung Compliance (Cstat)

**Purpose.** Measures respiratory-system stiffness during an inspiratory hold, independent of airway resistance.

**When to use.** Volume-controlled ventilation with an inspiratory pause (plateau pressure).

**Inputs.** Tidal volume (mL); plateau pressure (cmH2O); PEEP (cmH2O, total PEEP if auto-PEEP is present).

**Formula.** Cstat = tidal volume / (plateau pressure - PEEP). The denominator is the driving pressure.

**Interpretation.** Normal 50-100 mL/cmH2O in ventilated adults; low values in ARDS, pulmonary oedema,
fibrosis, pneumothorax or a stiff chest wall. Driving pressure > 15 cmH2O is associated with higher mortality.

**Reference.** Tobin MJ. Principles and Practice of Mechanical Ventilation. Amato MBP et al. N Engl J Med. 2015.
""",
    official_names=("Static Lung Compliance (Cstat) Calculation",),
    from_official=lambda inputs: {
        "tidal_volume_ml": official_value(inputs, ("tidal volume", "corrected delivered tidal volume",
                                                   "corrected delivered tidal volume v", "corrected delivered tidal volume v ml")),
        "plateau_pressure": official_value(inputs, ("plateau pressure", "plateau pressure pplat", "plateau pressure pplat cm h2o")),
        "peep": official_value(inputs, ("peep", "peep cm h2o")),
    },
)


# ---------------------------------------------------------------- ETT depth
def _ett(height_cm, sex):
    inches = height_cm / 2.54
    ibw = (50.0 if sex == "male" else 45.5) + 2.3 * (inches - 60.0)
    depth = height_cm / 10.0 + 4.0
    return depth, {"ideal_body_weight_kg": round(ibw, 1), "tidal_volume_6_ml_kg": round(6 * ibw),
                   "tidal_volume_8_ml_kg": round(8 * ibw)}


ETT = Calculator(
    id="ett_depth_tidal_volume",
    name="Endotracheal Tube (ETT) Depth and Tidal Volume Calculator",
    aliases=("ETT depth", "endotracheal tube depth", "Chula formula", "ETT depth and tidal volume"),
    domains=(CRITICAL, INTERNAL, SPECIAL),
    specialty="Anesthesiology",
    purpose="Estimates oral endotracheal tube depth at the teeth from height and gives 6-8 mL/kg IBW tidal volumes.",
    inputs=(
        Input("height_cm", "Height", unit="cm", min=120, max=250, ehr=EHRSource("vital", ("height",), "cm")),
        Input("sex", "Sex", kind="choice", choices=("male", "female"), ehr=EHRSource("demographic", ("sex",))),
    ),
    output=Output("number", unit="cm", decimals=0, abs_tol=0.5),
    compute=_ett,
    interpret=lambda v, **_: f"ETT depth about {v:g} cm at the front teeth; confirm by auscultation, capnography and chest X-ray",
    citation="Techanivate A, Kumwilaisak K, Samranrean S. Estimation of the proper length of orotracheal intubation by "
             "Chula formula. J Med Assoc Thai. 2008;91(3):353-357. ARDS Network. N Engl J Med. 2000;342:1301-1308.",
    reference="""# Endotracheal Tube Depth and Tidal Volume

**Purpose.** A height-based estimate of oral ETT insertion depth (at the upper incisors) and the
lung-protective tidal volumes for the same patient.

**When to use.** Adult oral intubation and initial ventilator settings.

**Inputs.** Height (cm); sex.

**Formulas.**
- ETT depth (cm at the teeth) = height (cm) / 10 + 4 (Chula formula), shown to the nearest cm.
- Ideal body weight (Devine): 50 kg (men) or 45.5 kg (women) + 2.3 kg per inch over 60 inches.
- Tidal volume = 6-8 mL/kg of ideal body weight.

**Interpretation.** Confirm position clinically and radiographically (tip 3-5 cm above the carina).

**References.** Techanivate A et al. J Med Assoc Thai. 2008;91:353-357. ARDS Network. N Engl J Med. 2000;342:1301-1308.
""",
    official_names=("Endotracheal Tube (ETT) Depth and Tidal Volume Calculator",),
    from_official=lambda inputs: {
        "height_cm": official_value(inputs, ("height",), "cm"),
        "sex": official_sex(inputs),
    },
)

register(BERLIN, CSTAT, ETT)
