"""Haemodynamic calculations: echo (LVOT) cardiac output, Fick cardiac output, cardiac power
output, systemic and pulmonary vascular resistance."""
from __future__ import annotations

import math

from ..base import CRITICAL, INTERNAL, Calculator, EHRSource, Input, Output, register
from ..officials import find_field, official_value
from ._official_util import field_text, reference_page

WEIGHT = Input("weight_kg", "Weight", unit="kg", min=1, max=400, ehr=EHRSource("vital", ("weight",), "kg"))
HEIGHT = Input("height_cm", "Height", unit="cm", min=30, max=260, ehr=EHRSource("vital", ("height",), "cm"))
HR = Input("heart_rate", "Heart rate", unit="beats/min", min=20, max=300, ehr=EHRSource("vital", ("heart_rate",)))
MAP = Input("map", "Mean arterial pressure", unit="mmHg", min=10, max=250, ehr=EHRSource("vital", ("mean_bp",), "mmHg"))
CO = Input("cardiac_output", "Cardiac output", unit="L/min", min=0.1, max=30, ehr=EHRSource("exam", ("cardiac output",)))


def _bsa(weight_kg: float, height_cm: float) -> float:
    return math.sqrt(weight_kg * height_cm / 3600.0)


# ---------------------------------------------------------------- echo
def _echo(lvot_diameter_mm, lvot_vti_cm, heart_rate, weight_kg, height_cm):
    area = math.pi * (lvot_diameter_mm / 20.0) ** 2  # cm^2
    sv = area * lvot_vti_cm  # mL
    co = sv * heart_rate / 1000.0
    det = {"stroke_volume_mL": round(sv), "lvot_area_cm2": round(area, 2)}
    if weight_kg is not None and height_cm is not None:
        bsa = _bsa(weight_kg, height_cm)
        det.update(cardiac_index_L_min_m2=round(co / bsa, 2), stroke_volume_index_mL_m2=round(sv / bsa))
    return co, det


ECHO = Calculator(
    id="echo_hemodynamics",
    name="Hemodynamics (Echo): LVOT Cardiac Output",
    aliases=("echo cardiac output", "LVOT VTI cardiac output", "Doppler stroke volume", "echocardiographic cardiac output"),
    domains=(INTERNAL, CRITICAL),
    specialty="Cardiology",
    purpose="Stroke volume and cardiac output from the LVOT diameter and velocity-time integral on Doppler echocardiography.",
    inputs=(
        Input("lvot_diameter_mm", "LVOT diameter", unit="mm", min=5, max=40, ehr=EHRSource("exam", ("echocardiography",))),
        Input("lvot_vti_cm", "LVOT velocity-time integral", unit="cm", min=1, max=60, ehr=EHRSource("exam", ("echocardiography",))),
        HR,
        Input("weight_kg", "Weight (for indexed values)", unit="kg", min=1, max=400, optional=True, ehr=EHRSource("vital", ("weight",), "kg")),
        Input("height_cm", "Height (for indexed values)", unit="cm", min=30, max=260, optional=True, ehr=EHRSource("vital", ("height",), "cm")),
    ),
    output=Output("number", unit="L/min", decimals=1, abs_tol=0.1, rel_tol=0.01),
    compute=_echo,
    interpret=lambda v, **_: ("low cardiac output (<4 L/min)" if v < 4 else "cardiac output within 4-8 L/min" if v <= 8
                              else "high cardiac output (>8 L/min)"),
    citation="Lewis JF, Kuo LC, Nelson JG, Limacher MC, Quinones MA. Pulsed Doppler echocardiographic determination of stroke "
             "volume and cardiac output. Circulation. 1984;70(3):425-431.",
    reference=reference_page(
        "Hemodynamics (Echo): LVOT stroke volume and cardiac output",
        "Non-invasive stroke volume and cardiac output from Doppler echocardiography.",
        "Shock assessment, heart failure, valve disease work-up, fluid-responsiveness testing.",
        "LVOT diameter (mm), LVOT VTI (cm), heart rate; optional weight and height for indexed values (Mosteller BSA).",
        "LVOT area = pi x (diameter/2)^2; stroke volume = area x VTI; cardiac output = SV x HR / 1000; "
        "cardiac index = CO / BSA.",
        "Normal CO about 4-8 L/min, cardiac index 2.5-4 L/min/m^2, SV 60-100 mL. Diameter errors are squared, so measure carefully.",
        "Lewis JF et al. Circulation. 1984;70:425-431."),
    official_names=("Hemodynamics (Echo)",),
    from_official=lambda inputs: {
        "lvot_diameter_mm": official_value(inputs, ("lvot diameter",), "mm"),
        "lvot_vti_cm": official_value(inputs, ("lvot subvalvular velocity time integral", "velocity time integral", "vti")),
        "heart_rate": official_value(inputs, ("heart rate",)),
        "weight_kg": official_value(inputs, ("weight",), "kg") if find_field(inputs, ("weight",)) else None,
        "height_cm": official_value(inputs, ("height",), "cm") if find_field(inputs, ("height",)) else None,
    },
)


