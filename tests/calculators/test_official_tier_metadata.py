"""Metadata checks for the calculators built for the official MedMCP-Calc tasks (this module's owners)."""
import re

import pytest

from medmcp_calc.calculators import DOMAINS, get, match_name

IDS = [
    "abg_analyzer", "bicarbonate_deficit", "shock_index", "cerebral_perfusion_pressure", "pf_ratio", "sf_ratio", "rox_index",
    "aa_gradient", "kdigo_aki", "kegfr", "feurea", "ttkg", "crrt_dosing", "sodium_correction_rate", "glucose_infusion_rate",
    "ecog_performance_status", "carboplatin_calvert", "bsa_based_dosing", "carg_tt", "g8_geriatric_screening",
    "neutrophil_lymphocyte_ratio", "news", "news2", "qsofa", "rass", "cam_icu", "cpot", "vte_bleed", "sic_score",
    "age_adjusted_d_dimer", "gcs_pupils", "rosier", "nihss", "emory_tips", "clif_c_aclf", "berlin_ards",
    "static_compliance", "ett_depth_tidal_volume", "smart_cop", "injury_severity_score", "must", "clinical_frailty_scale",
    "body_fluid_balance", "opioid_conversion", "recruitment_inflation_ratio",
    # next tier of the official frequency list
    "radiation_bed", "echo_hemodynamics", "fick_cardiac_output", "cardiac_power_output", "systemic_vascular_resistance",
    "pulmonary_vascular_resistance", "iv_drip_rate", "urine_output_rate", "parkland_formula", "rule_of_nines",
    "blood_volume_nadler", "max_allowable_blood_loss", "plasma_dosage", "cryoprecipitate_dosing", "ganzoni_iron_deficit",
    "saag", "absolute_neutrophil_count", "mentzer_index", "reticulocyte_production_index", "bun_creatinine_ratio",
    "winters_formula", "maddrey_df", "revised_trauma_score", "triss", "oxygenation_index", "rsbi", "pediatric_ett_size", "sipa",
    "spesi", "bova_score", "hestia_criteria", "herdoo2", "dash_score", "isth_dic",
]


UNITLESS = {"shock_index", "sf_ratio", "rox_index", "ttkg", "neutrophil_lymphocyte_ratio", "recruitment_inflation_ratio",
            "systemic_vascular_resistance", "pulmonary_vascular_resistance", "mentzer_index", "reticulocyte_production_index",
            "bun_creatinine_ratio", "maddrey_df", "revised_trauma_score", "oxygenation_index", "sipa"}


@pytest.mark.parametrize("cid", IDS)
def test_metadata(cid):
    c = get(cid)
    assert c.domains and all(d in DOMAINS for d in c.domains)
    assert c.specialty and c.purpose and c.aliases
    assert re.search(r"(19|20)\d\d", c.citation), "citation needs a year"
    ref = c.reference
    assert ref.startswith("# ")
    for section in ("**Purpose.**", "**When to use.**", "**Interpretation", "**Reference"):
        assert section in ref, f"{cid}: reference page lacks {section}"
    assert "**Input" in ref, f"{cid}: reference page lacks an inputs section"
    for inp in c.inputs:
        assert inp.ehr is not None, f"{cid}.{inp.name} has no EHR source"
        assert inp.label
        if inp.kind in ("number", "integer"):
            assert inp.min is not None and inp.max is not None, f"{cid}.{inp.name} needs a range"
    assert c.official_names, f"{cid} declares no official name"
    for n in c.official_names:
        assert match_name(n) == cid
    assert match_name(c.name) == cid
    for a in c.aliases:
        assert match_name(a) == cid, f"alias {a!r} of {cid} maps to {match_name(a)!r}"
    if c.output.kind == "number":
        assert c.output.unit is not None or cid in UNITLESS
        assert c.output.decimals is not None


def test_every_official_adapter_present():
    missing = [cid for cid in IDS if get(cid).from_official is None and cid != "body_fluid_balance"]
    assert not missing
