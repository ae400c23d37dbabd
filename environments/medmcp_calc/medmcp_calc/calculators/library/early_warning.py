"""Early-warning and sepsis screens: NEWS (2012), NEWS2 (2017), qSOFA."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, Calculator, EHRSource, Input, Output, register
from ..officials import find_field, official_bool, official_value
from ._official_util import field_text, opt_bool

RR = Input("resp_rate", "Respiratory rate", unit="breaths/min", min=0, max=80, ehr=EHRSource("vital", ("respiratory_rate",), "breaths/min"))
SPO2 = Input("spo2", "SpO2", unit="%", min=40, max=100, ehr=EHRSource("vital", ("spo2",), "%"))
O2 = Input("supplemental_oxygen", "On supplemental oxygen", kind="bool", ehr=EHRSource("order", ("oxygen", "nasal cannula", "HFNC")))
TEMP = Input("temperature_c", "Temperature", unit="°C", min=25, max=45, ehr=EHRSource("vital", ("temperature",), "C"))
SBP = Input("sbp", "Systolic blood pressure", unit="mmHg", min=30, max=300, ehr=EHRSource("vital", ("systolic_bp",), "mmHg"))
HR = Input("heart_rate", "Heart rate", unit="beats/min", min=10, max=300, ehr=EHRSource("vital", ("heart_rate",), "beats/min"))
CONSC = Input("consciousness", "Level of consciousness (ACVPU)", kind="choice",
              choices=("alert", "new confusion", "voice", "pain", "unresponsive"),
              description="alert, or new confusion / responds only to voice / pain / unresponsive", ehr=EHRSource("exam", ("AVPU", "GCS")))


def _rr(v):
    return 3 if v <= 8 else 1 if v <= 11 else 0 if v <= 20 else 2 if v <= 24 else 3


def _temp(t):
    t = round(t, 1)
    return 3 if t <= 35.0 else 1 if t <= 36.0 else 0 if t <= 38.0 else 1 if t <= 39.0 else 2


def _sbp(v):
    return 3 if v <= 90 else 2 if v <= 100 else 1 if v <= 110 else 0 if v <= 219 else 3


def _hr(v):
    return 3 if v <= 40 else 1 if v <= 50 else 0 if v <= 90 else 1 if v <= 110 else 2 if v <= 130 else 3


def _spo2_scale1(s):
    return 3 if s <= 91 else 2 if s <= 93 else 1 if s <= 95 else 0


def _spo2_scale2(s, on_o2):
    if s <= 83:
        return 3
    if s <= 85:
        return 2
    if s <= 87:
        return 1
    if s <= 92 or not on_o2:
        return 0
    return 1 if s <= 94 else 2 if s <= 96 else 3


def _news(resp_rate, spo2, supplemental_oxygen, temperature_c, sbp, heart_rate, consciousness):
    pts = {"respiratory_rate": _rr(resp_rate), "spo2": _spo2_scale1(spo2), "supplemental_oxygen": 2 if supplemental_oxygen else 0,
           "temperature": _temp(temperature_c), "systolic_bp": _sbp(sbp), "heart_rate": _hr(heart_rate),
           "consciousness": 0 if consciousness == "alert" else 3}
    return sum(pts.values()), {"item_points": pts, "any_single_parameter_3": max(pts.values()) >= 3}


def _news2(resp_rate, spo2, supplemental_oxygen, hypercapnic_scale2, temperature_c, sbp, heart_rate, consciousness):
    pts = {"respiratory_rate": _rr(resp_rate),
           "spo2": _spo2_scale2(spo2, supplemental_oxygen) if hypercapnic_scale2 else _spo2_scale1(spo2),
           "supplemental_oxygen": 2 if supplemental_oxygen else 0,
           "temperature": _temp(temperature_c), "systolic_bp": _sbp(sbp), "heart_rate": _hr(heart_rate),
           "consciousness": 0 if consciousness == "alert" else 3}
    return sum(pts.values()), {"item_points": pts, "any_single_parameter_3": max(pts.values()) >= 3}


def _news_interp(v, **_):
    if v >= 7:
        return "high (>=7): emergency assessment by a critical-care team, usually transfer to a higher level of care; continuous monitoring"
    if v >= 5:
        return "medium (5-6): urgent review by a clinician with acute-illness competencies; at least hourly observations"
    return ("low (0-4): ward-based response; a single parameter scoring 3 needs urgent clinician review"
            if v >= 1 else "0: continue routine monitoring (at least 12-hourly)")


def _consc(inputs: list) -> str:
    t = field_text(inputs, ("consciousness", "avpu score", "avpu", "level of consciousness")).lower()
    if t.startswith("alert") or t.strip() in {"a", "alert (a)"}:
        return "alert"
    if "confus" in t:
        return "new confusion"
    if "voice" in t:
        return "voice"
    if "pain" in t:
        return "pain"
    if "unrespons" in t:
        return "unresponsive"
    return "alert" if "alert" in t else "new confusion"


def _o2(inputs: list) -> bool:
    e = find_field(inputs, ("any supplemental oxygen", "room air or supplemental o2", "oxygen supplementation",
                            "supplemental oxygen", "supplemental o2"))
    if e is None:
        raise ValueError("no oxygen field")
    t = str(e.get("value", "")).lower()
    if t.startswith("room air") or t.startswith("no"):
        return False
    return t.startswith("yes") or "supplemental" in t or "cannula" in t or "o2" in t


def _vitals(inputs: list) -> dict:
    return {
        "resp_rate": official_value(inputs, ("respiratory rate", "respiratory rate breaths per minute",
                                             "respiratory rate breaths min", "respiratory rate breaths per min")),
        "spo2": official_value(inputs, ("spo2", "spo₂", "oxygen saturations", "oxygen saturation")),
        "supplemental_oxygen": _o2(inputs),
        "temperature_c": official_value(inputs, ("temperature", "temperature c"), "C"),
        "sbp": official_value(inputs, ("systolic bp", "systolic blood pressure", "systolic bp mmhg"), "mmHg"),
        "heart_rate": official_value(inputs, ("heart rate", "pulse", "pulse beats per minute", "pulse beats per min")),
        "consciousness": _consc(inputs),
    }


_NEWS_TABLE = """| Parameter | 3 | 2 | 1 | 0 | 1 | 2 | 3 |
|---|---|---|---|---|---|---|---|
| Respiratory rate (/min) | <= 8 | | 9-11 | 12-20 | | 21-24 | >= 25 |
| SpO2 (%) | <= 91 | 92-93 | 94-95 | >= 96 | | | |
| Supplemental oxygen | | yes | | no | | | |
| Temperature (°C) | <= 35.0 | | 35.1-36.0 | 36.1-38.0 | 38.1-39.0 | >= 39.1 | |
| Systolic BP (mmHg) | <= 90 | 91-100 | 101-110 | 111-219 | | | >= 220 |
| Heart rate (/min) | <= 40 | | 41-50 | 51-90 | 91-110 | 111-130 | >= 131 |
| Consciousness | | | | alert | | | V, P or U |
"""

NEWS = Calculator(
    id="news",
    name="National Early Warning Score (NEWS)",
    aliases=("NEWS", "NEWS 2012", "National Early Warning Score (original)", "NEWS1"),
    domains=(CRITICAL, INTERNAL),
    specialty="Acute Medicine",
    purpose="The 2012 Royal College of Physicians aggregate score of six physiological parameters for detecting deterioration.",
    inputs=(RR, SPO2, O2, TEMP, SBP, HR, CONSC),
    output=Output("score"),
    compute=_news,
    interpret=_news_interp,
    citation="Royal College of Physicians. National Early Warning Score (NEWS): Standardising the assessment of acute-illness "
             "severity in the NHS. London: RCP, 2012.",
    reference="""# National Early Warning Score (NEWS, 2012)

