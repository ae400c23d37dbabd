"""Wells' criteria: pulmonary embolism and deep vein thrombosis."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, Calculator, EHRSource, Input, Output, register
from ..officials import official_bool
from . import _mcb_reader as mcb
from ._official_extra import yes_number


# ---------------------------------------------------------------- PE
def _pe(dvt_signs: bool, pe_most_likely: bool, heart_rate: float, immobilization: bool, recent_surgery: bool,
        previous_pe: bool, previous_dvt: bool, hemoptysis: bool, malignancy: bool):
    parts = {
        "dvt_signs": 3.0 if dvt_signs else 0.0,
        "pe_most_likely": 3.0 if pe_most_likely else 0.0,
        "heart_rate_over_100": 1.5 if heart_rate > 100 else 0.0,
        "immobilization_or_surgery": 1.5 if (immobilization or recent_surgery) else 0.0,
        "previous_pe_or_dvt": 1.5 if (previous_pe or previous_dvt) else 0.0,
        "hemoptysis": 1.0 if hemoptysis else 0.0,
        "malignancy": 1.0 if malignancy else 0.0,
    }
    return sum(parts.values()), parts


def _pe_interpret(value: float, **_: object) -> str:
    three = "low" if value < 2 else "moderate" if value <= 6 else "high"
    two = "PE likely" if value > 4 else "PE unlikely"
    return f"{three} risk (three-tier: <2 low, 2-6 moderate, >6 high); two-tier: {two} (>4 likely)"


def _pe_from_official(inputs: list) -> dict:
    imm = official_bool(inputs, ("immobilization",))
    prev = official_bool(inputs, ("previous",))
    return {
        "dvt_signs": official_bool(inputs, ("signs and symptoms of dvt", "dvt signs", "clinical signs")),
        "pe_most_likely": official_bool(inputs, ("pe is 1 diagnosis", "1 diagnosis", "most likely")),
        "heart_rate": yes_number(inputs, ("heart rate",), 110.0, 80.0),
        "immobilization": imm,
        "recent_surgery": imm,
        "previous_pe": prev,
        "previous_dvt": prev,
        "hemoptysis": official_bool(inputs, ("hemoptysis",)),
        "malignancy": official_bool(inputs, ("malignancy",)),
    }


def _b(name: str, label: str, ehr: EHRSource, **kw) -> Input:
    return Input(name, label, kind="bool", ehr=ehr, **kw)


WELLS_PE = Calculator(
    id="wells_pe",
    name="Wells' Criteria for Pulmonary Embolism",
    aliases=("Wells PE", "Wells score for PE", "Wells' score pulmonary embolism", "Wells criteria PE"),
    domains=(CRITICAL, INTERNAL),
    specialty="Emergency Medicine / Pulmonology",
    purpose="Estimates the pre-test probability of pulmonary embolism to choose between D-dimer and CT angiography.",
    inputs=(
        _b("dvt_signs", "Clinical signs and symptoms of DVT (leg swelling, pain on palpation of deep veins)",
           EHRSource("exam", ("leg swelling", "calf tenderness"))),
        _b("pe_most_likely", "PE is the #1 diagnosis or equally likely", EHRSource("history", ("pulmonary embolism",))),
        Input("heart_rate", "Heart rate", unit="beats/min", min=20, max=300,
              ehr=EHRSource("vital", ("heart_rate",), "/min")),
        _b("immobilization", "Immobilization >= 3 days", EHRSource("history", ("bedridden", "immobilization"))),
        _b("recent_surgery", "Surgery in the previous 4 weeks", EHRSource("history", ("surgery",)), optional=True,
           default=False),
        _b("previous_pe", "Previously, objectively diagnosed PE", EHRSource("diagnosis", ("pulmonary embolism",))),
        _b("previous_dvt", "Previously, objectively diagnosed DVT", EHRSource("diagnosis", ("deep vein thrombosis",)),
           optional=True, default=False),
        _b("hemoptysis", "Hemoptysis", EHRSource("history", ("hemoptysis",))),
        _b("malignancy", "Malignancy with treatment within 6 months, or palliative",
           EHRSource("diagnosis", ("cancer", "malignant neoplasm"))),
    ),
    output=Output("number", unit="points", decimals=1, abs_tol=0.0),
    compute=_pe,
    interpret=_pe_interpret,
    citation="Wells PS, Anderson DR, Rodger M, et al. Derivation of a simple clinical model to categorize patients "
             "probability of pulmonary embolism: increasing the models utility with the SimpliRED D-dimer. "
             "Thromb Haemost. 2000;83(3):416-420.",
    reference="""# Wells' Criteria for Pulmonary Embolism

