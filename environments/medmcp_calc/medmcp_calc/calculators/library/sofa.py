"""Sequential Organ Failure Assessment (SOFA) score."""
from __future__ import annotations

import re

from ..base import CRITICAL, INTERNAL, Calculator, EHRSource, Input, Output, register
from ..officials import find_field, parse_number_unit
from ._entities import find, flag, num, off_num, off_yes


def _n(name, label, unit, lo, hi, ehr, optional=True, default=None):
    return Input(name, label, unit=unit, min=lo, max=hi, optional=optional, default=default, ehr=ehr)


PAO2 = _n("pao2", "PaO2", "mmHg", 10, 700, EHRSource("lab", ("PaO2", "pO2"), "mmHg"), optional=False)
FIO2 = _n("fio2", "FiO2", "%", 21, 100, EHRSource("vital", ("fio2",), "%"), optional=False)
VENT = Input("mechanical_ventilation", "On mechanical ventilation or CPAP", kind="bool", optional=True, default=False,
             ehr=EHRSource("order", ("mechanical ventilation", "CPAP", "intubation")))
PLT = _n("platelets", "Platelet count", "10^3/uL", 0, 2000, EHRSource("lab", ("Platelet count", "PLT"), "10^9/L"), optional=False)
GCS = _n("gcs", "Glasgow Coma Scale", None, 3, 15, EHRSource("exam", ("GCS", "Glasgow")), default=15)
BILI = _n("bilirubin", "Total bilirubin", "mg/dL", 0, 80, EHRSource("lab", ("Total bilirubin", "TBIL"), "mg/dL"), optional=False)
MAP = _n("map", "Mean arterial pressure", "mmHg", 10, 250, EHRSource("vital", ("mean_bp",), "mmHg"))
HYPO = Input("hypotension", "Hypotension (MAP < 70 mmHg) without vasopressors", kind="bool", optional=True, default=False,
             ehr=EHRSource("vital", ("mean_bp",), "mmHg"))
DOPA = _n("dopamine", "Dopamine", "ug/kg/min", 0, 100, EHRSource("order", ("dopamine",), "ug/kg/min"), default=0.0)
DOBU = _n("dobutamine", "Dobutamine (any dose)", "ug/kg/min", 0, 100, EHRSource("order", ("dobutamine",), "ug/kg/min"), default=0.0)
EPI = _n("epinephrine", "Epinephrine", "ug/kg/min", 0, 10, EHRSource("order", ("epinephrine",), "ug/kg/min"), default=0.0)
NOREPI = _n("norepinephrine", "Norepinephrine", "ug/kg/min", 0, 10, EHRSource("order", ("norepinephrine",), "ug/kg/min"), default=0.0)
CREAT = _n("creatinine", "Serum creatinine", "mg/dL", 0, 40, EHRSource("lab", ("Creatinine", "CREA"), "mg/dL"), optional=False)
URINE = _n("urine_output", "Urine output", "mL/day", 0, 20000, EHRSource("vital", ("urine_output",), "mL/day"))


def respiration(pao2: float, fio2: float, ventilated: bool) -> int:
    pf = pao2 / (fio2 / 100.0)
    if pf < 100 and ventilated:
        return 4
    if pf < 200 and ventilated:
        return 3
    if pf < 300:
        return 2
    if pf < 400:
        return 1
    return 0


def coagulation(platelets: float) -> int:
    return 4 if platelets < 20 else 3 if platelets < 50 else 2 if platelets < 100 else 1 if platelets < 150 else 0


def liver(bilirubin: float) -> int:
    return 4 if bilirubin >= 12 else 3 if bilirubin >= 6 else 2 if bilirubin >= 2 else 1 if bilirubin >= 1.2 else 0


def cardiovascular(map_: float | None, hypotension: bool, dopamine: float, dobutamine: float, epinephrine: float,
                   norepinephrine: float) -> int:
    if dopamine > 15 or epinephrine > 0.1 or norepinephrine > 0.1:
        return 4
    if dopamine > 5 or epinephrine > 0 or norepinephrine > 0:
        return 3
    if dopamine > 0 or dobutamine > 0:
        return 2
    if hypotension or (map_ is not None and map_ < 70):
        return 1
    return 0


def cns(gcs: float) -> int:
    return 0 if gcs >= 15 else 1 if gcs >= 13 else 2 if gcs >= 10 else 3 if gcs >= 6 else 4


