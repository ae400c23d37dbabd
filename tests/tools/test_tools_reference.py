"""Offline reference search: corpus, ranking quality over the whole library, tolerant fetch, live mode."""
from __future__ import annotations

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from medmcp_calc.calculators import all_calculators
from medmcp_calc.reference import Page, ReferenceIndex, fetch, get_reference_index, search
from medmcp_calc.reference.topics import TOPICS

from medmcp_tools_support import purpose_query


@pytest.fixture(scope="module")
def index() -> ReferenceIndex:
    return get_reference_index()


def test_corpus_has_one_page_per_calculator_and_topics(index):
    calcs = all_calculators()
    urls = [p.url for p in index.pages]
    assert len(urls) == len(set(urls))
    by_url = {p.url: p for p in index.pages}
    for c in calcs:
        p = by_url[f"medcalc://calculators/{c.id}"]
        assert p.title == c.name
        first = next(ln for ln in c.reference.strip().splitlines()[1:] if ln.strip())
        assert first.strip() in p.text
    assert len(TOPICS) >= 12
    assert sum(p.kind == "topic" for p in index.pages) == len(TOPICS)


def test_search_output_format(index):
    out = search("stroke risk in atrial fibrillation")
    blocks = re.findall(r"^(\d+)\. (.+)\n   (medcalc://\S+)\n   (.+)$", out, re.M)
    assert 1 <= len(blocks) <= 10
    assert [int(b[0]) for b in blocks] == list(range(1, len(blocks) + 1))
    assert all(b[2] in {p.url for p in index.pages} for b in blocks)


def test_search_quality_purpose_queries_over_whole_library(index):
    """A query phrased from each calculator's purpose (its name words removed) finds it in the top 5."""
    calcs = [c for c in all_calculators() if c.purpose]
    assert calcs
    misses = []
    for c in calcs:
        q = purpose_query(c)
        top = [p.url for p, _ in index.ranked(q, k=5)]
        if f"medcalc://calculators/{c.id}" not in top:
            misses.append((c.id, q))
    rate = 1 - len(misses) / len(calcs)
    assert rate >= 0.90, f"top-5 hit rate {rate:.2%}; misses: {misses[:10]}"


@pytest.mark.parametrize("query,slug", [
    ("which weight to use for drug dosing in obesity", "dosing-weight"),
    ("KDIGO staging acute kidney injury creatinine rise", "acute-kidney-injury"),
    ("septic shock lactate vasopressor definition", "sepsis-definitions"),
    ("convert creatinine mg/dL to umol/L", "units-clinical-chemistry"),
    ("obesity class III BMI 40", "obesity-classes"),
])
def test_topic_pages_are_found(index, query, slug):
    top = [p.slug for p, _ in index.ranked(query, k=3)]
    assert slug in top, (query, top)


def test_fetch_by_id_and_near_misses(index):
    c = all_calculators()[0]
    page = fetch(f"medcalc://calculators/{c.id}")
    assert page.startswith(f"# {c.name}")
    for variant in (f"MEDCALC://calculators/{c.id}/", f"https://medcalc.example/calculators/{c.id}.html",
                    f"medcalc://calculators/{c.id.replace('_', '-')}", c.name, f"calculators/{c.id}?ref=x"):
        assert fetch(variant) == page, variant
    assert fetch("medcalc://topics/sepsis").startswith("# Sepsis and septic shock")
    assert fetch("medcalc://topics/dosing-wieght").startswith("# Which body weight to use")


def test_fetch_unknown_gives_error_with_suggestions():
    out = fetch("medcalc://calculators/no-such-thing-qqq")
    assert out.startswith("Error: no page found")
    assert fetch("").startswith("Error:")
    assert fetch(None).startswith("Error:")  # type: ignore[arg-type]


def test_fetch_caps_long_pages():
    long = Page(url="medcalc://topics/long", title="Long page", text="# Long page\n\n" + "word " * 5000,
                kind="topic", slug="long")
    ix = ReferenceIndex(pages=[long], page_cap=1000)
    out = ix.fetch("medcalc://topics/long")
    assert len(out) < 1200 and "[page truncated:" in out


def test_bad_queries():
    assert search("").startswith("Error: empty query")
    assert search(42).startswith("Error:")  # type: ignore[arg-type]
    assert search("qqqzzzxx").startswith("No results")


def test_reference_pages_hold_no_patient_records(index):
    for p in index.pages:
        assert not re.search(r"patient_id|\bMRN\b|date of birth:", p.text, re.I), p.url


class _FakeSearchAPI(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802
        if self.path.startswith("/search"):
            assert self.headers.get("Authorization") == "Bearer k123"
            body = json.dumps({"results": [{"title": "Live result", "url": "https://live.example/a",
                                            "snippet": "from the live API"}]}).encode()
            ctype = "application/json"
        else:
            body = b"<html><body><script>x()</script><h1>Live page</h1><p>text</p></body></html>"
            ctype = "text/html"
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *a):
        pass


def test_live_mode_is_opt_in(monkeypatch):
    srv = ThreadingHTTPServer(("127.0.0.1", 0), _FakeSearchAPI)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    try:
        base = f"http://127.0.0.1:{srv.server_address[1]}"
        assert "Live result" not in search("atrial fibrillation")
        monkeypatch.setenv("MEDMCP_SEARCH_LIVE_URL", base + "/search")
        monkeypatch.setenv("MEDMCP_SEARCH_API_KEY", "k123")
        out = search("atrial fibrillation")
        assert "Web results:" in out and "Live result" in out and "https://live.example/a" in out
        assert "medcalc://calculators/" in out  # offline results still come first
        page = fetch(base + "/page")
        assert "Live page" in page and "x()" not in page
    finally:
        srv.shutdown()
