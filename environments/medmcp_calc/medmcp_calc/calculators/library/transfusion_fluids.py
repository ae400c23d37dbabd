"""Fluids, burns and transfusion: IV drip rate, urine output, Parkland formula, rule of nines,
blood volume (Nadler), maximum allowable blood loss, plasma dose, cryoprecipitate dose, Ganzoni iron deficit."""
from __future__ import annotations

import math

from ..base import CRITICAL, INTERNAL, SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field, official_sex, official_value
from ._official_util import field_text, number_in, reference_page

WEIGHT = Input("weight_kg", "Weight", unit="kg", min=0.3, max=400, ehr=EHRSource("vital", ("weight",), "kg"))


# ---------------------------------------------------------------- IV drip rate
DRIP = Calculator(
    id="iv_drip_rate",
    name="IV Drip Rate Calculator",
    aliases=("drip rate", "IV drip rate", "drops per minute", "gtt/min calculator"),
    domains=(CRITICAL, SPECIAL),
    specialty="Nursing",
    purpose="Drops per minute for a gravity infusion from volume, time and the administration set's drop factor.",
    inputs=(
        Input("volume_ml", "Volume to infuse", unit="mL", min=1, max=10000, ehr=EHRSource("order", ())),
        Input("drop_factor", "Drop factor of the set", unit="gtt/mL", min=5, max=100, ehr=EHRSource("order", ())),
        Input("time_min", "Infusion time", unit="min", min=1, max=10080, ehr=EHRSource("order", ())),
    ),
    output=Output("number", unit="gtt/min", decimals=0, abs_tol=1),
    compute=lambda volume_ml, drop_factor, time_min: volume_ml * drop_factor / time_min,
    interpret=lambda v, **_: f"set the drip to about {v:g} drops per minute",
    citation="Standard infusion arithmetic; e.g. Kee JL, Marshall SM. Clinical Calculations: With Applications to General and "
             "Specialty Areas. St. Louis: Elsevier; 2017.",
    reference=reference_page(
        "IV Drip Rate", "Converts an infusion order into drops per minute for gravity sets.",
        "Infusions without a pump; blood products through blood tubing (usually 10-15 gtt/mL).",
        "Volume (mL), drop factor (gtt/mL: macro-drip 10-20, micro-drip 60), time (minutes).",
        "Drip rate (gtt/min) = volume x drop factor / time.",
        "Round to a countable whole number of drops; re-check the rate regularly.",
        "Kee JL, Marshall SM. Clinical Calculations. Elsevier; 2017."),
    official_names=("IV Drip Rate Calculator",),
    from_official=lambda inputs: {
        "volume_ml": number_in(field_text(inputs, ("volume to be given", "volume"))),
        "drop_factor": number_in(field_text(inputs, ("drop factor",))),
        "time_min": _minutes(field_text(inputs, ("time",))),
    },
)


def _minutes(text: str) -> float:
    v = number_in(text)
    t = text.lower()
    return v * 60.0 if ("hour" in t or "hr" in t or t.strip().endswith("h")) else v


# ---------------------------------------------------------------- urine output
def _uo(weight_kg, urine_ml, hours, intake_ml):
    uo = urine_ml / (weight_kg * hours)
    det = {}
    if intake_ml is not None:
        det["fluid_balance_mL"] = round(intake_ml - urine_ml)
    return uo, det


