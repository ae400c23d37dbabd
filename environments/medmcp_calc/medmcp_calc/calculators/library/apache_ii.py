"""APACHE II score (Acute Physiology And Chronic Health Evaluation II)."""
from __future__ import annotations

from ..base import CRITICAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from . import _mcb_reader as mcb

ADMISSION = ("nonoperative", "emergency_postoperative", "elective_postoperative")


def _band(x: float, table: tuple[tuple[float, int], ...], below: int) -> int:
    """Points of the first (lower bound, points) row with x >= bound; ``below`` under the last bound."""
    for bound, pts in table:
        if x >= bound:
            return pts
    return below


_TEMP = ((41, 4), (39, 3), (38.5, 1), (36, 0), (34, 1), (32, 2), (30, 3))
_MAP = ((160, 4), (130, 3), (110, 2), (70, 0), (50, 2))
_HR = ((180, 4), (140, 3), (110, 2), (70, 0), (55, 2), (40, 3))
_RR = ((50, 4), (35, 3), (25, 1), (12, 0), (10, 1), (6, 2))
_AA = ((500, 4), (350, 3), (200, 2))
_PH = ((7.7, 4), (7.6, 3), (7.5, 1), (7.33, 0), (7.25, 2), (7.15, 3))
_NA = ((180, 4), (160, 3), (155, 2), (150, 1), (130, 0), (120, 2), (111, 3))
_K = ((7, 4), (6, 3), (5.5, 1), (3.5, 0), (3, 1), (2.5, 2))
_CR = ((3.5, 4), (2, 3), (1.5, 2), (0.6, 0))
_HCT = ((60, 4), (50, 2), (46, 1), (30, 0), (20, 2))
_WBC = ((40, 4), (20, 2), (15, 1), (3, 0), (1, 2))


def _oxygenation_points(fio2_percent: float | None, pao2: float | None, aa_gradient: float | None) -> tuple[int, str]:
    use_aa = fio2_percent is not None and fio2_percent >= 50
    if fio2_percent is None:  # no FiO2 recorded: use what was measured
        use_aa = pao2 is None and aa_gradient is not None
    if use_aa:
        if aa_gradient is None:
            raise CalculatorInputError(
                "input 'aa_gradient' (A-a O2 gradient, mmHg) is required when 'fio2_percent' >= 50")
        return _band(aa_gradient, _AA, 0), "A-a gradient"
    if pao2 is None:
        raise CalculatorInputError("input 'pao2' (PaO2, mmHg) is required when 'fio2_percent' < 50")
    if pao2 > 70:
        return 0, "PaO2"
    if pao2 >= 61:
        return 1, "PaO2"
    if pao2 >= 55:
        return 3, "PaO2"
    return 4, "PaO2"


def _apache(age: float, temperature_c: float, sbp: float, dbp: float, heart_rate: float, respiratory_rate: float,
            fio2_percent: float | None, pao2: float | None, aa_gradient: float | None, arterial_ph: float,
            sodium: float, potassium: float, creatinine_mg_dl: float, acute_renal_failure: bool, hematocrit: float,
            wbc: float, gcs: int, severe_organ_insufficiency: bool, admission_type: str):
    map_ = (sbp + 2 * dbp) / 3.0
    oxy, oxy_by = _oxygenation_points(fio2_percent, pao2, aa_gradient)
    cr = _band(creatinine_mg_dl, _CR, 2)
    parts = {
        "temperature": _band(temperature_c, _TEMP, 4),
        "mean_arterial_pressure": _band(map_, _MAP, 4),
        "heart_rate": _band(heart_rate, _HR, 4),
        "respiratory_rate": _band(respiratory_rate, _RR, 4),
        "oxygenation": oxy,
        "arterial_ph": _band(arterial_ph, _PH, 4),
        "sodium": _band(sodium, _NA, 4),
        "potassium": _band(potassium, _K, 4),
        "creatinine": cr * 2 if acute_renal_failure else cr,
        "hematocrit": _band(hematocrit, _HCT, 4),
        "wbc": _band(wbc, _WBC, 4),
        "gcs": 15 - gcs,
        "age": 6 if age >= 75 else 5 if age >= 65 else 3 if age >= 55 else 2 if age >= 45 else 0,
        "chronic_health": (2 if admission_type == "elective_postoperative" else 5) if severe_organ_insufficiency else 0,
    }
    details = dict(parts)
    details["map_mmHg"] = round(map_, 1)
    details["oxygenation_by"] = oxy_by
    return sum(parts.values()), details


