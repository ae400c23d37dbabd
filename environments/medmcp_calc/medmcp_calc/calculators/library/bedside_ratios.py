"""Bedside ratios from vital signs and blood gases: Shock Index, Cerebral Perfusion
Pressure, Horowitz index (PaO2/FiO2), SpO2/FiO2 ratio, ROX index, A-a O2 gradient."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, NEURO, SPECIAL, Calculator, EHRSource, Input, Output, register
from ..officials import official_value
from ._official_util import percent

HR = Input("heart_rate", "Heart rate", unit="beats/min", min=20, max=300, ehr=EHRSource("vital", ("heart_rate",), "beats/min"))
SBP = Input("sbp", "Systolic blood pressure", unit="mmHg", min=30, max=300, ehr=EHRSource("vital", ("systolic_bp",), "mmHg"))
FIO2 = Input("fio2_pct", "Fraction of inspired oxygen (FiO2)", unit="%", min=21, max=100,
             description="percent (21 = room air); fractions such as 0.4 must be given as 40",
             ehr=EHRSource("lab", ("FiO2", "Inspired O2 Fraction"), "%"))
PAO2 = Input("pao2", "Arterial partial pressure of oxygen (PaO2)", unit="mmHg", min=10, max=700,
             ehr=EHRSource("lab", ("PaO2", "pO2"), "mmHg"))
SPO2 = Input("spo2", "Peripheral oxygen saturation (SpO2)", unit="%", min=50, max=100,
             ehr=EHRSource("vital", ("spo2",), "%"))
PACO2 = Input("paco2", "Arterial partial pressure of CO2 (PaCO2)", unit="mmHg", min=5, max=200,
              ehr=EHRSource("lab", ("PaCO2", "pCO2"), "mmHg"))
RR = Input("resp_rate", "Respiratory rate", unit="breaths/min", min=1, max=80, ehr=EHRSource("vital", ("respiratory_rate",), "breaths/min"))


def _fio2(inputs: list) -> float:
    return percent(official_value(inputs, ("fio2", "fio₂", "fio2 percent"), "%"))


# ---------------------------------------------------------------- Shock Index
def _si_interp(v: float, **_: object) -> str:
    if v < 0.5:
        return "below the usual normal range (0.5-0.7)"
    if v <= 0.7:
        return "normal (0.5-0.7)"
    if v < 1.0:
        return "elevated (>0.7): possible occult shock"
    return "markedly elevated (>=1.0): associated with shock, transfusion need and higher mortality"


SHOCK_INDEX = Calculator(
    id="shock_index",
    name="Shock Index",
    aliases=("SI", "shock index (HR/SBP)", "heart rate to systolic blood pressure ratio"),
    domains=(CRITICAL, INTERNAL),
    specialty="Emergency Medicine",
    purpose="Ratio of heart rate to systolic blood pressure that flags occult shock earlier than either vital sign alone.",
    inputs=(HR, SBP),
    output=Output("number", decimals=1, abs_tol=0.05),
    compute=lambda heart_rate, sbp: heart_rate / sbp,
    interpret=_si_interp,
    citation="Allgöwer M, Burri C. Schockindex. Dtsch Med Wochenschr. 1967;92(43):1947-1950.",
    reference="""# Shock Index (SI)

**Purpose.** A one-line haemodynamic screen: the heart rate divided by the systolic blood
pressure. It rises before either value becomes abnormal on its own in haemorrhage and sepsis.

**When to use.** Adults in the emergency department, trauma bay or ward with possible
hypovolaemia, bleeding or sepsis. Beta-blockade, pacing and pregnancy change its meaning.

**Inputs.** Heart rate (beats/min); systolic blood pressure (mmHg).

**Formula.** SI = heart rate / systolic blood pressure (shown to one decimal).

**Interpretation.**
| SI | Reading |
|---|---|
| 0.5 - 0.7 | normal |
| > 0.7 - < 1.0 | elevated, consider occult shock |
| >= 1.0 | markedly elevated: higher transfusion need and mortality |

