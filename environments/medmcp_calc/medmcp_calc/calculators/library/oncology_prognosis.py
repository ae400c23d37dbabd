"""Oncology prognosis: MASCC risk index for febrile neutropenia, IPI / R-IPI for DLBCL, modified Glasgow
Prognostic Score (mGPS)."""
from __future__ import annotations

from ..base import INTERNAL, Calculator, EHRSource, Input, Output, register
from ..officials import official_bool, official_value
from ._entities import off_bool
from ._kit import age_input, table, yn
from ._official_util import choice_by_keywords, field_score, field_text, number_in, reference_page


# ---------------------------------------------------------------- MASCC
_BURDEN = ("none_or_mild", "moderate", "severe")


def _mascc(burden_of_illness, hypotension, active_copd, tumor_type_low_risk, dehydration_iv_fluids, outpatient, age):
    parts = {"burden_of_illness": {"none_or_mild": 5, "moderate": 3, "severe": 0}[burden_of_illness],
             "no_hypotension": 0 if hypotension else 5, "no_copd": 0 if active_copd else 4,
             "solid_tumor_or_no_prior_fungal": 4 if tumor_type_low_risk else 0,
             "no_dehydration": 0 if dehydration_iv_fluids else 3, "outpatient": 3 if outpatient else 0,
             "age_lt_60": 2 if age < 60 else 0}
    return sum(parts.values()), parts


def _mascc_official(i: list) -> dict:
    burden_text = field_text(i, ("burden",))
    burden = choice_by_keywords(burden_text, {"none_or_mild": ("none", "mild", "no"), "moderate": ("moderate",),
                                              "severe": ("severe",)}, "burden of illness")
    tumor = field_score(i, ("type of cancer", "cancer", "tumor"))
    if tumor is None:
        t = field_text(i, ("type of cancer", "cancer", "tumor")).lower()
        tumor_ok = "solid" in t or "no prior fungal" in t or "no previous fungal" in t
    else:
        tumor_ok = tumor > 0
    status = field_text(i, ("status at onset", "onset of fever", "status")).lower()
    # MASCC gives points for the *absence* of a risk factor, so a field's score cannot mean "yes": read the text
    return {"burden_of_illness": burden, "hypotension": official_bool(i, ("hypotension",)),
            "active_copd": official_bool(i, ("copd",)), "tumor_type_low_risk": tumor_ok,
            "dehydration_iv_fluids": official_bool(i, ("dehydration",)), "outpatient": "outpatient" in status,
            "age": number_in(field_text(i, ("age",)))}


MASCC = Calculator(
    id="mascc_index",
    name="MASCC Risk Index for Febrile Neutropenia",
    aliases=("MASCC score", "MASCC risk index", "Multinational Association for Supportive Care in Cancer risk index"),
    domains=(INTERNAL,),
    specialty="Oncology / Hematology",
    purpose="Identifies febrile neutropenic cancer patients at low risk of serious complications.",
    inputs=(Input("burden_of_illness", "Burden of febrile neutropenia (symptoms)", kind="choice", choices=_BURDEN,
                  ehr=EHRSource("history", ("fever", "symptoms"))),
            yn("hypotension", "Hypotension (systolic BP < 90 mmHg)", "vital", "systolic_bp"),
            yn("active_copd", "Active chronic obstructive pulmonary disease", "diagnosis", "COPD"),
            yn("tumor_type_low_risk", "Solid tumour, or haematological malignancy with no previous fungal infection",
               "diagnosis", "cancer", "fungal infection"),
            yn("dehydration_iv_fluids", "Dehydration requiring parenteral fluids", "order", "IV fluids"),
            yn("outpatient", "Outpatient at onset of fever", "history", "admission"),
            age_input()),
    output=Output("score", unit="points"),
    compute=_mascc,
    interpret=lambda v, **_: ("low risk (>= 21): consider oral and/or outpatient empirical antibiotics" if v >= 21
                              else "high risk (< 21): admit for IV empirical antibiotics"),
    citation="Klastersky J, Paesmans M, Rubenstein EB, et al. The Multinational Association for Supportive Care in "
             "Cancer risk index: a multinational scoring system for identifying low-risk febrile neutropenic cancer "
             "patients. J Clin Oncol. 2000;18(16):3038-3051.",
    reference=reference_page(
        "MASCC Risk Index for Febrile Neutropenia",
        "Weighted score in which higher totals mean lower risk of serious medical complications.",
        "Adults with cancer and febrile neutropenia, at presentation.",
        "Symptom burden, blood pressure, COPD, tumour type/fungal history, dehydration, setting, age.",
        table(("Characteristic", "Points"), (("Burden of illness: none or mild / moderate / severe", "5 / 3 / 0"),
                                             ("No hypotension (SBP >= 90 mmHg)", 5), ("No active COPD", 4),
                                             ("Solid tumour or haematological malignancy without previous fungal "
                                              "infection", 4), ("No dehydration requiring IV fluids", 3),
                                             ("Outpatient status", 3), ("Age < 60 years", 2))) + "\nMaximum 26.",
        ">= 21: low risk (serious complications ~5%); < 21: high risk.",
        "Klastersky J et al. J Clin Oncol. 2000;18(16):3038-3051."),
    official_names=("MASCC Risk Index for Febrile Neutropenia",),
    from_official=_mascc_official,
)


