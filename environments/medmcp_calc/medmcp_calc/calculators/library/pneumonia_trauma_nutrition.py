"""SMART-COP (pneumonia), Injury Severity Score (trauma), MUST (malnutrition screening),
Clinical Frailty Scale."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field, official_bool
from ._official_util import choice_by_keywords, field_text, number_in

# ---------------------------------------------------------------- SMART-COP
def _smart_cop(age, sbp, multilobar, albumin, resp_rate, heart_rate, confusion, pao2, spo2, pf_ratio, ph):
    older = age > 50
    low_o2 = ((pao2 is not None and pao2 < (60 if older else 70)) or
              (spo2 is not None and spo2 <= (90 if older else 93)) or
              (pf_ratio is not None and pf_ratio < (250 if older else 333)))
    if pao2 is None and spo2 is None and pf_ratio is None:
        raise CalculatorInputError("SMART-COP: give at least one of 'pao2', 'spo2' or 'pf_ratio'")
    pts = {"sbp_lt_90": 2 * (sbp < 90), "multilobar": int(multilobar), "albumin_lt_3_5": int(albumin < 3.5),
           "tachypnoea": int(resp_rate >= (30 if older else 25)), "heart_rate_ge_125": int(heart_rate >= 125),
           "confusion": int(confusion), "low_oxygen": 2 * low_o2, "ph_lt_7_35": 2 * (ph < 7.35)}
    return sum(pts.values()), {"item_points": pts}


def _smart_cop_interp(v, **_):
    if v <= 2:
        return "low risk of needing intensive respiratory or vasopressor support (IRVS)"
    if v <= 4:
        return "moderate risk (1 in 8) of needing IRVS"
    if v <= 6:
        return "high risk (1 in 3) of needing IRVS; consider ICU"
    return "very high risk (2 in 3) of needing IRVS; ICU admission"


def _smart_cop_official(inputs: list) -> dict:
    age_text = field_text(inputs, ("age group", "age years", "age"))
    import re

    nums = [float(x) for x in re.findall(r"\d+(?:\.\d+)?", age_text)]
    age = nums[-1] if nums else None
    if age is None:
        raise CalculatorInputError("SMART-COP: cannot read age")

    def value_or_flag(kws, threshold_true, threshold_false):
        e = find_field(inputs, kws)
        if e is None:
            raise CalculatorInputError(f"SMART-COP: no field {kws[0]!r}")
        t = str(e.get("value", ""))
        m = re.search(r"\d+(?:\.\d+)?", t)
        if m and not t.strip().lower().startswith(("yes", "no")):
            return float(m.group())
        if m:  # "No (SBP 92 mmHg)": keep the number in parentheses
            return float(m.group())
        return threshold_true if t.strip().lower().startswith("yes") else threshold_false

    sbp = value_or_flag(("systolic blood pressure 90 mmhg", "systolic bp 90 mmhg", "systolic"), 80, 120)
    alb_e = find_field(inputs, ("albumin",))
    alb_t = str(alb_e.get("value", "")) if alb_e else ""
    if re.search(r"\d", alb_t) and not alb_t.lower().startswith(("yes", "no")):
        albumin = number_in(alb_t)
    else:
        albumin = 3.0 if official_bool(inputs, ("albumin",)) else 4.0
    rr = value_or_flag(("respiratory rate",), 35, 15)
    hr = value_or_flag(("tachycardia", "heart rate"), 130, 80)
    ph = value_or_flag(("arterial ph", "ph"), 7.30, 7.40)
    # oxygenation: numbers or a Yes/No flag
    o2e = find_field(inputs, ("oxygen threshold", "pao2", "oxygen"))
    pao2 = spo2 = None
    if o2e is not None:
        t = str(o2e.get("value", ""))
        mp = re.search(r"pao2\s*(\d+(?:\.\d+)?)", t, re.I)
        ms = re.search(r"spo2\s*(\d+(?:\.\d+)?)", t, re.I)
        if mp:
            pao2 = float(mp.group(1))
        if ms:
            spo2 = float(ms.group(1))
        if pao2 is None and spo2 is None:
            m = re.search(r"\d+(?:\.\d+)?", t)
            if m and not t.lower().startswith(("yes", "no")):
                pao2 = float(m.group())
            else:
                pao2 = 50.0 if t.lower().startswith("yes") else 90.0
    hr_flag = find_field(inputs, ("tachycardia",))
    if hr_flag is not None:
        m = re.search(r"hr\s*(\d+)", str(hr_flag.get("value", "")), re.I)
        if m:
            hr = float(m.group(1))
    return {"age": age, "sbp": sbp, "multilobar": official_bool(inputs, ("multilobar",)), "albumin": albumin,
            "resp_rate": rr, "heart_rate": hr, "confusion": official_bool(inputs, ("confusion", "new confusion")),
            "pao2": pao2, "spo2": spo2, "pf_ratio": None, "ph": ph}


SMART_COP = Calculator(
    id="smart_cop",
    name="SMART-COP Score for Pneumonia Severity",
    aliases=("SMART-COP", "SMARTCOP", "SMART COP score"),
    domains=(CRITICAL, INTERNAL),
    specialty="Pulmonology",
    purpose="Predicts the need for intensive respiratory or vasopressor support in community-acquired pneumonia.",
    inputs=(
        Input("age", "Age", unit="years", min=18, max=120, ehr=EHRSource("demographic", ("age",), "years")),
        Input("sbp", "Systolic blood pressure", unit="mmHg", min=30, max=300, ehr=EHRSource("vital", ("systolic_bp",), "mmHg")),
        Input("multilobar", "Multilobar involvement on chest X-ray", kind="bool", ehr=EHRSource("exam", ("chest x-ray",))),
        Input("albumin", "Albumin", unit="g/dL", min=0.5, max=7, ehr=EHRSource("lab", ("Albumin",), "g/dL")),
        Input("resp_rate", "Respiratory rate", unit="breaths/min", min=0, max=80, ehr=EHRSource("vital", ("respiratory_rate",))),
        Input("heart_rate", "Heart rate", unit="beats/min", min=10, max=300, ehr=EHRSource("vital", ("heart_rate",))),
        Input("confusion", "New confusion", kind="bool", ehr=EHRSource("exam", ("confusion",))),
        Input("pao2", "PaO2", unit="mmHg", min=10, max=700, optional=True, ehr=EHRSource("lab", ("PaO2",), "mmHg")),
        Input("spo2", "SpO2", unit="%", min=40, max=100, optional=True, ehr=EHRSource("vital", ("spo2",), "%")),
        Input("pf_ratio", "PaO2/FiO2 ratio (if on oxygen)", unit="mmHg", min=20, max=700, optional=True, ehr=EHRSource("lab", ("PaO2", "FiO2"))),
        Input("ph", "Arterial pH", min=6.5, max=8.0, ehr=EHRSource("lab", ("pH",))),
    ),
    output=Output("score"),
    compute=_smart_cop,
    interpret=_smart_cop_interp,
    citation="Charles PGP, Wolfe R, Whitby M, et al. SMART-COP: a tool for predicting the need for intensive respiratory "
             "or vasopressor support in community-acquired pneumonia. Clin Infect Dis. 2008;47(3):375-384.",
    reference="""# SMART-COP