**Reference.** Allgöwer M, Burri C. Schockindex. Dtsch Med Wochenschr. 1967;92:1947-1950.
""",
    official_names=("Shock Index",),
    from_official=lambda inputs: {
        "heart_rate": official_value(inputs, ("heart rate", "pulse", "heart rate beats per min")),
        "sbp": official_value(inputs, ("systolic bp", "systolic", "sbp", "systolic bp mmhg"), "mmHg"),
    },
)


# ---------------------------------------------------------------- CPP
def _cpp_interp(v: float, **_: object) -> str:
    if v < 60:
        return "low CPP (<60 mmHg): risk of cerebral ischaemia; raise MAP and/or lower ICP"
    if v <= 70:
        return "within the usual target of 60-70 mmHg"
    return "above 70 mmHg: adequate perfusion; higher targets are not routinely recommended"


CPP = Calculator(
    id="cerebral_perfusion_pressure",
    name="Cerebral Perfusion Pressure (CPP)",
    aliases=("CPP", "cerebral perfusion pressure"),
    domains=(CRITICAL, NEURO, SPECIAL),
    specialty="Neurocritical Care",
    purpose="Pressure gradient driving cerebral blood flow: mean arterial pressure minus intracranial pressure.",
    inputs=(
        Input("map", "Mean arterial pressure", unit="mmHg", min=10, max=250, ehr=EHRSource("vital", ("mean_bp",), "mmHg")),
        Input("icp", "Intracranial pressure", unit="mmHg", min=-10, max=150,
              ehr=EHRSource("exam", ("intracranial pressure", "ICP"), "mmHg")),
    ),
    output=Output("number", unit="mmHg", decimals=0, abs_tol=0.5),
    compute=lambda map, icp: map - icp,  # noqa: A002 - the clinical name
    interpret=_cpp_interp,
    citation="Brain Trauma Foundation. Guidelines for the Management of Severe Traumatic Brain Injury, 4th ed. "
             "Carney N, et al. Neurosurgery. 2017;80(1):6-15.",
    reference="""# Cerebral Perfusion Pressure (CPP)

**Purpose.** Estimates the net pressure perfusing the brain, used to steer blood pressure and
intracranial pressure therapy in brain injury.

**When to use.** Patients with an ICP monitor (traumatic brain injury, haemorrhage, oedema).

**Inputs.** Mean arterial pressure (mmHg); intracranial pressure (mmHg).

**Formula.** CPP = MAP - ICP.

**Interpretation.** Adult TBI guidelines target 60-70 mmHg. Below 60 mmHg suggests
hypoperfusion; treat by raising MAP or lowering ICP.

**Reference.** Carney N et al. Guidelines for the Management of Severe TBI, 4th ed. Neurosurgery 2017.
""",
    official_names=("Cerebral Perfusion Pressure",),
    from_official=lambda inputs: {
        "map": official_value(inputs, ("map", "mean arterial pressure"), "mmHg"),
        "icp": official_value(inputs, ("icp", "intracranial pressure"), "mmHg"),
    },
)


# ---------------------------------------------------------------- P/F ratio
def _pf_interp(v: float, **_: object) -> str:
    if v > 300:
        return "above 300 mmHg: no ARDS-range hypoxaemia"
    if v > 200:
        return "mild (200-300 mmHg; Berlin mild ARDS range, ~27% mortality)"
    if v > 100:
        return "moderate (100-200 mmHg; Berlin moderate ARDS range, ~32% mortality)"
    return "severe (<=100 mmHg; Berlin severe ARDS range, ~45% mortality)"


PF_RATIO = Calculator(
    id="pf_ratio",
    name="Horowitz Index (PaO2/FiO2 Ratio)",
    aliases=("P/F ratio", "PaO2/FiO2", "PaO2/FiO2 ratio", "Horowitz index", "Carrico index", "oxygenation ratio"),
    domains=(CRITICAL, INTERNAL),
    specialty="Critical Care",
    purpose="Arterial oxygen tension divided by inspired oxygen fraction; grades hypoxaemia and ARDS severity.",
    inputs=(PAO2, FIO2),
    output=Output("number", unit="mmHg", decimals=1, abs_tol=0.5, rel_tol=0.005),
    compute=lambda pao2, fio2_pct: pao2 / (fio2_pct / 100.0),
    interpret=_pf_interp,
    citation="Horovitz JH, Carrico CJ, Shires GT. Pulmonary response to major injury. Arch Surg. 1974;108(3):349-355. "
             "ARDS Definition Task Force. Acute respiratory distress syndrome: the Berlin Definition. JAMA. 2012;307(23):2526-2533.",
    reference="""# Horowitz Index (PaO2/FiO2, "P/F ratio")

**Purpose.** Normalises arterial oxygen tension for the oxygen being breathed, so oxygenation can
be compared across FiO2 settings. It grades ARDS severity in the Berlin definition.

**When to use.** Any patient with an arterial blood gas and a known FiO2 (ventilated or on
a reliable oxygen delivery device).

**Inputs.** PaO2 (mmHg); FiO2 as a percent (21-100).

**Formula.** P/F = PaO2 / (FiO2 / 100).

**Interpretation (Berlin ranges; PEEP/CPAP >= 5 cmH2O).**
| P/F (mmHg) | Severity | Mortality in the Berlin cohort |
|---|---|---|
| > 300 | none | - |
| 200 - 300 | mild | ~27% |
| 100 - 200 | moderate | ~32% |
| <= 100 | severe | ~45% |