URINE_OUTPUT = Calculator(
    id="urine_output_rate",
    name="Urine Output and Fluid Balance",
    aliases=("urine output rate", "urine output per kg per hour", "UOP mL/kg/h"),
    domains=(CRITICAL, SPECIAL),
    specialty="Critical Care",
    purpose="Weight-indexed urine output (mL/kg/h) over a period, with the intake-minus-urine balance.",
    inputs=(WEIGHT,
            Input("urine_ml", "Total urine output", unit="mL", min=0, max=50000, ehr=EHRSource("order", ("urine output",))),
            Input("hours", "Collection period", unit="h", min=0.5, max=168, ehr=EHRSource("order", ("urine output",))),
            Input("intake_ml", "Fluid intake over the same period", unit="mL", min=0, max=50000, optional=True,
                  ehr=EHRSource("order", ()))),
    output=Output("number", unit="mL/kg/h", decimals=1, abs_tol=0.05, rel_tol=0.01),
    compute=_uo,
    interpret=lambda v, **_: ("oliguria (<0.5 mL/kg/h in adults)" if v < 0.5 else
                              "adequate adult output (0.5-1.0 mL/kg/h; children 1-2)" if v <= 2 else "high output (>2 mL/kg/h)"),
    citation="KDIGO Clinical Practice Guideline for Acute Kidney Injury. Kidney Int Suppl. 2012;2:1-138 (urine output criteria).",
    reference=reference_page(
        "Urine Output and Fluid Balance", "Indexes urine output to weight and time and gives the net intake-minus-urine balance.",
        "Monitoring oliguria, AKI (KDIGO urine criteria), resuscitation.",
        "Weight (kg), urine volume (mL), hours; optional intake (mL).",
        "Urine output = urine (mL) / (weight x hours); balance = intake - urine.",
        "Adults 0.5-1.0 mL/kg/h normal; < 0.5 for >= 6 h meets KDIGO AKI urine criteria. Children 1-2 mL/kg/h.",
        "KDIGO AKI Guideline 2012."),
    official_names=("Urine Output and Fluid Balance",),
    from_official=lambda inputs: {
        "weight_kg": official_value(inputs, ("weight",), "kg"),
        "urine_ml": number_in(field_text(inputs, ("total urine output", "urine output"))),
        "hours": number_in(field_text(inputs, ("hours", "time"))),
        "intake_ml": number_in(field_text(inputs, ("fluid intake", "intake"))) if find_field(inputs, ("fluid intake", "intake")) else None,
    },
)


# ---------------------------------------------------------------- Parkland
PARKLAND = Calculator(
    id="parkland_formula",
    name="Parkland Formula for Burns",
    aliases=("Parkland formula", "Baxter formula", "burn resuscitation fluid"),
    domains=(CRITICAL,),
    specialty="Burn Surgery",
    purpose="Crystalloid volume for the first 24 hours after a major burn.",
    inputs=(WEIGHT, Input("tbsa_pct", "Burned total body surface area (partial + full thickness)", unit="%", min=0, max=100,
                          ehr=EHRSource("exam", ("burn",)))),
    output=Output("number", unit="L", decimals=1, abs_tol=0.05, rel_tol=0.01),
    compute=lambda weight_kg, tbsa_pct: (4.0 * weight_kg * tbsa_pct / 1000.0,
                                         {"first_8_hours_L": round(2.0 * weight_kg * tbsa_pct / 1000.0, 1)}),
    interpret=lambda v, **_: f"about {v:g} L of lactated Ringer's over 24 h from the burn: half in the first 8 h; titrate to urine output 0.5 mL/kg/h",
    citation="Baxter CR, Shires T. Physiological response to crystalloid resuscitation of severe burns. Ann N Y Acad Sci. "
             "1968;150(3):874-894.",
    reference=reference_page(
        "Parkland Formula", "Estimates crystalloid needs in the first 24 hours after a burn.",
        "Adults with >= 20% TBSA partial- or full-thickness burns (children: >= 10-15%, add maintenance fluid).",
        "Weight (kg); %TBSA burned (superficial burns excluded).",
        "Volume (mL) = 4 x weight x %TBSA; half over the first 8 h from the time of injury, half over the next 16 h.",
        "A starting estimate only: titrate to urine output (0.5 mL/kg/h adults, 1 mL/kg/h children).",
        "Baxter CR, Shires T. Ann N Y Acad Sci. 1968;150:874-894."),
    official_names=("Parkland Formula for Burns",),
    from_official=lambda inputs: {
        "weight_kg": official_value(inputs, ("weight",), "kg"),
        "tbsa_pct": number_in(field_text(inputs, ("estimated percentage body burned", "body burned", "tbsa"))),
    },
)


# ---------------------------------------------------------------- Rule of nines
NINES = (("head", "Head and face", 9.0), ("anterior_trunk", "Anterior trunk (chest and abdomen)", 18.0),
         ("posterior_trunk", "Back (posterior trunk)", 18.0), ("right_arm", "Right arm", 9.0), ("left_arm", "Left arm", 9.0),
         ("genitals", "Genital area (perineum)", 1.0), ("right_leg", "Right leg", 18.0), ("left_leg", "Left leg", 18.0))