def _interpret(value: int, admission_type: str, **_: object) -> str:
    # Approximate hospital mortality by score band (Knaus 1985).
    if admission_type == "nonoperative":
        bands = ((4, "4%"), (9, "8%"), (14, "15%"), (19, "25%"), (24, "40%"), (29, "55%"), (34, "73%"))
        last = "85%"
    else:
        bands = ((4, "1%"), (9, "3%"), (14, "7%"), (19, "12%"), (24, "30%"), (29, "35%"), (34, "73%"))
        last = "88%"
    for hi, m in bands:
        if value <= hi:
            return f"estimated hospital mortality ~{m} ({admission_type.replace('_', ' ')} admission)"
    return f"estimated hospital mortality ~{last} ({admission_type.replace('_', ' ')} admission)"


def _fio2(e: dict) -> float | None:
    v = mcb.get(e, ("FiO₂", "FiO2"))
    if v is None:
        return None
    x = mcb.number(e, ("FiO₂", "FiO2"), name="FiO2")
    return x * 100.0 if x is not None and x <= 1.0 else x


def _admission(e: dict) -> str:
    v = str(mcb.get(e, ("Surgery Type", "surgery type")) or "nonoperative").strip().lower()
    if v.startswith("elective"):
        return "elective_postoperative"
    if v.startswith("emergen"):
        return "emergency_postoperative"
    return "nonoperative"


def _from_mcb(e: dict) -> dict:
    aa = mcb.get(e, "A-a gradient")
    return {
        "age": mcb.age_years(e),
        "temperature_c": mcb.temperature_c(e),
        "sbp": mcb.number(e, "Systolic Blood Pressure", "mmHg"),
        "dbp": mcb.number(e, "Diastolic Blood Pressure", "mmHg"),
        "heart_rate": mcb.number(e, "Heart Rate or Pulse", "/min"),
        "respiratory_rate": mcb.number(e, "respiratory rate", "/min"),
        "fio2_percent": _fio2(e),
        "pao2": mcb.number(e, ("Partial pressure of oxygen (PaO₂) for Apache II", "PaO2", "PaO₂",
                             "Partial pressure of oxygen"), "mmHg", required=False),
        "aa_gradient": None if aa is None else mcb.number(e, "A-a gradient"),
        "arterial_ph": mcb.number(e, "pH"),
        "sodium": mcb.number(e, "Sodium", "mmol/L", analyte="sodium"),
        "potassium": mcb.number(e, "Potassium", "mmol/L", analyte="potassium"),
        "creatinine_mg_dl": mcb.number(e, "creatinine", "mg/dL", analyte="creatinine"),
        "acute_renal_failure": mcb.flag(e, "Acute renal failure"),
        "hematocrit": mcb.number(e, "Hematocrit"),
        "wbc": mcb.count_10e9_per_l(e, "White blood cell count"),
        "gcs": int(round(mcb.number(e, "Glasgow Coma Score"))),  # type: ignore[arg-type]
        "severe_organ_insufficiency": mcb.flag(e, "History of severe organ failure or immunocompromise"),
        "admission_type": _admission(e),
    }


def _num(name: str, label: str, unit: str | None, lo: float, hi: float, ehr: EHRSource, **kw) -> Input:
    return Input(name, label, unit=unit, min=lo, max=hi, ehr=ehr, **kw)


