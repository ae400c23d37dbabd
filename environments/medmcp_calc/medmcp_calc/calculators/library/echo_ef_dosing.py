"""Simplified echocardiographic ejection fraction (Quinones) and weight-based (liquid) medication dosing."""
from __future__ import annotations

import re

from ..base import INTERNAL, SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field, official_value
from ._official_util import choice_by_keywords, field_text, number_in, reference_page

# ---------------------------------------------------------------- simplified EF (Quinones)
APEX = {"normal": 15.0, "hypokinetic": 5.0, "akinetic": 0.0, "dyskinetic": -5.0, "aneurysmal": -10.0}


def _ef(lvedd_mm, lvesd_mm, apical_contraction):
    if lvesd_mm >= lvedd_mm:
        raise CalculatorInputError("'lvesd_mm' (end-systolic dimension) must be smaller than 'lvedd_mm' "
                                   "(end-diastolic dimension)")
    dd2 = (lvedd_mm ** 2 - lvesd_mm ** 2) / lvedd_mm ** 2 * 100.0
    k = APEX[apical_contraction]
    return dd2 + (100.0 - dd2) * k / 100.0, {"percent_delta_d_squared": round(dd2, 1), "apical_correction_pct": k}


def _ef_interp(v, **_):
    if v >= 55:
        return "normal left ventricular systolic function (>= 55%)"
    if v >= 45:
        return "mildly abnormal (45-54%)"
    if v >= 30:
        return "moderately abnormal (30-44%)"
    return "severely abnormal (< 30%)"


EF = Calculator(
    id="ejection_fraction_simplified",
    name="Ejection Fraction (Simplified)",
    aliases=("Quinones ejection fraction", "simplified ejection fraction (Quinones)", "EF from LV dimensions"),
    domains=(INTERNAL,),
    specialty="Cardiology",
    purpose="Estimates left ventricular ejection fraction from end-diastolic and end-systolic dimensions with an "
            "apical-contraction correction.",
    inputs=(Input("lvedd_mm", "LV end-diastolic dimension", unit="mm", min=10, max=120,
                  ehr=EHRSource("exam", ("echocardiography", "LVIDd"), "mm")),
            Input("lvesd_mm", "LV end-systolic dimension", unit="mm", min=5, max=110,
                  ehr=EHRSource("exam", ("echocardiography", "LVIDs"), "mm")),
            Input("apical_contraction", "Apical contraction", kind="choice", choices=tuple(APEX),
                  ehr=EHRSource("exam", ("echocardiography", "apical wall motion")))),
    output=Output("number", unit="%", decimals=0, abs_tol=1),
    compute=_ef,
    interpret=_ef_interp,
    citation="Quinones MA, Waggoner AD, Reduto LA, et al. A new, simplified and accurate method for determining "
             "ejection fraction with two-dimensional echocardiography. Circulation. 1981;64(4):744-753.",
    reference=reference_page(
        "Ejection Fraction (Simplified, Quinones method)",
        "Ejection fraction from two LV minor-axis dimensions plus an estimate of long-axis (apical) shortening.",
        "When volumetric (biplane Simpson) measurement is not available.",
        "LV end-diastolic and end-systolic dimensions (mm), apical contraction.",
        "%dD^2 = (LVEDD^2 - LVESD^2) / LVEDD^2 x 100; EF = %dD^2 + (100 - %dD^2) x K / 100, with K (apical "
        "shortening) 15% normal, 5% hypokinetic, 0% akinetic, -5% dyskinetic, -10% aneurysmal.",
        ">= 55% normal; 45-54% mildly, 30-44% moderately, < 30% severely abnormal.",
        "Quinones MA et al. Circulation. 1981;64(4):744-753."),
    official_names=("Ejection Fraction (Simplified)",),
    from_official=lambda i: {
        "lvedd_mm": official_value(i, ("end diastolic",), "mm"), "lvesd_mm": official_value(i, ("end systolic",), "mm"),
        "apical_contraction": choice_by_keywords(field_text(i, ("apical",)), {k: (k,) for k in APEX}
                                                 | {"aneurysmal": ("aneurysm", "aneurysmal")}, "apical contraction"),
    },
)


# ---------------------------------------------------------------- weight-based (liquid) dosing
def _dose(weight_kg, dose_mg_per_kg_day, doses_per_day, concentration_mg_per_ml, max_single_dose_mg):
    single = weight_kg * dose_mg_per_kg_day / doses_per_day
    capped = max_single_dose_mg is not None and single > max_single_dose_mg
    if capped:
        single = max_single_dose_mg
    details = {"daily_dose_mg": round(single * doses_per_day, 2), "capped_at_maximum": capped}
    if concentration_mg_per_ml is not None:
        details["volume_per_dose_ml"] = round(single / concentration_mg_per_ml, 2)
    return single, details


