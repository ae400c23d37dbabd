import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_official_answer

CR = {"confusion": False, "respiratory_rate": 18, "systolic_bp": 120, "diastolic_bp": 80, "age": 50}


@pytest.mark.parametrize("change,pts", [
    ({}, 0), ({"confusion": True}, 1), ({"respiratory_rate": 29}, 0), ({"respiratory_rate": 30}, 1),
    ({"systolic_bp": 89}, 1), ({"systolic_bp": 90}, 0), ({"diastolic_bp": 60}, 1), ({"diastolic_bp": 61}, 0),
    ({"age": 64}, 0), ({"age": 65}, 1),
])
def test_crb65_items(change, pts):
    assert compute("crb_65", {**CR, **change}).value == pts


def test_crb65_bands():
    assert "low risk" in compute("crb_65", CR).interpretation
    assert "intermediate" in compute("crb_65", {**CR, "age": 70, "confusion": True}).interpretation
    r = compute("crb_65", {"confusion": False, "respiratory_rate": 32, "systolic_bp": 92, "diastolic_bp": 56, "age": 72})
    assert r.value == 3 and "urgent" in r.interpretation


CP = {"temperature_c": 37.0, "wbc": 8, "bands_ge_50": False, "secretions": "none_or_scant", "pf_ratio": 300,
      "ards": False, "radiograph": "no_infiltrate", "culture": "no_growth_or_light"}


def test_cpis_worked_example():
    # 38.7 C -> 1; WBC 13.4 -> 1; abundant 1; P/F 200 no ARDS -> 2; patchy 1; culture <= 1+ 0 => 6
    r = compute("cpis", {**CP, "temperature_c": 38.7, "wbc": 13.4, "secretions": "abundant_non_purulent",
                         "pf_ratio": 200, "radiograph": "diffuse_or_patchy"})
    assert r.value == 6 and "less likely" in r.interpretation
    top = {"temperature_c": 39.5, "wbc": 20, "bands_ge_50": True, "secretions": "purulent", "pf_ratio": 150,
           "ards": False, "radiograph": "localized", "culture": "moderate_or_heavy_plus_gram_stain"}
    r = compute("cpis", top)
    assert r.value == 12 and "consistent with" in r.interpretation


@pytest.mark.parametrize("field,value,key,pts", [
    ("temperature_c", 36.5, "temperature", 0), ("temperature_c", 38.4, "temperature", 0),
    ("temperature_c", 38.5, "temperature", 1), ("temperature_c", 39.0, "temperature", 2),
    ("temperature_c", 36.0, "temperature", 2), ("wbc", 4, "wbc", 0), ("wbc", 11, "wbc", 0), ("wbc", 3.9, "wbc", 1),
    ("wbc", 11.1, "wbc", 1), ("pf_ratio", 240, "oxygenation", 2), ("pf_ratio", 241, "oxygenation", 0),
])
def test_cpis_bands(field, value, key, pts):
    assert compute("cpis", {**CP, field: value}).details[key] == pts


def test_cpis_ards_zeroes_oxygenation():
    assert compute("cpis", {**CP, "pf_ratio": 90, "ards": True}).details["oxygenation"] == 0


def test_murray():
    # 3 quadrants 3; P/F 85 -> 4; PEEP 12 -> 3; compliance 28 -> 3; 13 / 4 = 3.25
    r = compute("murray_lung_injury", {"consolidation_quadrants": 3, "pf_ratio": 85, "peep": 12, "compliance": 28})
    assert r.value == 3.25 and "severe" in r.interpretation
    r = compute("murray_lung_injury", {"consolidation_quadrants": 0, "pf_ratio": 350, "peep": 5, "compliance": 90})
    assert r.value == 0 and "no lung injury" in r.interpretation
    # only two components: P/F 200 -> 2, PEEP 10 -> 2 => 2.0
    r = compute("murray_lung_injury", {"pf_ratio": 200, "peep": 10})
    assert r.value == 2.0 and r.details["components_used"] == 2 and "mild to moderate" in r.interpretation


@pytest.mark.parametrize("field,value,pts", [
    ("pf_ratio", 300, 0), ("pf_ratio", 299, 1), ("pf_ratio", 225, 1), ("pf_ratio", 224, 2), ("pf_ratio", 175, 2),
    ("pf_ratio", 174, 3), ("pf_ratio", 100, 3), ("pf_ratio", 99, 4),
    ("peep", 5, 0), ("peep", 6, 1), ("peep", 8, 1), ("peep", 9, 2), ("peep", 11, 2), ("peep", 12, 3), ("peep", 15, 4),
    ("compliance", 80, 0), ("compliance", 79, 1), ("compliance", 60, 1), ("compliance", 40, 2), ("compliance", 20, 3),
    ("compliance", 19, 4),
])
def test_murray_bands(field, value, pts):
    assert compute("murray_lung_injury", {field: value}).value == pts


def test_murray_needs_a_component():
    with pytest.raises(CalculatorInputError, match="at least one"):
        compute("murray_lung_injury", {})
    with pytest.raises(CalculatorInputError, match="consolidation_quadrants"):
        compute("murray_lung_injury", {"consolidation_quadrants": 5})


def test_official_murray():
    a = {"name": "Murray Score for Acute Lung Injury", "inputs": [
        {"field": "Consolidation on CXR", "value": "3 quadrants"}, {"field": "PaO2/FiO2 ratio", "value": "85"},
        {"field": "PEEP", "value": "12 cm H2O"}, {"field": "Compliance (VT / (PIP – PEEP))", "value": "28 mL/cm H2O"}]}
    assert compute_official_answer(a) == 3.25