RULE_OF_NINES = Calculator(
    id="rule_of_nines",
    name="Rule of Nines (burned body surface area)",
    aliases=("rule of nines", "Wallace rule of nines", "burn TBSA"),
    domains=(CRITICAL,),
    specialty="Burn Surgery",
    purpose="Adds the burned percentage of each adult body region (Wallace rule of nines) into %TBSA.",
    inputs=tuple(Input(n, f"{label}: % of body surface burned (max {mx:g})", unit="%", min=0, max=mx, optional=True, default=0.0,
                       ehr=EHRSource("exam", ("burn",))) for n, label, mx in NINES),
    output=Output("number", unit="%", decimals=1, abs_tol=0.1),
    compute=lambda **kw: sum(kw[n] for n, _, _ in NINES),
    interpret=lambda v, **_: ("major burn (>=20% TBSA in adults): formal fluid resuscitation" if v >= 20
                              else "below the usual 20% threshold for formal resuscitation"),
    citation="Wallace AB. The exposure treatment of burns. Lancet. 1951;1(6653):501-504.",
    reference=reference_page(
        "Rule of Nines", "Quick estimate of the total body surface area (TBSA) burned in adults.",
        "Adults with partial- or full-thickness burns (use Lund-Browder charts in children).",
        "Burned % of each region: head 9, each arm 9, anterior trunk 18, posterior trunk 18, each leg 18, perineum 1.",
        "%TBSA = sum of the burned percentages (superficial erythema excluded).",
        ">= 20% TBSA in adults usually needs formal fluid resuscitation (Parkland) and burn-centre referral.",
        "Wallace AB. Lancet. 1951;1:501-504."),
    official_names=("Rule of Nines",),
    from_official=lambda inputs: {
        n: number_in(field_text(inputs, kws))
        for n, kws in (("head", ("head and face", "head")), ("anterior_trunk", ("torso", "anterior trunk", "chest")),
                       ("posterior_trunk", ("back",)), ("right_arm", ("right arm",)), ("left_arm", ("left arm",)),
                       ("genitals", ("genital area", "genitals")), ("right_leg", ("right leg",)), ("left_leg", ("left leg",)))
    },
)


# ---------------------------------------------------------------- blood volume (Nadler)
def _nadler(sex, height_cm, weight_kg, hematocrit_pct):
    h = height_cm / 100.0
    if sex == "male":
        tbv = 0.3669 * h ** 3 + 0.03219 * weight_kg + 0.6041
    else:
        tbv = 0.3561 * h ** 3 + 0.03308 * weight_kg + 0.1833
    det = {}
    if hematocrit_pct is not None:
        det.update(rbc_volume_mL=round(tbv * 1000 * hematocrit_pct / 100), plasma_volume_mL=round(tbv * 1000 * (1 - hematocrit_pct / 100)))
    return tbv, det


BLOOD_VOLUME = Calculator(
    id="blood_volume_nadler",
    name="Blood Volume Calculation (Nadler)",
    aliases=("Nadler formula", "total blood volume", "estimated blood volume"),
    domains=(CRITICAL, SPECIAL),
    specialty="Hematology",
    purpose="Total blood volume from sex, height and weight (Nadler equation), with red-cell and plasma volumes.",
    inputs=(Input("sex", "Sex", kind="choice", choices=("male", "female"), ehr=EHRSource("demographic", ("sex",))),
            Input("height_cm", "Height", unit="cm", min=100, max=250, ehr=EHRSource("vital", ("height",), "cm")),
            Input("weight_kg", "Weight", unit="kg", min=25, max=400, description="adults and children >= 25 kg",
                  ehr=EHRSource("vital", ("weight",), "kg")),
            Input("hematocrit_pct", "Haematocrit (for RBC and plasma volumes)", unit="%", min=5, max=80, optional=True,
                  ehr=EHRSource("lab", ("Hematocrit",), "%"))),
    output=Output("number", unit="L", decimals=1, abs_tol=0.05, rel_tol=0.01),
    compute=_nadler,
    interpret=lambda v, **_: f"estimated total blood volume {v:g} L",
    citation="Nadler SB, Hidalgo JH, Bloch T. Prediction of blood volume in normal human adults. Surgery. 1962;51(2):224-232.",
    reference=reference_page(
        "Blood Volume (Nadler equation)", "Estimates total, red-cell and plasma volume for transfusion, exchange and plasma-dose planning.",
        "Adults and children weighing at least 25 kg.",
        "Sex, height (cm), weight (kg); optional haematocrit (%).",
        "Men: TBV (L) = 0.3669 x height(m)^3 + 0.03219 x weight + 0.6041; women: 0.3561 x height^3 + 0.03308 x weight + 0.1833. "
        "RBC volume = TBV x Hct; plasma volume = TBV x (1 - Hct).",
        "Typical adult TBV is 4.5-6 L (about 65-75 mL/kg).",
        "Nadler SB et al. Surgery. 1962;51:224-232."),
    official_names=("Blood Volume Calculation",),
    from_official=lambda inputs: {
        "sex": official_sex(inputs),
        "height_cm": official_value(inputs, ("height",), "cm"),
        "weight_kg": official_value(inputs, ("weight",), "kg"),
        "hematocrit_pct": number_in(field_text(inputs, ("hematocrit",))) if find_field(inputs, ("hematocrit",)) else None,
    },
)


