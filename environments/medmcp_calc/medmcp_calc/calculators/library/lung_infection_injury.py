"""Pneumonia and lung injury scores: CRB-65, Clinical Pulmonary Infection Score (CPIS), Murray lung injury
score."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field
from ._entities import off_bool
from ._kit import age_input, table, yn
from ._official_extra import yes_number
from ._official_util import choice_by_keywords, field_score, field_text, number_in, reference_page

RR = Input("respiratory_rate", "Respiratory rate", unit="breaths/min", min=0, max=100,
           ehr=EHRSource("vital", ("respiratory_rate",), "breaths/min"))


# ---------------------------------------------------------------- CRB-65
def _crb65(confusion, respiratory_rate, systolic_bp, diastolic_bp, age):
    parts = {"confusion": int(confusion), "respiratory_rate_ge_30": int(respiratory_rate >= 30),
             "low_blood_pressure": int(systolic_bp < 90 or diastolic_bp <= 60), "age_ge_65": int(age >= 65)}
    return sum(parts.values()), parts


def _crb65_interp(v, **_):
    if v == 0:
        return "low risk (0): mortality < 1%; usually suitable for home treatment"
    if v <= 2:
        return "intermediate risk (1-2): mortality 1-10%; consider hospital assessment"
    return "high risk (3-4): mortality > 10%; urgent hospital admission"


def _crb65_official(i: list) -> dict:
    low_bp = off_bool(i, ("sbp", "systolic", "blood pressure"))
    return {"confusion": off_bool(i, ("confusion",)),
            "respiratory_rate": 32.0 if off_bool(i, ("respiratory rate",)) else 16.0,
            "systolic_bp": 85.0 if low_bp else 120.0, "diastolic_bp": 55.0 if low_bp else 80.0,
            "age": yes_number(i, ("age",), 70.0, 50.0)}


CRB65 = Calculator(
    id="crb_65",
    name="CRB-65 Score for Pneumonia Severity",
    aliases=("CRB-65", "CRB65", "CRB 65 score"),
    domains=(INTERNAL, CRITICAL),
    specialty="Pulmonology / Primary Care",
    purpose="CURB-65 without the urea, for judging pneumonia severity where no blood test is available.",
    inputs=(yn("confusion", "New confusion", "exam", "confusion", "disoriented"), RR,
            Input("systolic_bp", "Systolic blood pressure", unit="mmHg", min=20, max=300,
                  ehr=EHRSource("vital", ("systolic_bp",), "mmHg")),
            Input("diastolic_bp", "Diastolic blood pressure", unit="mmHg", min=10, max=200,
                  ehr=EHRSource("vital", ("diastolic_bp",), "mmHg")),
            age_input()),
    output=Output("score", unit="points"),
    compute=_crb65,
    interpret=_crb65_interp,
    citation="Lim WS, van der Eerden MM, Laing R, et al. Defining community acquired pneumonia severity on "
             "presentation to hospital: an international derivation and validation study. Thorax. "
             "2003;58(5):377-382; Bauer TT, Ewig S, Marre R, Suttorp N, Welte T. CRB-65 predicts death from "
             "community-acquired pneumonia. J Intern Med. 2006;260(1):93-101.",
    reference=reference_page(
        "CRB-65 Score for Pneumonia Severity",
        "Four clinical items predicting mortality of community-acquired pneumonia.",
        "Community or primary-care assessment of CAP when urea is not available.",
        "Confusion, respiratory rate, blood pressure, age.",
        table(("Item (1 point each)", "Criterion"), (("C", "new confusion"), ("R", "respiratory rate >= 30/min"),
                                                     ("B", "systolic BP < 90 or diastolic BP <= 60 mmHg"),
                                                     ("65", "age >= 65 years"))),
        "0: low risk (consider home treatment); 1-2: increased risk (consider hospital referral); 3-4: high risk "
        "(urgent admission).",
        "Lim WS et al. Thorax. 2003;58:377-382; Bauer TT et al. J Intern Med. 2006;260:93-101."),
    official_names=("CRB-65 Score for Pneumonia Severity",),
    from_official=_crb65_official,
)


# ---------------------------------------------------------------- CPIS
SECRETIONS = ("none_or_scant", "abundant_non_purulent", "purulent")
RADIOGRAPH = ("no_infiltrate", "diffuse_or_patchy", "localized")
CULTURE = ("no_growth_or_light", "moderate_or_heavy", "moderate_or_heavy_plus_gram_stain")


def _cpis(temperature_c, wbc, bands_ge_50, secretions, pf_ratio, ards, radiograph, culture):
    temp = 0 if 36.5 <= temperature_c < 38.5 else 1 if 38.5 <= temperature_c < 39.0 else 2
    w = 0 if 4 <= wbc <= 11 else 1
    if bands_ge_50:
        w += 1
    parts = {"temperature": temp, "wbc": w, "secretions": SECRETIONS.index(secretions),
             "oxygenation": 2 if pf_ratio <= 240 and not ards else 0,
             "radiograph": RADIOGRAPH.index(radiograph), "culture": CULTURE.index(culture)}
    return sum(parts.values()), parts


def _cpis_official(i: list) -> dict:
    temp = number_in(field_text(i, ("temperature",)))
    wbc_text = field_text(i, ("white blood cell", "wbc"))
    wbc = number_in(wbc_text)
    low = wbc_text.lower()
    bands = ("band" in low and ">=50" in low.replace(" ", "").replace("≥", ">=")) or "bandemia" in low and \
        "no bandemia" not in low
    sec_s = field_score(i, ("secretions",))
    sec = SECRETIONS[int(sec_s)] if sec_s is not None else choice_by_keywords(
        field_text(i, ("secretions",)), {"purulent": ("plus purulent",), "abundant_non_purulent": ("14",),
                                         "none_or_scant": ("14", "none", "scant")}, "tracheal secretions")
    oxy_text = field_text(i, ("pao2 fio2", "oxygenation"))
    pf = number_in(oxy_text)
    ards_entry = find_field(i, ("ards",))
    ards = off_bool(i, ("ards",)) if ards_entry is not None else (
        "ards" in oxy_text.lower() and "no ards" not in oxy_text.lower() and "without ards" not in oxy_text.lower())
    rad_s = field_score(i, ("radiography", "radiograph", "chest x ray"))
    rad = RADIOGRAPH[int(rad_s)] if rad_s is not None else choice_by_keywords(
        field_text(i, ("radiography", "radiograph")), {"localized": ("localized", "localised"),
                                                       "diffuse_or_patchy": ("diffuse", "patchy"),
                                                       "no_infiltrate": ("no infiltrate", "none")}, "radiograph")
    cul_s = field_score(i, ("culture",))
    if cul_s is None:
        raise CalculatorInputError("CPIS: the culture field carries no score")
    return {"temperature_c": temp, "wbc": wbc, "bands_ge_50": bool(bands), "secretions": sec, "pf_ratio": pf,
            "ards": ards, "radiograph": rad, "culture": CULTURE[int(cul_s)]}


CPIS = Calculator(
    id="cpis",
    name="Clinical Pulmonary Infection Score (CPIS) for Ventilator-Associated Pneumonia (VAP)",
    aliases=("CPIS", "Clinical Pulmonary Infection Score", "Pugin CPIS"),
    domains=(CRITICAL, INTERNAL),
    specialty="Critical Care / Infectious Disease",
    purpose="Combines clinical, radiographic, gas-exchange and microbiology findings to support a diagnosis of "
            "ventilator-associated pneumonia.",
    inputs=(Input("temperature_c", "Temperature", unit="°C", min=25, max=45, ehr=EHRSource("vital", ("temperature",), "°C")),
            Input("wbc", "White blood cell count", unit="10^3/µL", min=0, max=500, ehr=EHRSource("lab", ("WBC",), "10^3/uL")),
            yn("bands_ge_50", "Band forms >= 50%", "lab", "Bands %"),
            Input("secretions", "Tracheal secretions", kind="choice", choices=SECRETIONS,
                  description="none or scant (< 14+ aspirations/day) 0; abundant non-purulent (>= 14+) 1; purulent 2",
                  ehr=EHRSource("exam", ("tracheal secretions", "sputum"))),
            Input("pf_ratio", "PaO2/FiO2", unit="mmHg", min=10, max=700, ehr=EHRSource("lab", ("PaO2", "FiO2"), "mmHg")),
            yn("ards", "ARDS present (oxygenation then scores 0)", "diagnosis", "ARDS"),
            Input("radiograph", "Chest radiograph", kind="choice", choices=RADIOGRAPH,
                  ehr=EHRSource("exam", ("chest X-ray", "infiltrate"))),
            Input("culture", "Semi-quantitative tracheal aspirate culture", kind="choice", choices=CULTURE,
                  description="pathogen <= 1+ or no growth 0; > 1+ 1; > 1+ plus the same bacteria > 1+ on Gram stain 2",
                  ehr=EHRSource("lab", ("sputum culture", "tracheal aspirate culture")))),
    output=Output("score", unit="points"),
    compute=_cpis,
    interpret=lambda v, **_: ("> 6: consistent with ventilator-associated pneumonia; obtain BAL/mini-BAL cultures"
                              if v > 6 else "<= 6: VAP less likely; reassess and look for other sources"),
    citation="Pugin J, Auckenthaler R, Mili N, Janssens JP, Lew PD, Suter PM. Diagnosis of ventilator-associated "
             "pneumonia by bacteriologic analysis of bronchoscopic and nonbronchoscopic 'blind' bronchoalveolar "
             "lavage fluid. Am Rev Respir Dis. 1991;143(5 Pt 1):1121-1129.",
    reference=reference_page(
        "Clinical Pulmonary Infection Score (CPIS)",
        "Six items, 0-2 points each, summarising the likelihood of ventilator-associated pneumonia.",
        "Mechanically ventilated patients with suspected VAP; also used to decide on stopping antibiotics.",
        "Temperature, WBC (and bands), secretions, PaO2/FiO2 and ARDS, chest radiograph, culture.",
        table(("Item", "0", "1", "2"), (
            ("Temperature (°C)", "36.5-38.4", "38.5-38.9", ">= 39 or < 36.5"),
            ("WBC (10^3/µL)", "4-11", "< 4 or > 11", "< 4 or > 11 with bands >= 50%"),
            ("Tracheal secretions", "none/scant", "abundant non-purulent", "purulent"),
            ("PaO2/FiO2", "> 240 or ARDS", "", "<= 240 without ARDS"),
            ("Chest radiograph", "no infiltrate", "diffuse or patchy", "localised"),
            ("Culture", "<= 1+ or no growth", "> 1+", "> 1+ with same organism on Gram stain > 1+"))),
        "Total 0-12; > 6 suggests VAP.",
        "Pugin J et al. Am Rev Respir Dis. 1991;143:1121-1129."),
    official_names=("Clinical Pulmonary Infection Score (CPIS) for Ventilator-Associated Pneumonia (VAP)",),
    from_official=_cpis_official,
)


# ---------------------------------------------------------------- Murray lung injury score
def _murray_pts(quadrants, pf_ratio, peep, compliance):
    parts = {}
    if quadrants is not None:
        parts["radiograph"] = int(quadrants)
    if pf_ratio is not None:
        parts["hypoxaemia"] = (0 if pf_ratio >= 300 else 1 if pf_ratio >= 225 else 2 if pf_ratio >= 175 else
                               3 if pf_ratio >= 100 else 4)
    if peep is not None:
        parts["peep"] = 0 if peep <= 5 else 1 if peep <= 8 else 2 if peep <= 11 else 3 if peep <= 14 else 4
    if compliance is not None:
        parts["compliance"] = (0 if compliance >= 80 else 1 if compliance >= 60 else 2 if compliance >= 40 else
                               3 if compliance >= 20 else 4)
    return parts


def _murray(consolidation_quadrants, pf_ratio, peep, compliance):
    parts = _murray_pts(consolidation_quadrants, pf_ratio, peep, compliance)
    if not parts:
        raise CalculatorInputError("Murray score: give at least one of 'consolidation_quadrants', 'pf_ratio', "
                                   "'peep', 'compliance'")
    return sum(parts.values()) / len(parts), parts | {"components_used": len(parts)}


def _murray_interp(v, **_):
    if v == 0:
        return "no lung injury (0)"
    if v <= 2.5:
        return "mild to moderate lung injury (0.1-2.5)"
    return "severe lung injury / ARDS (> 2.5): consider referral to an ECMO centre"


MURRAY = Calculator(
    id="murray_lung_injury",
    name="Murray Score for Acute Lung Injury",
    aliases=("Murray score", "Lung Injury Score (LIS)", "Murray lung injury score"),
    domains=(CRITICAL,),
    specialty="Critical Care",
    purpose="Grades the severity of acute lung injury from chest X-ray, oxygenation, PEEP and compliance "
            "(used e.g. for ECMO referral).",
    inputs=(Input("consolidation_quadrants", "Quadrants with alveolar consolidation on chest X-ray", kind="integer",
                  min=0, max=4, optional=True, ehr=EHRSource("exam", ("chest X-ray",))),
            Input("pf_ratio", "PaO2/FiO2", unit="mmHg", min=10, max=700, optional=True,
                  ehr=EHRSource("lab", ("PaO2", "FiO2"), "mmHg")),
            Input("peep", "PEEP", unit="cmH2O", min=0, max=40, optional=True,
                  ehr=EHRSource("order", ("PEEP",), "cmH2O", "ventilator settings")),
            Input("compliance", "Respiratory system compliance", unit="mL/cmH2O", min=1, max=200, optional=True,
                  ehr=EHRSource("order", ("tidal volume", "plateau pressure"), "mL/cmH2O"))),
    output=Output("number", unit="points", decimals=2, abs_tol=0.05),
    compute=_murray,
    interpret=_murray_interp,
    citation="Murray JF, Matthay MA, Luce JM, Flick MR. An expanded definition of the adult respiratory distress "
             "syndrome. Am Rev Respir Dis. 1988;138(3):720-723.",
    reference=reference_page(
        "Murray Score for Acute Lung Injury (Lung Injury Score)",
        "Averages up to four 0-4 component scores into a 0-4 lung injury score.",
        "Ventilated patients with acute lung injury/ARDS; a score > 3 is a classic ECMO referral criterion.",
        "Chest X-ray quadrants, PaO2/FiO2, PEEP, compliance (any subset; the divisor is the number used).",
        table(("Component", "0", "1", "2", "3", "4"), (
            ("CXR consolidation (quadrants)", "none", "1", "2", "3", "4"),
            ("PaO2/FiO2 (mmHg)", ">= 300", "225-299", "175-224", "100-174", "< 100"),
            ("PEEP (cmH2O)", "<= 5", "6-8", "9-11", "12-14", ">= 15"),
            ("Compliance (mL/cmH2O)", ">= 80", "60-79", "40-59", "20-39", "<= 19")))
        + "\nScore = sum of component points / number of components.",
        "0 no lung injury; 0.1-2.5 mild to moderate; > 2.5 severe lung injury (ARDS).",
        "Murray JF et al. Am Rev Respir Dis. 1988;138(3):720-723."),
    official_names=("Murray Score for Acute Lung Injury",),
    from_official=lambda i: {
        "consolidation_quadrants": int(number_in(field_text(i, ("consolidation", "cxr", "quadrants"))))
        if find_field(i, ("consolidation", "cxr", "quadrants")) else None,
        "pf_ratio": number_in(field_text(i, ("pao2 fio2", "p f"))) if find_field(i, ("pao2 fio2", "p f")) else None,
        "peep": number_in(field_text(i, ("peep",))) if find_field(i, ("peep",)) else None,
        "compliance": number_in(field_text(i, ("compliance",))) if find_field(i, ("compliance",)) else None,
    },
)

register(CRB65, CPIS, MURRAY)