def _dose_interp(v, concentration_mg_per_ml=None, doses_per_day=1, **_):
    tail = f" = {v / concentration_mg_per_ml:.2f} mL" if concentration_mg_per_ml else ""
    return f"{v} mg per dose{tail}, {doses_per_day} dose(s) a day ({v * doses_per_day:g} mg/day)"


_FREQ = {"once daily": 1, "daily": 1, "qd": 1, "bid": 2, "twice": 2, "tid": 3, "three times": 3, "qid": 4,
         "four times": 4}


def _doses_per_day(text: str) -> int:
    t = str(text).lower()
    m = re.search(r"every\s+(\d+(?:\.\d+)?)\s*(?:h|hour)", t) or re.search(r"q\s*(\d+)\s*h", t)
    if m:
        hours = float(m.group(1))
        if hours <= 0 or 24 % hours:
            raise CalculatorInputError(f"cannot turn the interval {text!r} into whole doses per day")
        return int(24 // hours)
    for k, n in _FREQ.items():
        if k in t:
            return n
    raise CalculatorInputError(f"cannot read a dosing frequency from {text!r}")


def _dose_official(i: list) -> dict:
    conc = None
    amount = find_field(i, ("medication amount",))
    per = find_field(i, ("per volume",))
    if amount is not None and per is not None:
        conc = number_in(amount.get("value")) / number_in(per.get("value"))
    return {"weight_kg": official_value(i, ("weight",), "kg"),
            "dose_mg_per_kg_day": number_in(field_text(i, ("dosage", "dose"), exclude=("frequency",))),
            "doses_per_day": _doses_per_day(field_text(i, ("frequency",))),
            "concentration_mg_per_ml": conc, "max_single_dose_mg": None}


DOSE = Calculator(
    id="weight_based_dosing",
    name="Weight-based liquid medication dosing",
    aliases=("Pediatric weight-based dosing", "mg/kg dosing", "weight-based dose calculator"),
    domains=(SPECIAL, INTERNAL),
    specialty="Pediatrics / Clinical Pharmacy",
    purpose="Turns a mg/kg/day prescription into the single dose (mg, optionally capped at a maximum) and the "
            "volume of a liquid formulation.",
    inputs=(Input("weight_kg", "Body weight", unit="kg", min=0.3, max=400, ehr=EHRSource("vital", ("weight",), "kg")),
            Input("dose_mg_per_kg_day", "Prescribed daily dose", unit="mg/kg/day", min=0.0001, max=1000,
                  ehr=EHRSource("order", ("dose",), "mg/kg/day")),
            Input("doses_per_day", "Number of doses per day", kind="integer", min=1, max=24,
                  ehr=EHRSource("order", ("frequency",))),
            Input("concentration_mg_per_ml", "Liquid concentration", unit="mg/mL", min=0.0001, max=10000,
                  optional=True, ehr=EHRSource("order", ("formulation",), "mg/mL")),
            Input("max_single_dose_mg", "Maximum single dose", unit="mg", min=0.0001, max=100000, optional=True,
                  ehr=EHRSource("none", note="drug reference (e.g. adult maximum)"))),
    output=Output("number", unit="mg", decimals=2, abs_tol=0.01, rel_tol=0.001),
    compute=_dose,
    interpret=_dose_interp,
    citation="Standard weight-based dosing arithmetic, e.g. Kearns GL, Abdel-Rahman SM, Alander SW, et al. "
             "Developmental pharmacology - drug disposition, action, and therapy in infants and children. N Engl J "
             "Med. 2003;349(12):1157-1167.",
    reference=reference_page(
        "Weight-based (Liquid) Medication Dosing",
        "Converts a mg/kg/day order into a per-dose amount and, for liquids, a per-dose volume.",
        "Paediatric and other weight-based prescriptions; always check the drug's maximum dose.",
        "Weight (kg), daily dose (mg/kg/day), doses per day, optional concentration (mg/mL) and maximum single dose.",
        "Single dose (mg) = weight x daily dose / doses per day (capped at the maximum single dose when given); "
        "volume (mL) = single dose / concentration.",
        "Round volumes to what can be measured accurately (e.g. 0.1 mL with an oral syringe).",
        "Kearns GL et al. N Engl J Med. 2003;349:1157-1167."),
    official_names=("Weight-based liquid medication dosing",),
    from_official=_dose_official,
)

register(EF, DOSE)
