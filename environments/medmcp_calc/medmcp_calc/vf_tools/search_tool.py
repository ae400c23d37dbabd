"""Reference search/fetch (``search``, ``fetch``) as a verifiers Toolset
(server: ``python -m medmcp_calc.vf_tools.search_tool``), compatible with the paper's
``google_search`` server's tool names; backed by the offline BM25 corpus of
:mod:`medmcp_calc.reference`."""
from __future__ import annotations

import verifiers.v1 as vf


class SearchToolsetConfig(vf.SharedToolsetConfig):
    """No knobs beyond placement; live search is configured by environment variables (see reference)."""


class SearchToolset(vf.Toolset[SearchToolsetConfig]):
    TOOL_PREFIX = None

    @vf.tool
    def search(self, query: str) -> str:
        """Search the medical reference library (calculator pages: purpose, inputs, formula or
        point table, interpretation; and pages on units and clinical definitions). Returns the
        top 10 results as title, url and snippet."""
        from medmcp_calc.reference import search

        if not isinstance(query, str) or not query.strip():
            return "Error: query must be a non-empty string"
        return search(query)

    @vf.tool
    def fetch(self, url: str) -> str:
        """Fetch one reference page (a url from `search` results, or a calculator's name) as Markdown."""
        from medmcp_calc.reference import fetch

        if not isinstance(url, str) or not url.strip():
            return "Error: url must be a non-empty string"
        return fetch(url)


if __name__ == "__main__":
    SearchToolset.run()
