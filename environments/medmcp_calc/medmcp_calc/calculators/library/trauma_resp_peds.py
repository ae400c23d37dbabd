"""Trauma and respiratory/paediatric bedside tools: Revised Trauma Score, TRISS, oxygenation index,
rapid shallow breathing index, paediatric ETT size, paediatric age-adjusted shock index (SIPA)."""
from __future__ import annotations

import math
import re

from ..base import CRITICAL, INTERNAL, SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field, official_value
from ._official_util import field_text, number_in, percent, reference_page


# ---------------------------------------------------------------- RTS
def _code_gcs(g):
    return 4 if g >= 13 else 3 if g >= 9 else 2 if g >= 6 else 1 if g >= 4 else 0


def _code_sbp(s):
    return 4 if s > 89 else 3 if s >= 76 else 2 if s >= 50 else 1 if s >= 1 else 0


def _code_rr(r):
    return 3 if r > 29 else 4 if r >= 10 else 2 if r >= 6 else 1 if r >= 1 else 0


def _rts(gcs, sbp, resp_rate):
    c = {"gcs": _code_gcs(gcs), "sbp": _code_sbp(sbp), "resp_rate": _code_rr(resp_rate)}
    return 0.9368 * c["gcs"] + 0.7326 * c["sbp"] + 0.2908 * c["resp_rate"], {"coded_values": c, "triage_rts": sum(c.values())}


RTS = Calculator(
    id="revised_trauma_score",
    name="Revised Trauma Score (RTS)",
    aliases=("RTS", "revised trauma score"),
    domains=(CRITICAL,),
    specialty="Trauma Surgery",
    purpose="Physiological trauma severity score from GCS, systolic BP and respiratory rate (weighted, 0-7.84).",
    inputs=(Input("gcs", "Glasgow Coma Scale", kind="integer", min=3, max=15, ehr=EHRSource("exam", ("GCS",))),
            Input("sbp", "Systolic blood pressure", unit="mmHg", min=0, max=300, ehr=EHRSource("vital", ("systolic_bp",), "mmHg")),
            Input("resp_rate", "Respiratory rate", unit="breaths/min", min=0, max=80, ehr=EHRSource("vital", ("respiratory_rate",)))),
    output=Output("number", decimals=3, abs_tol=0.001),
    compute=_rts,
    interpret=lambda v, **_: ("RTS <4: consider trauma-centre care" if v < 4 else "RTS >=4; lower values predict lower survival"),
    citation="Champion HR, Sacco WJ, Copes WS, Gann DS, Gennarelli TA, Flanagan ME. A revision of the Trauma Score. "
             "J Trauma. 1989;29(5):623-629.",
    reference=reference_page(
        "Revised Trauma Score (RTS)", "Physiological severity of injury; an input of TRISS.",
        "Injured patients at first assessment.", "GCS, systolic BP (mmHg), respiratory rate (/min).",
        "Coded values 0-4: GCS 13-15=4, 9-12=3, 6-8=2, 4-5=1, 3=0; SBP >89=4, 76-89=3, 50-75=2, 1-49=1, 0=0; "
        "RR 10-29=4, >29=3, 6-9=2, 1-5=1, 0=0. RTS = 0.9368 x GCSc + 0.7326 x SBPc + 0.2908 x RRc (0-7.8408).",
        "Lower RTS means worse physiology and survival; many systems triage RTS < 4 to a trauma centre.",
        "Champion HR et al. J Trauma. 1989;29:623-629."),
    official_names=("Revised Trauma Score",),
    from_official=lambda inputs: {
        "gcs": int(number_in(field_text(inputs, ("glasgow coma scale", "gcs")))),
        "sbp": official_value(inputs, ("systolic bp", "systolic blood pressure"), "mmHg"),
        "resp_rate": official_value(inputs, ("respiratory rate",)),
    },
)


# ---------------------------------------------------------------- TRISS
TRISS_COEF = {"blunt": (-1.2470, 0.9544, -0.0768, -1.9052), "penetrating": (-0.6029, 1.1430, -0.1516, -2.6676)}


def _triss(mechanism, rts, iss, age):
    b0, b1, b2, b3 = TRISS_COEF[mechanism]
    age_index = 1 if age >= 55 else 0
    b = b0 + b1 * rts + b2 * iss + b3 * age_index
    return 100.0 / (1.0 + math.exp(-b)), {"logit": round(b, 4), "age_index": age_index}


