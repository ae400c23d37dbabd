"""Causes of the MedCalc-Bench rows where our answer differs from a label.

``ROW_NOTES[unique_id] = (cause, explanation)`` for single rows; ``CALC_NOTES[calculator_id]``
for a convention that explains every disagreement of one calculator. Causes: "label error",
"convention", "our bug (fixed)". The conformance report lists every disagreement with the
row note, else the calculator note, else "unexplained" (which the conformance test rejects
on rows where the two labels agree).
"""
from __future__ import annotations

ROW_NOTES: dict[str, tuple[str, str]] = {
    "772": ("label error (entity unit)",
            "albumin extracted as 17.1 'g/dL' (the note's 17.1 g/L); the original plugs 17.1 g/dL in (AG 30 + 2.5*(4-17.1)); "
            "we read 1.71 g/dL: 30 + 2.5*(4-1.71) = 35.73. No corrected label (dropped)."),
    "794": ("label error (entity unit)",
            "sodium extracted as 137 'mg/dL' and converted to 60 mmol/L by the original; 137 is mmol/L "
            "(137-95-30 = 12; +2.5*0.4 = 13; -12 = 1), as the corrected label has."),
    "521": ("label error (unit conversion)",
            "lipids in mmol/L: TC 4.5 = 174.0 mg/dL, HDL 0.84 = 32.5 mg/dL, TG 2.86 mmol/L = 253.3 mg/dL (885.7 g/mol); "
            "174.0 - 32.5 - 253.3/5 = 90.9 mg/dL, inside the corrected band; the original converts total cholesterol "
            "4.5 mmol/L to 193.3 mg/dL (should be 174.0), giving 109.12."),
    "1016": ("convention",
             "LMP 10/11/2020, 29-day cycle. Both labels add a flat 14 days (10/25/2020). We date ovulation 14 days "
             "before the next expected period: LMP + (29 - 14) = 10/26/2020, the rule the corrected labels apply on "
             "the other twelve rows of this calculator."),
    "1019": ("label error (corrected)",
             "LMP 11/10/2002, 22-day cycle: LMP + (22 - 14) = 11/18/2002. The corrected label (11/17) is one day off "
             "its own rule (row 1013, also a 22-day cycle, gets +8 days); the original adds a flat 14 days."),
    "824": ("label error (entity unit)",
            "albumin extracted as 3.5 'mg/dL' (0.0035 g/dL) by the original; it is 3.5 g/dL: AG 13, corrected 14.25, "
            "delta gap 2.25, ratio 2.25/2 = 1.125, as the corrected label has."),
}

CALC_NOTES: dict[int, tuple[str, str]] = {
    32: ("label error (original)",
         "the original explanations score every non-False entity as 1 point: diabetes 'None or diet-controlled' counts 1 "
         "(row 427), metastatic solid tumour 1 instead of 6 and moderate-severe liver disease 1 instead of 3 (row 428); "
         "we apply the published weights to the entities. Where the corrected label also differs (rows 427, 428, 440, "
         "443, 445) it re-read comorbidities from the note that the entities do not carry"),
    36: ("label error (original)",
         "the original explanations reset the running total after each item (e.g. row 908 ends at 6 although fracture 5, "
         "prior DVT 3, family history 3 and homocysteine 3 are present); we sum the 2005 Caprini points. The corrected "
         "labels differ from ours by one point on rows 914, 919, 923 (they give no point for BMI > 25 there) and 925"),
    43: ("convention",
         "respiratory 3-4 points require mechanical ventilation or CPAP (Vincent 1996); the corrected labels give 3 points "
         "for PaO2/FiO2 < 200 without respiratory support (rows 893, 899, 902, 905). The original labels mis-add organ "
         "scores (e.g. row 896: 6 where the six organ scores sum to 12)"),
    46: ("label error (original)",
         "the original labels plug cholesterol in mmol/L into the ATP III model, whose coefficients take mg/dL (its own "
         "explanation says mg/dL), so nearly every risk comes out near 0%; we use mg/dL as published (row 553: "
         "man 49, TC 191, HDL 25, SBP 131 treated, non-smoker -> 8.5%). The corrected labels drop all these rows (N/A)"),
    33: ("convention",
         "we score the five FeverPAIN items present in the row's entities (absent = not present, as the benchmark "
         "states); the corrected labels re-read items such as fever or cough from the note"),
    49: ("convention",
         "we use the CDC 2022 conversion factors (tramadol 0.2, hydromorphone 5, methadone 4.7), as the original labels "
         "do; the corrected labels use the CDC 2016 table (tramadol 0.1, hydromorphone 4, methadone tiered 4/8/10/12), "
         "which our calculator offers as factors='cdc_2016'"),
    51: ("label error (original)",
         "the original labels count criteria that the entities do not meet (e.g. row 599: 37.2 °C, HR 70, RR 16, "
         "WBC 7,000 is labelled 2); we count by the 1992 thresholds, as the corrected labels do"),
    68: ("convention",
         "the original labels add a flat 14 days to the LMP whatever the cycle length; we (and the corrected labels) "
         "add cycle length - 14 days, i.e. ovulation 14 days before the next expected period"),
}

# Bugs of ours that the conformance check exposed, each fixed in the commit that introduced the line.
FIXED_BUGS: tuple[str, ...] = (
    "units: 'mEq/L' was canonicalised to a lowercase 'mmol/l' that no converter accepted, so every mEq/L value "
    "(MedCalc-Bench sodium, chloride, bicarbonate rows) raised a UnitError; now canonical 'mEq/L' with valence handling.",
    "units: insulin µIU/mL -> pmol/L used 6e-6 instead of 6e-9 mol per IU (1 µIU/mL = 6 pmol/L).",
    "units: MedCalc-Bench spellings 'degrees celsius', 'degrees fahreinheit', 'beats per minute', "
    "'breaths per minute' were not recognised.",
    "anion-gap family: values rounded to 1 decimal fell outside the 5% band for results near zero (row 805: "
    "-0.75 shown as -0.8); gaps now keep 2 decimals and ratios 3.",
    "free water deficit: 2-decimal rounding put tiny deficits outside the band (row 482: 0.032 L shown as 0.03); "
    "now 3 decimals.",
    "adapters: mislabelled entity units (sodium 137 'mg/dL', albumin 3.5 'mg/dL', albumin 17.1 'g/dL') produced "
    "impossible values; adapters now fall back to the plausible reading when the converted value is out of range "
    "(rows 772, 794, 824).",
    "SIRS: WBC counts labelled 'µL' with values like 4.1 (thousands) were read as 4.1 cells/µL (leukopenia); "
    "the magnitude now decides.",
)
