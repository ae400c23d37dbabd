"""Caprini score for venous thromboembolism risk (2005 version)."""
from __future__ import annotations

from ..base import CRITICAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field
from ._entities import find, flag, num, off_num, off_yes, sex

AGE = Input("age", "Age", unit="years", min=0, max=125, ehr=EHRSource("demographic", ("age",), "years"))
SEX = Input("sex", "Sex", kind="choice", choices=("male", "female"), optional=True, default="male",
            ehr=EHRSource("demographic", ("sex",)))
SURGERY = Input("surgery_type", "Type of surgery", kind="choice",
                choices=("none", "minor", "major", "laparoscopic", "arthroscopic", "elective_lower_extremity_arthroplasty"),
                optional=True, default="none", ehr=EHRSource("order", ("surgery", "operation")),
                description="major = open surgery > 45 min; laparoscopic = > 45 min")
MOBILITY = Input("mobility", "Mobility", kind="choice", choices=("normal", "bed_rest", "confined_to_bed_over_72h"),
                 optional=True, default="normal", ehr=EHRSource("exam", ("bed rest", "ambulation")))
BMI = Input("bmi", "Body mass index", unit="kg/m^2", min=8, max=100, optional=True,
            ehr=EHRSource("vital", ("bmi",), "kg/m^2"))

# (input name, label, points, EHR items)
ITEMS: tuple[tuple[str, str, int, tuple[str, ...]], ...] = (
    ("recent_major_surgery", "Major surgery in the last month", 1, ("surgery",)),
    ("recent_chf", "Congestive heart failure in the last month", 1, ("heart failure",)),
    ("recent_sepsis", "Sepsis in the last month", 1, ("sepsis",)),
    ("recent_pneumonia", "Pneumonia (serious lung disease) in the last month", 1, ("pneumonia",)),
    ("plaster_cast", "Immobilising plaster cast in the last month", 2, ("cast",)),
    ("hip_pelvis_leg_fracture", "Hip, pelvis or leg fracture in the last month", 5, ("fracture",)),
    ("recent_stroke", "Stroke in the last month", 5, ("stroke", "cerebral infarction")),
    ("multiple_trauma", "Multiple trauma in the last month", 5, ("multiple trauma", "polytrauma")),
    ("spinal_cord_injury", "Acute spinal cord injury with paralysis in the last month", 5, ("spinal cord injury",)),
    ("varicose_veins", "Varicose veins", 1, ("varicose",)),
    ("swollen_legs", "Current swollen legs", 1, ("leg swelling", "edema")),
    ("central_venous_access", "Current central venous access", 2, ("central venous catheter", "PICC")),
    ("history_vte", "History of deep vein thrombosis or pulmonary embolism", 3, ("deep vein thrombosis", "pulmonary embolism")),
    ("family_history_thrombosis", "Family history of thrombosis", 3, ("family history",)),
    ("factor_v_leiden", "Positive factor V Leiden", 3, ("factor V Leiden",)),
    ("prothrombin_20210a", "Positive prothrombin 20210A", 3, ("prothrombin 20210A",)),
    ("elevated_homocysteine", "Elevated serum homocysteine", 3, ("homocysteine",)),
    ("lupus_anticoagulant", "Positive lupus anticoagulant", 3, ("lupus anticoagulant",)),
    ("anticardiolipin_antibody", "Elevated anticardiolipin antibody", 3, ("anticardiolipin",)),
    ("heparin_induced_thrombocytopenia", "Heparin-induced thrombocytopenia", 3, ("heparin-induced thrombocytopenia", "HIT")),
    ("other_thrombophilia", "Other congenital or acquired thrombophilia", 3, ("thrombophilia",)),
    ("inflammatory_bowel_disease", "History of inflammatory bowel disease", 1, ("Crohn", "ulcerative colitis")),
    ("acute_mi", "Acute myocardial infarction", 1, ("myocardial infarction",)),
    ("copd", "Chronic obstructive pulmonary disease (abnormal pulmonary function)", 1, ("COPD",)),
    ("malignancy", "Present or previous malignancy", 2, ("cancer", "carcinoma", "malignant")),
    ("pregnant_or_postpartum", "Pregnant or postpartum (women)", 1, ("pregnancy", "postpartum")),
    ("stillbirth_or_recurrent_abortion", "Unexplained stillbirth or recurrent spontaneous abortion (women)", 1, ("stillbirth", "abortion")),
    ("hormones", "Oral contraceptives or hormone replacement (women)", 1, ("estradiol", "oral contraceptive")),
)
BOOL_INPUTS = tuple(Input(n, label, kind="bool", optional=True, default=False,
                          ehr=EHRSource("history", items)) for n, label, _, items in ITEMS)
POINTS = {n: p for n, _, p, _ in ITEMS}
SURGERY_PTS = {"none": 0, "minor": 1, "major": 2, "laparoscopic": 2, "arthroscopic": 2,
               "elective_lower_extremity_arthroplasty": 5}
