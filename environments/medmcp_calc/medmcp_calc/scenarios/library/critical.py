"""Critical care workflows: sepsis screening, hypoxaemic respiratory failure and ventilation, ACLF."""
from __future__ import annotations

from ...calculators.base import CRITICAL
from .. import catalog as C
from ..spec import Branch, D, F, Scenario, Step
from ._common import body, facts, u

ICU = ("Intensive Care Unit", "ICU")
ED = ("Emergency Medicine", "EMD")

C.yes_no("bilateral_opacities", "accessory_examination", "Chest radiograph: bilateral patchy opacities not explained by effusion or collapse.",
         "Chest radiograph: no bilateral opacities.")
C.yes_no("cardiac_cause_excluded", "present_illness", "Echocardiography shows normal filling pressures; hydrostatic oedema considered unlikely.",
         "Cardiac failure has not been excluded as the cause of the respiratory picture.")
C.yes_no("within_one_week", "present_illness", "Respiratory symptoms began four days ago after the insult.",
         "Respiratory symptoms have been present for several weeks.")
C.add_num_text(C.NumText("peep", "examination_report", "exam_findings",
                         "Ventilator check: volume control, set PEEP {v} cmH2O.", "cmH2O", 0,
                         exam_item="Ventilator settings (PEEP)", exam_type="Respiratory therapy"))
C.add_num_text(C.NumText("plateau_pressure", "examination_report", "exam_findings",
                         "Inspiratory hold manoeuvre: plateau pressure {v} cmH2O.", "cmH2O", 0,
                         exam_item="Ventilator mechanics (plateau)", exam_type="Respiratory therapy"))
C.add_num_text(C.NumText("tidal_volume", "examination_report", "exam_findings",
                         "Delivered tidal volume {v} mL.", "mL", 0,
                         exam_item="Ventilator mechanics (tidal volume)", exam_type="Respiratory therapy"))


# ---------------------------------------------------------------- sepsis screen
def _sample_sepsis(rng, variant):
    v = body(rng, age=(25, 90))
    pos = variant == "positive"
    v["confusion"] = pos and rng.random() < 0.7
    v["resp_rate"] = rng.randint(22, 34) if pos else rng.randint(12, 21)
    v["sbp"] = rng.randint(78, 100) if pos else rng.randint(105, 150)
    v["dbp"] = rng.randint(40, 62) if pos else rng.randint(60, 90)
    if pos and not v["confusion"]:
        v["sbp"] = min(v["sbp"], 98)
    v["heart_rate"] = rng.randint(95, 140) if pos else rng.randint(60, 100)
    v["temperature"] = round(rng.uniform(35.0, 40.3), 1)
    v["spo2"] = rng.randint(86, 99)
    v["supplemental_o2"] = rng.random() < 0.5
    v["pao2"] = rng.randint(55, 110)
    v["fio2"] = rng.choice((21, 30, 40, 50)) if v["supplemental_o2"] else 21
    v["paco2"] = rng.randint(28, 48)
    v["lactate"] = u(rng, 0.8, 6.0, 1)
    return facts(v, diagnoses=[("Sepsis, unspecified organism", "A41.9")])


def _sepsis(id_, domain, dept, questions):
    return Scenario(
        id=id_, version=1, domain=domain, title="Sepsis screen and haemodynamic/oxygenation branch", family="sepsis",
        dept=dept, timepoint="latest", chief_complaint="Fever and low blood pressure.",
        present_illness="Fever with rigors; deteriorating on the ward over the last hours.",
        admission_diagnosis="Suspected sepsis",
        variants=("positive", "negative"), sample=_sample_sepsis,
        steps=(
            Step("qsofa", "qsofa", inputs={"altered_mentation": F("confusion"),
                                           "resp_rate_22_or_more": D(lambda c: c.f("resp_rate") >= 22, facts=("resp_rate",)),
                                           "sbp_100_or_less": D(lambda c: c.f("sbp") <= 100, facts=("sbp",))}),
            Step("map", "mean_arterial_pressure"),
            Step("si", "shock_index"),
            Step("news", "news2", inputs={"consciousness": D(lambda c: "new confusion" if c.f("confusion") else "alert",
                                                            facts=("confusion",))},
                 when=lambda c: c.branch("screen") == "negative", branch="screen"),
            Step("pf", "pf_ratio", when=lambda c: c.branch("screen") == "positive", branch="screen"),
            Step("aa", "aa_gradient", when=lambda c: c.branch("screen") == "positive", branch="screen"),
        ),
        branches=(Branch("screen", "two or more quick sepsis criteria", lambda c: "positive" if c.o("qsofa") >= 2 else "negative"),),
        expect={"positive": {"screen": "positive"}, "negative": {"screen": "negative"}},
        questions=questions,
    )