**Purpose.** Aggregates routine vital signs into one score that triggers escalation of care for
deteriorating adult patients. Superseded by NEWS2 in 2017 but still in use.

**When to use.** Adults (not pregnant women or children) in hospital or pre-hospital settings.

**Inputs and points.**
""" + _NEWS_TABLE + """
(Consciousness: alert scores 0; any of voice, pain or unresponsive scores 3.)

**Interpretation.** 0-4 low (a single parameter of 3 needs urgent review); 5-6 medium (urgent response);
>= 7 high (emergency response, critical-care outreach).

**Reference.** Royal College of Physicians. NEWS. London: RCP; 2012.
""",
    official_names=("National Early Warning Score (NEWS)",),
    from_official=_vitals,
)


def _news2_official(inputs: list) -> dict:
    d = _vitals(inputs)
    d["hypercapnic_scale2"] = bool(opt_bool(inputs, ("hypercapnic respiratory failure", "hypercapnic")))
    return d


NEWS2 = Calculator(
    id="news2",
    name="National Early Warning Score 2 (NEWS2)",
    aliases=("NEWS2", "NEWS 2", "National Early Warning Score 2"),
    domains=(CRITICAL, INTERNAL),
    specialty="Acute Medicine",
    purpose="The 2017 update of NEWS with a second SpO2 scale for hypercapnic respiratory failure and new confusion as a trigger.",
    inputs=(RR, SPO2, O2,
            Input("hypercapnic_scale2", "Hypercapnic respiratory failure (use SpO2 scale 2, target 88-92%)", kind="bool",
                  optional=True, default=False, ehr=EHRSource("diagnosis", ("COPD", "hypercapnic respiratory failure"))),
            TEMP, SBP, HR, CONSC),
    output=Output("score"),
    compute=_news2,
    interpret=_news_interp,
    citation="Royal College of Physicians. National Early Warning Score (NEWS) 2: Standardising the assessment of "
             "acute-illness severity in the NHS. Updated report of a working party. London: RCP, 2017.",
    reference="""# National Early Warning Score 2 (NEWS2)

