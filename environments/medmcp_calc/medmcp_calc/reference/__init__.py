"""Offline reference corpus and BM25 search for the ``google_search``-compatible tools.

    from medmcp_calc.reference import search, fetch, get_reference_index
    print(search("stroke risk in atrial fibrillation"))
    print(fetch("medcalc://calculators/bmi"))
"""
from __future__ import annotations

from .index import Page, ReferenceIndex, build_pages, fetch, get_reference_index, search

__all__ = ["Page", "ReferenceIndex", "build_pages", "fetch", "get_reference_index", "search"]