Q_SEPSIS = (
    "The ward called about a febrile patient. Using the most recent observations, run the quick bedside sepsis screen, "
    "and report average arterial pressure over the cardiac cycle and the heart-rate-to-systolic ratio. If the screen is positive, quantify "
    "oxygenation from the latest arterial gas (ratio to inspired oxygen and the alveolar-arterial difference); if it is "
    "negative, give me the full early-warning score instead.",
    "Is this sepsis? Please apply the three-item bedside screen to the latest vitals and mental status, compute the "
    "average arterial pressure and shock ratio, and then either work up gas exchange (arterial oxygen relative to inspired oxygen, alveolar-to-arterial oxygen difference) when two or "
    "more criteria are met, or calculate the aggregate track-and-trigger score when they are not.",
    "Deteriorating patient with fever. Latest numbers please: bedside sepsis criteria, average arterial pressure, heart-rate/systolic ratio, "
    "and the branch that follows - oxygenation indices for a positive screen, the national warning score otherwise.",
)


# ---------------------------------------------------------------- hypoxaemic respiratory failure / ventilation
def _sample_resp(rng, variant):
    ards = variant == "ards"
    v = body(rng, age=(25, 85), bmi=(22, 40))
    v["pao2"] = rng.randint(55, 95)
    v["fio2"] = rng.choice((50, 60, 70, 80)) if ards else rng.choice((30, 35, 40))
    if not ards:
        v["pao2"] = rng.randint(130, 180)
    v["paco2"] = rng.randint(32, 55)
    v["bilateral_opacities"] = ards or rng.random() < 0.3
    v["cardiac_cause_excluded"] = ards or rng.random() < 0.5
    v["within_one_week"] = True
    v["peep"] = rng.choice((5, 8, 10, 12, 14))
    v["plateau_pressure"] = v["peep"] + rng.randint(8, 20)
    v["tidal_volume"] = rng.randint(360, 560)
    v["spo2"] = rng.randint(86, 97)
    v["resp_rate"] = rng.randint(16, 34)
    return facts(v, diagnoses=[("Acute respiratory failure with hypoxia", "J96.01")])


def _resp(id_, domain, questions):
    return Scenario(
        id=id_, version=1, domain=domain, title="Hypoxaemic respiratory failure on the ventilator", family="respiratory",
        dept=ICU, timepoint="latest", chief_complaint="Intubated for hypoxaemic respiratory failure.",
        present_illness="Intubated after failing high-flow oxygen; now on volume-control ventilation.",
        admission_diagnosis="Acute hypoxaemic respiratory failure",
        variants=("ards", "no_ards"), sample=_sample_resp,
        steps=(
            Step("pf", "pf_ratio"),
            Step("ibw", "ideal_body_weight"),
            Step("ett", "ett_depth_tidal_volume"),
            Step("berlin", "berlin_ards", inputs={"timing_within_1_week": F("within_one_week"),
                                                  "bilateral_opacities": F("bilateral_opacities"),
                                                  "not_cardiac_or_fluid": F("cardiac_cause_excluded"),
                                                  "pao2": F("pao2"), "fio2_pct": F("fio2"), "peep": F("peep")},
                 when=lambda c: c.branch("oxygenation") == "impaired", branch="oxygenation"),
            Step("cstat", "static_compliance", inputs={"tidal_volume_ml": F("tidal_volume"),
                                                       "plateau_pressure": F("plateau_pressure"), "peep": F("peep")},
                 when=lambda c: c.branch("oxygenation") == "impaired", branch="oxygenation"),
            Step("sf", "sf_ratio", when=lambda c: c.branch("oxygenation") == "adequate", branch="oxygenation"),
        ),
        branches=(Branch("oxygenation", "PaO2/FiO2 at or below 300", lambda c: "impaired" if c.o("pf") <= 300 else "adequate"),),
        expect={"ards": {"oxygenation": "impaired"}, "no_ards": {"oxygenation": "adequate"}},
        questions=questions,
    )


Q_RESP = (
    "Ventilated patient in the unit. From the latest gas and the ventilator checks, calculate arterial oxygen relative to inspired oxygen, "
    "the height-predicted weight and the expected tube depth for height. If that quotient is three hundred or below, classify the "
    "respiratory distress syndrome criteria (timing, imaging, non-cardiac origin, PEEP) and compute respiratory-system compliance "
    "from the inspiratory hold; otherwise report the pulse-oximetry based ratio.",
    "Please review ventilation with the most recent data: arterial oxygen relative to inspired oxygen, height-predicted weight for lung-protective volumes, tube "
    "depth, and then either the formal ARDS definition plus respiratory-system compliance (if oxygenation is impaired, "
    "quotient at most three hundred) or the SpO2-based arterial-to-inspired oxygen quotient (if it is not).",
    "Give me the lung-protective ventilation numbers for this patient based on the latest measurements, and decide "
    "whether the oxygenation defect meets distress-syndrome criteria; in that case add compliance from the plateau "
    "and PEEP, otherwise give the saturation-to-FiO2 ratio.",
)
Q_RESP = tuple(q.replace("ARDS definition", "distress-syndrome definition") for q in Q_RESP)

SCENARIOS = [
    _sepsis("ward_sepsis_screen", CRITICAL, ("General Internal Medicine", "GIM"), Q_SEPSIS),
    _resp("icu_ventilation_ards", CRITICAL, Q_RESP),
]