# ---------------------------------------------------------------- Fick
def _fick(weight_kg, height_cm, sao2_pct, svo2_pct, hemoglobin, heart_rate, age_70_or_older, vo2_ml_min):
    bsa = _bsa(weight_kg, height_cm)
    vo2 = vo2_ml_min if vo2_ml_min is not None else (110.0 if age_70_or_older else 125.0) * bsa
    diff = (sao2_pct - svo2_pct) / 100.0 * hemoglobin * 13.4  # mL O2 per L blood
    if diff <= 0:
        from ..base import CalculatorInputError

        raise CalculatorInputError("input 'sao2_pct' must exceed 'svo2_pct' (arterial saturation above mixed venous)")
    co = vo2 / diff
    det = {"vo2_mL_min": round(vo2, 1), "bsa_m2": round(bsa, 2), "cardiac_index_L_min_m2": round(co / bsa, 1)}
    if heart_rate is not None:
        det["stroke_volume_mL"] = round(co * 1000.0 / heart_rate)
    return co, det


FICK = Calculator(
    id="fick_cardiac_output",
    name="Cardiac Output (Fick's Formula)",
    aliases=("Fick cardiac output", "Fick principle", "indirect Fick", "Fick's formula"),
    domains=(CRITICAL, INTERNAL),
    specialty="Cardiology",
    purpose="Cardiac output from oxygen consumption and the arteriovenous oxygen content difference (estimated Fick).",
    inputs=(
        WEIGHT, HEIGHT,
        Input("sao2_pct", "Arterial oxygen saturation (SaO2)", unit="%", min=30, max=100, ehr=EHRSource("lab", ("SaO2",), "%")),
        Input("svo2_pct", "Mixed venous oxygen saturation (SvO2)", unit="%", min=5, max=100, ehr=EHRSource("lab", ("SvO2",), "%")),
        Input("hemoglobin", "Haemoglobin", unit="g/dL", min=2, max=25, ehr=EHRSource("lab", ("Hemoglobin",), "g/dL")),
        Input("heart_rate", "Heart rate (for stroke volume)", unit="beats/min", min=20, max=300, optional=True,
              ehr=EHRSource("vital", ("heart_rate",))),
        Input("age_70_or_older", "Age 70 or older (VO2 110 instead of 125 mL/min/m^2)", kind="bool", optional=True, default=False,
              ehr=EHRSource("demographic", ("age",))),
        Input("vo2_ml_min", "Measured oxygen consumption (overrides the estimate)", unit="mL/min", min=50, max=2000,
              optional=True, ehr=EHRSource("none")),
    ),
    output=Output("number", unit="L/min", decimals=1, abs_tol=0.1, rel_tol=0.01),
    compute=_fick,
    interpret=lambda v, **_: ("low cardiac output (<4 L/min)" if v < 4 else "cardiac output within 4-8 L/min" if v <= 8
                              else "high cardiac output (>8 L/min)"),
    citation="Fick A. Über die Messung des Blutquantums in den Herzventrikeln. Sitzungsber Phys Med Ges Würzburg. 1870. "
             "LaFarge CG, Miettinen OS. The estimation of oxygen consumption. Cardiovasc Res. 1970;4(1):23-30.",
    reference=reference_page(
        "Cardiac Output (Fick principle)",
        "Estimates cardiac output from oxygen uptake divided by the arterial-mixed venous oxygen content difference.",
        "Patients with a pulmonary artery catheter (or central venous saturation as a surrogate) and an arterial gas.",
        "Weight, height (Mosteller BSA), SaO2 and SvO2 (%), haemoglobin (g/dL), optional heart rate; age >= 70; or a measured VO2.",
        "VO2 (estimated) = 125 mL/min/m^2 x BSA (110 if age >= 70); CO (L/min) = VO2 / ((SaO2 - SvO2) x Hb x 13.4); "
        "CI = CO / BSA; SV = CO / HR.",
        "Normal CO 4-8 L/min, CI 2.5-4 L/min/m^2. The assumed VO2 is the main error source in critical illness.",
        "LaFarge CG, Miettinen OS. Cardiovasc Res. 1970;4:23-30."),
    official_names=("Cardiac Output (Fick’s Formula)",),
    from_official=lambda inputs: {
        "weight_kg": official_value(inputs, ("weight",), "kg"),
        "height_cm": official_value(inputs, ("height",), "cm"),
        "sao2_pct": official_value(inputs, ("sao2", "sao₂", "sao2 abg", "sao₂ abg")),
        "svo2_pct": official_value(inputs, ("svo2", "svo₂", "svo2 pa catheter", "svo₂ pa catheter")),
        "hemoglobin": official_value(inputs, ("hemoglobin",)),
        "heart_rate": official_value(inputs, ("heart rate",)) if find_field(inputs, ("heart rate",)) else None,
        "age_70_or_older": "≥70" in field_text(inputs, ("age",)).replace(" ", "") or ">=70" in field_text(inputs, ("age",)).replace(" ", ""),
    },
)