def renal(creatinine: float, urine_output: float | None) -> int:
    c = 4 if creatinine >= 5 else 3 if creatinine >= 3.5 else 2 if creatinine >= 2 else 1 if creatinine >= 1.2 else 0
    u = 0 if urine_output is None else 4 if urine_output < 200 else 3 if urine_output < 500 else 0
    return max(c, u)


def _sofa(pao2, fio2, mechanical_ventilation, platelets, gcs, bilirubin, map, hypotension, dopamine, dobutamine,
          epinephrine, norepinephrine, creatinine, urine_output) -> tuple[int, dict]:
    parts = {
        "respiration": respiration(pao2, fio2, mechanical_ventilation),
        "coagulation": coagulation(platelets),
        "liver": liver(bilirubin),
        "cardiovascular": cardiovascular(map, hypotension, dopamine, dobutamine, epinephrine, norepinephrine),
        "cns": cns(gcs),
        "renal": renal(creatinine, urine_output),
    }
    return sum(parts.values()), {"organ_scores": parts, "pf_ratio": round(pao2 / (fio2 / 100.0), 1)}


def _interpret(value: int, **_: object) -> str:
    if value >= 15:
        band = "in-hospital mortality > 80%"
    elif value >= 12:
        band = "in-hospital mortality about 50-60%"
    elif value >= 10:
        band = "in-hospital mortality about 40-50%"
    elif value >= 7:
        band = "in-hospital mortality about 15-20%"
    else:
        band = "in-hospital mortality < 10%"
    return f"SOFA {value}: {band}; a rise of >= 2 points with suspected infection defines sepsis (Sepsis-3)"


def platelets_thousands(entity) -> float:
    """[88400.0, 'µL'] (cells per µL) -> 88.4; [150, '10^9/L'] -> 150."""
    v = float(entity[0] if isinstance(entity, (list, tuple)) else entity)
    return v / 1000.0 if v > 2000 else v


def _mcb(e: dict) -> dict:
    out = {
        "pao2": num(e, ("Partial pressure of oxygen (PaO₂) for Apache II", "PaO₂", "PaO2"), "mmHg"),
        "fio2": num(e, ("FiO₂", "FiO2"), "%"),
        "mechanical_ventilation": flag(e, "On mechanical ventilation") or flag(e, "Continous positive airway pressure",
                                                                              "Continuous positive airway pressure"),
        "platelets": platelets_thousands(find(e, "Platelet count")) if find(e, "Platelet count") is not None
        else num(e, "Platelet count"),
        "gcs": num(e, "Glasgow Coma Score", default=15.0),
        "bilirubin": num(e, "Bilirubin", "mg/dL", analyte="bilirubin"),
        "hypotension": flag(e, "Hypotension"),
        "creatinine": num(e, "creatinine", "mg/dL", analyte="creatinine"),
    }
    for key, name in (("DOPamine", "dopamine"), ("DOBUTamine", "dobutamine"), ("EPINEPHrine", "epinephrine"),
                      ("norEPINEPHrine", "norepinephrine")):
        if find(e, key) is not None:
            out[name] = num(e, key)
    sbp, dbp = find(e, "Systolic Blood Pressure"), find(e, "Diastolic Blood Pressure")
    if sbp is not None and dbp is not None:
        s, d = num(e, "Systolic Blood Pressure", "mmHg"), num(e, "Diastolic Blood Pressure", "mmHg")
        out["map"] = (s + 2 * d) / 3.0
    if find(e, "Urine Output") is not None:
        out["urine_output"] = num(e, "Urine Output", "mL/day")
    return out


_PRESSORS = {"norepinephrine": ("norepinephrine", "noradrenaline"), "epinephrine": ("epinephrine", "adrenaline"),
             "dopamine": ("dopamine",), "dobutamine": ("dobutamine",)}