MOBILITY_PTS = {"normal": 0, "bed_rest": 1, "confined_to_bed_over_72h": 2}


def age_points(age: float) -> int:
    if age >= 75:
        return 3
    if age >= 61:
        return 2
    if age >= 41:
        return 1
    return 0


def _caprini(age: float, sex: str, surgery_type: str, mobility: str, bmi: float | None, **flags: bool) -> tuple[int, dict]:
    parts = {"age": age_points(age), "surgery": SURGERY_PTS[surgery_type], "mobility": MOBILITY_PTS[mobility]}
    if bmi is not None and bmi > 25:
        parts["bmi_over_25"] = 1
    for k, p in POINTS.items():
        if flags.get(k):
            if k in ("pregnant_or_postpartum", "stillbirth_or_recurrent_abortion", "hormones") and sex != "female":
                continue
            parts[k] = p
    return sum(parts.values()), {"points": {k: v for k, v in parts.items() if v}}


def _interpret(value: int, **_: object) -> str:
    if value == 0:
        return "very low risk (0 points; VTE ~<0.5% without prophylaxis): early ambulation"
    if value <= 2:
        return "low risk (1-2 points; VTE ~1.5%): mechanical prophylaxis"
    if value <= 4:
        return "moderate risk (3-4 points; VTE ~3%): pharmacological or mechanical prophylaxis"
    return "high risk (>= 5 points; VTE ~6%): pharmacological plus mechanical prophylaxis"


_MCB_KEYS = {
    "recent_major_surgery": "Major Surgery in the last month", "recent_chf": "Congestive Heart Failure in the last month",
    "recent_sepsis": "Sepsis in the last month", "recent_pneumonia": "Pneumonia in the last month",
    "plaster_cast": "Immobilizing plaster cast in the last month",
    "hip_pelvis_leg_fracture": "Hip, pelvis, or leg fracture in the last month", "recent_stroke": "Stroke in the last month",
    "multiple_trauma": "Multiple trauma in the last month",
    "spinal_cord_injury": "Acute spinal cord injury causing paralysis in the last month", "varicose_veins": "Varicose veins",
    "swollen_legs": "Current swollen legs", "central_venous_access": "Current central venous access",
    "family_history_thrombosis": "Family history of thrombosis", "factor_v_leiden": "Positive Factor V Leiden",
    "prothrombin_20210a": "Positive prothrombin 20210A", "elevated_homocysteine": "Elevated serum homocysteine",
    "lupus_anticoagulant": "Positive lupus anticoagulant", "anticardiolipin_antibody": "Elevated anticardiolipin antibody",
    "heparin_induced_thrombocytopenia": "Heparin-induced thrombocytopenia",
    "other_thrombophilia": "Other congenital or acquired thrombophilia",
    "inflammatory_bowel_disease": "History of inflammatory bowel disease", "acute_mi": "Acute Myocardial infarction",
    "copd": "Chronic Obstructive Pulmonary Disease", "malignancy": "Present or previous malignancy",
}


def _surgery(v) -> str:
    s = str(v or "").strip().lower()
    if "arthroplasty" in s:
        return "elective_lower_extremity_arthroplasty"
    for k in ("laparoscopic", "arthroscopic", "major", "minor"):
        if k in s:
            return k
    return "none"


def _mobility(v) -> str:
    s = str(v or "").strip().lower()
    if "72" in s or "confined" in s:
        return "confined_to_bed_over_72h"
    if "bed" in s:
        return "bed_rest"
    return "normal"


def _mcb(e: dict) -> dict:
    out = {k: flag(e, key) for k, key in _MCB_KEYS.items()}
    out["history_vte"] = flag(e, "Previously documented Deep Vein Thrombosis") or flag(
        e, "Previously Documented Pulmonary Embolism")
    out.update(age=num(e, "age", "years"), surgery_type=_surgery(find(e, "Surgery Type")),
               mobility=_mobility(find(e, "Mobility")))
    if find(e, "sex") is not None:
        out["sex"] = sex(e)
    if find(e, "Body Mass Index (BMI)", "BMI") is not None:
        out["bmi"] = num(e, ("Body Mass Index (BMI)", "BMI"), "kg/m^2")
    return out