**Purpose.** Assigns a pre-test probability of PE so that low-probability patients can be
ruled out with a D-dimer (and PERC) while likely PE goes straight to CT pulmonary angiography.

**When to use.** Haemodynamically stable patients with suspected acute PE in the emergency
department or ward.

**Inputs.** Signs of DVT, whether PE is the leading diagnosis, heart rate, immobilization or recent
surgery, prior PE/DVT, hemoptysis, malignancy.

**Point table.**
| Criterion | Points |
|---|---|
| Clinical signs and symptoms of DVT | 3 |
| PE is the #1 diagnosis or equally likely | 3 |
| Heart rate > 100 beats/min | 1.5 |
| Immobilization >= 3 days or surgery in the previous 4 weeks | 1.5 |
| Previous, objectively diagnosed PE or DVT | 1.5 |
| Hemoptysis | 1 |
| Malignancy treated within 6 months or palliative | 1 |

Range 0-12.5. (Immobilization/surgery and previous PE/DVT each count once.)

**Interpretation.** Three tiers: < 2 low (~1.3% PE), 2-6 moderate (~16%), > 6 high (~41%).
Two tiers: <= 4 PE unlikely (D-dimer first), > 4 PE likely (CT angiography).

**Reference.** Wells PS et al. Thromb Haemost. 2000;83(3):416-420.
""",
    medcalc_bench_id=8,
    from_medcalc_bench=lambda e: {
        "dvt_signs": mcb.flag(e, "Clinical signs and symptoms of Deep Vein Thrombosis"),
        "pe_most_likely": mcb.flag(e, "Pulmonary Embolism is #1 diagnosis OR equally likely"),
        "heart_rate": mcb.number(e, "Heart Rate or Pulse", "/min"),
        "immobilization": mcb.flag(e, "Immobilization for at least 3 days"),
        "recent_surgery": mcb.flag(e, "Surgery in the previous 4 weeks"),
        "previous_pe": mcb.flag(e, "Previously Documented Pulmonary Embolism"),
        "previous_dvt": mcb.flag(e, "Previously documented Deep Vein Thrombosis"),
        "hemoptysis": mcb.flag(e, "Hemoptysis"),
        "malignancy": mcb.flag(e, "Malignancy with treatment within 6 months or palliative"),
    },
    official_names=("Wells' Criteria for Pulmonary Embolism",),
    from_official=_pe_from_official,
)


# ---------------------------------------------------------------- DVT
_DVT_ITEMS = (
    ("active_cancer", "Active cancer (treatment within 6 months, or palliative)",
     EHRSource("diagnosis", ("cancer", "malignant neoplasm"))),
    ("bedridden_or_major_surgery", "Bedridden recently > 3 days, or major surgery within 12 weeks",
     EHRSource("history", ("bedridden", "surgery"))),
    ("calf_swelling", "Calf swelling > 3 cm compared with the other leg", EHRSource("exam", ("calf swelling",))),
    ("collateral_veins", "Collateral (non-varicose) superficial veins present", EHRSource("exam", ("collateral veins",))),
    ("entire_leg_swollen", "Entire leg swollen", EHRSource("exam", ("leg swelling",))),
    ("localized_tenderness", "Localized tenderness along the deep venous system", EHRSource("exam", ("tenderness",))),
    ("pitting_edema", "Pitting edema confined to the symptomatic leg", EHRSource("exam", ("pitting edema",))),
    ("paralysis_or_immobilization", "Paralysis, paresis, or recent plaster immobilization of the lower extremity",
     EHRSource("history", ("paralysis", "paresis", "cast"))),
    ("previous_dvt", "Previously documented DVT", EHRSource("diagnosis", ("deep vein thrombosis",))),
)


def _dvt(alternative_diagnosis_likely: bool, **items: bool):
    parts = {k: int(v) for k, v in items.items()}
    parts["alternative_diagnosis_likely"] = -2 if alternative_diagnosis_likely else 0
    return sum(parts.values()), parts


def _dvt_interpret(value: int, **_: object) -> str:
    three = "low" if value <= 0 else "moderate" if value <= 2 else "high"
    two = "DVT likely" if value >= 2 else "DVT unlikely"
    return f"{three} pre-test probability (<=0 low, 1-2 moderate, >=3 high); two-tier: {two} (>=2 likely)"


WELLS_DVT = Calculator(
    id="wells_dvt",
    name="Wells' Criteria for DVT",
    aliases=("Wells DVT", "Wells score for DVT", "Wells' criteria deep vein thrombosis", "Wells DVT score"),
    domains=(CRITICAL, INTERNAL),
    specialty="Emergency Medicine / Vascular Medicine",
    purpose="Estimates the pre-test probability of lower-extremity deep vein thrombosis.",
    inputs=tuple(Input(n, lab, kind="bool", ehr=ehr) for n, lab, ehr in _DVT_ITEMS)
    + (Input("alternative_diagnosis_likely", "Alternative diagnosis to DVT as likely or more likely", kind="bool",
             ehr=EHRSource("history", ("cellulitis", "baker cyst", "muscle strain"))),),
    output=Output("score", unit="points"),
    compute=_dvt,
    interpret=_dvt_interpret,
    citation="Wells PS, Anderson DR, Bormanis J, et al. Value of assessment of pretest probability of deep-vein "
             "thrombosis in clinical management. Lancet. 1997;350(9094):1795-1798.",
    reference="""# Wells' Criteria for DVT