**Reference.** Horovitz JH et al. Arch Surg 1974; ARDS Definition Task Force. JAMA 2012.
""",
    official_names=("Horowitz Index for Lung Function (P/F Ratio)",),
    from_official=lambda inputs: {
        "pao2": official_value(inputs, ("pao2", "pao₂", "pao2 mmhg"), "mmHg"),
        "fio2_pct": _fio2(inputs),
    },
)


# ---------------------------------------------------------------- S/F ratio
def _sf_interp(v: float, **_: object) -> str:
    if v <= 235:
        return "S/F <=235: corresponds to P/F <=200 (moderate-severe ARDS range)"
    if v <= 315:
        return "S/F 236-315: corresponds to P/F 201-300 (mild ARDS range)"
    return "S/F >315: above the ARDS range"


SF_RATIO = Calculator(
    id="sf_ratio",
    name="SpO2/FiO2 Ratio (S/F Ratio)",
    aliases=("S/F ratio", "SpO2/FiO2", "SpO2 to FiO2 ratio", "SF ratio"),
    domains=(CRITICAL, INTERNAL),
    specialty="Critical Care",
    purpose="Non-invasive surrogate of the P/F ratio from pulse oximetry.",
    inputs=(Input("spo2", "Peripheral oxygen saturation (SpO2)", unit="%", min=50, max=100,
                  description="most reliable when SpO2 <= 97%", ehr=EHRSource("vital", ("spo2",), "%")), FIO2),
    output=Output("number", decimals=1, abs_tol=0.5, rel_tol=0.005),
    compute=lambda spo2, fio2_pct: spo2 / (fio2_pct / 100.0),
    interpret=_sf_interp,
    citation="Rice TW, Wheeler AP, Bernard GR, et al. Comparison of the SpO2/FIO2 ratio and the PaO2/FIO2 ratio in "
             "patients with acute lung injury or ARDS. Chest. 2007;132(2):410-417.",
    reference="""# SpO2/FiO2 Ratio (S/F)

**Purpose.** A pulse-oximetry surrogate for the PaO2/FiO2 ratio when no arterial gas is available.

**When to use.** Adults on a known FiO2 with SpO2 at or below 97% (above that the oxyhaemoglobin
curve is flat and the ratio loses meaning).

**Inputs.** SpO2 (%); FiO2 (%).

**Formula.** S/F = SpO2 / (FiO2 / 100).

**Interpretation (Rice 2007 linear mapping).** S/F 235 corresponds to P/F 200 and S/F 315 to P/F 300.

**Reference.** Rice TW et al. Chest. 2007;132:410-417.
""",
    official_names=("SpO₂/FiO₂ Ratio",),
    from_official=lambda inputs: {
        "spo2": official_value(inputs, ("spo2", "spo₂", "spo2 %"), "%"),
        "fio2_pct": _fio2(inputs),
    },
)


# ---------------------------------------------------------------- ROX
def _rox_interp(v: float, **_: object) -> str:
    if v >= 4.88:
        return "ROX >=4.88: low risk of progressing to intubation"
    if v < 3.85:
        return "ROX <3.85: high risk of HFNC failure; consider intubation"
    return "ROX 3.85-4.87: indeterminate; reassess in 1-2 hours"


ROX = Calculator(
    id="rox_index",
    name="ROX Index for Intubation after HFNC",
    aliases=("ROX index", "ROX", "respiratory rate-oxygenation index"),
    domains=(CRITICAL, INTERNAL),
    specialty="Critical Care",
    purpose="Predicts high-flow nasal cannula success from the S/F ratio and respiratory rate.",
    inputs=(Input("spo2", "SpO2", unit="%", min=50, max=100, ehr=EHRSource("vital", ("spo2",), "%")), FIO2, RR),
    output=Output("number", decimals=2, abs_tol=0.01, rel_tol=0.005),
    compute=lambda spo2, fio2_pct, resp_rate: (spo2 / (fio2_pct / 100.0)) / resp_rate,
    interpret=_rox_interp,
    citation="Roca O, Caralt B, Messika J, et al. An index combining respiratory rate and oxygenation to predict "
             "outcome of nasal high-flow therapy. Am J Respir Crit Care Med. 2019;199(11):1368-1376.",
    reference="""# ROX Index

**Purpose.** Predicts whether a patient with acute hypoxaemic respiratory failure on high-flow
nasal cannula (HFNC) will avoid intubation.

**When to use.** Adults on HFNC, typically assessed at 2, 6 and 12 hours after starting.

**Inputs.** SpO2 (%); FiO2 (%); respiratory rate (breaths/min).

**Formula.** ROX = (SpO2 / FiO2 fraction) / respiratory rate.

**Interpretation.** >= 4.88 (at 2, 6 or 12 h): low risk of intubation. < 3.85 at 12 h (2.85 at 2 h,
3.47 at 6 h): high risk of HFNC failure. In between: reassess.

