"""Offline reference search: one page per library calculator plus short topic pages, BM25-ranked.

The corpus is built at run time from the calculator library (each calculator's own
``reference`` Markdown, its name, aliases and purpose) and :mod:`.topics`, so it always
matches the installed library. Pages have URL-like ids:

- ``medcalc://calculators/<calc_id>`` for calculators,
- ``medcalc://topics/<slug>`` for topic pages.

``search(query)`` returns the top 10 as title + id + snippet; ``fetch(url)`` returns a
page as Markdown (capped, with a note), resolving near-miss URLs by id, slug, title,
alias and fuzzy matching. Ranking uses :mod:`bm25s` with an English Snowball stemmer.

Live mode (off by default): with ``MEDMCP_SEARCH_LIVE_URL`` set (and optionally
``MEDMCP_SEARCH_API_KEY``) ``search`` also queries that JSON endpoint
(``GET <url>?q=<query>``, answering ``{"results": [{"title", "url", "snippet"}]}``) and
``fetch`` retrieves ``http(s)`` pages that are not in the offline corpus.
"""
from __future__ import annotations

import difflib
import os
import re
import threading
from dataclasses import dataclass, field

SCHEME = "medcalc://"
CALC_PREFIX = SCHEME + "calculators/"
TOPIC_PREFIX = SCHEME + "topics/"
MAX_QUERY_CHARS = 1000
MAX_URL_CHARS = 2000
DEFAULT_PAGE_CAP = 12_000
TOP_K = 10


@dataclass(frozen=True)
class Page:
    url: str
    title: str
    text: str  # Markdown shown by fetch
    kind: str  # "calculator" | "topic"
    slug: str
    aliases: tuple[str, ...] = ()
    summary: str = ""
    keywords: tuple[str, ...] = field(default=(), compare=False)