# ---------------------------------------------------------------- IPI
def _ipi(age, stage_iii_iv, ldh_elevated, ecog_ge_2, extranodal_gt_1):
    parts = {"age_gt_60": int(age > 60), "stage_iii_iv": int(stage_iii_iv), "ldh_above_normal": int(ldh_elevated),
             "ecog_ge_2": int(ecog_ge_2), "extranodal_sites_gt_1": int(extranodal_gt_1)}
    return sum(parts.values()), parts


def _ipi_interp(v, **_):
    ipi = ("low risk" if v <= 1 else "low-intermediate risk" if v == 2 else "high-intermediate risk" if v == 3
           else "high risk")
    ripi = "very good" if v == 0 else "good" if v <= 2 else "poor"
    return f"IPI: {ipi}; R-IPI (rituximab era): {ripi} prognosis"


IPI = Calculator(
    id="ipi_dlbcl",
    name="International Prognostic Index for Diffuse Large B-cell Lymphoma (IPI and R-IPI)",
    aliases=("IPI", "R-IPI", "International Prognostic Index", "revised International Prognostic Index"),
    domains=(INTERNAL,),
    specialty="Hematology / Oncology",
    purpose="Stratifies prognosis of diffuse large B-cell lymphoma from five clinical factors.",
    inputs=(age_input(),
            yn("stage_iii_iv", "Ann Arbor stage III or IV", "diagnosis", "lymphoma stage"),
            yn("ldh_elevated", "Serum LDH above the upper limit of normal", "lab", "LDH"),
            yn("ecog_ge_2", "ECOG performance status >= 2", "exam", "performance status"),
            yn("extranodal_gt_1", "More than one extranodal site", "exam", "PET-CT", "CT")),
    output=Output("score", unit="points"),
    compute=_ipi,
    interpret=_ipi_interp,
    citation="The International Non-Hodgkin's Lymphoma Prognostic Factors Project. A predictive model for aggressive "
             "non-Hodgkin's lymphoma. N Engl J Med. 1993;329(14):987-994; Sehn LH, Berry B, Chhanabhai M, et al. "
             "The revised International Prognostic Index (R-IPI) is a better predictor of outcome than the standard "
             "IPI for patients with diffuse large B-cell lymphoma treated with R-CHOP. Blood. 2007;109(5):1857-1861.",
    reference=reference_page(
        "International Prognostic Index (IPI and R-IPI) for DLBCL",
        "Five adverse factors, one point each, grouped into IPI and revised (R-IPI) risk groups.",
        "At diagnosis of diffuse large B-cell lymphoma (and other aggressive lymphomas).",
        "Age, stage, LDH, ECOG performance status, extranodal sites.",
        table(("Factor (1 point each)", "Criterion"), (("Age", "> 60 years"), ("Stage", "Ann Arbor III-IV"),
                                                       ("LDH", "> upper limit of normal"), ("ECOG", ">= 2"),
                                                       ("Extranodal sites", "> 1"))),
        "IPI: 0-1 low, 2 low-intermediate, 3 high-intermediate, 4-5 high risk. R-IPI: 0 very good, 1-2 good, "
        "3-5 poor prognosis.",
        "NEJM 1993;329:987-994; Sehn LH et al. Blood. 2007;109:1857-1861."),
    official_names=("International Prognostic Index for Diffuse Large B-cell Lymphoma (IPI and R-IPI)",),
    from_official=lambda i: {
        "age": 70.0 if off_bool(i, ("age category",)) else (number_in(field_text(i, ("age years", "age")))),
        "stage_iii_iv": off_bool(i, ("stage iii iv", "stage iii")), "ldh_elevated": off_bool(i, ("ldh",)),
        "ecog_ge_2": off_bool(i, ("ecog",)), "extranodal_gt_1": off_bool(i, ("extranodal",)),
    },
)


