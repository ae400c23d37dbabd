"""The postgres_executor MCP server, driven by the official ``mcp`` SDK client over stdio and streamable HTTP."""
from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time

import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

TOOLS = {"list_tables", "describe_tables", "run_read_only_sql", "run_sql"}
QUERY = ("SELECT patient_id, test_result FROM laboratory_result WHERE test_item_name = 'Creatinine' "
         "ORDER BY report_time")
EXPECTED = "patient_id|test_result\nP0002|0.8\nP0001|1.8\nP0001|2.1\n(3 rows)"


def _text(result) -> str:
    assert not result.is_error, result
    return "".join(c.text for c in result.content if getattr(c, "type", "") == "text")


async def _exercise(session: ClientSession) -> None:
    await session.initialize()
    tools = await session.list_tools()
    names = {t.name for t in tools.tools}
    assert TOOLS <= names
    schema = next(t for t in tools.tools if t.name == "describe_tables").input_schema
    assert schema["properties"]["table_names"]["type"] == "array"
    assert _text(await session.call_tool("run_read_only_sql", {"query": QUERY})) == EXPECTED
    assert _text(await session.call_tool("run_sql", {"query": QUERY})) == EXPECTED
    assert _text(await session.call_tool("list_tables", {})).startswith("9 tables")
    desc = _text(await session.call_tool("describe_tables", {"table_names": ["laboratory_result"]}))
    assert "  test_result text -- " in desc
    err = _text(await session.call_tool("run_read_only_sql", {"query": "DROP TABLE vital_signs"}))
    assert err.startswith("Error: DROP is not allowed")
    err = _text(await session.call_tool("run_read_only_sql", {"query": "SELECT nope FROM vital_signs"}))
    assert err.startswith('Error: column "nope" does not exist')


def _env() -> dict:
    env = dict(os.environ)
    env.pop("MEDMCP_DATABASE_URL", None)
    return env


def test_stdio(built):
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "medmcp_calc.servers.postgres_executor", "--database-url",
                                      built.agent_url], env=_env())

    async def run():
        async with stdio_client(params) as (r, w), ClientSession(r, w) as session:
            await _exercise(session)
    asyncio.run(asyncio.wait_for(run(), 60))


def test_stdio_reads_url_from_env(built):
    env = _env() | {"MEDMCP_DATABASE_URL": built.agent_url}
    params = StdioServerParameters(command=sys.executable, args=["-m", "medmcp_calc.servers.postgres_executor"],
                                   env=env)

    async def run():
        async with stdio_client(params) as (r, w), ClientSession(r, w) as session:
            await session.initialize()
            out = await session.call_tool("run_read_only_sql", {"query": QUERY})
            assert _text(out) == EXPECTED
    asyncio.run(asyncio.wait_for(run(), 60))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def http_server(built):
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "medmcp_calc.servers.postgres_executor", "--transport", "http", "--port", str(port),
         "--database-url", built.agent_url], env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"server exited: {proc.stderr.read().decode()[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                break
        except OSError:
            time.sleep(0.1)
    else:
        proc.kill()
        pytest.fail("HTTP server did not start listening within 30 s")
    yield f"http://127.0.0.1:{port}/mcp"
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def test_streamable_http(http_server):
    async def run():
        async with streamable_http_client(http_server) as (r, w), ClientSession(r, w) as session:
            await _exercise(session)
    asyncio.run(asyncio.wait_for(run(), 60))


def test_in_process_server_shares_a_core(db):
    from medmcp_calc.servers.postgres_executor import build_server
    server = build_server(db=db)
    assert server.name == "postgres_executor"