def _triss_age(text: str) -> float:
    t = text.replace(" ", "")
    if re.search(r"(≤|<=|<)54", t) and not re.search(r"\((\d+)", t):
        return 40.0
    m = re.search(r"\((\d+)", t)
    if m:
        return float(m.group(1))
    if re.search(r"(≥|>=|>)55", t):
        return 60.0
    return number_in(text)


TRISS = Calculator(
    id="triss",
    name="Trauma Score and Injury Severity Score (TRISS)",
    aliases=("TRISS", "TRISS probability of survival"),
    domains=(CRITICAL,),
    specialty="Trauma Surgery",
    purpose="Probability of survival after injury from the RTS, ISS, age and mechanism (blunt/penetrating).",
    inputs=(Input("mechanism", "Injury mechanism", kind="choice", choices=("blunt", "penetrating"), ehr=EHRSource("history", ())),
            Input("rts", "Revised Trauma Score", min=0, max=7.8408, ehr=EHRSource("none", note="from the RTS tool")),
            Input("iss", "Injury Severity Score", kind="integer", min=0, max=75, ehr=EHRSource("none", note="from the ISS tool")),
            Input("age", "Age", unit="years", min=0, max=120, ehr=EHRSource("demographic", ("age",), "years"))),
    output=Output("number", unit="%", decimals=1, abs_tol=0.1, rel_tol=0.005),
    compute=_triss,
    interpret=lambda v, **_: (f"probability of survival {v:g}%" + ("; Ps <50% marks an unexpected survivor if the patient lives" if v < 50 else "")),
    citation="Boyd CR, Tolson MA, Copes WS. Evaluating trauma care: the TRISS method. J Trauma. 1987;27(4):370-378. "
             "Champion HR, et al. The Major Trauma Outcome Study. J Trauma. 1990;30(11):1356-1365.",
    reference=reference_page(
        "TRISS (Trauma Score - Injury Severity Score)", "Estimates the probability of survival after trauma for audit and benchmarking.",
        "Trauma registries and quality review (not bedside triage).",
        "Mechanism (blunt or penetrating), RTS, ISS, age (age index 1 if >= 55 years).",
        "Ps = 1 / (1 + e^-b), b = b0 + b1 x RTS + b2 x ISS + b3 x age index; MTOS coefficients: blunt -1.2470, 0.9544, "
        "-0.0768, -1.9052; penetrating -0.6029, 1.1430, -0.1516, -2.6676.",
        "Deaths with Ps > 50% and survivors with Ps < 50% are flagged for review.",
        "Boyd CR et al. J Trauma. 1987;27:370-378; Champion HR et al. J Trauma. 1990;30:1356-1365."),
    official_names=("Trauma Score and Injury Severity Score (TRISS)",),
    from_official=lambda inputs: {
        "mechanism": "penetrating" if "penetrat" in field_text(inputs, ("trauma type", "mechanism")).lower() else "blunt",
        "rts": number_in(field_text(inputs, ("revised trauma score", "rts"))),
        "iss": int(number_in(field_text(inputs, ("injury severity score", "iss")))),
        "age": _triss_age(field_text(inputs, ("age years", "age"))),
    },
)


# ---------------------------------------------------------------- Oxygenation index
def _oi(fio2_pct, mean_airway_pressure_cmh2o, pao2):
    return fio2_pct * mean_airway_pressure_cmh2o / pao2


def _oi_official(inputs: list) -> dict:
    e = find_field(inputs, ("mean airway pressure", "mean airway pressure cmh2o", "mean airway pressure paw"),
                   exclude=("units",))
    if e is None:
        raise CalculatorInputError("oxygenation index: no mean airway pressure")
    text = str(e.get("value", ""))
    units = find_field(inputs, ("mean airway pressure paw units", "units"))
    mmhg = "mm hg" in text.lower() or "mmhg" in text.lower() or (units is not None and "mm" in str(units.get("value", "")).lower())
    paw = number_in(text) * (1.35951 if mmhg else 1.0)
    return {"fio2_pct": percent(official_value(inputs, ("fio2", "fio₂", "fio2 percent"))),
            "mean_airway_pressure_cmh2o": paw, "pao2": official_value(inputs, ("pao2", "pao2 mmhg"), "mmHg")}


