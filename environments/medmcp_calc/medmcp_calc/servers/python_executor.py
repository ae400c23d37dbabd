"""MCP server ``python_executor``: tool ``run_python(code)`` over the sandboxed worker pool.

    python -m medmcp_calc.servers.python_executor [--transport stdio|http --port N] [--workers N] [--timeout S]

The tool is a thin wrapper over :class:`medmcp_calc.sandbox.PythonSandbox`, which the
verifiers environment and the RL rollout also call in-process.
"""
from __future__ import annotations

import argparse
import threading

from mcp.server.mcpserver import MCPServer

from medmcp_calc.sandbox import PythonSandbox, get_default_sandbox
from medmcp_calc.servers.common import serve_main

DESCRIPTION = (
    "Run a short Python snippet and return what it prints plus the value of its last expression. "
    "Available imports: math, statistics, datetime, fractions, decimal, numpy (pure computation only; "
    "no files, network or processes). Each call starts fresh: variables do not persist between calls. "
    "Time and memory are limited; long outputs are truncated."
)


def build_server(sandbox: PythonSandbox | None = None, *, workers: int | None = None,
                 timeout_s: float | None = None) -> MCPServer:
    """Build the server. Pass ``sandbox`` to share a pool; by default the process-wide pool."""
    if sandbox is None:
        if workers or timeout_s:
            sandbox = PythonSandbox(workers, **({"timeout_s": timeout_s} if timeout_s else {}))
        else:
            sandbox = get_default_sandbox()
    threading.Thread(target=_warm, args=(sandbox,), daemon=True, name="sandbox-warm").start()
    server = MCPServer("python_executor", instructions="Sandboxed Python for calculations.")

    @server.tool(name="run_python", description=DESCRIPTION)
    async def run_python(code: str) -> str:
        return await sandbox.arun(code)

    return server


def _warm(sandbox: PythonSandbox) -> None:
    try:
        sandbox.warm()  # start the workers now rather than on the first call
    except Exception:  # the first call reports a worker that cannot start
        pass


def _extra(p: argparse.ArgumentParser) -> None:
    p.add_argument("--workers", type=int, default=None, help="worker processes in the pool (default: min(4, CPUs))")
    p.add_argument("--timeout", type=float, default=None, help="wall-clock seconds per call (default 10)")


def main(argv: list[str] | None = None) -> None:
    serve_main(lambda a: build_server(workers=a.workers, timeout_s=a.timeout), "python -m medmcp_calc.servers.python_executor", "Sandboxed Python executor MCP server",
               extra_args=_extra, argv=argv)


if __name__ == "__main__":
    main()
