"""Acute coronary syndrome risk scores: TIMI (UA/NSTEMI), TIMI (STEMI), GRACE in-hospital mortality."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, Calculator, EHRSource, Input, Output, register
from ._entities import off_bool
from ._kit import age_input, table, yn
from ._official_util import field_score, field_text, reference_page

HR = Input("heart_rate", "Heart rate", unit="beats/min", min=0, max=300, ehr=EHRSource("vital", ("heart_rate",), "beats/min"))
SBP = Input("systolic_bp", "Systolic blood pressure", unit="mmHg", min=20, max=300,
            ehr=EHRSource("vital", ("systolic_bp",), "mmHg"))
KILLIP = Input("killip_class", "Killip class", kind="choice", choices=(1, 2, 3, 4),
               description="I no heart failure; II rales/S3/raised JVP; III pulmonary oedema; IV cardiogenic shock",
               ehr=EHRSource("exam", ("rales", "pulmonary edema", "cardiogenic shock")))


# ---------------------------------------------------------------- TIMI UA/NSTEMI
_UA_ITEMS = (
    ("three_risk_factors", ">= 3 CAD risk factors (family history, hypertension, hypercholesterolaemia, diabetes, "
                           "current smoking)", "history", ("hypertension", "diabetes", "smoking", "family history")),
    ("known_cad", "Known CAD (stenosis >= 50%)", "diagnosis", ("coronary artery disease",)),
    ("aspirin_7_days", "Aspirin use in the past 7 days", "order", ("aspirin",)),
    ("severe_angina", "Severe angina (>= 2 episodes in 24 h)", "history", ("angina", "chest pain")),
    ("st_deviation", "ST deviation >= 0.5 mm on the ECG", "exam", ("ECG", "ST depression", "ST elevation")),
    ("positive_marker", "Positive cardiac marker", "lab", ("Troponin I", "Troponin T", "CK-MB")),
)
_UA_RISK = {0: "4.7", 1: "4.7", 2: "8.3", 3: "13.2", 4: "19.9", 5: "26.2", 6: "40.9", 7: "40.9"}


def _timi_ua(age, **flags):
    parts = {"age_ge_65": int(age >= 65)} | {k: int(v) for k, v in flags.items()}
    return sum(parts.values()), parts


TIMI_UA = Calculator(
    id="timi_ua_nstemi",
    name="TIMI Risk Score for UA/NSTEMI",
    aliases=("TIMI UA/NSTEMI", "TIMI score for unstable angina/NSTEMI", "TIMI NSTE-ACS risk score"),
    domains=(CRITICAL, INTERNAL),
    specialty="Cardiology",
    purpose="Estimates the 14-day risk of death, MI or urgent revascularisation in unstable angina or NSTEMI.",
    inputs=(age_input(),) + tuple(yn(n, lab, k, *it) for n, lab, k, it in _UA_ITEMS),
    output=Output("score", unit="points"),
    compute=_timi_ua,
    interpret=lambda v, **_: (f"{_UA_RISK[int(v)]}% 14-day risk of all-cause death, new or recurrent MI, or severe "
                              "recurrent ischaemia requiring urgent revascularisation"),
    citation="Antman EM, Cohen M, Bernink PJ, et al. The TIMI risk score for unstable angina/non-ST elevation MI: a "
             "method for prognostication and therapeutic decision making. JAMA. 2000;284(7):835-842.",
    reference=reference_page(
        "TIMI Risk Score for UA/NSTEMI",
        "Seven-item score for unstable angina / non-ST-elevation MI predicting 14-day adverse events.",
        "Patients with suspected or confirmed NSTE-ACS, to guide the intensity of therapy.",
        "Age and six yes/no items (1 point each).",
        table(("Item", "Points"), [("Age >= 65", 1)] + [(lab, 1) for _, lab, _, _ in _UA_ITEMS]) + "\nRange 0-7.",
        "14-day event rate: 0-1 = 4.7%, 2 = 8.3%, 3 = 13.2%, 4 = 19.9%, 5 = 26.2%, 6-7 = 40.9%.",
        "Antman EM et al. JAMA. 2000;284(7):835-842."),
    official_names=("TIMI Risk Score for UA/NSTEMI",),
    from_official=lambda i: {
        "age": 70.0 if off_bool(i, ("age",)) else 50.0,
        "three_risk_factors": off_bool(i, ("risk factors",)), "known_cad": off_bool(i, ("known cad",)),
        "aspirin_7_days": off_bool(i, ("asa", "aspirin")), "severe_angina": off_bool(i, ("angina",)),
        "st_deviation": off_bool(i, ("st changes", "st deviation")), "positive_marker": off_bool(i, ("marker",)),
    },
)


# ---------------------------------------------------------------- TIMI STEMI
_STEMI_MORT = {0: "0.8", 1: "1.6", 2: "2.2", 3: "4.4", 4: "7.3", 5: "12.4", 6: "16.1", 7: "23.4", 8: "26.8"}


def _timi_stemi(age, dm_htn_angina, systolic_bp, heart_rate, killip_class, weight_kg, anterior_ste_or_lbbb,
                time_to_treatment_gt_4h):
    parts = {"age": 3 if age >= 75 else 2 if age >= 65 else 0, "dm_htn_angina": int(dm_htn_angina),
             "sbp_lt_100": 3 * (systolic_bp < 100), "hr_gt_100": 2 * (heart_rate > 100),
             "killip_ii_iv": 2 * (killip_class >= 2), "weight_lt_67": int(weight_kg < 67),
             "anterior_ste_or_lbbb": int(anterior_ste_or_lbbb), "time_gt_4h": int(time_to_treatment_gt_4h)}
    return sum(parts.values()), parts


def _timi_stemi_official(i: list) -> dict:
    age_score = field_score(i, ("age",))
    if age_score is None:
        t = field_text(i, ("age",))
        age_score = 0 if "<" in t else 3 if "75" in t else 2
    return {
        "age": {0: 50.0, 2: 70.0, 3: 80.0}[int(age_score)],
        "dm_htn_angina": off_bool(i, ("diabetes",)),
        "systolic_bp": 90.0 if off_bool(i, ("systolic",)) else 120.0,
        "heart_rate": 110.0 if off_bool(i, ("heart rate",)) else 80.0,
        "killip_class": 2 if off_bool(i, ("killip",)) else 1,
        "weight_kg": 60.0 if off_bool(i, ("weight",)) else 80.0,
        "anterior_ste_or_lbbb": off_bool(i, ("anterior",)),
        "time_to_treatment_gt_4h": off_bool(i, ("time to treatment",)),
    }


TIMI_STEMI = Calculator(
    id="timi_stemi",
    name="TIMI Risk Score for STEMI",
    aliases=("TIMI STEMI", "TIMI score for ST-elevation MI", "TIMI STEMI risk score"),
    domains=(CRITICAL, INTERNAL),
    specialty="Cardiology",
    purpose="Estimates 30-day mortality of ST-elevation myocardial infarction at presentation.",
    inputs=(age_input(),
            yn("dm_htn_angina", "Diabetes, hypertension or angina history", "diagnosis", "diabetes", "hypertension", "angina"),
            SBP, HR, KILLIP,
            Input("weight_kg", "Body weight", unit="kg", min=1, max=400, ehr=EHRSource("vital", ("weight",), "kg")),
            yn("anterior_ste_or_lbbb", "Anterior ST elevation or left bundle branch block", "exam", "ECG"),
            yn("time_to_treatment_gt_4h", "Time to treatment > 4 hours", "history", "symptom onset")),
    output=Output("score", unit="points"),
    compute=_timi_stemi,
    interpret=lambda v, **_: f"{_STEMI_MORT.get(int(v), '35.9')}% risk of all-cause mortality at 30 days",
    citation="Morrow DA, Antman EM, Charlesworth A, et al. TIMI risk score for ST-elevation myocardial infarction: a "
             "convenient, bedside, clinical score for risk assessment at presentation. Circulation. "
             "2000;102(17):2031-2037.",
    reference=reference_page(
        "TIMI Risk Score for STEMI",
        "Bedside score for 30-day mortality after ST-elevation MI, using presentation data.",
        "Patients with STEMI eligible for reperfusion therapy.",
        "Age, history, systolic BP, heart rate, Killip class, weight, ECG, time to treatment.",
        table(("Item", "Points"), (("Age 65-74 / >= 75", "2 / 3"), ("Diabetes, hypertension or angina", 1),
                                   ("Systolic BP < 100 mmHg", 3), ("Heart rate > 100", 2), ("Killip class II-IV", 2),
                                   ("Weight < 67 kg", 1), ("Anterior STE or LBBB", 1), ("Time to treatment > 4 h", 1)))
        + "\nRange 0-14.",
        "30-day mortality: 0 = 0.8%, 1 = 1.6%, 2 = 2.2%, 3 = 4.4%, 4 = 7.3%, 5 = 12.4%, 6 = 16.1%, 7 = 23.4%, "
        "8 = 26.8%, > 8 = 35.9%.",
        "Morrow DA et al. Circulation. 2000;102(17):2031-2037."),
    official_names=("TIMI Risk Score for STEMI",),
    from_official=_timi_stemi_official,
)


# ---------------------------------------------------------------- GRACE (in-hospital, Granger 2003)
def _band(x: float, cuts: tuple[float, ...], pts: tuple[int, ...]) -> int:
    """pts[k] for the first cut x < cuts[k]; the last pts entry above every cut."""
    for c, p in zip(cuts, pts):
        if x < c:
            return p
    return pts[-1]


def _grace(age, heart_rate, systolic_bp, creatinine, killip_class, cardiac_arrest, st_deviation, elevated_enzymes):
    parts = {
        "age": _band(age, (30, 40, 50, 60, 70, 80, 90), (0, 8, 25, 41, 58, 75, 91, 100)),
        "heart_rate": _band(heart_rate, (50, 70, 90, 110, 150, 200), (0, 3, 9, 15, 24, 38, 46)),
        "systolic_bp": _band(systolic_bp, (80, 100, 120, 140, 160, 200), (58, 53, 43, 34, 24, 10, 0)),
        "creatinine": _band(creatinine, (0.4, 0.8, 1.2, 1.6, 2.0, 4.0), (1, 4, 7, 10, 13, 21, 28)),
        "killip": {1: 0, 2: 20, 3: 39, 4: 59}[killip_class],
        "cardiac_arrest": 39 * cardiac_arrest, "st_deviation": 28 * st_deviation,
        "elevated_enzymes": 14 * elevated_enzymes,
    }
    return sum(parts.values()), parts


def _grace_interp(v, **_):
    if v <= 108:
        return "low risk (<= 108): in-hospital mortality < 1%"
    if v <= 140:
        return "intermediate risk (109-140): in-hospital mortality 1-3%"
    return "high risk (> 140): in-hospital mortality > 3%"


GRACE = Calculator(
    id="grace_in_hospital",
    name="GRACE Risk Score for In-Hospital Mortality in ACS",
    aliases=("GRACE in-hospital score", "GRACE score (Granger in-hospital model)", "Granger GRACE nomogram"),
    domains=(CRITICAL, INTERNAL),
    specialty="Cardiology",
    purpose="Estimates in-hospital death after an acute coronary syndrome from eight admission findings.",
    inputs=(age_input(), HR, SBP,
            Input("creatinine", "Serum creatinine", unit="mg/dL", min=0.05, max=30,
                  ehr=EHRSource("lab", ("Creatinine",), "mg/dL")),
            KILLIP,
            yn("cardiac_arrest", "Cardiac arrest at admission", "history", "cardiac arrest"),
            yn("st_deviation", "ST-segment deviation", "exam", "ECG"),
            yn("elevated_enzymes", "Elevated cardiac enzymes/markers", "lab", "Troponin I", "Troponin T", "CK-MB")),
    output=Output("score", unit="points"),
    compute=_grace,
    interpret=_grace_interp,
    citation="Granger CB, Goldberg RJ, Dabbous O, et al. Predictors of hospital mortality in the global registry of "
             "acute coronary events. Arch Intern Med. 2003;163(19):2345-2353.",
    reference=reference_page(
        "GRACE Risk Score for In-Hospital Mortality (Granger nomogram)",
        "Point version of the GRACE in-hospital death model for the whole ACS spectrum (STEMI, NSTEMI, UA).",
        "At admission with an acute coronary syndrome. Other GRACE models (6-month death, GRACE 2.0) use other "
        "points and are different calculators.",
        "Age, heart rate, systolic BP, creatinine (mg/dL), Killip class, cardiac arrest, ST deviation, enzymes.",
        table(("Item", "Bands -> points"), (
            ("Age", "< 30: 0; 30-39: 8; 40-49: 25; 50-59: 41; 60-69: 58; 70-79: 75; 80-89: 91; >= 90: 100"),
            ("Heart rate", "< 50: 0; 50-69: 3; 70-89: 9; 90-109: 15; 110-149: 24; 150-199: 38; >= 200: 46"),
            ("Systolic BP", "< 80: 58; 80-99: 53; 100-119: 43; 120-139: 34; 140-159: 24; 160-199: 10; >= 200: 0"),
            ("Creatinine (mg/dL)", "< 0.4: 1; 0.4-0.79: 4; 0.8-1.19: 7; 1.2-1.59: 10; 1.6-1.99: 13; 2-3.99: 21; >= 4: 28"),
            ("Killip class", "I: 0; II: 20; III: 39; IV: 59"), ("Cardiac arrest at admission", 39),
            ("ST-segment deviation", 28), ("Elevated cardiac enzymes", 14))),
        "<= 108 low (< 1% in-hospital death), 109-140 intermediate (1-3%), > 140 high (> 3%).",
        "Granger CB et al. Arch Intern Med. 2003;163(19):2345-2353."),
)

register(TIMI_UA, TIMI_STEMI, GRACE)