_OFFICIAL_KEYS = {
    "recent_major_surgery": ("major surgery",), "recent_chf": ("congestive heart failure", "chf"),
    "recent_sepsis": ("sepsis",), "recent_pneumonia": ("pneumonia",), "plaster_cast": ("plaster cast", "cast"),
    "hip_pelvis_leg_fracture": ("fracture",), "recent_stroke": ("stroke",), "multiple_trauma": ("multiple trauma",),
    "spinal_cord_injury": ("spinal cord",), "varicose_veins": ("varicose",), "swollen_legs": ("swollen legs",),
    "central_venous_access": ("central venous",), "history_vte": ("history of dvt", "dvt", "pe", "vte"),
    "family_history_thrombosis": ("family history",), "factor_v_leiden": ("factor v leiden",),
    "prothrombin_20210a": ("prothrombin",), "elevated_homocysteine": ("homocysteine",),
    "lupus_anticoagulant": ("lupus anticoagulant",), "anticardiolipin_antibody": ("anticardiolipin",),
    "heparin_induced_thrombocytopenia": ("heparin induced", "hit"), "other_thrombophilia": ("thrombophilia",),
    "inflammatory_bowel_disease": ("inflammatory bowel",), "acute_mi": ("myocardial infarction",),
    "copd": ("copd", "pulmonary disease", "pulmonary function"), "malignancy": ("malignancy", "cancer"),
    "pregnant_or_postpartum": ("pregnant", "postpartum"), "stillbirth_or_recurrent_abortion": ("stillborn", "stillbirth", "abortion"),
    "hormones": ("oral contraceptives", "hormone"),
}


def _official(inputs: list) -> dict:
    age = off_num(inputs, ("age",))
    if age is None:
        raise CalculatorInputError("official inputs have no age field")
    out: dict = {"age": age}
    for k, kws in _OFFICIAL_KEYS.items():
        out[k] = bool(off_yes(inputs, kws, exclude=("family history",) if k == "history_vte" else ()))
    sx = find_field(inputs, ("sex", "gender"))
    if sx is not None:
        out["sex"] = "female" if str(sx.get("value", "")).strip().lower().startswith("f") else "male"
    st = find_field(inputs, ("type of surgery", "surgery type", "surgery"), exclude=("major surgery",))
    if st is not None:
        out["surgery_type"] = _surgery(st.get("value"))
    mob = find_field(inputs, ("mobility",))
    if mob is not None:
        out["mobility"] = _mobility(mob.get("value"))
    bmi = off_num(inputs, ("bmi",))
    if bmi is not None:
        out["bmi"] = bmi
    return out


CAPRINI = Calculator(
    id="caprini_vte",
    name="Caprini Score for Venous Thromboembolism (2005)",
    aliases=("Caprini score", "Caprini risk assessment model", "Caprini VTE", "Caprini RAM"),
    domains=(CRITICAL,),
    specialty="Surgery / Haematology",
    purpose="Estimates postoperative venous thromboembolism risk in surgical patients to choose prophylaxis.",
    inputs=(AGE, SEX, SURGERY, MOBILITY, BMI, *BOOL_INPUTS),
    output=Output("score", decimals=0),
    compute=_caprini,
    interpret=_interpret,
    citation="Caprini JA. Thrombosis risk assessment as a guide to quality patient care. Dis Mon. 2005;51(2-3):70-78.",
    reference="""# Caprini Score for Venous Thromboembolism (2005)

**Purpose.** An additive risk-assessment model for venous thromboembolism (DVT/PE) in surgical
patients; the total guides mechanical and pharmacological prophylaxis.

**When to use.** Adults undergoing (or recently after) surgery; widely used in general, plastic,
vascular and orthopaedic surgery. Not validated for non-surgical medical inpatients (use Padua/IMPROVE).

**Points.**
| Points | Risk factors |
|---|---|
| 1 | Age 41–60; minor surgery; BMI > 25; swollen legs; varicose veins; pregnancy or postpartum; unexplained stillbirth or recurrent abortion; oral contraceptives or HRT; sepsis, serious lung disease incl. pneumonia, CHF or major surgery within 1 month; COPD; acute MI; inflammatory bowel disease; medical patient at bed rest |
| 2 | Age 61–74; arthroscopic surgery; major open surgery > 45 min; laparoscopic surgery > 45 min; malignancy (present or previous); confined to bed > 72 h; immobilising plaster cast; central venous access |
| 3 | Age ≥ 75; history of DVT/PE; family history of thrombosis; factor V Leiden; prothrombin 20210A; lupus anticoagulant; anticardiolipin antibodies; raised homocysteine; heparin-induced thrombocytopenia; other thrombophilia |
| 5 | Stroke within 1 month; elective major lower-extremity arthroplasty; hip, pelvis or leg fracture; acute spinal cord injury (paralysis) within 1 month; multiple trauma within 1 month |

**Interpretation.**
| Score | Risk | Suggested prophylaxis |
|---|---|---|
| 0 | Very low | Early ambulation |
| 1–2 | Low | Mechanical (intermittent pneumatic compression) |
| 3–4 | Moderate | Low-dose heparin/LMWH or mechanical |
| ≥ 5 | High | Pharmacological plus mechanical |

**Reference.** Caprini JA. Thrombosis risk assessment as a guide to quality patient care. Dis Mon. 2005;51:70-78.
""",
    medcalc_bench_id=36,
    from_medcalc_bench=_mcb,
    official_names=("Caprini Score for Venous Thromboembolism (2005)",),
    from_official=_official,
)

register(CAPRINI)
