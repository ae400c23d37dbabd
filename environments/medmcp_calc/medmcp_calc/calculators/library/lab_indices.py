"""Laboratory indices: SAAG, absolute neutrophil count, Mentzer index, reticulocyte production
index, BUN/creatinine ratio, Winters' formula, Maddrey discriminant function."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, SPECIAL, Calculator, EHRSource, Input, Output, register
from ..officials import find_field, official_value
from ._official_util import field_text, number_in, reference_page

# ---------------------------------------------------------------- SAAG
SAAG = Calculator(
    id="saag",
    name="Serum Ascites Albumin Gradient (SAAG)",
    aliases=("SAAG", "serum-ascites albumin gradient", "serum ascites albumin gradient"),
    domains=(INTERNAL,),
    specialty="Hepatology",
    purpose="Separates portal-hypertensive from other causes of ascites.",
    inputs=(Input("serum_albumin", "Serum albumin", unit="g/dL", min=0.5, max=7, ehr=EHRSource("lab", ("Albumin",), "g/dL")),
            Input("ascites_albumin", "Ascitic fluid albumin", unit="g/dL", min=0, max=7, ehr=EHRSource("lab", ("Ascitic albumin",), "g/dL"))),
    output=Output("number", unit="g/dL", decimals=1, abs_tol=0.05),
    compute=lambda serum_albumin, ascites_albumin: serum_albumin - ascites_albumin,
    interpret=lambda v, **_: ("SAAG >=1.1 g/dL: portal hypertension likely (~97% accuracy)" if v >= 1.1
                              else "SAAG <1.1 g/dL: non-portal-hypertensive cause (peritoneal carcinomatosis, TB, pancreatitis, nephrotic)"),
    citation="Runyon BA, Montano AA, Akriviadis EA, et al. The serum-ascites albumin gradient is superior to the exudate-"
             "transudate concept in the differential diagnosis of ascites. Ann Intern Med. 1992;117(3):215-220.",
    reference=reference_page(
        "Serum-Ascites Albumin Gradient (SAAG)", "Classifies ascites by whether portal hypertension is present.",
        "New-onset ascites after diagnostic paracentesis (serum and fluid albumin drawn the same day).",
        "Serum albumin and ascitic fluid albumin (g/dL).", "SAAG = serum albumin - ascitic albumin.",
        ">= 1.1 g/dL: portal hypertension (cirrhosis, heart failure, Budd-Chiari); < 1.1: other causes.",
        "Runyon BA et al. Ann Intern Med. 1992;117:215-220."),
    official_names=("Serum Ascites Albumin Gradient (SAAG)",),
    from_official=lambda inputs: {
        "serum_albumin": number_in(field_text(inputs, ("albumin concentration of serum", "serum albumin"))),
        "ascites_albumin": number_in(field_text(inputs, ("albumin concentration of ascitic fluid", "ascitic albumin", "ascites albumin"))),
    },
)


# ---------------------------------------------------------------- ANC
def _anc_interp(v, **_):
    if v < 500:
        return "severe neutropenia (<500 cells/µL)"
    if v < 1000:
        return "moderate neutropenia (500-999 cells/µL)"
    if v < 1500:
        return "mild neutropenia (1000-1499 cells/µL)"
    return "no neutropenia (>=1500 cells/µL)"


ANC = Calculator(
    id="absolute_neutrophil_count",
    name="Absolute Neutrophil Count (ANC)",
    aliases=("ANC", "absolute neutrophil count"),
    domains=(INTERNAL, SPECIAL),
    specialty="Hematology",
    purpose="Neutrophils (segmented plus bands) per microlitre from the white count and the differential.",
    inputs=(Input("wbc_k_ul", "White blood cell count", unit="10^3/µL", min=0.01, max=500, ehr=EHRSource("lab", ("WBC",), "10^3/uL")),
            Input("neutrophils_pct", "Segmented neutrophils", unit="%", min=0, max=100, ehr=EHRSource("lab", ("Neutrophils %",), "%")),
            Input("bands_pct", "Bands", unit="%", min=0, max=100, optional=True, default=0.0, ehr=EHRSource("lab", ("Bands %",), "%"))),
    output=Output("number", unit="cells/µL", decimals=0, abs_tol=1),
    compute=lambda wbc_k_ul, neutrophils_pct, bands_pct: wbc_k_ul * 1000.0 * (neutrophils_pct + bands_pct) / 100.0,
    interpret=_anc_interp,
    citation="Standard haematology definition; neutropenia grading per Common Terminology Criteria for Adverse Events v5.0 "
             "(National Cancer Institute, 2017).",
    reference=reference_page(
        "Absolute Neutrophil Count (ANC)", "Quantifies neutrophils to grade neutropenia and infection risk.",
        "Chemotherapy, febrile illness, drug monitoring (e.g. clozapine).",
        "WBC (10^3/µL), segmented neutrophils (%), bands (%).",
        "ANC (cells/µL) = WBC x 1000 x (% neutrophils + % bands) / 100.",
        ">= 1500 normal; 1000-1499 mild; 500-999 moderate; < 500 severe neutropenia.",
        "CTCAE v5.0 (NCI, 2017)."),
    official_names=("Absolute Neutrophil Count (ANC)",),
    from_official=lambda inputs: {
        "wbc_k_ul": number_in(field_text(inputs, ("wbc count", "wbc", "wbc count x10 3 per ul"))),
        "neutrophils_pct": number_in(field_text(inputs, ("neutrophils", "percent neutrophils"))),
        "bands_pct": number_in(field_text(inputs, ("bands", "percent bands"))) if find_field(inputs, ("bands", "percent bands")) else None,
    },
)


# ---------------------------------------------------------------- Mentzer
MENTZER = Calculator(
    id="mentzer_index",
    name="Mentzer Index",
    aliases=("Mentzer index", "MCV/RBC ratio"),
    domains=(INTERNAL,),
    specialty="Hematology",
    purpose="MCV divided by RBC count, separating thalassaemia trait from iron deficiency in microcytosis.",
    inputs=(Input("mcv", "Mean corpuscular volume", unit="fL", min=40, max=150, ehr=EHRSource("lab", ("MCV",), "fL")),
            Input("rbc", "Red cell count", unit="10^6/µL", min=0.5, max=10, ehr=EHRSource("lab", ("RBC",), "10^12/L"))),
    output=Output("number", decimals=1, abs_tol=0.05),
    compute=lambda mcv, rbc: mcv / rbc,
    interpret=lambda v, **_: ("<13: thalassaemia trait more likely" if v < 13 else
                              ">13: iron deficiency more likely" if v > 13 else "13: indeterminate"),
    citation="Mentzer WC Jr. Differentiation of iron deficiency from thalassaemia trait. Lancet. 1973;1(7808):882.",
    reference=reference_page(
        "Mentzer Index", "Quick screen distinguishing beta-thalassaemia trait from iron-deficiency anaemia.",
        "Microcytic anaemia before iron studies or haemoglobin electrophoresis.",
        "MCV (fL), RBC count (10^6/µL).", "Mentzer index = MCV / RBC.",
        "< 13 favours thalassaemia trait; > 13 favours iron deficiency. Confirm with ferritin and electrophoresis.",
        "Mentzer WC. Lancet. 1973;1:882."),
    official_names=("Mentzer Index",),
    from_official=lambda inputs: {"mcv": number_in(field_text(inputs, ("mcv",))),
                                  "rbc": number_in(field_text(inputs, ("rbc count", "rbc", "red blood cell count")))},
)


# ---------------------------------------------------------------- RPI
def _maturation(hct):
    return 1.0 if hct >= 36 else 1.5 if hct >= 26 else 2.0 if hct >= 16 else 2.5


def _rpi(retic_pct, hematocrit, normal_hematocrit, rbc_m_ul):
    corrected = retic_pct * hematocrit / normal_hematocrit
    mf = _maturation(hematocrit)
    det = {"corrected_reticulocyte_pct": round(corrected, 2), "maturation_time_days": mf}
    if rbc_m_ul is not None:
        det["absolute_reticulocyte_count_per_uL"] = round(retic_pct / 100.0 * rbc_m_ul * 1e6)
    return corrected / mf, det


RPI = Calculator(
    id="reticulocyte_production_index",
    name="Corrected Reticulocyte Percentage / Reticulocyte Production Index (RPI)",
    aliases=("RPI", "reticulocyte production index", "corrected reticulocyte count", "reticulocyte index"),
    domains=(INTERNAL,),
    specialty="Hematology",
    purpose="Corrects the reticulocyte percentage for anaemia and reticulocyte maturation time to judge the marrow response.",
    inputs=(Input("retic_pct", "Reticulocytes", unit="%", min=0, max=60, ehr=EHRSource("lab", ("Reticulocytes",), "%")),
            Input("hematocrit", "Measured haematocrit", unit="%", min=5, max=70, ehr=EHRSource("lab", ("Hematocrit",), "%")),
            Input("normal_hematocrit", "Normal haematocrit", unit="%", min=30, max=55, optional=True, default=45.0,
                  ehr=EHRSource("none")),
            Input("rbc_m_ul", "Red cell count (for the absolute count)", unit="10^6/µL", min=0.5, max=10, optional=True,
                  ehr=EHRSource("lab", ("RBC",)))),
    output=Output("number", decimals=1, abs_tol=0.05),
    compute=_rpi,
    interpret=lambda v, **_: ("RPI <2: inadequate marrow response (hypoproliferative)" if v < 2
                              else "RPI >=2: adequate marrow response (haemolysis or blood loss)"),
    citation="Hillman RS, Finch CA. Erythropoiesis: normal and abnormal. Semin Hematol. 1967;4(4):327-336.",
    reference=reference_page(
        "Reticulocyte Production Index (RPI)", "Tells whether the marrow responds appropriately to anaemia.",
        "Anaemia work-up (hypoproliferative vs haemolysis/blood loss).",
        "Reticulocyte %, haematocrit (%), normal haematocrit (default 45; 40 often used for women), optional RBC count.",
        "Corrected reticulocyte % = retic % x Hct / normal Hct; RPI = corrected % / maturation time "
        "(1.0 day for Hct >= 36, 1.5 for 26-35, 2.0 for 16-25, 2.5 for <= 15).",
        "RPI < 2 with anaemia: inadequate production; > 2-3: appropriate response (haemolysis, bleeding).",
        "Hillman RS, Finch CA. Semin Hematol. 1967;4:327-336."),
    official_names=("Corrected Reticulocyte Percentage/Reticulocyte Production Index (RPI)",),
    from_official=lambda inputs: {
        "retic_pct": number_in(field_text(inputs, ("of reticulocytes", "reticulocytes", "reticulocyte"))),
        "hematocrit": number_in(field_text(inputs, ("measured hematocrit",))),
        "normal_hematocrit": number_in(field_text(inputs, ("normal hematocrit",))) if find_field(inputs, ("normal hematocrit",)) else None,
        "rbc_m_ul": number_in(field_text(inputs, ("red blood cell count", "rbc count"))) if find_field(inputs, ("red blood cell count", "rbc count")) else None,
    },
)


# ---------------------------------------------------------------- BUN/Cr
BUN_CR = Calculator(
    id="bun_creatinine_ratio",
    name="BUN Creatinine Ratio",
    aliases=("BUN/Cr ratio", "BUN:creatinine ratio", "urea creatinine ratio", "BUN to creatinine ratio"),
    domains=(INTERNAL, CRITICAL),
    specialty="Nephrology",
    purpose="Ratio of blood urea nitrogen to creatinine (both mg/dL), a pointer towards prerenal states or GI bleeding.",
    inputs=(Input("bun", "BUN", unit="mg/dL", min=1, max=300, ehr=EHRSource("lab", ("BUN",), "mg/dL")),
            Input("creatinine", "Creatinine", unit="mg/dL", min=0.1, max=30, ehr=EHRSource("lab", ("Creatinine",), "mg/dL"))),
    output=Output("number", decimals=2, abs_tol=0.05, rel_tol=0.005),
    compute=lambda bun, creatinine: bun / creatinine,
    interpret=lambda v, **_: (">20: prerenal state, upper GI bleeding or catabolism" if v > 20 else
                              "10-20: normal / intrinsic renal" if v >= 10 else "<10: low protein intake, liver disease, rhabdomyolysis"),
    citation="Baum N, Dichoso CC, Carlton CE Jr. Blood urea nitrogen and serum creatinine. Physiology and interpretations. "
             "Urology. 1975;5(5):583-588.",
    reference=reference_page(
        "BUN/Creatinine Ratio", "Helps classify azotaemia.", "Rising BUN or creatinine, suspected GI bleeding.",
        "BUN and creatinine in mg/dL.", "Ratio = BUN / creatinine.",
        "> 20 suggests prerenal azotaemia or upper GI bleeding; 10-20 normal or intrinsic renal disease.",
        "Baum N et al. Urology. 1975;5:583-588."),
    official_names=("BUN Creatinine Ratio",),
    from_official=lambda inputs: {"bun": official_value(inputs, ("bun",)),
                                  "creatinine": official_value(inputs, ("creatinine",), "mg/dL", analyte="creatinine")},
)


# ---------------------------------------------------------------- Winters
WINTERS = Calculator(
    id="winters_formula",
    name="Winters' Formula for Metabolic Acidosis Compensation",
    aliases=("Winters formula", "Winter's formula", "expected PaCO2 in metabolic acidosis"),
    domains=(CRITICAL, INTERNAL),
    specialty="Critical Care",
    purpose="Expected PaCO2 for a given bicarbonate in metabolic acidosis, to detect a coexisting respiratory disorder.",
    inputs=(Input("hco3", "Bicarbonate", unit="mEq/L", min=1, max=40, ehr=EHRSource("lab", ("HCO3", "Bicarbonate"), "mEq/L")),
            Input("paco2", "Measured PaCO2 (optional, to compare)", unit="mmHg", min=5, max=150, optional=True,
                  ehr=EHRSource("lab", ("PaCO2",), "mmHg"))),
    output=Output("number", unit="mmHg", decimals=1, abs_tol=0.1),
    compute=lambda hco3, paco2: (1.5 * hco3 + 8.0, {"expected_range_mmHg": (1.5 * hco3 + 6.0, 1.5 * hco3 + 10.0)}),
    interpret=lambda v, paco2=None, **_: (
        f"expected PaCO2 {v:g} +/- 2 mmHg" + ("" if paco2 is None else
                                              "; measured PaCO2 higher: concomitant respiratory acidosis" if paco2 > v + 2 else
                                              "; measured PaCO2 lower: concomitant respiratory alkalosis" if paco2 < v - 2 else
                                              "; measured PaCO2 appropriate")),
    citation="Albert MS, Dell RB, Winters RW. Quantitative displacement of acid-base equilibrium in metabolic acidosis. "
             "Ann Intern Med. 1967;66(2):312-322.",
    reference=reference_page(
        "Winters' Formula", "Predicts the respiratory compensation for metabolic acidosis.",
        "Any metabolic acidosis with an arterial blood gas.", "Bicarbonate (mEq/L); optional measured PaCO2.",
        "Expected PaCO2 = 1.5 x HCO3- + 8 (+/- 2 mmHg).",
        "Measured PaCO2 above the range: additional respiratory acidosis; below: additional respiratory alkalosis.",
        "Albert MS, Dell RB, Winters RW. Ann Intern Med. 1967;66:312-322."),
    official_names=("Winters' Formula for Metabolic Acidosis Compensation",),
    from_official=lambda inputs: {"hco3": official_value(inputs, ("bicarbonate", "hco3"))},
)


# ---------------------------------------------------------------- Maddrey
MADDREY = Calculator(
    id="maddrey_df",
    name="Maddrey's Discriminant Function for Alcoholic Hepatitis",
    aliases=("Maddrey DF", "Maddrey discriminant function", "mDF", "discriminant function"),
    domains=(INTERNAL,),
    specialty="Hepatology",
    purpose="Prognosis in alcoholic hepatitis and the threshold for corticosteroid therapy.",
    inputs=(Input("pt_sec", "Prothrombin time", unit="s", min=5, max=150, ehr=EHRSource("lab", ("PT",), "s")),
            Input("pt_control_sec", "Control prothrombin time", unit="s", min=5, max=30, ehr=EHRSource("lab", ("PT control",), "s")),
            Input("bilirubin", "Total bilirubin", unit="mg/dL", min=0.1, max=80, ehr=EHRSource("lab", ("Total bilirubin",), "mg/dL"))),
    output=Output("number", decimals=1, abs_tol=0.1, rel_tol=0.005),
    compute=lambda pt_sec, pt_control_sec, bilirubin: 4.6 * (pt_sec - pt_control_sec) + bilirubin,
    interpret=lambda v, **_: (">=32: severe alcoholic hepatitis, poor prognosis; consider corticosteroids" if v >= 32
                              else "<32: lower short-term mortality; steroids not indicated by this criterion"),
    citation="Maddrey WC, Boitnott JK, Bedine MS, et al. Corticosteroid therapy of alcoholic hepatitis. Gastroenterology. "
             "1978;75(2):193-199. Carithers RL Jr, et al. Ann Intern Med. 1989;110(9):685-690.",
    reference=reference_page(
        "Maddrey's Discriminant Function", "Identifies severe alcoholic hepatitis with high short-term mortality.",
        "Suspected alcoholic hepatitis.", "Patient PT and control PT (seconds), total bilirubin (mg/dL).",
        "DF = 4.6 x (PT - control PT) + bilirubin.",
        "DF >= 32: severe disease (~30-50% 1-month mortality without treatment); corticosteroids considered.",
        "Maddrey WC et al. Gastroenterology. 1978;75:193-199."),
    official_names=("Maddrey's Discriminant Function for Alcoholic Hepatitis",),
    from_official=lambda inputs: {
        "pt_sec": number_in(field_text(inputs, ("pt",), exclude=("control",))),
        "pt_control_sec": number_in(field_text(inputs, ("pt control reference level", "pt control", "control"))),
        "bilirubin": official_value(inputs, ("total bilirubin", "bilirubin"), "mg/dL", analyte="bilirubin"),
    },
)

register(SAAG, ANC, MENTZER, RPI, BUN_CR, WINTERS, MADDREY)