OI = Calculator(
    id="oxygenation_index",
    name="Oxygenation Index (OI)",
    aliases=("OI", "oxygenation index"),
    domains=(CRITICAL, SPECIAL),
    specialty="Critical Care",
    purpose="Oxygenation impairment accounting for ventilator pressure: FiO2 x mean airway pressure / PaO2.",
    inputs=(Input("fio2_pct", "FiO2", unit="%", min=21, max=100, ehr=EHRSource("lab", ("FiO2",), "%")),
            Input("mean_airway_pressure_cmh2o", "Mean airway pressure", unit="cmH2O", min=1, max=60, ehr=EHRSource("order", ("mean airway pressure",))),
            Input("pao2", "PaO2", unit="mmHg", min=10, max=700, ehr=EHRSource("lab", ("PaO2",), "mmHg"))),
    output=Output("number", decimals=1, abs_tol=0.1, rel_tol=0.01),
    compute=_oi,
    interpret=lambda v, **_: ("OI >=40: severe; ECMO criterion in neonates" if v >= 40 else
                              "OI >=16: severe PARDS range" if v >= 16 else "OI 8-16: moderate PARDS range" if v >= 8
                              else "OI 4-8: mild PARDS range" if v >= 4 else "OI <4"),
    citation="Ortiz RM, Cilley RE, Bartlett RH. Extracorporeal membrane oxygenation in pediatric respiratory failure. "
             "Pediatr Clin North Am. 1987;34(1):39-46. Pediatric Acute Lung Injury Consensus Conference Group. "
             "Pediatr Crit Care Med. 2015;16(5):428-439.",
    reference=reference_page(
        "Oxygenation Index (OI)", "Grades hypoxaemic respiratory failure while accounting for the ventilator pressure needed.",
        "Ventilated neonates and children (PARDS severity, ECMO referral); also adults with ARDS.",
        "FiO2 (%), mean airway pressure (cmH2O; mmHg values are converted x 1.36), PaO2 (mmHg).",
        "OI = FiO2 (%) x mean airway pressure (cmH2O) / PaO2.",
        "PARDS: 4-8 mild, 8-16 moderate, >= 16 severe; OI >= 40 is a classic neonatal ECMO criterion.",
        "Ortiz RM et al. Pediatr Clin North Am. 1987; PALICC. Pediatr Crit Care Med. 2015."),
    official_names=("Oxygenation Index",),
    from_official=_oi_official,
)


# ---------------------------------------------------------------- RSBI
RSBI = Calculator(
    id="rsbi",
    name="Rapid Shallow Breathing Index (RSBI)",
    aliases=("RSBI", "Tobin index", "f/VT", "rapid shallow breathing index"),
    domains=(CRITICAL, INTERNAL),
    specialty="Critical Care",
    purpose="Respiratory rate divided by tidal volume (L) during a spontaneous breathing trial, predicting weaning success.",
    inputs=(Input("resp_rate", "Respiratory rate", unit="breaths/min", min=1, max=80, ehr=EHRSource("vital", ("respiratory_rate",))),
            Input("tidal_volume_ml", "Spontaneous tidal volume", unit="mL", min=20, max=2000, ehr=EHRSource("order", ("tidal volume",)))),
    output=Output("number", unit="breaths/min/L", decimals=0, abs_tol=1),
    compute=lambda resp_rate, tidal_volume_ml: resp_rate / (tidal_volume_ml / 1000.0),
    interpret=lambda v, **_: ("<105: extubation likely to succeed" if v < 105 else ">=105: weaning failure likely"),
    citation="Yang KL, Tobin MJ. A prospective study of indexes predicting the outcome of trials of weaning from mechanical "
             "ventilation. N Engl J Med. 1991;324(21):1445-1450.",
    reference=reference_page(
        "Rapid Shallow Breathing Index (RSBI)", "Predicts success of weaning from mechanical ventilation.",
        "During a spontaneous breathing trial (minimal support).", "Respiratory rate (/min), tidal volume (mL).",
        "RSBI = respiratory rate / tidal volume (L).",
        "< 105 breaths/min/L predicts successful weaning (high sensitivity); >= 105 predicts failure.",
        "Yang KL, Tobin MJ. N Engl J Med. 1991;324:1445-1450."),
    official_names=("Rapid Shallow Breathing Index (RSBI)",),
    from_official=lambda inputs: {"resp_rate": official_value(inputs, ("respiratory rate",)),
                                  "tidal_volume_ml": number_in(field_text(inputs, ("tidal volume",)))},
)


# ---------------------------------------------------------------- paediatric ETT
def _peds_ett(age_years):
    uncuffed = age_years / 4.0 + 4.0
    cuffed = age_years / 4.0 + 3.0
    return uncuffed, {"cuffed_mm": round(cuffed * 2) / 2, "depth_at_lip_cm": round(3 * uncuffed, 1)}