**Purpose.** The 2017 revision of NEWS: the same aggregate of vital signs, with new-onset confusion
scored like reduced consciousness (ACVPU) and a second oxygen-saturation scale for patients with
hypercapnic respiratory failure who are prescribed a target of 88-92%.

**When to use.** Adults in hospital and ambulance settings (not pregnancy, not children).

**Inputs.** Respiratory rate, SpO2, whether on supplemental oxygen, whether the patient has hypercapnic
respiratory failure (SpO2 scale 2), temperature, systolic BP, pulse and consciousness (ACVPU).

**Points (SpO2 scale 1 and other parameters).**
""" + _NEWS_TABLE + """
**SpO2 scale 2 (hypercapnic failure only).** <= 83: 3; 84-85: 2; 86-87: 1; 88-92 (or >= 93 on air): 0;
93-94 on oxygen: 1; 95-96 on oxygen: 2; >= 97 on oxygen: 3.
Consciousness: alert 0; new confusion, voice, pain or unresponsive 3.

**Interpretation.** 0-4 low (ward response; a single 3 triggers urgent review); 5-6 medium (urgent
response); >= 7 high (emergency response, continuous monitoring).

**Reference.** Royal College of Physicians. NEWS2. London: RCP; 2017.
""",
    official_names=("National Early Warning Score (NEWS) 2",),
    from_official=_news2_official,
)


# ---------------------------------------------------------------- qSOFA
def _qsofa_official(inputs: list) -> dict:
    return {
        "altered_mentation": official_bool(inputs, ("altered mental status", "altered mental status gcs less than 15",
                                                    "altered mentation", "mental status")),
        "resp_rate_22_or_more": official_bool(inputs, ("respiratory rate 22", "respiratory rate", "respiratory rate 22 per min")),
        "sbp_100_or_less": official_bool(inputs, ("systolic bp 100", "systolic bp", "systolic bp 100 mmhg", "systolic")),
    }


QSOFA = Calculator(
    id="qsofa",
    name="qSOFA (Quick SOFA) Score for Sepsis",
    aliases=("qSOFA", "quick SOFA", "quickSOFA"),
    domains=(CRITICAL, INTERNAL),
    specialty="Critical Care",
    purpose="Bedside prompt identifying patients with suspected infection at risk of poor outcome outside the ICU.",
    inputs=(
        Input("altered_mentation", "Altered mentation (GCS < 15)", kind="bool", ehr=EHRSource("exam", ("GCS", "confusion"))),
        Input("resp_rate_22_or_more", "Respiratory rate >= 22/min", kind="bool", ehr=EHRSource("vital", ("respiratory_rate",))),
        Input("sbp_100_or_less", "Systolic blood pressure <= 100 mmHg", kind="bool", ehr=EHRSource("vital", ("systolic_bp",))),
    ),
    output=Output("score"),
    compute=lambda altered_mentation, resp_rate_22_or_more, sbp_100_or_less:
        int(altered_mentation) + int(resp_rate_22_or_more) + int(sbp_100_or_less),
    interpret=lambda v, **_: ("high risk (>=2): 3- to 14-fold higher in-hospital mortality; assess organ dysfunction (full SOFA, lactate)"
                              if v >= 2 else "not high risk (<2); keep reassessing if infection is suspected"),
    citation="Seymour CW, Liu VX, Iwashyna TJ, et al. Assessment of clinical criteria for sepsis: for the Third International "
             "Consensus Definitions for Sepsis and Septic Shock (Sepsis-3). JAMA. 2016;315(8):762-774.",
    reference="""# qSOFA (quick Sequential Organ Failure Assessment)

**Purpose.** Three bedside criteria that flag patients with suspected infection who are likely to do
poorly; introduced with the Sepsis-3 definitions.

**When to use.** Adults with suspected infection outside the ICU. It is a prognostic prompt, not a
diagnostic criterion for sepsis.

**Inputs / criteria (1 point each).** Altered mentation (GCS < 15); respiratory rate >= 22/min; systolic BP <= 100 mmHg.

**Interpretation.** >= 2 points: high risk of death or prolonged ICU stay - measure lactate and the full SOFA score.

**Reference.** Seymour CW et al. JAMA. 2016;315:762-774.
""",
    official_names=("qSOFA (Quick SOFA) Score for Sepsis",),
    from_official=_qsofa_official,
)

register(NEWS, NEWS2, QSOFA)