**Purpose.** Pre-test probability of lower-limb deep vein thrombosis, used with D-dimer and
compression ultrasound.

**When to use.** Outpatients / emergency patients with suspected DVT. Less accurate in
hospitalised patients.

**Inputs.** The nine leg findings/risk factors below (yes/no) and whether an alternative diagnosis is
at least as likely.

**Point table.**
| Criterion | Points |
|---|---|
| Active cancer (treatment within 6 months or palliative) | +1 |
| Bedridden recently > 3 days or major surgery within 12 weeks | +1 |
| Calf swelling > 3 cm compared with the other leg (10 cm below tibial tuberosity) | +1 |
| Collateral (non-varicose) superficial veins present | +1 |
| Entire leg swollen | +1 |
| Localized tenderness along the deep venous system | +1 |
| Pitting edema confined to the symptomatic leg | +1 |
| Paralysis, paresis, or recent plaster immobilization of the leg | +1 |
| Previously documented DVT | +1 |
| Alternative diagnosis at least as likely as DVT | -2 |

Range -2 to 9.

**Interpretation.** Three tiers: <= 0 low (~5% DVT), 1-2 moderate (~17%), >= 3 high (~53%).
Two tiers (Wells 2003): < 2 DVT unlikely, >= 2 DVT likely.

**Reference.** Wells PS et al. Lancet. 1997;350:1795-1798; Wells PS et al. N Engl J Med.
2003;349:1227-1235.
""",
    medcalc_bench_id=16,
    from_medcalc_bench=lambda e: {
        "active_cancer": mcb.flag(e, "Active cancer"),
        "bedridden_or_major_surgery": mcb.any_flag(e, "Bedridden recently >3 days or major surgery within 12 weeks",
                                                   "Major surgery within 12 weeks", "Bedridden recently >3 days"),
        "calf_swelling": mcb.flag(e, "Calf swelling >3 centimeters compared to the other leg"),
        "collateral_veins": mcb.flag(e, "Collateral (nonvaricose) superficial veins present"),
        "entire_leg_swollen": mcb.flag(e, "Entire Leg Swollen"),
        "localized_tenderness": mcb.flag(e, "Localized tenderness along the deep venous system"),
        "pitting_edema": mcb.flag(e, "Pitting edema, confined to symptomatic leg"),
        "paralysis_or_immobilization": mcb.flag(
            e, "Paralysis, paresis, or recent plaster immobilization of the lower extremity"),
        "previous_dvt": mcb.flag(e, "Previously documented Deep Vein Thrombosis"),
        "alternative_diagnosis_likely": mcb.flag(
            e, "Alternative diagnosis to Deep Vein Thrombosis as likely or more likely"),
    },
    official_names=(),
    from_official=lambda inputs: {
        "active_cancer": official_bool(inputs, ("cancer",)),
        "bedridden_or_major_surgery": official_bool(inputs, ("bedridden", "surgery")),
        "calf_swelling": official_bool(inputs, ("calf swelling",)),
        "collateral_veins": official_bool(inputs, ("collateral",)),
        "entire_leg_swollen": official_bool(inputs, ("entire leg",)),
        "localized_tenderness": official_bool(inputs, ("tenderness",)),
        "pitting_edema": official_bool(inputs, ("pitting",)),
        "paralysis_or_immobilization": official_bool(inputs, ("paralysis",)),
        "previous_dvt": official_bool(inputs, ("previously documented dvt", "previous dvt", "previously documented")),
        "alternative_diagnosis_likely": official_bool(inputs, ("alternative",)),
    },
)

register(WELLS_PE, WELLS_DVT)
