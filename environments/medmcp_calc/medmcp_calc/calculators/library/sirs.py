"""SIRS criteria (systemic inflammatory response syndrome), with the sepsis / septic shock ladder."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..units import convert
from ._entities import find, flag, num, off_num, off_yes

TEMP = Input("temperature_c", "Body temperature", unit="°C", min=25, max=45, ehr=EHRSource("vital", ("temperature",), "°C"))
HR = Input("heart_rate", "Heart rate", unit="beats/min", min=10, max=300, ehr=EHRSource("vital", ("heart_rate",), "beats/min"))
RR = Input("respiratory_rate", "Respiratory rate", unit="breaths/min", min=0, max=100,
           ehr=EHRSource("vital", ("respiratory_rate",), "breaths/min"))
PACO2 = Input("paco2", "PaCO2", unit="mmHg", min=5, max=200, optional=True,
              ehr=EHRSource("lab", ("PaCO2", "pCO2"), "mmHg"))
WBC = Input("wbc", "White blood cell count", unit="10^3/uL", min=0, max=500,
            ehr=EHRSource("lab", ("White blood cell count", "WBC", "Leukocytes"), "10^9/L"))
BANDS = Input("bands_percent", "Immature (band) neutrophils", unit="%", min=0, max=100, optional=True,
              ehr=EHRSource("lab", ("Bands", "Band neutrophils"), "%"))


def _b(name: str, label: str, ehr: EHRSource) -> Input:
    return Input(name, label, kind="bool", optional=True, default=False, ehr=ehr)


INFECTION = _b("suspected_infection", "Suspected or confirmed source of infection", EHRSource("diagnosis", ("infection", "sepsis", "pneumonia")))
ORGAN = _b("organ_dysfunction", "Organ dysfunction, hypotension or hypoperfusion (e.g. lactate > 2 mmol/L)",
           EHRSource("lab", ("Lactate",), "mmol/L"))
SHOCK = _b("refractory_hypotension", "Hypotension persisting despite adequate fluid resuscitation",
           EHRSource("order", ("norepinephrine", "vasopressin", "dopamine")))
MODS = _b("multiple_organ_failure", "Evidence of two or more failing organs", EHRSource("none"))

CATEGORIES = ("no SIRS", "SIRS", "sepsis", "severe sepsis", "septic shock", "multiple organ dysfunction syndrome")


def criteria(temperature_c: float, heart_rate: float, respiratory_rate: float, paco2: float | None, wbc: float,
             bands_percent: float | None) -> dict[str, bool]:
    return {
        "temperature_gt_38_or_lt_36": temperature_c > 38.0 or temperature_c < 36.0,
        "heart_rate_gt_90": heart_rate > 90,
        "respiratory_rate_gt_20_or_paco2_lt_32": respiratory_rate > 20 or (paco2 is not None and paco2 < 32),
        "wbc_gt_12k_or_lt_4k_or_bands_gt_10": wbc > 12.0 or wbc < 4.0 or (bands_percent is not None and bands_percent > 10),
    }


def category(n: int, suspected_infection: bool, organ_dysfunction: bool, refractory_hypotension: bool,
             multiple_organ_failure: bool) -> str:
    if n < 2:
        return "no SIRS"
    if not suspected_infection:
        return "SIRS"
    if multiple_organ_failure:
        return "multiple organ dysfunction syndrome"
    if refractory_hypotension:
        return "septic shock"
    if organ_dysfunction:
        return "severe sepsis"
    return "sepsis"


def _sirs(temperature_c, heart_rate, respiratory_rate, paco2, wbc, bands_percent, suspected_infection,
          organ_dysfunction, refractory_hypotension, multiple_organ_failure) -> tuple[int, dict]:
    c = criteria(temperature_c, heart_rate, respiratory_rate, paco2, wbc, bands_percent)
    n = sum(c.values())
    cat = category(n, suspected_infection, organ_dysfunction, refractory_hypotension, multiple_organ_failure)
    return n, {**c, "category": cat}


def _interpret(value: int, **kw: object) -> str:
    cat = category(value, bool(kw.get("suspected_infection")), bool(kw.get("organ_dysfunction")),
                   bool(kw.get("refractory_hypotension")), bool(kw.get("multiple_organ_failure")))
    return f"{value} of 4 SIRS criteria met: {cat} (SIRS requires >= 2 criteria)"


def wbc_thousands(entity) -> float:
    """MedCalc-Bench WBC counts come as [9400, 'm^3'] (per mm^3), [9440, 'L'], [830, 'µL'] or [4.1, 'µL'];
    the unit label is unreliable, so the magnitude decides: values under 200 are read as 10^3/µL,
    larger values as cells/µL."""
    v = float(entity[0] if isinstance(entity, (list, tuple)) else entity)
    unit = str(entity[1]).lower() if isinstance(entity, (list, tuple)) and len(entity) > 1 else ""
    if "10^9" in unit or "10^3" in unit or "k/" in unit or v < 200:
        return v
    return v / 1000.0


def _mcb(e: dict) -> dict:
    t = find(e, "Temperature")
    if t is None:
        raise CalculatorInputError("MedCalc-Bench entities lack 'Temperature'")
    w = find(e, "White blood cell count", "WBC")
    if w is None:
        raise CalculatorInputError("MedCalc-Bench entities lack 'White blood cell count'")
    paco2 = find(e, "PaCO₂", "PaCO2")
    bands = find(e, "Band form", "Bands")
    return {
        "temperature_c": convert(float(t[0]), str(t[1]), "C") if isinstance(t, (list, tuple)) else float(t),
        "heart_rate": num(e, ("Heart Rate or Pulse", "heart rate"), "/min"),
        "respiratory_rate": num(e, "respiratory rate", "/min"),
        "paco2": None if paco2 is None else num(e, ("PaCO₂", "PaCO2"), "mmHg"),
        "wbc": wbc_thousands(w),
        "bands_percent": None if bands is None else num(e, ("Band form", "Bands"), "%"),
        "suspected_infection": flag(e, "Suspected infection"),
    }


def _official(inputs: list) -> dict:
    """Official entries give each criterion as yes/no (values in brackets), sometimes with the raw
    vitals alongside; the yes/no criterion fields decide, raw numbers are the fallback."""
    def crit(keywords, numeric_keys, unit, yes_value, no_value):
        v = off_yes(inputs, keywords)
        if v is not None:
            return yes_value if v else no_value
        x = off_num(inputs, numeric_keys, unit)
        if x is None:
            raise CalculatorInputError(f"official inputs have no field for {keywords[0]!r}")
        return x

    temp = crit(("temp", "temperature"), ("temperature c", "temperature"), "C", 38.5, 37.0)
    hr = crit(("heart rate", "hr"), ("heart rate bpm", "heart rate"), "/min", 100.0, 80.0)
    rr = crit(("respiratory rate", "resp rate", "rr", "paco2"), ("respiratory rate",), "/min", 24.0, 16.0)
    wbc_yes = off_yes(inputs, ("wbc",))
    if wbc_yes is None:
        n = off_num(inputs, ("wbc count", "wbc"))
        if n is None:
            raise CalculatorInputError("official inputs have no WBC field")
        wbc = n if n < 200 else n / 1000.0
    else:
        wbc = 15.0 if wbc_yes else 8.0
    return {
        "temperature_c": temp, "heart_rate": hr, "respiratory_rate": rr, "paco2": None, "wbc": wbc,
        "bands_percent": None,
        "suspected_infection": bool(off_yes(inputs, ("infection",))),
        "organ_dysfunction": bool(off_yes(inputs, ("lactic acidosis", "severe sepsis", "lactate or hypotension"))),
        "refractory_hypotension": bool(off_yes(inputs, ("septic shock", "despite adequate fluid", "persistent hypotension"))),
        "multiple_organ_failure": bool(off_yes(inputs, ("organs failing", "multiple organ", "2 organs"))),
    }


def _to_official(r) -> str:
    cat = r.details.get("category", "")
    return {"no SIRS": "This patient does not meet SIRS criteria.",
            "SIRS": "This patient meets SIRS criteria.",
            "sepsis": "This patient meets sepsis criteria.",
            "severe sepsis": "This patient meets severe sepsis criteria.",
            "septic shock": "This patient meets septic shock criteria.",
            "multiple organ dysfunction syndrome": "This patient meets multiple organ dysfunction syndrome."}.get(cat, cat)


SIRS = Calculator(
    id="sirs_criteria",
    name="SIRS, Sepsis, and Septic Shock Criteria",
    aliases=("SIRS Criteria", "SIRS", "systemic inflammatory response syndrome", "SIRS score"),
    domains=(CRITICAL, INTERNAL),
    specialty="Critical Care / Infectious Disease",
    purpose="Counts the systemic inflammatory response syndrome criteria and places the patient on the "
            "SIRS - sepsis - severe sepsis - septic shock ladder (1992 consensus).",
    inputs=(TEMP, HR, RR, PACO2, WBC, BANDS, INFECTION, ORGAN, SHOCK, MODS),
    output=Output("score", decimals=0, categories=CATEGORIES),
    compute=_sirs,
    interpret=_interpret,
    citation=("Bone RC, Balk RA, Cerra FB, et al. Definitions for sepsis and organ failure and guidelines for the use "
              "of innovative therapies in sepsis. The ACCP/SCCM Consensus Conference Committee. Chest. "
              "1992;101(6):1644-1655."),
    reference="""# SIRS, Sepsis, and Septic Shock Criteria

