"""Morphine milligram equivalents (MME) per day across opioids."""
from __future__ import annotations


from ..base import CRITICAL, INTERNAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field, parse_number_unit
from ._entities import find

# conversion factors to oral morphine mg; fentanyl buccal per microgram, fentanyl patch per microgram/hour
CDC_2022 = {"codeine": 0.15, "fentanyl_buccal": 0.13, "fentanyl_patch": 2.4, "hydrocodone": 1.0, "hydromorphone": 5.0,
            "methadone": 4.7, "morphine": 1.0, "oxycodone": 1.5, "oxymorphone": 3.0, "tapentadol": 0.4, "tramadol": 0.2}
CDC_2016 = {"codeine": 0.15, "fentanyl_buccal": 0.13, "fentanyl_patch": 2.4, "hydrocodone": 1.0, "hydromorphone": 4.0,
            "methadone": None, "morphine": 1.0, "oxycodone": 1.5, "oxymorphone": 3.0, "tapentadol": 0.4, "tramadol": 0.1}
_LABELS = {"codeine": "Codeine", "fentanyl_buccal": "Fentanyl buccal/sublingual", "fentanyl_patch": "Fentanyl transdermal patch",
           "hydrocodone": "Hydrocodone", "hydromorphone": "Hydromorphone", "methadone": "Methadone", "morphine": "Morphine",
           "oxycodone": "Oxycodone", "oxymorphone": "Oxymorphone", "tapentadol": "Tapentadol", "tramadol": "Tramadol"}
_UNITS = {"fentanyl_buccal": "ug/day", "fentanyl_patch": "ug/h"}


def methadone_factor_2016(mg_per_day: float) -> float:
    """CDC 2016 methadone tiers: 1-20 mg/day x4, 21-40 x8, 41-60 x10, over 60 x12."""
    if mg_per_day <= 20:
        return 4.0
    if mg_per_day <= 40:
        return 8.0
    if mg_per_day <= 60:
        return 10.0
    return 12.0


def _input(drug: str) -> Input:
    unit = _UNITS.get(drug, "mg/day")
    label = f"{_LABELS[drug]} total daily dose" if drug != "fentanyl_patch" else "Fentanyl patch strength"
    return Input(f"{drug}_{'ug_h' if drug == 'fentanyl_patch' else 'ug_day' if drug == 'fentanyl_buccal' else 'mg_day'}",
                 label, unit=unit, min=0, max=100000, optional=True, default=0.0,
                 ehr=EHRSource("order", (_LABELS[drug].split()[0].lower(),), unit))


DRUG_INPUTS = {d: _input(d) for d in CDC_2022}
GUIDELINE = Input("factors", "Conversion factor table", kind="choice", choices=("cdc_2022", "cdc_2016"), optional=True,
                  default="cdc_2022", ehr=EHRSource("none"),
                  description="cdc_2022 (current CDC guideline) or cdc_2016 (tiered methadone, tramadol 0.1, hydromorphone 4)")


def _mme(factors: str, **doses: float) -> tuple[float, dict]:
    table = CDC_2022 if factors == "cdc_2022" else CDC_2016
    total, parts = 0.0, {}
    for drug, inp in DRUG_INPUTS.items():
        amount = doses.get(inp.name) or 0.0
        if amount <= 0:
            continue
        f = table[drug] if table[drug] is not None else methadone_factor_2016(amount)
        parts[drug] = round(amount * f, 2)
        total += amount * f
    return total, {"per_drug_mme": parts, "factors": factors}


def _interpret(value: float, **_: object) -> str:
    if value >= 90:
        return "≥ 90 MME/day: high overdose risk; avoid or carefully justify, consider naloxone and tapering"
    if value >= 50:
        return "≥ 50 MME/day: increased overdose risk; reassess benefits and risks, offer naloxone"
    return "< 50 MME/day"


_MCB_KEYS = {"codeine": "Codeine", "fentanyl_buccal": "FentaNYL buccal", "fentanyl_patch": "FentANYL patch",
             "hydrocodone": "HYDROcodone", "hydromorphone": "HYDROmorphone", "methadone": "Methadone",
             "morphine": "Morphine", "oxycodone": "OxyCODONE", "oxymorphone": "OxyMORphone",
             "tapentadol": "Tapentadol", "tramadol": "TraMADol"}


def _mcb(e: dict) -> dict:
    out = {}
    for drug, key in _MCB_KEYS.items():
        dose = find(e, f"{key} Dose")
        if dose is None:
            continue
        per_day = find(e, f"{key} Dose Per Day")
        d = float(dose[0] if isinstance(dose, (list, tuple)) else dose)
        if drug == "fentanyl_buccal" and isinstance(dose, (list, tuple)) and str(dose[1]).lower() == "mg":
            d *= 1000.0
        n = float(per_day[0] if isinstance(per_day, (list, tuple)) else per_day) if per_day is not None else 1.0
        # a patch's strength is per hour (the benchmark's 'mg' label is read as µg/h); one patch at a time
        out[DRUG_INPUTS[drug].name] = d * n
    if not out:
        raise CalculatorInputError("MedCalc-Bench entities name no opioid dose (e.g. 'Morphine Dose')")
    return out


