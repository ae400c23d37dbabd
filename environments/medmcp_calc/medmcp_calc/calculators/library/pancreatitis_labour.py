"""Acute pancreatitis severity (BISAP, Ranson's criteria) and the Bishop score for labour induction."""
from __future__ import annotations

from ..base import INTERNAL, SPECIAL, Calculator, EHRSource, Input, Output, register
from ..officials import find_field
from ._entities import off_bool
from ._kit import age_input, table, yn
from ._official_util import choice_by_keywords, field_score, field_text, number_in, reference_page


def _num(i: list, kws) -> float:
    return number_in(field_text(i, kws))


# ---------------------------------------------------------------- BISAP
def _bisap(bun, impaired_mental_status, sirs, age, pleural_effusion):
    parts = {"bun_gt_25": int(bun > 25), "impaired_mental_status": int(impaired_mental_status),
             "sirs": int(sirs), "age_gt_60": int(age > 60), "pleural_effusion": int(pleural_effusion)}
    return sum(parts.values()), parts


BISAP = Calculator(
    id="bisap",
    name="BISAP Score for Pancreatitis Mortality",
    aliases=("BISAP", "Bedside Index for Severity in Acute Pancreatitis", "BISAP score"),
    domains=(INTERNAL,),
    specialty="Gastroenterology",
    purpose="Identifies acute pancreatitis at increased risk of in-hospital death within 24 hours of presentation.",
    inputs=(Input("bun", "Blood urea nitrogen", unit="mg/dL", min=0, max=300,
                  ehr=EHRSource("lab", ("Blood urea nitrogen", "BUN", "Urea"), "mg/dL")),
            yn("impaired_mental_status", "Impaired mental status (GCS < 15 or disorientation)", "exam", "confusion", "GCS"),
            yn("sirs", "SIRS present (>= 2 of temperature, heart rate, respiratory rate/PaCO2, WBC criteria)", "vital",
               "temperature", "heart_rate", "respiratory_rate"),
            age_input(),
            yn("pleural_effusion", "Pleural effusion on imaging", "exam", "chest X-ray", "pleural effusion")),
    output=Output("score", unit="points"),
    compute=_bisap,
    interpret=lambda v, **_: ("low risk (0-2): in-hospital mortality < 2%" if v <= 2 else
                              "high risk (3-5): markedly increased mortality and organ failure risk"),
    citation="Wu BU, Johannes RS, Sun X, Tabak Y, Conwell DL, Banks PA. The early prediction of mortality in acute "
             "pancreatitis: a large population-based study. Gut. 2008;57(12):1698-1703.",
    reference=reference_page(
        "BISAP Score for Pancreatitis Mortality",
        "Five-item bedside score for mortality in acute pancreatitis, usable in the first 24 hours.",
        "Adults with acute pancreatitis at presentation or within 24 hours.",
        "BUN (mg/dL), mental status, SIRS, age, pleural effusion.",
        table(("Item (1 point each)", "Criterion"), (("B", "BUN > 25 mg/dL"), ("I", "impaired mental status"),
                                                     ("S", "SIRS (>= 2 criteria)"), ("A", "age > 60 years"),
                                                     ("P", "pleural effusion"))),
        "0-2: low mortality (< 2%); 3-5: high risk (mortality rising steeply with each point).",
        "Wu BU et al. Gut. 2008;57(12):1698-1703."),
    official_names=("BISAP Score for Pancreatitis Mortality",),
    from_official=lambda i: {
        "bun": _num(i, ("bun",)), "impaired_mental_status": off_bool(i, ("mental status", "mental")),
        "sirs": off_bool(i, ("sirs",)), "age": _num(i, ("age",)), "pleural_effusion": off_bool(i, ("pleural",)),
    },
)


# ---------------------------------------------------------------- Ranson
# (admission thresholds, 48 h thresholds) for non-gallstone and gallstone pancreatitis
_RANSON = {
    "non_gallstone": {"age": 55, "wbc": 16, "glucose": 200, "ldh": 350, "ast": 250, "bun_rise": 5,
                      "base_deficit": 4, "fluid": 6, "pao2": True},
    "gallstone": {"age": 70, "wbc": 18, "glucose": 220, "ldh": 400, "ast": 250, "bun_rise": 2,
                  "base_deficit": 5, "fluid": 4, "pao2": False},
}


