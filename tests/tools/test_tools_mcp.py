"""The three tool servers driven by the ``mcp`` SDK client over stdio and streamable HTTP."""
from __future__ import annotations

import sys

import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

# module -> (extra CLI args, {tool: [(arguments, expected substring)]})
SERVERS = {
    "medmcp_calc.servers.python_executor": (["--workers", "1"], {
        "run_python": [({"code": "import math\nprint(math.sqrt(16))\n6 * 7"}, "4.0\n42"),
                       ({"code": "import os"}, "ImportError")],
    }),
    "medmcp_calc.servers.calculator": ([], {
        "calculator": [({"expression": "70 / 1.75 ** 2"}, "22.857142857142"),
                       ({"expression": "().__class__"}, "Error:")],
        "convert_units": [({"value": 1.4, "from_unit": "mg/dL", "to_unit": "umol/L", "analyte": "creatinine"},
                           "= 123.76"),
                          ({"value": 180, "from_unit": "lb", "to_unit": "kg"}, "81.64")],
    }),
    "medmcp_calc.servers.google_search": ([], {
        "search": [({"query": "stroke risk in atrial fibrillation"}, "medcalc://calculators/")],
        "fetch": [({"url": "medcalc://topics/dosing-weight"}, "# Which body weight to use")],
    }),
}
SERVER_NAMES = {"medmcp_calc.servers.python_executor": "python_executor",
                "medmcp_calc.servers.calculator": "calculator",
                "medmcp_calc.servers.google_search": "google_search"}
MALFORMED = [("run_python", {}), ("run_python", {"code": None}), ("calculator", {"expression": ["x"]}),
             ("convert_units", {"value": "abc", "from_unit": 1}), ("search", {"query": {"a": 1}}),
             ("fetch", {}), ("no_such_tool", {"x": 1})]


def _text(result) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


async def _drive(session: ClientSession, module: str) -> None:
    init = await session.initialize()
    assert init.server_info.name == SERVER_NAMES[module]
    _, tools = SERVERS[module]
    listed = {t.name: t for t in (await session.list_tools()).tools}
    assert set(listed) == set(tools)
    for t in listed.values():
        assert t.description and len(t.description) > 30
    for name, cases in tools.items():
        for args, expected in cases:
            res = await session.call_tool(name, args)
            text = _text(res)
            assert expected in text, (name, args, text[:500])
            assert not res.is_error
    # malformed calls: an error result (or protocol error), never a dead server
    for name, args in MALFORMED:
        if name not in tools and name != "no_such_tool":
            continue
        try:
            res = await session.call_tool(name, args)
            assert res.is_error or _text(res).startswith(("Error", "No results")), (name, args, _text(res))
            assert _text(res)
        except MCPError:
            pass
    name, cases = next(iter(tools.items()))
    res = await session.call_tool(name, cases[0][0])
    assert cases[0][1] in _text(res)


@pytest.mark.parametrize("module", list(SERVERS))
async def test_stdio(module):
    extra, _ = SERVERS[module]
    params = StdioServerParameters(command=sys.executable, args=["-m", module, *extra])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await _drive(session, module)


@pytest.mark.parametrize("module", list(SERVERS))
async def test_streamable_http(module, http_server):
    extra, _ = SERVERS[module]
    srv = http_server(module, *extra)
    async with streamable_http_client(srv.url) as (read, write):
        async with ClientSession(read, write) as session:
            await _drive(session, module)