# ---------------------------------------------------------------- allowable blood loss
EBV_ML_KG = {"premature neonate": 95.0, "term neonate": 85.0, "infant": 80.0, "adult man": 75.0, "adult woman": 65.0}


def _abl(patient, weight_kg, hb_initial, hb_final):
    if hb_final >= hb_initial:
        raise CalculatorInputError("input 'hb_final' must be below 'hb_initial' (the lowest acceptable haemoglobin)")
    ebv = EBV_ML_KG[patient] * weight_kg
    return ebv * (hb_initial - hb_final) / ((hb_initial + hb_final) / 2.0), {"estimated_blood_volume_mL": round(ebv)}


def _abl_patient(text: str) -> str:
    t = text.lower()
    if "prem" in t:
        return "premature neonate"
    if "neonat" in t or "newborn" in t:
        return "term neonate"
    if "infant" in t:
        return "infant"
    if "woman" in t or "female" in t:
        return "adult woman"
    return "adult man"


ABL = Calculator(
    id="max_allowable_blood_loss",
    name="Maximum Allowable Blood Loss (ABL) Without Transfusion",
    aliases=("allowable blood loss", "ABL", "Gross formula", "maximum allowable blood loss"),
    domains=(CRITICAL, SPECIAL),
    specialty="Anesthesiology",
    purpose="Blood loss tolerated before haemoglobin falls to a chosen transfusion threshold (Gross formula).",
    inputs=(Input("patient", "Patient group (sets the blood volume per kg)", kind="choice", choices=tuple(EBV_ML_KG),
                  ehr=EHRSource("demographic", ("age", "sex"))),
            WEIGHT,
            Input("hb_initial", "Initial haemoglobin", unit="g/dL", min=3, max=25, ehr=EHRSource("lab", ("Hemoglobin",), "g/dL")),
            Input("hb_final", "Lowest acceptable haemoglobin", unit="g/dL", min=3, max=25, ehr=EHRSource("none"))),
    output=Output("number", unit="mL", decimals=1, abs_tol=1, rel_tol=0.005),
    compute=_abl,
    interpret=lambda v, **_: f"about {v:g} mL may be lost before reaching the chosen haemoglobin (with normovolaemia maintained)",
    citation="Gross JB. Estimating allowable blood loss: corrected for dilution. Anesthesiology. 1983;58(3):277-280.",
    reference=reference_page(
        "Maximum Allowable Blood Loss", "Estimates the blood loss a patient can tolerate before transfusion is needed.",
        "Pre-operative planning for surgery with expected bleeding.",
        "Patient group (EBV: premature 95, term neonate 85, infant 80, adult man 75, adult woman 65 mL/kg), weight, "
        "initial and lowest acceptable haemoglobin (g/dL).",
        "EBV = mL/kg x weight; ABL = EBV x (Hb_initial - Hb_final) / mean(Hb_initial, Hb_final).",
        "Assumes volume is replaced with crystalloid/colloid to keep normovolaemia.",
        "Gross JB. Anesthesiology. 1983;58:277-280."),
    official_names=("Maximum Allowable Blood Loss (ABL) Without Transfusion",),
    from_official=lambda inputs: {
        "patient": _abl_patient(field_text(inputs, ("age", "patient"))),
        "weight_kg": official_value(inputs, ("weight",), "kg"),
        "hb_initial": number_in(field_text(inputs, ("hemoglobin initial", "initial hemoglobin"))),
        "hb_final": number_in(field_text(inputs, ("hemoglobin final", "final hemoglobin"))),
    },
)


