"""Recruitment-to-Inflation ratio (Chen 2020) from a single-breath PEEP-release manoeuvre."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import official_value
from ._official_util import opt_value

_VENT = EHRSource("order", ("ventilator settings",))


def _ri(set_tidal_volume_ml, high_peep, low_peep, plateau_low_peep, vt_exhaled_high_peep_ml, release_volume_ml,
        airway_opening_pressure):
    effective_low = max(low_peep, airway_opening_pressure or 0.0)
    dp = high_peep - effective_low
    if dp <= 0:
        raise CalculatorInputError(
            f"input 'high_peep' ({high_peep} cmH2O) must exceed the low PEEP / airway opening pressure ({effective_low} cmH2O)")
    if plateau_low_peep <= effective_low:
        raise CalculatorInputError(
            f"input 'plateau_low_peep' ({plateau_low_peep} cmH2O) must exceed the low PEEP / airway opening pressure")
    c_rs = set_tidal_volume_ml / (plateau_low_peep - effective_low)
    delta_eelv = release_volume_ml - vt_exhaled_high_peep_ml
    v_rec = delta_eelv - c_rs * dp
    c_rec = v_rec / dp
    ratio = c_rec / c_rs
    details = {"crs_low_peep_mL_cmH2O": round(c_rs, 1), "delta_eelv_mL": round(delta_eelv, 1),
               "recruited_volume_mL": round(v_rec, 1), "crec_mL_cmH2O": round(c_rec, 1), "unclipped_ratio": round(ratio, 3)}
    return max(0.0, ratio), details


RI_RATIO = Calculator(
    id="recruitment_inflation_ratio",
    name="Recruitment-to-Inflation Ratio (R/I)",
    aliases=("R/I ratio", "recruitment to inflation ratio", "recruitment-to-inflation ratio", "RI ratio"),
    domains=(CRITICAL, INTERNAL),
    specialty="Critical Care",
    purpose="Bedside estimate of lung recruitability in ARDS: compliance of the recruited lung relative to the respiratory system.",
    inputs=(
        Input("set_tidal_volume_ml", "Set tidal volume", unit="mL", min=50, max=2000, ehr=_VENT),
        Input("high_peep", "High PEEP", unit="cmH2O", min=1, max=40, ehr=_VENT),
        Input("low_peep", "Low PEEP", unit="cmH2O", min=0, max=30, ehr=_VENT),
        Input("plateau_low_peep", "Plateau pressure at low PEEP", unit="cmH2O", min=1, max=80, ehr=_VENT),
        Input("vt_exhaled_high_peep_ml", "Exhaled tidal volume at high PEEP", unit="mL", min=50, max=2000, ehr=_VENT),
        Input("release_volume_ml", "Exhaled volume of the release breath (high to low PEEP)", unit="mL", min=0, max=5000, ehr=_VENT),
        Input("airway_opening_pressure", "Airway opening pressure (if any)", unit="cmH2O", min=0, max=40, optional=True,
              default=0.0, ehr=_VENT),
    ),
    output=Output("number", decimals=2, abs_tol=0.02),
    compute=_ri,
    interpret=lambda v, **_: ("high recruiter (R/I >= 0.5): higher PEEP likely to recruit lung" if v >= 0.5
                              else "low recruiter (R/I < 0.5): higher PEEP mainly overinflates; favour lower PEEP"),
    citation="Chen L, Del Sorbo L, Grieco DL, et al. Potential for lung recruitment estimated by the recruitment-to-"
             "inflation ratio in acute respiratory distress syndrome. A clinical trial. Am J Respir Crit Care Med. "
             "2020;201(2):178-187.",
    reference="""# Recruitment-to-Inflation Ratio (R/I)

**Purpose.** Estimates how much lung a PEEP increase recruits relative to how much it inflates already-open
lung, to individualise PEEP in ARDS.

**When to use.** Passive, volume-controlled ventilation in ARDS, using a one-breath drop from a high PEEP
(e.g. 15) to a low PEEP (e.g. 5) cmH2O.

**Inputs.** Set tidal volume; high and low PEEP; plateau pressure at low PEEP; exhaled tidal volume at high PEEP;
exhaled volume of the release breath; airway opening pressure (AOP) if present (it replaces the low PEEP when higher).

**Formula.**
- Crs (low PEEP) = VT / (Pplat_low - max(PEEP_low, AOP)).
- Change in end-expiratory lung volume = release-breath volume - VT exhaled at high PEEP.
- Recruited volume = that change - Crs x (PEEP_high - max(PEEP_low, AOP)).
- Crec = recruited volume / (PEEP_high - max(PEEP_low, AOP)); R/I = Crec / Crs (negative values shown as 0).

**Interpretation.** R/I >= 0.5 suggests a high recruiter who may benefit from higher PEEP; < 0.5 a low recruiter.

**Reference.** Chen L et al. Am J Respir Crit Care Med. 2020;201:178-187.
""",
    official_names=("Recruitment to Inflation Ratio",),
    from_official=lambda inputs: {
        "set_tidal_volume_ml": official_value(inputs, ("set tidal volume", "set tidal volume vt", "set tidal volume vt ml")),
        "high_peep": official_value(inputs, ("high peep", "high peep cmh2o")),
        "low_peep": official_value(inputs, ("low peep", "low peep cmh2o")),
        "plateau_low_peep": official_value(inputs, ("plateau pressure at low peep", "plateau pressure at low peep cmh2o",
                                                    "plateau pressure")),
        "vt_exhaled_high_peep_ml": official_value(inputs, ("vt exhaled high peep", "vt exhaled high peep ml")),
        "release_volume_ml": official_value(inputs, ("vt exhaled from high to low peep", "vt exhaled from high to low peep ml")),
        "airway_opening_pressure": opt_value(inputs, ("airway opening pressure", "airway opening pressure cmh2o")),
    },
)

register(RI_RATIO)