# ---------------------------------------------------------------- mGPS
def _mgps(crp, albumin):
    if crp <= 10:
        return 0
    return 1 if albumin >= 35 else 2


MGPS = Calculator(
    id="mgps",
    name="Modified Glasgow Prognostic Score (mGPS) for Cancer Outcomes",
    aliases=("mGPS", "modified Glasgow prognostic score"),
    domains=(INTERNAL,),
    specialty="Oncology",
    purpose="Grades the systemic inflammatory response (CRP and albumin) to predict survival in cancer.",
    inputs=(Input("crp", "C-reactive protein", unit="mg/L", min=0, max=1000, ehr=EHRSource("lab", ("CRP", "C-reactive protein"), "mg/L")),
            Input("albumin", "Serum albumin", unit="g/L", min=5, max=70, ehr=EHRSource("lab", ("Albumin",), "g/L"))),
    output=Output("score", unit="points"),
    compute=_mgps,
    interpret=lambda v, **_: {0: "mGPS 0: no systemic inflammation; best prognosis",
                              1: "mGPS 1: raised CRP with normal albumin; intermediate prognosis",
                              2: "mGPS 2: raised CRP with hypoalbuminaemia; worst prognosis"}[int(v)],
    citation="McMillan DC, Crozier JEM, Canna K, Angerson WJ, McArdle CS. Evaluation of an inflammation-based "
             "prognostic score (GPS) in patients undergoing resection for colon and rectal cancer. Int J Colorectal "
             "Dis. 2007;22(8):881-886; Proctor MJ, Morrison DS, Talwar D, et al. An inflammation-based prognostic "
             "score (mGPS) predicts cancer survival independent of tumour site. Br J Cancer. 2011;104(4):726-734.",
    reference=reference_page(
        "Modified Glasgow Prognostic Score (mGPS)",
        "Combines CRP and albumin into a 0-2 inflammation-based prognostic score.",
        "Patients with cancer (many tumour sites) at diagnosis or before treatment.",
        "CRP (mg/L) and albumin (g/L).",
        table(("CRP", "Albumin", "mGPS"), (("<= 10 mg/L", "any", 0), ("> 10 mg/L", ">= 35 g/L", 1),
                                           ("> 10 mg/L", "< 35 g/L", 2))),
        "Higher scores predict shorter cancer-specific survival.",
        "McMillan DC et al. Int J Colorectal Dis. 2007; Proctor MJ et al. Br J Cancer. 2011;104:726-734."),
    official_names=("Modified Glasgow Prognostic Score (mGPS) for Cancer Outcomes",),
    from_official=lambda i: {"crp": official_value(i, ("crp", "c reactive protein"), "mg/L"),
                             "albumin": official_value(i, ("albumin",), "g/L", analyte="albumin")},
)

register(MASCC, IPI, MGPS)
