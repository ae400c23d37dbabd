"""Radiation biologically effective dose (BED) and EQD2 (linear-quadratic model)."""
from __future__ import annotations

from ..base import INTERNAL, SPECIAL, Calculator, EHRSource, Input, Output, register
from ..officials import official_value
from ._official_util import reference_page


def _bed(dose_per_fraction_gy, total_dose_gy, alpha_beta_gy):
    bed = total_dose_gy * (1.0 + dose_per_fraction_gy / alpha_beta_gy)
    eqd2 = bed / (1.0 + 2.0 / alpha_beta_gy)
    fractions = total_dose_gy / dose_per_fraction_gy if dose_per_fraction_gy > 0 else 0.0
    return bed, {"eqd2_gy": round(eqd2, 2), "number_of_fractions": round(fractions, 2)}


BED = Calculator(
    id="radiation_bed",
    name="Radiation Biologically Effective Dose (BED) Calculator",
    aliases=("BED", "biologically effective dose", "EQD2", "radiation BED", "linear-quadratic BED"),
    domains=(INTERNAL, SPECIAL),
    specialty="Radiation Oncology",
    purpose="Biologically effective dose and 2-Gy-equivalent dose of a fractionated radiation course (linear-quadratic model).",
    inputs=(
        Input("dose_per_fraction_gy", "Dose per fraction", unit="Gy", min=0, max=40, ehr=EHRSource("order", ("radiotherapy",))),
        Input("total_dose_gy", "Total dose", unit="Gy", min=0, max=200, ehr=EHRSource("order", ("radiotherapy",))),
        Input("alpha_beta_gy", "Alpha/beta ratio of the tissue", unit="Gy", min=0.5, max=20,
              description="about 10 Gy for tumours and early-reacting tissue, 2-3 Gy for late-reacting tissue",
              ehr=EHRSource("none")),
    ),
    output=Output("number", unit="Gy", decimals=2, abs_tol=0.01, rel_tol=0.001),
    compute=_bed,
    interpret=lambda v, **_: f"BED {v:g} Gy; compare courses by BED or EQD2 for the same alpha/beta",
    citation="Fowler JF. The linear-quadratic formula and progress in fractionated radiotherapy. Br J Radiol. "
             "1989;62(740):679-694.",
    reference=reference_page(
        "Radiation Biologically Effective Dose (BED) and EQD2",
        "Puts different dose-fractionation schedules on one biological scale using the linear-quadratic model.",
        "Comparing or converting radiotherapy schedules (hypofractionation, re-irradiation, missed fractions).",
        "Dose per fraction d (Gy), total dose D (Gy), tissue alpha/beta ratio (Gy).",
        "BED = D x (1 + d / (alpha/beta)); EQD2 = BED / (1 + 2 / (alpha/beta)).",
        "Higher BED means a larger biological effect. Use alpha/beta ~10 Gy for tumour/acute effects and ~2-3 Gy "
        "for late normal-tissue effects. The model is least reliable at very large doses per fraction.",
        "Fowler JF. Br J Radiol. 1989;62:679-694."),
    official_names=("Radiation Biologically Effective Dose (BED) Calculator",),
    from_official=lambda inputs: {
        "dose_per_fraction_gy": official_value(inputs, ("dose per fraction",)),
        "total_dose_gy": official_value(inputs, ("total dose",)),
        "alpha_beta_gy": official_value(inputs, ("α β ratio", "alpha beta ratio", "a b ratio", "β ratio", "ratio")),
    },
)

register(BED)