# ---------------------------------------------------------------- CPO
CPO = Calculator(
    id="cardiac_power_output",
    name="Cardiac Power Output (CPO)",
    aliases=("CPO", "cardiac power output", "cardiac power"),
    domains=(CRITICAL, INTERNAL),
    specialty="Cardiology",
    purpose="Hydraulic power of the heart (W) from MAP and cardiac output; the strongest haemodynamic predictor of death in cardiogenic shock.",
    inputs=(MAP, CO),
    output=Output("number", unit="W", decimals=2, abs_tol=0.01, rel_tol=0.01),
    compute=lambda map, cardiac_output: map * cardiac_output / 451.0,  # noqa: A002
    interpret=lambda v, **_: ("CPO <0.6 W: associated with high mortality in cardiogenic shock" if v < 0.6
                              else "CPO >=0.6 W"),
    citation="Fincke R, Hochman JS, Lowe AM, et al. Cardiac power is the strongest hemodynamic correlate of mortality in "
             "cardiogenic shock: a report from the SHOCK trial registry. J Am Coll Cardiol. 2004;44(2):340-348.",
    reference=reference_page(
        "Cardiac Power Output (CPO)",
        "Combines pressure and flow into the heart's pumping power, used for prognosis in cardiogenic shock.",
        "Cardiogenic shock and advanced heart failure with a measured cardiac output.",
        "Mean arterial pressure (mmHg), cardiac output (L/min).",
        "CPO (W) = MAP x CO / 451.",
        "Normal resting CPO is about 1 W; < 0.6 W predicts high in-hospital mortality in cardiogenic shock.",
        "Fincke R et al. J Am Coll Cardiol. 2004;44:340-348."),
    official_names=("Cardiac Power Output (CPO)",),
    from_official=lambda inputs: {
        "map": official_value(inputs, ("mean arterial pressure", "map"), "mmHg"),
        "cardiac_output": official_value(inputs, ("cardiac output",)),
    },
)


# ---------------------------------------------------------------- SVR
def _units(inputs: list) -> str:
    e = find_field(inputs, ("units",))
    return "wood" if e is not None and "wood" in str(e.get("value", "")).lower() else "dynes"


SVR = Calculator(
    id="systemic_vascular_resistance",
    name="Systemic Vascular Resistance (SVR)",
    aliases=("SVR", "systemic vascular resistance"),
    domains=(CRITICAL, INTERNAL),
    specialty="Critical Care",
    purpose="Afterload of the left ventricle from MAP, CVP and cardiac output.",
    inputs=(MAP, Input("cvp", "Central venous pressure", unit="mmHg", min=-5, max=50, ehr=EHRSource("exam", ("CVP",), "mmHg")), CO,
            Input("units", "Output units", kind="choice", choices=("dynes", "wood"), optional=True, default="dynes",
                  description="dyn·s·cm^-5 (default) or Wood units", ehr=EHRSource("none"))),
    output=Output("number", decimals=0, abs_tol=1, rel_tol=0.005),
    compute=lambda map, cvp, cardiac_output, units: (map - cvp) / cardiac_output * (80.0 if units == "dynes" else 1.0),  # noqa: A002
    interpret=lambda v, units="dynes", **_: (
        ("low SVR (<800 dyn·s·cm^-5): vasodilatory state" if v < 800 else "normal SVR (800-1200)" if v <= 1200
         else "high SVR (>1200): vasoconstriction/low-output state") if units == "dynes" else "normal about 10-15 Wood units"),
    citation="Standard haemodynamic relation (Ohm's law analogue); see Marino PL. The ICU Book, 4th ed. Lippincott; 2014.",
    reference=reference_page(
        "Systemic Vascular Resistance (SVR)",
        "Quantifies systemic afterload to classify shock states and guide vasoactive therapy.",
        "Patients with CVP and cardiac-output monitoring.",
        "MAP, CVP (mmHg), cardiac output (L/min); units (dyn·s·cm^-5 or Wood units).",
        "SVR = (MAP - CVP) / CO x 80 dyn·s·cm^-5 (divide by 80 for Wood units).",
        "Normal 800-1200 dyn·s·cm^-5; low in distributive shock, high in cardiogenic or hypovolaemic shock.",
        "Marino PL. The ICU Book. 4th ed. 2014."),
    official_names=("Systemic Vascular Resistance",),
    from_official=lambda inputs: {
        "map": official_value(inputs, ("mean arterial pressure", "map"), "mmHg"),
        "cvp": official_value(inputs, ("central venous pressure", "cvp"), "mmHg"),
        "cardiac_output": official_value(inputs, ("cardiac output",)),
        "units": _units(inputs),
    },
)


