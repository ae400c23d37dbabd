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


# ----------------------------------------------------------------------------------------------
# hypothesis fuzzing through a real stdio MCP session (one server process per module)
# ----------------------------------------------------------------------------------------------
from contextlib import asynccontextmanager  # noqa: E402

from anyio.from_thread import start_blocking_portal  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

JSON_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False),
              st.text(max_size=120)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)),
    max_leaves=6)


@asynccontextmanager
async def _stdio_session(module: str, *extra: str):
    params = StdioServerParameters(command=sys.executable, args=["-m", module, *extra])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            yield session


@pytest.fixture(scope="module")
def portal():
    with start_blocking_portal() as p:
        yield p


@pytest.fixture(scope="module")
def calc_session(portal):
    with portal.wrap_async_context_manager(_stdio_session("medmcp_calc.servers.calculator")) as s:
        yield s


@pytest.fixture(scope="module")
def search_session(portal):
    with portal.wrap_async_context_manager(_stdio_session("medmcp_calc.servers.google_search")) as s:
        yield s


@pytest.fixture(scope="module")
def python_session(portal):
    with portal.wrap_async_context_manager(_stdio_session("medmcp_calc.servers.python_executor",
                                                          "--workers", "1", "--timeout", "2")) as s:
        yield s


def _call(portal, session, tool, args) -> str:
    try:
        res = portal.call(session.call_tool, tool, args)
    except MCPError as e:  # protocol-level rejection is fine; the server must stay up
        return f"Error: {e}"
    text = _text(res)
    assert isinstance(text, str) and text
    return text


FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@FUZZ
@given(st.dictionaries(st.sampled_from(["expression", "value", "from_unit", "to_unit", "analyte", "x"]),
                       JSON_VALUES, max_size=4), st.sampled_from(["calculator", "convert_units"]))
def test_fuzz_calculator_server(portal, calc_session, args, tool):
    _call(portal, calc_session, tool, args)


@FUZZ
@given(st.one_of(st.text(max_size=200).map(lambda q: {"query": q}), st.text(max_size=200).map(lambda u: {"url": u}),
                 st.dictionaries(st.sampled_from(["query", "url"]), JSON_VALUES, max_size=2)),
       st.sampled_from(["search", "fetch"]))
def test_fuzz_search_server(portal, search_session, args, tool):
    _call(portal, search_session, tool, args)


@FUZZ
@given(st.one_of(st.text(max_size=200).map(lambda c: {"code": c}),
                 st.dictionaries(st.sampled_from(["code", "timeout"]), JSON_VALUES, max_size=2)))
def test_fuzz_python_server(portal, python_session, args):
    _call(portal, python_session, "run_python", args)


def test_servers_alive_after_fuzz(portal, calc_session, search_session, python_session):
    assert _call(portal, calc_session, "calculator", {"expression": "6 * 7"}) == "42"
    assert "medcalc://" in _call(portal, search_session, "search", {"query": "kidney function"})
    assert _call(portal, python_session, "run_python", {"code": "print(6 * 7)"}) == "42\n"