PEDS_ETT = Calculator(
    id="pediatric_ett_size",
    name="Pediatric Endotracheal Tube (ETT) Size",
    aliases=("pediatric ETT size", "paediatric tube size", "Cole formula", "age/4 + 4"),
    domains=(CRITICAL, SPECIAL),
    specialty="Pediatrics",
    purpose="Age-based endotracheal tube internal diameter for children (uncuffed Cole formula; cuffed age/4 + 3).",
    inputs=(Input("age_years", "Age", unit="years", min=1, max=16, description="formula applies from about 1-2 years",
                  ehr=EHRSource("demographic", ("age",), "years")),),
    output=Output("number", unit="mm", decimals=1, abs_tol=0.25),
    compute=_peds_ett,
    interpret=lambda v, **_: f"uncuffed tube about {v:g} mm ID; have half a size smaller and larger ready",
    citation="Cole F. Pediatric formulas for the anesthesiologist. AMA J Dis Child. 1957;94(6):672-673. Khine HH, et al. "
             "Comparison of cuffed and uncuffed endotracheal tubes in young children during general anesthesia. "
             "Anesthesiology. 1997;86(3):627-631.",
    reference=reference_page(
        "Pediatric Endotracheal Tube Size", "Chooses the tube internal diameter (ID) for a child by age.",
        "Children older than about 1-2 years (use weight/length-based tapes or neonatal tables below that).",
        "Age (years).",
        "Uncuffed ID (mm) = age/4 + 4 (Cole); cuffed ID = age/4 + 3 (Khine), rounded to the nearest 0.5 mm; oral depth ~ 3 x ID cm.",
        "Prepare tubes 0.5 mm smaller and larger; check leak pressure and depth clinically.",
        "Cole F. AMA J Dis Child. 1957; Khine HH et al. Anesthesiology. 1997;86:627-631."),
    official_names=("Pediatric Endotracheal Tube (ETT) Size",),
    from_official=lambda inputs: {"age_years": official_value(inputs, ("age",))},
)


# ---------------------------------------------------------------- SIPA
def _sipa_cutoff(age):
    return 1.22 if age <= 6 else 1.0 if age <= 12 else 0.9


SIPA = Calculator(
    id="sipa",
    name="Shock Index, Pediatric Age-Adjusted (SIPA)",
    aliases=("SIPA", "pediatric age-adjusted shock index", "age-adjusted shock index"),
    domains=(CRITICAL, SPECIAL),
    specialty="Pediatric Surgery",
    purpose="Shock index with age-specific cut-offs for injured children aged 4-16.",
    inputs=(Input("age_years", "Age", unit="years", min=4, max=16, ehr=EHRSource("demographic", ("age",), "years")),
            Input("heart_rate", "Maximum heart rate", unit="beats/min", min=20, max=300, ehr=EHRSource("vital", ("heart_rate",))),
            Input("sbp", "Minimum systolic blood pressure", unit="mmHg", min=20, max=250, ehr=EHRSource("vital", ("systolic_bp",), "mmHg"))),
    output=Output("number", decimals=2, abs_tol=0.01),
    compute=lambda age_years, heart_rate, sbp: (heart_rate / sbp, {"age_cutoff": _sipa_cutoff(age_years)}),
    interpret=lambda v, age_years=10, **_: (f"elevated (above {_sipa_cutoff(age_years)} for age): higher risk of severe injury, "
                                            "transfusion and ICU need" if v > _sipa_cutoff(age_years)
                                            else f"not elevated (cut-off {_sipa_cutoff(age_years)} for age)"),
    citation="Acker SN, Ross JT, Partrick DA, Tong S, Bensard DD. Pediatric specific shock index accurately identifies severely "
             "injured children. J Pediatr Surg. 2015;50(2):331-334.",
    reference=reference_page(
        "Shock Index, Pediatric Age-Adjusted (SIPA)", "Identifies severely injured children using age-specific shock-index limits.",
        "Blunt trauma in children aged 4-16 years.", "Age, maximum heart rate, minimum systolic BP in the first hour.",
        "SIPA = HR / SBP; elevated if > 1.22 (4-6 y), > 1.0 (7-12 y), > 0.9 (13-16 y).",
        "Elevated SIPA predicts higher ISS, transfusion, ICU admission and mortality.",
        "Acker SN et al. J Pediatr Surg. 2015;50:331-334."),
    official_names=("Shock Index, Pediatric Age-Adjusted (SIPA)",),
    from_official=lambda inputs: {
        "age_years": official_value(inputs, ("age",)),
        "heart_rate": official_value(inputs, ("maximum heart rate", "heart rate")),
        "sbp": official_value(inputs, ("minimum systolic blood pressure", "systolic"), "mmHg"),
    },
)

register(RTS, TRISS, OI, RSBI, PEDS_ETT, SIPA)