def _ranson(etiology, age, wbc, glucose, ldh, ast, hematocrit_fall, bun_rise, calcium, pao2, base_deficit,
            fluid_sequestration):
    t = _RANSON[etiology]
    admission = {"age": age > t["age"], "wbc": wbc > t["wbc"], "glucose": glucose > t["glucose"],
                 "ldh": ldh > t["ldh"], "ast": ast > t["ast"]}
    at48 = {"hematocrit_fall_gt_10": hematocrit_fall > 10, "bun_rise": bun_rise > t["bun_rise"],
            "calcium_lt_8": calcium < 8, "base_deficit": base_deficit > t["base_deficit"],
            "fluid_sequestration": fluid_sequestration > t["fluid"]}
    if t["pao2"]:
        at48["pao2_lt_60"] = pao2 is not None and pao2 < 60
    details = {f"admission_{k}": int(v) for k, v in admission.items()} | {f"48h_{k}": int(v) for k, v in at48.items()}
    details["admission_points"] = sum(admission.values())
    return sum(admission.values()) + sum(at48.values()), details


def _ranson_interp(v, **_):
    if v <= 2:
        return "0-2: mortality ~0-3%; severe pancreatitis unlikely"
    if v <= 4:
        return "3-4: mortality ~15%; severe pancreatitis likely"
    if v <= 6:
        return "5-6: mortality ~40%"
    return ">= 7: mortality approaching 100%"


def _ranson_official(i: list) -> dict:
    gall = find_field(i, ("etiology", "gallstone"))
    etiology = "gallstone" if gall and "gallstone" in str(gall.get("value", "")).lower() and not str(
        gall.get("value", "")).lower().startswith(("no", "non")) else "non_gallstone"
    hct_fall = None
    if find_field(i, ("admission hematocrit",)) and find_field(i, ("48h hematocrit",)):
        hct_fall = _num(i, ("admission hematocrit",)) - _num(i, ("48h hematocrit",))
    if hct_fall is None:
        hct_fall = 12.0 if off_bool(i, ("hct drop", "hematocrit fall")) else 0.0
    bun_rise = None
    if find_field(i, ("admission bun",)) and find_field(i, ("48h bun",)):
        bun_rise = _num(i, ("48h bun",)) - _num(i, ("admission bun",))
    if bun_rise is None:
        bun_rise = 6.0 if off_bool(i, ("bun increase",)) else 0.0
    return {
        "etiology": etiology, "age": _num(i, ("on admission age", "age")), "wbc": _num(i, ("on admission wbc", "wbc")),
        "glucose": _num(i, ("on admission glucose", "glucose")), "ldh": _num(i, ("on admission ldh", "ldh")),
        "ast": _num(i, ("on admission ast", "ast")), "hematocrit_fall": hct_fall, "bun_rise": bun_rise,
        "calcium": _num(i, ("48h calcium", "calcium")), "pao2": _num(i, ("48h arterial po2", "po2", "pao2")),
        "base_deficit": _num(i, ("base deficit",)), "fluid_sequestration": _num(i, ("fluid needs", "fluid")),
    }