# ---------------------------------------------------------------- plasma dose
def _plasma(weight_kg, dose_ml_kg, unit_volume_ml):
    vol = weight_kg * dose_ml_kg
    return vol / unit_volume_ml, {"plasma_volume_mL": round(vol)}


PLASMA = Calculator(
    id="plasma_dosage",
    name="Plasma Dosage (FFP units)",
    aliases=("plasma dose", "FFP dose", "fresh frozen plasma dosing"),
    domains=(CRITICAL,),
    specialty="Transfusion Medicine",
    purpose="Number of plasma units for a weight-based dose (usually 10-20 mL/kg).",
    inputs=(WEIGHT,
            Input("dose_ml_kg", "Plasma dose", unit="mL/kg", min=1, max=40, ehr=EHRSource("order", ("FFP", "plasma"))),
            Input("unit_volume_ml", "Volume per unit", unit="mL", min=100, max=400, optional=True, default=250.0,
                  ehr=EHRSource("none"))),
    output=Output("number", unit="units", decimals=0, abs_tol=0.5),
    compute=_plasma,
    interpret=lambda v, **_: f"about {v:g} units of plasma",
    citation="Association for the Advancement of Blood & Biotherapies. Technical Manual (plasma 10-20 mL/kg). "
             "O'Shaughnessy DF, et al. Guidelines for the use of fresh-frozen plasma. Br J Haematol. 2004;126(1):11-28.",
    reference=reference_page(
        "Plasma Dosage", "Turns a weight-based plasma prescription into a number of units.",
        "Coagulopathy with bleeding or before procedures when plasma is indicated.",
        "Weight (kg), dose (mL/kg; usual 10-20), volume per unit (default 250 mL).",
        "Volume = weight x dose; units = volume / unit volume (rounded to whole units).",
        "10-15 mL/kg raises most factor levels by about 20-30%; reassess INR/fibrinogen and clinical bleeding.",
        "O'Shaughnessy DF et al. Br J Haematol. 2004;126:11-28."),
    official_names=("Plasma Dosage",),
    from_official=lambda inputs: {
        "weight_kg": official_value(inputs, ("patient weight", "weight"), "kg"),
        "dose_ml_kg": number_in(field_text(inputs, ("desired plasma dosage", "dosage", "dose"))),
        "unit_volume_ml": number_in(field_text(inputs, ("unit volume",))) if find_field(inputs, ("unit volume",)) else None,
    },
)


# ---------------------------------------------------------------- cryoprecipitate
def _cryo(plasma_volume_ml, fibrinogen_initial, fibrinogen_goal, mg_per_unit):
    need = (fibrinogen_goal - fibrinogen_initial) * plasma_volume_ml / 100.0
    if need <= 0:
        return 0, {"fibrinogen_needed_mg": 0}
    return math.ceil(need / mg_per_unit - 1e-9), {"fibrinogen_needed_mg": round(need)}


