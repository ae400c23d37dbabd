"""Short reference pages on units and common clinical definitions, written for this project.

Each page states rules, thresholds and formulas only (no patient values). They
complement the calculator pages that :mod:`medmcp_calc.reference.corpus` builds
from the calculator library.
"""
from __future__ import annotations

# (slug, title, Markdown)
TOPICS: list[tuple[str, str, str]] = [
    ("units-clinical-chemistry", "Units in clinical chemistry: conventional and SI", """
# Units in clinical chemistry: conventional and SI

Laboratories in the United States mostly report **conventional units** (mass per volume,
such as mg/dL), while most other countries use **SI units** (amount of substance per
volume, such as mmol/L or umol/L). A calculator built on one convention gives wrong
results when fed values in the other, so convert before computing.

**How the conversion works.** mass concentration / molar mass = molar concentration.
From mg/dL to mmol/L multiply by 10 (dL to L) and divide by the molar mass in g/mol.

| Analyte | Conventional | SI | Multiply conventional by |
|---|---|---|---|
| Creatinine | mg/dL | umol/L | 88.4 |
| Glucose | mg/dL | mmol/L | 0.0555 (divide by about 18) |
| Urea nitrogen (BUN) | mg/dL | mmol/L urea | 0.357 (divide by 2.8) |
| Total cholesterol, LDL, HDL | mg/dL | mmol/L | 0.0259 (divide by 38.67) |
| Triglycerides | mg/dL | mmol/L | 0.0113 (divide by 88.57) |
| Calcium | mg/dL | mmol/L | 0.25 (divide by 4.008) |
| Magnesium | mg/dL | mmol/L | 0.411 |
| Bilirubin | mg/dL | umol/L | 17.1 |
| Albumin | g/dL | g/L | 10 |
| Hemoglobin | g/dL | g/L | 10 |

**Equivalents.** mEq/L = mmol/L x valence. Sodium, potassium, chloride and bicarbonate
are monovalent, so mEq/L and mmol/L are numerically equal; calcium and magnesium are
divalent (1 mmol/L = 2 mEq/L).

**Cell counts.** 10^9/L is numerically equal to 10^3/uL (thousands per microlitre);
1,000 cells/uL = 1 x 10^9/L.

The `convert_units` tool applies these factors; mass <-> molar conversions need the
analyte's name.
"""),
    ("units-body-measurements", "Units for weight, height, temperature and pressure", """
# Units for weight, height, temperature and pressure

**Weight.** 1 kg = 2.2046 lb; 1 lb = 0.45359 kg; 1 oz = 28.35 g.

**Height and length.** 1 in = 2.54 cm; 1 ft = 12 in = 30.48 cm. A height given as
5 ft 7 in is 67 in = 170.2 cm.

**Temperature.** C = (F - 32) x 5/9; F = C x 9/5 + 32; K = C + 273.15.
Normal core temperature is about 37 C (98.6 F).

**Pressure.** 1 kPa = 7.50 mmHg; 1 mmHg = 0.133 kPa; 1 cmH2O = 0.736 mmHg.
Blood gases outside North America are often reported in kPa: multiply by 7.5 to
obtain mmHg before using formulas written for mmHg (for example a PaO2/FiO2 ratio).

**Fractions and percentages.** FiO2 can be written as 0.21 or 21 %; formulas usually
expect the fraction (0.21). Check which form a calculator asks for.

**Time.** Ages in years; infusion rates per hour or per minute; 1 day = 1,440 minutes.
"""),
    ("acute-kidney-injury", "Acute kidney injury (AKI): definition and KDIGO staging", """
# Acute kidney injury (AKI): definition and KDIGO staging

**Definition (KDIGO 2012).** Any one of:
- a rise in serum creatinine of >= 0.3 mg/dL (26.5 umol/L) within 48 hours;
- a rise to >= 1.5 times the baseline value, known or presumed to have occurred within the prior 7 days;
- urine output < 0.5 mL/kg/h for 6 hours.

**Staging** (the highest stage met by either criterion):

| Stage | Serum creatinine | Urine output |
|---|---|---|
| 1 | 1.5-1.9 x baseline, or rise >= 0.3 mg/dL | < 0.5 mL/kg/h for 6-12 h |
| 2 | 2.0-2.9 x baseline | < 0.5 mL/kg/h for >= 12 h |
| 3 | >= 3.0 x baseline, or creatinine >= 4.0 mg/dL (353.6 umol/L), or start of kidney replacement therapy | < 0.3 mL/kg/h for >= 24 h, or anuria for >= 12 h |

**Notes.** Creatinine-based GFR equations assume a steady state and are unreliable while
creatinine is changing in AKI. Urine output criteria need an accurate weight (see the
page on which body weight to use).
"""),
    ("chronic-kidney-disease", "Chronic kidney disease (CKD): GFR and albuminuria categories", """
# Chronic kidney disease (CKD): GFR and albuminuria categories

**Definition.** Abnormal kidney structure or function present for more than 3 months,
for example an eGFR < 60 mL/min/1.73 m^2 or markers of kidney damage such as albuminuria.

**GFR categories (mL/min/1.73 m^2).**

| Category | eGFR | Description |
|---|---|---|
| G1 | >= 90 | normal or high |
| G2 | 60-89 | mildly decreased |
| G3a | 45-59 | mildly to moderately decreased |
| G3b | 30-44 | moderately to severely decreased |
| G4 | 15-29 | severely decreased |
| G5 | < 15 | kidney failure |

**Albuminuria categories (albumin-to-creatinine ratio).** A1 < 30 mg/g (< 3 mg/mmol);
A2 30-300 mg/g (3-30 mg/mmol); A3 > 300 mg/g (> 30 mg/mmol).

**eGFR versus creatinine clearance.** eGFR equations (CKD-EPI, MDRD) report a value
indexed to 1.73 m^2 body surface area and are used for staging. Many drug labels use the
Cockcroft-Gault creatinine clearance in mL/min (not indexed) for dose adjustment.
"""),
    ("sepsis-definitions", "Sepsis and septic shock: Sepsis-3 definitions", """
# Sepsis and septic shock: Sepsis-3 definitions

**Sepsis (Sepsis-3, 2016).** Life-threatening organ dysfunction caused by a dysregulated
host response to infection. Organ dysfunction is identified by an acute rise of the SOFA
score by >= 2 points from baseline (baseline assumed 0 when no prior dysfunction is known).

**Septic shock.** Sepsis with persisting hypotension that needs vasopressors to keep a
mean arterial pressure >= 65 mmHg **and** a serum lactate > 2 mmol/L (18 mg/dL) despite
adequate volume resuscitation.

**qSOFA** (bedside prompt outside the ICU; one point each): respiratory rate >= 22/min,
altered mentation (GCS < 15), systolic blood pressure <= 100 mmHg. A score >= 2 flags
patients at higher risk of poor outcome; it is not a diagnostic criterion.

**SIRS criteria** (older definitions): temperature > 38 C or < 36 C; heart rate > 90/min;
respiratory rate > 20/min or PaCO2 < 32 mmHg; white cell count > 12 x 10^9/L, < 4 x 10^9/L
or > 10 % band forms. Two or more criteria defined SIRS; SIRS with infection was "sepsis"
under the 1991/2001 definitions.
"""),
    ("obesity-classes", "Weight categories and obesity classes by BMI", """
# Weight categories and obesity classes by BMI

Body mass index = weight (kg) / height (m)^2. Adult categories (WHO):

| BMI (kg/m^2) | Category |
|---|---|
| < 16.0 | severe thinness |
| 16.0-16.9 | moderate thinness |
| 17.0-18.4 | mild thinness |
| < 18.5 | underweight (overall) |
| 18.5-24.9 | normal range |
| 25.0-29.9 | overweight (pre-obese) |
| 30.0-34.9 | obesity class I |
| 35.0-39.9 | obesity class II |
| >= 40.0 | obesity class III (severe obesity) |

**Notes.** Some Asian populations use lower cut-offs for overweight (23) and obesity
(25 or 27.5). BMI does not distinguish fat from muscle or oedema. Children use
age- and sex-specific percentiles instead of fixed cut-offs.
"""),
    ("dosing-weight", "Which body weight to use: actual, ideal, adjusted and lean", """
# Which body weight to use: actual, ideal, adjusted and lean

**Actual (total) body weight (TBW).** The measured weight.

**Ideal body weight (IBW), Devine formula.** Men: 50 kg + 2.3 kg per inch of height over
60 inches. Women: 45.5 kg + 2.3 kg per inch over 60 inches. (Height in cm / 2.54 = inches.)

**Adjusted body weight (AdjBW).** IBW + 0.4 x (TBW - IBW). Used when actual weight is well
above ideal (commonly TBW > 120-130 % of IBW), for example for aminoglycoside dosing or
for Cockcroft-Gault in obesity.

**Lean body weight.** Estimated from weight, height and sex (for example the Janmahasatian
formula); used for some anaesthetic drugs.

**Common rules of thumb.**
- Cockcroft-Gault creatinine clearance: many protocols use IBW when TBW > IBW, actual weight
  when TBW < IBW, and adjusted weight in obesity. State which weight was used.
- Lung-protective ventilation tidal volume: 6 mL/kg of **predicted** body weight (male
  50 + 0.91 x (height cm - 152.4); female 45.5 + 0.91 x (height cm - 152.4)).
- Fluid resuscitation and most urine-output criteria use actual weight.
- Drugs that distribute into fat (some sedatives) may use actual weight; hydrophilic drugs
  use ideal or adjusted weight. Follow the drug's label when it says otherwise.
"""),
    ("blood-pressure-categories", "Blood pressure categories and mean arterial pressure", """
# Blood pressure categories and mean arterial pressure

**Adult office blood pressure categories (ACC/AHA 2017).**

| Category | Systolic (mmHg) | | Diastolic (mmHg) |
|---|---|---|---|
| Normal | < 120 | and | < 80 |
| Elevated | 120-129 | and | < 80 |
| Stage 1 hypertension | 130-139 | or | 80-89 |
| Stage 2 hypertension | >= 140 | or | >= 90 |
| Hypertensive crisis | > 180 | and/or | > 120 |

European guidelines (ESC/ESH) define hypertension as >= 140/90 mmHg.

**Mean arterial pressure (MAP)** is approximately diastolic + (systolic - diastolic) / 3,
i.e. (2 x diastolic + systolic) / 3. A MAP of at least 65 mmHg is the usual target in
septic shock. **Pulse pressure** = systolic - diastolic.

**Hypotension** in adults is often taken as systolic < 90 mmHg or MAP < 65 mmHg.
"""),
    ("acid-base-basics", "Acid-base basics: anion gap, delta ratio and compensation", """
# Acid-base basics: anion gap, delta ratio and compensation

**Normal arterial values.** pH 7.35-7.45; PaCO2 35-45 mmHg; bicarbonate 22-26 mmol/L.

**Anion gap (AG)** = Na - (Cl + HCO3), in mmol/L (some labs add K). A usual reference range
is about 8-12 mmol/L without potassium, but it depends on the laboratory. Albumin is the
main unmeasured anion: the expected gap falls by about 2.5 mmol/L for each 1 g/dL fall of
albumin below 4 g/dL (albumin-corrected AG = AG + 2.5 x (4 - albumin g/dL)).

**Delta ratio** = (AG - 12) / (24 - HCO3). Below about 0.4 suggests a normal-gap
(hyperchloraemic) acidosis; 1-2 a pure high-gap acidosis; above 2 suggests an additional
metabolic alkalosis or a pre-existing high bicarbonate.

**Expected compensation.**
- Metabolic acidosis: expected PaCO2 = 1.5 x HCO3 + 8 (+/- 2) (Winters' formula).
- Metabolic alkalosis: PaCO2 rises about 0.7 mmHg per 1 mmol/L rise of HCO3.
- Acute respiratory acidosis: HCO3 rises 1 mmol/L per 10 mmHg of PaCO2; chronic: 3.5-4.
- Acute respiratory alkalosis: HCO3 falls 2 mmol/L per 10 mmHg fall of PaCO2; chronic: 4-5.

**Osmolal gap** = measured osmolality - calculated osmolality; a gap above about 10
mOsm/kg suggests unmeasured osmoles such as toxic alcohols.
"""),
    ("anemia-definitions", "Anaemia: haemoglobin thresholds and red-cell indices", """
# Anaemia: haemoglobin thresholds and red-cell indices

**WHO haemoglobin thresholds for anaemia (at sea level).**

| Group | Anaemia if haemoglobin below |
|---|---|
| Men (15 years and over) | 13.0 g/dL (130 g/L) |
| Non-pregnant women (15 years and over) | 12.0 g/dL (120 g/L) |
| Pregnant women | 11.0 g/dL (110 g/L) |
| Children 5-11 years | 11.5 g/dL |
| Children 6-59 months | 11.0 g/dL |

**Severity (non-pregnant adults, WHO).** Mild: 11.0-11.9 g/dL in women (11.0-12.9 in men);
moderate: 8.0-10.9 g/dL; severe: < 8.0 g/dL.

**Red-cell indices.** Mean corpuscular volume (MCV) = haematocrit / red-cell count; about
80-100 fL is normocytic, < 80 microcytic, > 100 macrocytic. Haematocrit (%) is roughly
three times the haemoglobin (g/dL).

**Units.** 1 g/dL = 10 g/L; haemoglobin in mmol/L (monomer) = g/dL x 0.6206.
"""),
    ("liver-disease-terms", "Liver disease severity: terms used by liver scores", """
# Liver disease severity: terms used by liver scores

**Bilirubin.** Total bilirubin in mg/dL (x 17.1 = umol/L). Upper limit of normal is about
1.2 mg/dL (20 umol/L).

**INR.** International normalised ratio of the prothrombin time; about 1.0 in health;
prolonged in liver synthetic failure and with vitamin K antagonists.

**Albumin.** Normal about 3.5-5.0 g/dL (35-50 g/L); low in chronic liver disease,
malnutrition and nephrotic syndrome.

**Ascites and encephalopathy grades** used by the Child-Pugh classification: ascites
none / mild (controlled with diuretics) / moderate-severe (refractory); hepatic
encephalopathy none / grade 1-2 / grade 3-4 (West Haven grading).

**Scores.** Child-Pugh (classes A, B, C from bilirubin, albumin, INR, ascites and
encephalopathy) and MELD (from bilirubin, INR and creatinine; MELD-Na adds sodium) grade
severity and prognosis; MELD is used to prioritise transplantation. Lab-value bounds
used by MELD: values below 1.0 are set to 1.0, and creatinine is capped at 4.0 mg/dL.
"""),
    ("pregnancy-dating", "Pregnancy dating: gestational age, due date and terms", """
# Pregnancy dating: gestational age, due date and terms

**Gestational age** is counted from the first day of the last menstrual period (LMP), in
completed weeks and days (for example 32 weeks 4 days, written 32+4). It is about two
weeks longer than the embryonic (conceptional) age.

**Estimated due date (Naegele's rule).** LMP + 280 days (40 weeks), i.e. LMP + 1 year -
3 months + 7 days, for a 28-day cycle. For longer or shorter cycles, add or subtract the
difference from 28 days. From a known conception date: conception + 266 days.

**Terms.** Preterm < 37+0 weeks; early term 37+0 to 38+6; full term 39+0 to 40+6; late
term 41+0 to 41+6; post-term >= 42+0 weeks. Trimesters: first up to 13+6 weeks, second
14+0 to 27+6, third from 28+0.

**Ultrasound dating.** A first-trimester crown-rump length measurement is the most
accurate dating; it replaces LMP dating when the two differ by more than about 7 days
before 14 weeks.
"""),
    ("qt-interval", "QT interval and heart-rate correction", """
# QT interval and heart-rate correction

The **QT interval** (start of QRS to end of T wave) shortens as heart rate rises, so it is
corrected to a heart rate of 60/min (QTc). RR interval (s) = 60 / heart rate (beats/min).

**Common correction formulas** (QT and RR in seconds unless stated):
- Bazett: QTc = QT / sqrt(RR)  (over-corrects at fast rates)
- Fridericia: QTc = QT / RR^(1/3)
- Framingham: QTc = QT + 0.154 x (1 - RR)
- Hodges: QTc (ms) = QT (ms) + 1.75 x (heart rate - 60)
- Rautaharju: QTc (ms) = QT (ms) x (120 + heart rate) / 180

**Thresholds.** Prolonged QTc: above about 450 ms in men and 460-470 ms in women; above
500 ms (or a rise > 60 ms from baseline) marks a high risk of torsades de pointes. A QTc
below about 350-360 ms is short.
"""),
    ("rounding-and-reporting", "Rounding and reporting calculator results", """
# Rounding and reporting calculator results

- Keep full precision in intermediate steps; round only the final result.
- Published calculators usually round **half away from zero** (2.45 -> 2.5, -2.45 -> -2.5);
  some software rounds half to even ("banker's rounding": 2.45 -> 2.4). Small differences
  in the last digit usually come from this.
- Report the unit with the value (e.g. mL/min/1.73 m^2 for eGFR, mL/min for creatinine
  clearance) and say which variant of a formula and which weight were used.
- Points-based scores are whole numbers; report the total and the risk band.
- Dates are written unambiguously (YYYY-MM-DD); durations of pregnancy as weeks and days.
- When an input is missing, say so instead of assuming a normal value, unless the score's
  own rules specify a default (some scores count a missing finding as absent).
"""),
]