# ---------------------------------------------------------------- PVR
def _pvr(mpap, pcwp, cardiac_output, units):
    f = 80.0 if units == "dynes" else 1.0
    return (mpap - pcwp) / cardiac_output * f, {"total_pulmonary_resistance": round(mpap / cardiac_output * f, 1)}


PVR = Calculator(
    id="pulmonary_vascular_resistance",
    name="Pulmonary Vascular Resistance (PVR)",
    aliases=("PVR", "pulmonary vascular resistance", "pulmonary resistance", "total pulmonary resistance"),
    domains=(INTERNAL, CRITICAL),
    specialty="Cardiology",
    purpose="Resistance of the pulmonary circulation from right-heart catheter pressures and flow.",
    inputs=(
        Input("mpap", "Mean pulmonary artery pressure", unit="mmHg", min=2, max=120, ehr=EHRSource("exam", ("right heart catheterization",), "mmHg")),
        Input("pcwp", "Pulmonary capillary wedge pressure", unit="mmHg", min=0, max=60, ehr=EHRSource("exam", ("right heart catheterization",), "mmHg")),
        Input("cardiac_output", "Pulmonary flow (cardiac output)", unit="L/min", min=0.1, max=30, ehr=EHRSource("exam", ("cardiac output",))),
        Input("units", "Output units", kind="choice", choices=("wood", "dynes"), optional=True, default="wood", ehr=EHRSource("none")),
    ),
    output=Output("number", decimals=1, abs_tol=0.1, rel_tol=0.01),
    compute=_pvr,
    interpret=lambda v, units="wood", **_: (
        ("PVR >2 Wood units: pre-capillary component (2022 ESC/ERS threshold)" if v > 2 else "PVR <=2 Wood units: normal")
        if units == "wood" else ("PVR >160 dyn·s·cm^-5: elevated" if v > 160 else "PVR <=160 dyn·s·cm^-5: normal")),
    citation="Humbert M, Kovacs G, Hoeper MM, et al. 2022 ESC/ERS Guidelines for the diagnosis and treatment of pulmonary "
             "hypertension. Eur Heart J. 2022;43(38):3618-3731.",
    reference=reference_page(
        "Pulmonary Vascular Resistance (PVR)",
        "Separates pre-capillary (arterial) from post-capillary pulmonary hypertension and assesses transplant candidacy.",
        "Right-heart catheterisation.",
        "Mean PA pressure, wedge pressure (mmHg), cardiac output (L/min); units (Wood or dyn·s·cm^-5).",
        "PVR = (mPAP - PCWP) / CO (Wood units; x 80 for dyn·s·cm^-5). Total pulmonary resistance = mPAP / CO.",
        "PVR > 2 Wood units defines a pre-capillary component in the 2022 ESC/ERS definition.",
        "Humbert M et al. Eur Heart J. 2022;43:3618-3731."),
    official_names=("Pulmonary Resistance",),
    from_official=lambda inputs: {
        "mpap": official_value(inputs, ("mean pulmonary artery pressure",), "mmHg"),
        "pcwp": official_value(inputs, ("pulmonary capillary wedge pressure", "pcwp"), "mmHg"),
        "cardiac_output": official_value(inputs, ("pulmonary flow", "pulmonary flow cardiac output", "cardiac output")),
        "units": "dynes" if _units(inputs) == "dynes" and find_field(inputs, ("units",)) is not None else "wood",
    },
)

register(ECHO, FICK, CPO, SVR, PVR)