CRYO = Calculator(
    id="cryoprecipitate_dosing",
    name="Cryoprecipitate Dosing for Fibrinogen Replacement",
    aliases=("cryoprecipitate dose", "cryo dosing", "fibrinogen replacement"),
    domains=(CRITICAL,),
    specialty="Transfusion Medicine",
    purpose="Units of cryoprecipitate needed to raise fibrinogen to a target.",
    inputs=(Input("plasma_volume_ml", "Plasma volume", unit="mL", min=100, max=10000, ehr=EHRSource("none", note="e.g. from the blood-volume tool")),
            Input("fibrinogen_initial", "Current fibrinogen", unit="mg/dL", min=0, max=1000, ehr=EHRSource("lab", ("Fibrinogen",), "mg/dL")),
            Input("fibrinogen_goal", "Target fibrinogen", unit="mg/dL", min=50, max=1000, ehr=EHRSource("none")),
            Input("mg_per_unit", "Fibrinogen per unit", unit="mg", min=50, max=1000, optional=True, default=250.0,
                  ehr=EHRSource("none"))),
    output=Output("score", unit="units"),
    compute=_cryo,
    interpret=lambda v, **_: f"{v} units of cryoprecipitate (rounded up)",
    citation="Callum JL, Karkouti K, Lin Y. Cryoprecipitate: the current state of knowledge. Transfus Med Rev. "
             "2009;23(3):177-188.",
    reference=reference_page(
        "Cryoprecipitate Dosing", "Estimates the cryoprecipitate units needed to reach a fibrinogen target.",
        "Bleeding with hypofibrinogenaemia (e.g. < 150-200 mg/dL), DIC, massive transfusion, obstetric haemorrhage.",
        "Plasma volume (mL), current and target fibrinogen (mg/dL), fibrinogen content per unit (default 250 mg).",
        "Fibrinogen needed (mg) = (target - current) x plasma volume (dL); units = needed / mg per unit, rounded up.",
        "Recheck fibrinogen after transfusion; one adult dose (~10 units) raises fibrinogen by about 50-100 mg/dL.",
        "Callum JL et al. Transfus Med Rev. 2009;23:177-188."),
    official_names=("Cryoprecipitate Dosing for Fibrinogen Replacement",),
    from_official=lambda inputs: {
        "plasma_volume_ml": number_in(field_text(inputs, ("plasma volume",))),
        "fibrinogen_initial": number_in(field_text(inputs, ("initial fibrinogen",))),
        "fibrinogen_goal": number_in(field_text(inputs, ("goal fibrinogen", "target fibrinogen"))),
        "mg_per_unit": number_in(field_text(inputs, ("fibrinogen content of unit", "fibrinogen content"))),
    },
)


# ---------------------------------------------------------------- Ganzoni
GANZONI = Calculator(
    id="ganzoni_iron_deficit",
    name="Ganzoni Equation for Iron Deficiency Anemia",
    aliases=("Ganzoni formula", "total iron deficit", "iron deficit"),
    domains=(INTERNAL,),
    specialty="Hematology",
    purpose="Total iron deficit (mg) for parenteral iron replacement.",
    inputs=(WEIGHT,
            Input("target_hb", "Target haemoglobin", unit="g/dL", min=5, max=18, ehr=EHRSource("none")),
            Input("actual_hb", "Actual haemoglobin", unit="g/dL", min=2, max=18, ehr=EHRSource("lab", ("Hemoglobin",), "g/dL")),
            Input("iron_stores_mg", "Iron stores to replenish", unit="mg", min=0, max=1500, optional=True, default=500.0,
                  description="500 mg for adults >= 35 kg; 15 mg/kg below 35 kg", ehr=EHRSource("none"))),
    output=Output("number", unit="mg", decimals=0, abs_tol=1, rel_tol=0.005),
    compute=lambda weight_kg, target_hb, actual_hb, iron_stores_mg: weight_kg * (target_hb - actual_hb) * 2.4 + iron_stores_mg,
    interpret=lambda v, **_: f"total iron deficit about {v:g} mg; give in divided doses per the product label",
    citation="Ganzoni AM. Intravenous iron-dextran: therapeutic and experimental possibilities. Schweiz Med Wochenschr. "
             "1970;100(7):301-303.",
    reference=reference_page(
        "Ganzoni Equation (total iron deficit)", "Estimates the total parenteral iron dose to correct iron-deficiency anaemia.",
        "Iron-deficiency anaemia planned for IV iron.",
        "Weight (kg), target and actual haemoglobin (g/dL), iron stores (default 500 mg).",
        "Iron deficit (mg) = weight x (target Hb - actual Hb) x 2.4 + iron stores.",
        "Single-dose limits of the iron product apply; recheck haemoglobin and ferritin after 4-8 weeks.",
        "Ganzoni AM. Schweiz Med Wochenschr. 1970;100:301-303."),
    official_names=("Ganzoni Equation for Iron Deficiency Anemia",),
    from_official=lambda inputs: {
        "weight_kg": official_value(inputs, ("weight",), "kg"),
        "target_hb": number_in(field_text(inputs, ("target hemoglobin",))),
        "actual_hb": number_in(field_text(inputs, ("actual hemoglobin",))),
        "iron_stores_mg": number_in(field_text(inputs, ("iron stores",))) if find_field(inputs, ("iron stores",)) else None,
    },
)

register(DRIP, URINE_OUTPUT, PARKLAND, RULE_OF_NINES, BLOOD_VOLUME, ABL, PLASMA, CRYO, GANZONI)