RANSON = Calculator(
    id="ranson_criteria",
    name="Ranson's Criteria for Pancreatitis Mortality",
    aliases=("Ranson criteria", "Ranson score", "Ranson's criteria"),
    domains=(INTERNAL,),
    specialty="Gastroenterology / General Surgery",
    purpose="Predicts the severity and mortality of acute pancreatitis from admission and 48-hour findings.",
    inputs=(Input("etiology", "Aetiology", kind="choice", choices=("non_gallstone", "gallstone"),
                  description="the gallstone version uses different thresholds and no PaO2 criterion",
                  ehr=EHRSource("diagnosis", ("gallstone pancreatitis", "alcoholic pancreatitis"))),
            age_input(),
            Input("wbc", "White blood cell count at admission", unit="10^3/µL", min=0, max=500,
                  ehr=EHRSource("lab", ("WBC",), "10^3/uL")),
            Input("glucose", "Blood glucose at admission", unit="mg/dL", min=10, max=3000,
                  ehr=EHRSource("lab", ("Glucose",), "mg/dL")),
            Input("ldh", "LDH at admission", unit="U/L", min=0, max=20000, ehr=EHRSource("lab", ("LDH",), "U/L")),
            Input("ast", "AST at admission", unit="U/L", min=0, max=20000, ehr=EHRSource("lab", ("AST",), "U/L")),
            Input("hematocrit_fall", "Fall in haematocrit over 48 h", unit="percentage points", min=-50, max=60,
                  ehr=EHRSource("lab", ("Hematocrit",), "%", "admission value minus 48-hour value")),
            Input("bun_rise", "Rise in BUN over 48 h", unit="mg/dL", min=-200, max=200,
                  ehr=EHRSource("lab", ("BUN",), "mg/dL", "48-hour value minus admission value")),
            Input("calcium", "Serum calcium within 48 h", unit="mg/dL", min=1, max=20,
                  ehr=EHRSource("lab", ("Calcium",), "mg/dL")),
            Input("pao2", "Arterial PaO2 within 48 h", unit="mmHg", min=10, max=700, optional=True,
                  description="used by the non-gallstone version only", ehr=EHRSource("lab", ("PaO2",), "mmHg")),
            Input("base_deficit", "Base deficit within 48 h", unit="mEq/L", min=-30, max=40,
                  ehr=EHRSource("lab", ("Base excess",), "mEq/L", "base deficit = -base excess")),
            Input("fluid_sequestration", "Estimated fluid sequestration in 48 h", unit="L", min=0, max=40,
                  ehr=EHRSource("order", ("fluid intake", "fluid output"), "L", "intake minus output"))),
    output=Output("score", unit="points"),
    compute=_ranson,
    interpret=_ranson_interp,
    citation="Ranson JH, Rifkind KM, Roses DF, Fink SD, Eng K, Spencer FC. Prognostic signs and the role of "
             "operative management in acute pancreatitis. Surg Gynecol Obstet. 1974;139(1):69-81; Ranson JH. "
             "Etiological and prognostic factors in human acute pancreatitis: a review. Am J Gastroenterol. "
             "1982;77(9):633-638.",
    reference=reference_page(
        "Ranson's Criteria for Pancreatitis Mortality",
        "Eleven criteria (ten for gallstone pancreatitis), five at admission and the rest over 48 hours.",
        "Acute pancreatitis; the full score is only available at 48 hours.",
        "Aetiology, admission age/WBC/glucose/LDH/AST, and 48-hour haematocrit fall, BUN rise, calcium, PaO2, base "
        "deficit and fluid sequestration.",
        table(("Criterion", "Non-gallstone", "Gallstone"), (
            ("Age (years)", "> 55", "> 70"), ("WBC (10^3/µL)", "> 16", "> 18"), ("Glucose (mg/dL)", "> 200", "> 220"),
            ("LDH (U/L)", "> 350", "> 400"), ("AST (U/L)", "> 250", "> 250"),
            ("Haematocrit fall (points)", "> 10", "> 10"), ("BUN rise (mg/dL)", "> 5", "> 2"),
            ("Calcium (mg/dL)", "< 8", "< 8"), ("PaO2 (mmHg)", "< 60", "not used"),
            ("Base deficit (mEq/L)", "> 4", "> 5"), ("Fluid sequestration (L)", "> 6", "> 4")))
        + "\n1 point per criterion met.",
        "0-2: ~0-3% mortality; 3-4: ~15%; 5-6: ~40%; >= 7: ~100%.",
        "Ranson JH et al. Surg Gynecol Obstet. 1974;139:69-81; Ranson JH. Am J Gastroenterol. 1982;77:633-638."),
    official_names=("Ranson's Criteria for Pancreatitis Mortality",),
    from_official=_ranson_official,
)


# ---------------------------------------------------------------- Bishop
def _bishop(dilation_cm, effacement_pct, station, consistency, position):
    parts = {
        "dilation": 0 if dilation_cm < 1 else 1 if dilation_cm < 3 else 2 if dilation_cm < 5 else 3,
        "effacement": 0 if effacement_pct < 40 else 1 if effacement_pct < 60 else 2 if effacement_pct < 80 else 3,
        "station": 0 if station <= -3 else 1 if station < -1 else 2 if station < 1 else 3,
        "consistency": {"firm": 0, "medium": 1, "soft": 2}[consistency],
        "position": {"posterior": 0, "mid": 1, "anterior": 2}[position],
    }
    return sum(parts.values()), parts