def _norm(s: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", s.lower()).strip()


def _calc_page(c) -> Page:
    aliases = tuple(a for a in (c.aliases or ()) if a)
    head = [f"# {c.name}", "", f"Source: {CALC_PREFIX}{c.id}"]
    if aliases:
        head.append(f"Also known as: {', '.join(aliases)}")
    if c.purpose:
        head += ["", f"**Summary.** {c.purpose}"]
    body = (c.reference or "").strip()
    # the calculator's own page usually repeats its name as a heading; drop a duplicate H1
    lines = body.splitlines()
    if lines and lines[0].lstrip("# ").strip().lower() == c.name.strip().lower():
        body = "\n".join(lines[1:]).strip()
    tail = []
    if c.citation and c.citation not in body:
        tail = ["", f"**Citation.** {c.citation}"]
    inputs = ", ".join(f"{i.label}" + (f" ({i.unit})" if i.unit else "") for i in c.inputs)
    text = "\n".join(head) + "\n\n" + body + "\n" + "\n".join(tail) + (
        f"\n\n**Inputs used by the library's calculator `{c.id}`.** {inputs}.\n" if inputs else "\n")
    return Page(url=f"{CALC_PREFIX}{c.id}", title=c.name, text=text, kind="calculator", slug=c.id,
                aliases=aliases, summary=c.purpose or "", keywords=(c.specialty or "",))


def _topic_page(slug: str, title: str, md: str) -> Page:
    body = md.strip()
    lines = body.splitlines()
    if lines and lines[0].startswith("# "):
        body = "\n".join(lines[1:]).strip()
    text = f"# {title}\n\nSource: {TOPIC_PREFIX}{slug}\n\n{body}\n"
    first = next((ln for ln in body.splitlines() if ln.strip() and not ln.startswith(("#", "|"))), "")
    return Page(url=f"{TOPIC_PREFIX}{slug}", title=title, text=text, kind="topic", slug=slug,
                summary=_plain(first))


def _plain(md: str) -> str:
    s = re.sub(r"[*_`#|]+", " ", md)
    s = re.sub(r"\s+", " ", s)
    return s.strip()


def build_pages(calculators=None) -> list[Page]:
    """All pages: the calculator library (or ``calculators``) plus the topic pages."""
    from .topics import TOPICS

    if calculators is None:
        from medmcp_calc.calculators import all_calculators

        calculators = all_calculators()
    pages = [_calc_page(c) for c in calculators]
    pages += [_topic_page(*t) for t in TOPICS]
    return pages


def _text_result(fn):
    """Tool output is always valid UTF-8 (lone surrogates from odd input become '?')."""
    import functools

    @functools.wraps(fn)
    def wrapped(*args, **kwargs) -> str:
        return fn(*args, **kwargs).encode("utf-8", "replace").decode("utf-8")

    return wrapped


class ReferenceIndex:
    """BM25 index over the pages (built lazily, then kept in memory)."""

    def __init__(self, pages: list[Page] | None = None, page_cap: int = DEFAULT_PAGE_CAP):
        self._pages = pages
        self.page_cap = page_cap
        self._lock = threading.Lock()
        self._retriever = None
        self._stemmer = None
        self._by_url: dict[str, Page] = {}
        self._by_slug: dict[str, Page] = {}
        self._by_title: dict[str, Page] = {}
        self._lines: dict[str, list[tuple[str, frozenset[str]]]] = {}

    # -- building ----------------------------------------------------------------------------
    def _ensure(self) -> None:
        if self._retriever is not None:
            return
        with self._lock:
            if self._retriever is not None:
                return
            import bm25s
            import Stemmer

            pages = self._pages if self._pages is not None else build_pages()
            self._stemmer = Stemmer.Stemmer("english")
            docs = []
            for p in pages:
                names = " ".join([p.title, *p.aliases, p.slug.replace("_", " ").replace("-", " ")])
                # title, aliases and summary weigh more than the body
                docs.append(" ".join([names] * 3 + [p.summary] * 2 + [" ".join(p.keywords), _plain(p.text)]))
            tokens = bm25s.tokenize(docs, stopwords="en", stemmer=self._stemmer.stemWords, return_ids=False,
                                    show_progress=False)
            retriever = bm25s.BM25(k1=1.2, b=0.75)
            retriever.index(tokens, show_progress=False)
            self._vocab = set(retriever.vocab_dict)
            self._pages = pages
            self._by_url = {p.url.lower(): p for p in pages}
            self._by_slug = {}
            self._by_title = {}
            for p in pages:
                self._by_slug.setdefault(p.slug.lower(), p)
                self._by_slug.setdefault(_norm(p.slug).replace(" ", "-"), p)
                for t in (p.title, *p.aliases):
                    self._by_title.setdefault(_norm(t), p)
            self._retriever = retriever

    @property
    def pages(self) -> list[Page]:
        self._ensure()
        return list(self._pages or [])

    def _tokens(self, text: str) -> list[str]:
        import bm25s

        toks = bm25s.tokenize([text], stopwords="en", stemmer=self._stemmer.stemWords, return_ids=False,
                              show_progress=False)[0]
        return [t for t in toks if t in self._vocab]

    # -- search ------------------------------------------------------------------------------
    def ranked(self, query: str, k: int = TOP_K) -> list[tuple[Page, float]]:
        """The top ``k`` pages with their BM25 scores (score > 0 only)."""
        self._ensure()
        toks = self._tokens(query)
        if not toks:
            return []
        k = max(1, min(k, len(self._pages)))
        docs, scores = self._retriever.retrieve([toks], k=k, show_progress=False, n_threads=1)
        out = []
        for i, s in zip(docs[0], scores[0]):
            if float(s) > 0:
                out.append((self._pages[int(i)], float(s)))
        return out

    @staticmethod
    def _candidate_lines(page: Page) -> list[str]:
        out = []
        title = _plain(page.title).lower()
        for raw in re.split(r"(?<=[.!?])\s+|\n+", page.text):
            if raw.lstrip().startswith("#"):
                continue
            line = _plain(raw)
            if len(line) < 20 or line.startswith(("Source:", "Also known as:")) or line.lower() == title:
                continue
            out.append(line)
        return out

    def _line_tokens(self, page: Page) -> list[tuple[str, frozenset[str]]]:
        cached = self._lines.get(page.url)
        if cached is None:
            import bm25s

            lines = self._candidate_lines(page)
            toks = bm25s.tokenize(lines, stopwords="en", stemmer=self._stemmer.stemWords, return_ids=False,
                                  show_progress=False) if lines else []
            cached = [(ln, frozenset(t)) for ln, t in zip(lines, toks)]
            self._lines[page.url] = cached
        return cached

    def snippet(self, page: Page, query: str, width: int = 240) -> str:
        """The page sentence sharing most (stemmed) words with the query, else its summary."""
        self._ensure()
        qt = set(self._tokens(query)) if isinstance(query, str) and query else set()
        best, best_score = "", 0
        if qt:
            for line, toks in self._line_tokens(page):
                score = len(toks & qt)
                if score > best_score:
                    best, best_score = line, score
        if best_score <= 0:
            best = page.summary or next((ln for ln, _ in self._line_tokens(page)), "")
        best = best or _plain(page.text)[:width]
        return best if len(best) <= width else best[: width - 3].rstrip() + "..."

    @_text_result
    def search(self, query: str) -> str:
        if not isinstance(query, str):
            return f"Error: query must be text, got {type(query).__name__}"
        q = query.strip()
        if not q:
            return "Error: empty query; describe what you are looking for, e.g. 'stroke risk in atrial fibrillation'"
        if len(q) > MAX_QUERY_CHARS:
            q = q[:MAX_QUERY_CHARS]
        hits = self.ranked(q)
        live = _live_search(q)
        if not hits and not live:
            return (f"No results for {q!r} in the offline reference corpus ({len(self._pages)} pages on clinical "
                    f"calculators, units and definitions). Try other words, e.g. the condition or the measurement.")
        lines = [f"Results for {q!r}:"] if hits else []
        for n, (p, _s) in enumerate(hits, 1):
            lines += [f"{n}. {p.title}", f"   {p.url}", f"   {self.snippet(p, q)}"]
        if live:
            lines += ["", live]
        return "\n".join(lines).strip() + "\n"

    # -- fetch -------------------------------------------------------------------------------
    def resolve(self, url: str, fuzzy: bool = True) -> Page | None:
        """The page ``url`` names: exact id, then slug/title/alias, then (``fuzzy``) close spellings."""
        self._ensure()
        u = url.strip().strip("<>\"'` ")
        if u.lower() in self._by_url:
            return self._by_url[u.lower()]
        low = u.lower()
        low = re.sub(r"^[a-z][a-z0-9+.-]*://", "", low)  # any scheme
        low = re.sub(r"[?#].*$", "", low).rstrip("/")
        segs = [s for s in low.split("/") if s]
        cands = []
        if segs:
            last = re.sub(r"\.(md|html?|txt|json)$", "", segs[-1])
            cands += [last, last.replace("-", "_"), last.replace("_", "-"), _norm(last).replace(" ", "-")]
        for c in cands:
            if c in self._by_slug:
                return self._by_slug[c]
        for c in cands[:1]:  # a truncated slug ("topics/sepsis" for "sepsis-definitions")
            pre = {p.url: p for k, p in self._by_slug.items() if len(c) >= 3 and k.startswith(c)}
            if len(pre) == 1:
                return next(iter(pre.values()))
        # titles or aliases, spelled as a URL segment or as plain text
        texts = [_norm(re.sub(r"[-_+]", " ", s)) for s in ([segs[-1]] if segs else [])] + [_norm(u)]
        for t in texts:
            if t in self._by_title:
                return self._by_title[t]
        try:
            from medmcp_calc.calculators import match_name

            for t in (segs[-1].replace("-", " ").replace("_", " ") if segs else u, u):
                cid = match_name(t)
                if cid and cid.lower() in self._by_slug:
                    return self._by_slug[cid.lower()]
        except Exception:  # matching is a convenience; never fail fetch on it
            pass
        if not fuzzy:
            return None
        keys = list(self._by_slug) + list(self._by_title)
        for t in [c for c in cands if c] + texts:
            m = difflib.get_close_matches(t, keys, n=1, cutoff=0.8)
            if m:
                return self._by_slug.get(m[0]) or self._by_title.get(m[0])
        # last resort: the words of the URL's last segment, when one page clearly wins
        words = re.sub(r"[^A-Za-z0-9]+", " ", segs[-1] if segs else u)
        hits = self.ranked(words, k=2)
        if hits and (len(hits) == 1 or hits[0][1] >= 1.5 * hits[1][1]):
            top = hits[0][0]
            name_toks = set(self._tokens(" ".join([top.title, *top.aliases, top.slug.replace("_", " ")
                                                   .replace("-", " ")])))
            if name_toks & set(self._tokens(words)):
                return top
        return None

    def suggestions(self, url: str, n: int = 3) -> list[Page]:
        words = re.sub(r"[^A-Za-z0-9]+", " ", url)
        return [p for p, _ in self.ranked(words, k=n)]

    @_text_result
    def fetch(self, url: str) -> str:
        if not isinstance(url, str):
            return f"Error: url must be text, got {type(url).__name__}"
        if not url.strip():
            return "Error: empty url; pass an id from search results, e.g. medcalc://calculators/bmi"
        if len(url) > MAX_URL_CHARS:
            return f"Error: url too long ({len(url)} characters)"
        page = self.resolve(url, fuzzy=False)
        if page is None:
            live = _live_fetch(url, self.page_cap)
            if live is not None:
                return live
            page = self.resolve(url)
        if page is None:
            sugg = self.suggestions(url)
            hint = "; ".join(f"{p.title} ({p.url})" for p in sugg)
            return (f"Error: no page found for {url.strip()[:200]!r}. Use an id returned by search"
                    + (f". Closest pages: {hint}" if hint else "") + ".")
        return self._cap(page.text)

    def _cap(self, text: str) -> str:
        if len(text) <= self.page_cap:
            return text
        return (text[: self.page_cap].rstrip() + f"\n\n[page truncated: {len(text) - self.page_cap} more characters "
                f"not shown (limit {self.page_cap})]\n")


# --------------------------------------------------------------------------------------------
# optional live mode
# --------------------------------------------------------------------------------------------
def _live_config() -> tuple[str, str | None] | None:
    url = os.environ.get("MEDMCP_SEARCH_LIVE_URL", "").strip()
    if not url:
        return None
    return url, os.environ.get("MEDMCP_SEARCH_API_KEY") or None


def _live_search(query: str) -> str:
    cfg = _live_config()
    if cfg is None:
        return ""
    url, key = cfg
    try:
        import httpx

        headers = {"Authorization": f"Bearer {key}"} if key else {}
        r = httpx.get(url, params={"q": query}, headers=headers, timeout=10.0)
        r.raise_for_status()
        results = (r.json() or {}).get("results") or []
    except Exception as e:  # live search is best effort
        return f"Web search unavailable ({type(e).__name__})."
    lines = ["Web results:"]
    for n, it in enumerate(results[:TOP_K], 1):
        if not isinstance(it, dict):
            continue
        title = _plain(str(it.get("title", "")))[:200]
        link = str(it.get("url", ""))[:500]
        snip = _plain(str(it.get("snippet") or it.get("content") or ""))[:240]
        lines += [f"{n}. {title}", f"   {link}", f"   {snip}"]
    return "\n".join(lines) if len(lines) > 1 else ""


def _live_fetch(url: str, cap: int) -> str | None:
    if _live_config() is None or not re.match(r"^https?://", url.strip(), re.I):
        return None
    try:
        import httpx

        r = httpx.get(url.strip(), timeout=15.0, follow_redirects=True)
        r.raise_for_status()
        text = r.text
    except Exception as e:
        return f"Error: could not fetch {url.strip()[:200]!r} ({type(e).__name__})"
    if "html" in r.headers.get("content-type", ""):
        text = re.sub(r"(?is)<(script|style)[^>]*>.*?</\1>", " ", text)
        text = re.sub(r"(?s)<[^>]+>", " ", text)
        text = re.sub(r"[ \t]+", " ", text)
        text = re.sub(r"\n\s*\n+", "\n\n", text)
    if len(text) > cap:
        text = text[:cap] + f"\n\n[page truncated: {len(text) - cap} more characters not shown (limit {cap})]\n"
    return text


# --------------------------------------------------------------------------------------------
# module-level entry points
# --------------------------------------------------------------------------------------------
_default: ReferenceIndex | None = None
_default_lock = threading.Lock()


def get_reference_index() -> ReferenceIndex:
    """The process-wide index over the installed calculator library (built on first use)."""
    global _default
    if _default is None:
        with _default_lock:
            if _default is None:
                _default = ReferenceIndex()
    return _default


def search(query: str) -> str:
    """Search the reference corpus; top 10 as title + id + snippet. Never raises."""
    try:
        return get_reference_index().search(query)
    except Exception as e:
        return f"Error: search failed ({type(e).__name__}: {str(e)[:200]})"


def fetch(url: str) -> str:
    """Fetch one page (Markdown) by the id search returned. Never raises."""
    try:
        return get_reference_index().fetch(url)
    except Exception as e:
        return f"Error: fetch failed ({type(e).__name__}: {str(e)[:200]})"