def _official(inputs: list) -> dict:
    out = {
        "pao2": off_num(inputs, ("pao2", "pao2 mmhg")),
        "fio2": off_num(inputs, ("fio2", "fio2 percent")),
        "mechanical_ventilation": bool(off_yes(inputs, ("mechanical ventilation", "ventilation"))),
        "bilirubin": off_num(inputs, ("bilirubin",), "mg/dL", analyte="bilirubin"),
        "creatinine": off_num(inputs, ("creatinine",), "mg/dL", analyte="creatinine"),
        "gcs": off_num(inputs, ("glasgow", "gcs")),
    }
    m = find_field(inputs, ("mean arterial pressure",))
    if m is not None and not any(w in str(m.get("value", "")).lower() for ws in _PRESSORS.values() for w in ws):
        out["map"] = parse_number_unit(m.get("value"))[0]
    plt = find_field(inputs, ("platelets",))
    out["platelets"] = parse_number_unit(plt.get("value"))[0] if plt else None
    if out["platelets"] is not None and out["platelets"] > 2000:
        out["platelets"] /= 1000.0
    if out["fio2"] is not None and out["fio2"] <= 1.0:
        out["fio2"] *= 100.0
    uo = find_field(inputs, ("urine output",), exclude=("creatinine",))
    if uo is not None:
        out["urine_output"] = parse_number_unit(uo.get("value"))[0]
    texts = " ".join(str(x.get("value", "")) for x in inputs
                     if isinstance(x, dict) and any(w in str(x.get("field", "")).lower() for w in ("vaso", "pressor", "agent")))
    low = texts.lower()
    for name, words in _PRESSORS.items():
        for w in words:
            m2 = re.search(rf"(?<![a-z]){w}\s*([0-9.]+)", low)
            if m2:
                out[name] = float(m2.group(1))
                break
    return {k: v for k, v in out.items() if v is not None}


SOFA = Calculator(
    id="sofa",
    name="Sequential Organ Failure Assessment (SOFA) Score",
    aliases=("SOFA", "SOFA score", "Sepsis-related Organ Failure Assessment", "Sequential Organ Failure Assessment"),
    domains=(CRITICAL, INTERNAL),
    specialty="Critical Care",
    purpose="Scores dysfunction of six organ systems in ICU patients; tracks organ failure and predicts mortality.",
    inputs=(PAO2, FIO2, VENT, PLT, GCS, BILI, MAP, HYPO, DOPA, DOBU, EPI, NOREPI, CREAT, URINE),
    output=Output("score", decimals=0),
    compute=_sofa,
    interpret=_interpret,
    citation=("Vincent JL, Moreno R, Takala J, et al. The SOFA (Sepsis-related Organ Failure Assessment) score to "
              "describe organ dysfunction/failure. Intensive Care Med. 1996;22(7):707-710."),
    reference="""# Sequential Organ Failure Assessment (SOFA) Score

**Purpose.** Quantifies dysfunction of six organ systems (0–4 each, total 0–24) in critically ill
patients. Serial scores track the course of organ failure; an acute rise of ≥ 2 points with a
suspected infection defines sepsis (Sepsis-3, 2016).

**When to use.** ICU patients, daily, using the worst value of each variable in the past 24 hours.
Missing variables are usually taken as normal (e.g. GCS 15 when not assessed).

**Points.**
| System | 0 | 1 | 2 | 3 | 4 |
|---|---|---|---|---|---|
| Respiration: PaO2/FiO2 (mmHg) | ≥ 400 | < 400 | < 300 | < 200 with respiratory support | < 100 with respiratory support |
| Coagulation: platelets (×10³/µL) | ≥ 150 | < 150 | < 100 | < 50 | < 20 |
| Liver: bilirubin (mg/dL) | < 1.2 | 1.2–1.9 | 2.0–5.9 | 6.0–11.9 | ≥ 12 |
| Cardiovascular | MAP ≥ 70 | MAP < 70 | dopamine ≤ 5 or any dobutamine | dopamine > 5, or epinephrine ≤ 0.1, or norepinephrine ≤ 0.1 | dopamine > 15, or epinephrine > 0.1, or norepinephrine > 0.1 |
| CNS: Glasgow Coma Scale | 15 | 13–14 | 10–12 | 6–9 | < 6 |
| Renal: creatinine (mg/dL) or urine output | < 1.2 | 1.2–1.9 | 2.0–3.4 | 3.5–4.9 or < 500 mL/day | ≥ 5.0 or < 200 mL/day |
Vasopressor doses in µg/kg/min, given for at least one hour. Without mechanical ventilation or CPAP,
the respiratory score stops at 2.

**Interpretation.** Higher scores mean more organ failure; in the original cohorts an initial score
≤ 6 carried < 10% mortality, 7–9 about 15–20%, 10–12 about 40–50%, > 12 above 50%, > 15 above 80%.

**Reference.** Vincent JL et al. Intensive Care Med. 1996;22(7):707-710.
""",
    medcalc_bench_id=43,
    from_medcalc_bench=_mcb,
    official_names=("Sequential Organ Failure Assessment (SOFA) Score",),
    from_official=_official,
)

register(SOFA)