_DRUG_WORDS = {"fentanyl_patch": ("patch", "transdermal"), "fentanyl_buccal": ("buccal", "sublingual", "lozenge")}


def _official(inputs: list) -> dict:
    entry = find_field(inputs, ("drug", "opioid"))
    if entry is None:
        raise CalculatorInputError("official inputs have no 'Drug' field")
    text = str(entry.get("value", "")).lower()
    drug = None
    for d in CDC_2022:
        words = _DRUG_WORDS.get(d, (d.split("_")[0],))
        if d.startswith("fentanyl"):
            if "fentanyl" in text and any(w in text for w in words):
                drug = d
        elif d in text:
            drug = d
        if drug:
            break
    if drug is None:
        raise CalculatorInputError(f"unknown opioid {text!r}")
    dose_e = find_field(inputs, ("dosage", "dose"), exclude=("doses per day",))
    n_e = find_field(inputs, ("doses per day",))
    if dose_e is None:
        raise CalculatorInputError("official inputs have no dose field")
    dose = parse_number_unit(dose_e.get("value"))[0]
    n = parse_number_unit(n_e.get("value"))[0] if n_e is not None else 1.0
    return {DRUG_INPUTS[drug].name: dose * n}


MME = Calculator(
    id="morphine_milligram_equivalents",
    name="Morphine Milligram Equivalents (MME) Calculator",
    aliases=("MME", "Morphine Milligram Equivalents", "morphine equivalent dose", "MEDD", "opioid conversion MME",
             "morphine equivalent daily dose"),
    domains=(CRITICAL, INTERNAL),
    specialty="Pain Medicine / Pharmacy",
    purpose="Sums a patient's daily opioid doses as oral morphine milligram equivalents to gauge overdose risk.",
    inputs=(*DRUG_INPUTS.values(), GUIDELINE),
    output=Output("number", unit="MME/day", decimals=1, abs_tol=1.0, rel_tol=0.02),
    compute=_mme,
    interpret=_interpret,
    citation=("Dowell D, Ragan KR, Jones CM, Baldwin GT, Chou R. CDC Clinical Practice Guideline for Prescribing "
              "Opioids for Pain - United States, 2022. MMWR Recomm Rep. 2022;71(3):1-95."),
    reference="""# Morphine Milligram Equivalents (MME) Calculator

**Purpose.** Expresses a patient's total daily opioid exposure as the equivalent dose of oral
morphine, so regimens can be compared with risk thresholds. It is a risk gauge, **not** a table for
switching one opioid for another (cross-tolerance is incomplete; reduce doses when rotating).

**When to use.** Reviewing chronic opioid therapy, prescribing naloxone, planning tapers.

**Inputs.** Total daily dose of each opioid (mg/day; fentanyl buccal in µg/day; fentanyl patch
strength in µg/h). Total daily dose = dose per administration × administrations per day.

**Formula.** MME/day = Σ daily dose × conversion factor.
| Opioid | CDC 2022 factor | CDC 2016 factor |
|---|---|---|
| Codeine | 0.15 | 0.15 |
| Fentanyl buccal / sublingual (per µg) | 0.13 | 0.13 |
| Fentanyl patch (per µg/h) | 2.4 | 2.4 |
| Hydrocodone | 1 | 1 |
| Hydromorphone | 5 | 4 |
| Methadone | 4.7 | 4 (1–20 mg/d), 8 (21–40), 10 (41–60), 12 (> 60) |
| Morphine | 1 | 1 |
| Oxycodone | 1.5 | 1.5 |
| Oxymorphone | 3 | 3 |
| Tapentadol | 0.4 | 0.4 |
| Tramadol | 0.2 | 0.1 |
The default is the 2022 table; `factors = cdc_2016` selects the older one.

**Interpretation.** ≥ 50 MME/day: increased overdose risk — reassess and offer naloxone.
≥ 90 MME/day: avoid or carefully justify.

**Reference.** Dowell D et al. CDC Clinical Practice Guideline for Prescribing Opioids for Pain — United States,
2022. MMWR Recomm Rep. 2022;71(3):1-95. (2016 factors: Dowell D, Haegerich TM, Chou R. MMWR Recomm Rep. 2016;65(1):1-49.)
""",
    medcalc_bench_id=49,
    from_medcalc_bench=_mcb,
    official_names=("Morphine Milligram Equivalents (MME) Calculator",),
    from_official=_official,
)

register(MME)