**Purpose.** Identifies adults with community-acquired pneumonia who will need intensive respiratory
or vasopressor support (IRVS), better than PSI or CURB-65 for this outcome.

**When to use.** Adults with CAP confirmed on chest X-ray, at presentation.

**Inputs: eight items.**
| Item | Points |
|---|---|
| Systolic BP < 90 mmHg | 2 |
| Multilobar chest X-ray involvement | 1 |
| Albumin < 3.5 g/dL | 1 |
| Respiratory rate >= 25 (age <= 50) or >= 30 (age > 50) | 1 |
| Heart rate >= 125/min | 1 |
| New confusion | 1 |
| Low oxygen: age <= 50 PaO2 < 70 mmHg or SpO2 <= 93% or P/F < 333; age > 50 PaO2 < 60 or SpO2 <= 90% or P/F < 250 | 2 |
| Arterial pH < 7.35 | 2 |

**Interpretation.** 0-2 low; 3-4 moderate (1 in 8); 5-6 high (1 in 3); >= 7 very high (2 in 3) risk of IRVS.
A score >= 3 identified 92% of patients who needed IRVS.

**Reference.** Charles PGP et al. Clin Infect Dis. 2008;47:375-384.
""",
    official_names=("SMART-COP Score for Pneumonia Severity",),
    from_official=_smart_cop_official,
)


# ---------------------------------------------------------------- ISS
AIS = ("none", "minor", "moderate", "serious", "severe", "critical", "unsurvivable")
ISS_REGIONS = ("head_neck", "face", "chest", "abdomen", "extremities", "external")


def _iss(**kw):
    scores = sorted((AIS.index(kw[r]) for r in ISS_REGIONS), reverse=True)
    if scores[0] == 6:
        return 75
    return sum(s * s for s in scores[:3])


ISS = Calculator(
    id="injury_severity_score",
    name="Injury Severity Score (ISS)",
    aliases=("ISS", "injury severity score"),
    domains=(CRITICAL,),
    specialty="Trauma Surgery",
    purpose="Anatomical severity score for multiple injuries from the worst AIS grade in each of six body regions.",
    inputs=tuple(Input(r, f"Worst AIS injury: {r.replace('_', ' and ')}", kind="choice", choices=AIS,
                       description="none, minor (1), moderate (2), serious (3), severe (4), critical (5), unsurvivable (6)",
                       ehr=EHRSource("diagnosis", ())) for r in ISS_REGIONS),
    output=Output("score"),
    compute=_iss,
    interpret=lambda v, **_: ("major trauma (ISS > 15)" if v > 15 else "not major trauma (ISS <= 15)"),
    citation="Baker SP, O'Neill B, Haddon W Jr, Long WB. The injury severity score: a method for describing patients with "
             "multiple injuries and evaluating emergency care. J Trauma. 1974;14(3):187-196.",
    reference="""# Injury Severity Score (ISS)