APACHE_II = Calculator(
    id="apache_ii",
    name="APACHE II Score",
    aliases=("APACHE II", "APACHE 2", "Acute Physiology and Chronic Health Evaluation II", "APACHE-II"),
    domains=(CRITICAL,),
    specialty="Critical Care",
    purpose="Severity-of-disease score from the worst values of the first 24 ICU hours, age and chronic health; estimates hospital mortality.",
    inputs=(
        _num("age", "Age", "years", 16, 120, EHRSource("demographic", ("age",))),
        _num("temperature_c", "Temperature (rectal)", "°C", 20, 45, EHRSource("vital", ("temperature",), "C")),
        _num("sbp", "Systolic blood pressure", "mmHg", 20, 300, EHRSource("vital", ("systolic_bp",), "mmHg")),
        _num("dbp", "Diastolic blood pressure", "mmHg", 5, 250, EHRSource("vital", ("diastolic_bp",), "mmHg")),
        _num("heart_rate", "Heart rate", "beats/min", 0, 300, EHRSource("vital", ("heart_rate",), "/min")),
        _num("respiratory_rate", "Respiratory rate", "breaths/min", 0, 100, EHRSource("vital", ("respiratory_rate",), "/min")),
        _num("fio2_percent", "FiO2", "%", 21, 100, EHRSource("lab", ("FiO2",), "%", "or ventilator settings"),
             optional=True, description=">= 50%: the A-a gradient is scored; < 50%: PaO2 is scored"),
        _num("pao2", "PaO2", "mmHg", 10, 700, EHRSource("lab", ("PaO2", "pO2"), "mmHg"), optional=True),
        _num("aa_gradient", "A-a O2 gradient", "mmHg", 0, 800, EHRSource("lab", ("A-a gradient", "AaDO2"), "mmHg"),
             optional=True),
        _num("arterial_ph", "Arterial pH", None, 6.5, 8.0, EHRSource("lab", ("pH",))),
        _num("sodium", "Serum sodium", "mmol/L", 90, 220, EHRSource("lab", ("Sodium", "Na"), "mmol/L")),
        _num("potassium", "Serum potassium", "mmol/L", 1, 12, EHRSource("lab", ("Potassium", "K"), "mmol/L")),
        _num("creatinine_mg_dl", "Serum creatinine", "mg/dL", 0.1, 30, EHRSource("lab", ("Creatinine",), "mg/dL")),
        Input("acute_renal_failure", "Acute renal failure (doubles creatinine points)", kind="bool",
              ehr=EHRSource("diagnosis", ("acute kidney injury", "acute renal failure"))),
        _num("hematocrit", "Hematocrit", "%", 5, 80, EHRSource("lab", ("Hematocrit", "HCT"), "%")),
        _num("wbc", "White blood cell count", "10^9/L", 0, 500, EHRSource("lab", ("WBC", "White blood cell count"), "10^9/L")),
        Input("gcs", "Glasgow Coma Scale", kind="integer", min=3, max=15, ehr=EHRSource("exam", ("GCS",))),
        Input("severe_organ_insufficiency", "History of severe organ insufficiency or immunocompromise "
              "(cirrhosis, NYHA IV, severe COPD, dialysis, immunosuppression)", kind="bool",
              ehr=EHRSource("diagnosis", ("cirrhosis", "heart failure", "COPD", "dialysis", "immunodeficiency"))),
        Input("admission_type", "Admission type", kind="choice", choices=ADMISSION, optional=True,
              default="nonoperative", description="only matters with severe organ insufficiency: "
              "nonoperative or emergency postoperative +5, elective postoperative +2",
              ehr=EHRSource("order", ("surgery",))),
    ),
    output=Output("score", unit="points"),
    compute=_apache,
    interpret=_interpret,
    citation="Knaus WA, Draper EA, Wagner DP, Zimmerman JE. APACHE II: a severity of disease classification "
             "system. Crit Care Med. 1985;13(10):818-829.",
    reference="""# APACHE II Score

**Purpose.** Grades illness severity of adult ICU patients from the worst physiology in the
first 24 hours, age and chronic health, and estimates hospital mortality (for case-mix and
research, not individual triage).

**When to use.** Adults on ICU admission, using the most abnormal value of each variable during
the first 24 hours.

**Inputs.** Age; worst 24-h temperature, blood pressure (for MAP), heart and respiratory rate; FiO2 with
PaO2 or A-a gradient; arterial pH; sodium, potassium, creatinine (and whether renal failure is acute);
hematocrit; WBC; GCS; chronic organ insufficiency/immunocompromise and admission type.

**Acute physiology points (0-4 each).**
| Variable | +4 | +3 | +2 | +1 | 0 | +1 | +2 | +3 | +4 |
|---|---|---|---|---|---|---|---|---|---|
| Temp (°C, rectal) | >= 41 | 39-40.9 | | 38.5-38.9 | 36-38.4 | 34-35.9 | 32-33.9 | 30-31.9 | < 30 |
| MAP (mmHg) | >= 160 | 130-159 | 110-129 | | 70-109 | | 50-69 | | < 50 |
| Heart rate | >= 180 | 140-179 | 110-139 | | 70-109 | | 55-69 | 40-54 | < 40 |
| Resp. rate | >= 50 | 35-49 | | 25-34 | 12-24 | 10-11 | 6-9 | | < 6 |
| FiO2 >= 0.5: A-a gradient | >= 500 | 350-499 | 200-349 | | < 200 | | | | |
| FiO2 < 0.5: PaO2 (mmHg) | | | | | > 70 | 61-70 | | 55-60 | < 55 |
| Arterial pH | >= 7.7 | 7.6-7.69 | | 7.5-7.59 | 7.33-7.49 | | 7.25-7.32 | 7.15-7.24 | < 7.15 |
| Sodium (mmol/L) | >= 180 | 160-179 | 155-159 | 150-154 | 130-149 | | 120-129 | 111-119 | <= 110 |
| Potassium (mmol/L) | >= 7 | 6-6.9 | | 5.5-5.9 | 3.5-5.4 | 3-3.4 | 2.5-2.9 | | < 2.5 |
| Creatinine (mg/dL)* | >= 3.5 | 2-3.4 | 1.5-1.9 | | 0.6-1.4 | | < 0.6 | | |
| Hematocrit (%) | >= 60 | | 50-59.9 | 46-49.9 | 30-45.9 | | 20-29.9 | | < 20 |
| WBC (10^9/L) | >= 40 | | 20-39.9 | 15-19.9 | 3-14.9 | | 1-2.9 | | < 1 |

*Creatinine points double in acute renal failure. Glasgow Coma Scale: 15 - GCS.
MAP = (SBP + 2 x DBP) / 3.

**Age points.** <= 44: 0; 45-54: 2; 55-64: 3; 65-74: 5; >= 75: 6.

**Chronic health points.** History of severe organ insufficiency (biopsy-proven cirrhosis, NYHA
class IV heart failure, severe COPD, chronic dialysis) or immunocompromise: +5 for non-operative
or emergency post-operative patients, +2 for elective post-operative patients.

Total range 0-71.

**Interpretation.** Approximate hospital mortality (non-operative): 0-4 ~4%, 5-9 ~8%,
10-14 ~15%, 15-19 ~25%, 20-24 ~40%, 25-29 ~55%, 30-34 ~73%, >= 35 ~85%.

**Reference.** Knaus WA et al. Crit Care Med. 1985;13(10):818-829.
""",
    medcalc_bench_id=28,
    from_medcalc_bench=_from_mcb,
    official_names=(),
)

register(APACHE_II)