**Reference.** Roca O et al. Am J Respir Crit Care Med. 2019;199:1368-1376.
""",
    official_names=("ROX Index for Intubation after HFNC",),
    from_official=lambda inputs: {
        "spo2": official_value(inputs, ("spo2", "spo₂", "spo2 %"), "%"),
        "fio2_pct": _fio2(inputs),
        "resp_rate": official_value(inputs, ("respiratory rate", "respiratory rate breaths min", "rr")),
    },
)


# ---------------------------------------------------------------- A-a gradient
def _aa(pao2: float, fio2_pct: float, paco2: float, age: float | None, patm: float, rq: float):
    p_alv = fio2_pct / 100.0 * (patm - 47.0) - paco2 / rq
    grad = p_alv - pao2
    details = {"alveolar_po2_mmHg": round(p_alv, 1)}
    if age is not None:
        details["expected_gradient_for_age_mmHg"] = round(age / 4.0 + 4.0, 1)
    return grad, details


def _aa_interp(v: float, age: float | None = None, **_: object) -> str:
    if age is not None:
        exp = age / 4.0 + 4.0
        return (f"A-a gradient {v} mmHg vs expected {exp:.1f} mmHg for age: "
                + ("elevated (V/Q mismatch, shunt or diffusion limit)" if v > exp else "within the expected range"))
    return "elevated if above the age-expected value (age/4 + 4 mmHg)"


AA_GRADIENT = Calculator(
    id="aa_gradient",
    name="A-a O2 Gradient (Alveolar-arterial Oxygen Gradient)",
    aliases=("A-a gradient", "alveolar-arterial gradient", "A-a DO2", "AaDO2", "alveolar arterial oxygen gradient"),
    domains=(CRITICAL, INTERNAL),
    specialty="Pulmonology",
    purpose="Difference between alveolar and arterial oxygen tension; separates hypoventilation from V/Q mismatch or shunt.",
    inputs=(
        PAO2, FIO2, PACO2,
        Input("age", "Age (for the expected gradient)", unit="years", min=0, max=120, optional=True,
              ehr=EHRSource("demographic", ("age",), "years")),
        Input("patm", "Atmospheric pressure", unit="mmHg", min=400, max=800, optional=True, default=760.0,
              ehr=EHRSource("none")),
        Input("rq", "Respiratory quotient", min=0.6, max=1.2, optional=True, default=0.8, ehr=EHRSource("none")),
    ),
    output=Output("number", unit="mmHg", decimals=1, abs_tol=0.5, rel_tol=0.005),
    compute=_aa,
    interpret=_aa_interp,
    citation="West JB. Respiratory Physiology: The Essentials. Alveolar gas equation; age norm: Mellemgaard K. "
             "The alveolar-arterial oxygen difference: its size and components in normal man. Acta Physiol Scand. 1966;67:10-20.",
    reference="""# A-a O2 Gradient

**Purpose.** Compares the alveolar oxygen tension (from the alveolar gas equation) with the measured
arterial PaO2. A normal gradient with hypoxaemia points to hypoventilation or low inspired oxygen;
a wide gradient points to V/Q mismatch, shunt or diffusion impairment.

**When to use.** Work-up of hypoxaemia with an arterial blood gas.

**Inputs.** PaO2, PaCO2 (mmHg); FiO2 (%); optional age (years), atmospheric pressure (default 760 mmHg at
sea level), respiratory quotient (default 0.8).

**Formula.** PAO2 = FiO2 x (Patm - 47) - PaCO2 / RQ; A-a gradient = PAO2 - PaO2.
Expected gradient (breathing room air) ~ age/4 + 4 mmHg.

**Interpretation.** A gradient above the age-expected value indicates an intrapulmonary cause of hypoxaemia.
The gradient widens with FiO2, so the age norm applies best on room air.

**Reference.** Alveolar gas equation (Riley/Fenn); Mellemgaard K. Acta Physiol Scand 1966.
""",
    official_names=("A-a O₂ Gradient",),
    from_official=lambda inputs: {
        "pao2": official_value(inputs, ("pao2", "pao₂", "pao2 mm hg"), "mmHg"),
        "fio2_pct": _fio2(inputs),
        "paco2": official_value(inputs, ("paco2", "paco₂", "paco2 mm hg"), "mmHg"),
        "age": _opt_age(inputs),
        "patm": _opt_patm(inputs),
    },
)


def _opt_age(inputs: list):
    from ._official_util import opt_value

    return opt_value(inputs, ("age", "age years", "age for expected a a gradient"))


def _opt_patm(inputs: list):
    from ._official_util import opt_value

    return opt_value(inputs, ("atmospheric pressure", "atmospheric pressure mm hg"), "mmHg")


register(SHOCK_INDEX, CPP, PF_RATIO, SF_RATIO, ROX, AA_GRADIENT)