**Purpose.** Summarises the anatomical severity of multiple injuries; correlates with mortality and is the
basis of trauma registries and TRISS.

**When to use.** Trauma patients once injuries are coded with the Abbreviated Injury Scale (AIS).

**Inputs.** The worst AIS grade in each of six regions: head/neck, face, chest, abdomen, extremities
(including pelvis), external. AIS: 1 minor, 2 moderate, 3 serious, 4 severe, 5 critical, 6 unsurvivable.

**Formula.** ISS = sum of the squares of the three highest regional AIS grades (each from a different region).
Any AIS 6 sets ISS to 75. Range 0-75.

**Interpretation.** ISS > 15 defines major trauma.

**Reference.** Baker SP et al. J Trauma. 1974;14:187-196.
""",
    official_names=("Injury Severity Score (ISS)",),
    from_official=lambda inputs: {
        r: choice_by_keywords(field_text(inputs, kws), {a: (a,) for a in reversed(AIS)} | {"unsurvivable": ("unsurvivable", "maximal")},
                              f"the AIS grade for {r}")
        for r, kws in (("head_neck", ("head and neck",)), ("face", ("face",)), ("chest", ("chest",)),
                       ("abdomen", ("abdomen",)), ("extremities", ("extremity",)), ("external", ("external",)))
    },
)


# ---------------------------------------------------------------- MUST
def _must(bmi, weight_loss_pct, acute_disease_no_intake):
    b = 0 if bmi > 20 else 1 if bmi >= 18.5 else 2
    w = 0 if weight_loss_pct < 5 else 1 if weight_loss_pct <= 10 else 2
    a = 2 if acute_disease_no_intake else 0
    return b + w + a, {"bmi_points": b, "weight_loss_points": w, "acute_disease_points": a}


MUST = Calculator(
    id="must",
    name="Malnutrition Universal Screening Tool (MUST)",
    aliases=("MUST", "MUST score", "malnutrition universal screening tool"),
    domains=(INTERNAL,),
    specialty="Nutrition",
    purpose="Five-step screen for malnutrition risk in adults from BMI, unplanned weight loss and acute illness.",
    inputs=(
        Input("bmi", "Body mass index", unit="kg/m^2", min=8, max=80, ehr=EHRSource("vital", ("weight", "height"))),
        Input("weight_loss_pct", "Unplanned weight loss in the past 3-6 months", unit="%", min=0, max=80,
              ehr=EHRSource("history", ("weight loss",))),
        Input("acute_disease_no_intake", "Acutely ill with no (or likely no) nutritional intake for > 5 days", kind="bool",
              ehr=EHRSource("history", ())),
    ),
    output=Output("score"),
    compute=_must,
    interpret=lambda v, **_: ("low risk (0): routine clinical care, repeat screening" if v == 0 else
                              "medium risk (1): observe, document intake for 3 days" if v == 1 else
                              "high risk (>=2): treat - refer to dietitian, improve intake, monitor"),
    citation="Malnutrition Advisory Group (BAPEN). The 'MUST' Explanatory Booklet. Elia M, ed. Redditch: BAPEN; 2003. "
             "Stratton RJ, et al. Br J Nutr. 2004;92(5):799-808.",
    reference="""# Malnutrition Universal Screening Tool (MUST)