**Purpose.** The 1992 ACCP/SCCM consensus definitions: four physiological criteria of a systemic
inflammatory response, and a ladder from SIRS to sepsis, severe sepsis, septic shock and multiple
organ dysfunction. (Sepsis-3, 2016, replaced them with SOFA-based definitions, but SIRS remains
widely used for screening.)

**When to use.** Screening acutely ill adults for a systemic inflammatory response or sepsis.

**Criteria (the value is how many are met, 0–4).**
| Criterion |
|---|
| Temperature > 38 °C or < 36 °C |
| Heart rate > 90 /min |
| Respiratory rate > 20 /min or PaCO2 < 32 mmHg |
| WBC > 12,000/µL or < 4,000/µL, or > 10% immature (band) forms |

**Ladder.**
- SIRS: ≥ 2 criteria.
- Sepsis: SIRS with a suspected or confirmed infection.
- Severe sepsis: sepsis with organ dysfunction, hypotension or hypoperfusion (e.g. lactate > 2 mmol/L).
- Septic shock: severe sepsis with hypotension despite adequate fluid resuscitation.
- Multiple organ dysfunction syndrome: two or more failing organs.

**Reference.** Bone RC et al. Chest. 1992;101(6):1644-1655.
""",
    medcalc_bench_id=51,
    from_medcalc_bench=_mcb,
    official_names=("SIRS, Sepsis, and Septic Shock Criteria",),
    from_official=_official,
    to_official=_to_official,
)

register(SIRS)
