"""Spacing/punctuation-insensitive matching (compact keys) and its limits."""
import pytest

from medmcp_calc.calculators import match_name


@pytest.mark.parametrize("name,expected", [
    ("Aa gradient", "aa_gradient"),
    ("A-a O2 gradient", "aa_gradient"),
    ("CURB65", "curb_65"),
    ("NEWS 2", "news2"),
    ("SpO2FiO2 ratio", "sf_ratio"),
    ("GCS Pupils", "gcs_pupils"),
    ("HASBLED", "has_bled"),
    ("CHA2DS2VASc", "cha2ds2_vasc"),
])
def test_compact_spellings(name, expected):
    assert match_name(name) == expected


@pytest.mark.parametrize("name", [
    "NEWS 3",            # no such calculator
    "SOFA 2",
    "CHA2DS2VASc2",
    "A a b gradient",
])
def test_compact_spellings_do_not_invent_matches(name):
    assert match_name(name) is None