**Purpose.** Identifies adults who are malnourished or at risk of malnutrition, across hospital,
care-home and community settings.

**When to use.** Adults at admission and periodically.

**Inputs: three steps (points).**
| Step | 0 | 1 | 2 |
|---|---|---|---|
| BMI (kg/m^2) | > 20 | 18.5-20 | < 18.5 |
| Unplanned weight loss in 3-6 months | < 5% | 5-10% | > 10% |
| Acute disease effect (no intake > 5 days) | - | - | 2 |

**Interpretation.** 0 low risk; 1 medium risk (observe); >= 2 high risk (treat, refer to dietitian).

**Reference.** BAPEN Malnutrition Advisory Group, 2003; Stratton RJ et al. Br J Nutr. 2004;92:799-808.
""",
    official_names=("Malnutrition Universal Screening Tool (MUST)",),
    from_official=lambda inputs: {
        "bmi": number_in(field_text(inputs, ("bmi",))),
        "weight_loss_pct": number_in(field_text(inputs, ("unplanned weight loss", "weight loss"))),
        "acute_disease_no_intake": official_bool(inputs, ("acutely ill", "acute disease")),
    },
)


# ---------------------------------------------------------------- CFS
CFS_LEVELS = {
    1: "Very fit", 2: "Fit (well)", 3: "Managing well", 4: "Living with very mild frailty (vulnerable)",
    5: "Living with mild frailty", 6: "Living with moderate frailty", 7: "Living with severe frailty",
    8: "Living with very severe frailty", 9: "Terminally ill",
}


def _cfs_official(inputs: list) -> dict:
    for e in inputs:
        if isinstance(e, dict) and "score" in e:
            return {"level": int(float(e["score"]))}
    raise CalculatorInputError("Clinical Frailty Scale: no scored level in the official inputs")


CFS = Calculator(
    id="clinical_frailty_scale",
    name="Clinical Frailty Scale (CSHA CFS)",
    aliases=("CFS", "Clinical Frailty Scale", "Rockwood frailty scale", "CSHA Clinical Frailty Scale"),
    domains=(CRITICAL, SPECIAL),
    specialty="Geriatrics",
    purpose="Nine-level judgement-based frailty scale from very fit to terminally ill.",
    inputs=(Input("level", "CFS level (1-9)", kind="integer", min=1, max=9,
                  description="; ".join(f"{k} {v}" for k, v in CFS_LEVELS.items()), ehr=EHRSource("history", ("frailty",))),),
    output=Output("score"),
    compute=lambda level: level,
    interpret=lambda v, **_: CFS_LEVELS[int(v)] + (" (frail: >=5)" if v >= 5 else ""),
    citation="Rockwood K, Song X, MacKnight C, et al. A global clinical measure of fitness and frailty in elderly people. "
             "CMAJ. 2005;173(5):489-495.",
    reference="""# Clinical Frailty Scale (CFS, Canadian Study of Health and Aging)

**Purpose.** A quick, judgement-based global rating of frailty that predicts institutionalisation and death.

**When to use.** Adults aged 65 and older, rating their baseline state about two weeks before the acute illness.

**Input.** The level that best matches the patient's baseline function.

| Level | Description |
|---|---|
| 1 | Very fit |
| 2 | Fit |
| 3 | Managing well |
| 4 | Living with very mild frailty |
| 5 | Living with mild frailty |
| 6 | Living with moderate frailty |
| 7 | Living with severe frailty |
| 8 | Living with very severe frailty |
| 9 | Terminally ill |

**Interpretation.** Levels >= 5 denote frailty; each step up raises mortality and the risk of needing care.

**Reference.** Rockwood K et al. CMAJ. 2005;173:489-495.
""",
    official_names=("CSHA Clinical Frailty Scale (CFS)",),
    from_official=_cfs_official,
)

register(SMART_COP, ISS, MUST, CFS)