_DIL = {0: 0.0, 1: 1.5, 2: 3.5, 3: 5.0}
_EFF = {0: 20.0, 1: 45.0, 2: 65.0, 3: 85.0}
_STA = {0: -3.0, 1: -2.0, 2: -1.0, 3: 1.0}


def _bishop_official(i: list) -> dict:
    def pick(kws, table_, what):
        s = field_score(i, kws)
        if s is not None:
            return table_[int(s)]
        return number_in(field_text(i, kws))
    cons = field_text(i, ("consistency",))
    pos = field_text(i, ("position",))
    return {
        "dilation_cm": pick(("dilation",), _DIL, "dilation"), "effacement_pct": pick(("effacement",), _EFF, "effacement"),
        "station": pick(("station",), _STA, "station"),
        "consistency": choice_by_keywords(cons, {"firm": ("firm",), "medium": ("medium", "moderate"),
                                                 "soft": ("soft",)}, "cervical consistency"),
        "position": choice_by_keywords(pos, {"posterior": ("posterior",), "mid": ("mid", "middle", "midposition"),
                                             "anterior": ("anterior",)}, "cervical position"),
    }


BISHOP = Calculator(
    id="bishop_score",
    name="Bishop Score for Vaginal Delivery and Induction of Labor",
    aliases=("Bishop score", "Bishop pelvic score", "cervical Bishop score"),
    domains=(SPECIAL,),
    specialty="Obstetrics",
    purpose="Rates cervical readiness (ripeness) to predict successful induction of labour.",
    inputs=(Input("dilation_cm", "Cervical dilation", unit="cm", min=0, max=10, ehr=EHRSource("exam", ("cervical dilation",), "cm")),
            Input("effacement_pct", "Cervical effacement", unit="%", min=0, max=100,
                  ehr=EHRSource("exam", ("effacement",), "%")),
            Input("station", "Fetal station", unit="cm relative to the ischial spines", min=-5, max=5,
                  ehr=EHRSource("exam", ("fetal station",))),
            Input("consistency", "Cervical consistency", kind="choice", choices=("firm", "medium", "soft"),
                  ehr=EHRSource("exam", ("cervix",))),
            Input("position", "Cervical position", kind="choice", choices=("posterior", "mid", "anterior"),
                  ehr=EHRSource("exam", ("cervix",)))),
    output=Output("score", unit="points"),
    compute=_bishop,
    interpret=lambda v, **_: ("unfavourable cervix (<= 5): cervical ripening likely needed before induction" if v <= 5
                              else "favourable cervix (>= 8): induction likely to succeed" if v >= 8
                              else "intermediate (6-7)"),
    citation="Bishop EH. Pelvic scoring for elective induction. Obstet Gynecol. 1964;24:266-268.",
    reference=reference_page(
        "Bishop Score for Vaginal Delivery and Induction of Labor",
        "Five cervical and fetal findings on vaginal examination add up to a 0-13 ripeness score.",
        "Before induction of labour at term.",
        "Dilation (cm), effacement (%), station (-3 to +3), consistency, position.",
        table(("Finding", "0", "1", "2", "3"), (("Dilation (cm)", "closed", "1-2", "3-4", ">= 5"),
                                                ("Effacement (%)", "0-30", "40-50", "60-70", ">= 80"),
                                                ("Station", "-3", "-2", "-1, 0", "+1, +2"),
                                                ("Consistency", "firm", "medium", "soft", ""),
                                                ("Position", "posterior", "mid", "anterior", ""))),
        "<= 5 unfavourable (ripening agents advised); >= 8 favourable, with a likelihood of vaginal delivery "
        "similar to spontaneous labour.",
        "Bishop EH. Obstet Gynecol. 1964;24:266-268."),
    official_names=("Bishop Score for Vaginal Delivery and Induction of Labor",),
    from_official=_bishop_official,
)

register(BISAP, RANSON, BISHOP)
