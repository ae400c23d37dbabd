"""Shared plumbing for the standalone MCP servers (``python -m medmcp_calc.servers.<name>``).

Each server module builds an ``mcp.server.mcpserver.MCPServer`` whose tools are thin
wrappers over a plain-Python core, then calls :func:`serve_main` which parses
``--transport stdio|http --host H --port N`` and runs it. The same cores are
called in-process by the verifiers Toolsets and by the RL rollout.
"""
from __future__ import annotations

import argparse
import logging
import sys
from typing import Callable

from mcp.server.mcpserver import MCPServer


def make_parser(prog: str, description: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=prog, description=description)
    p.add_argument("--transport", choices=["stdio", "http", "streamable-http", "sse"], default="stdio",
                   help="stdio (default) or streamable HTTP ('http'); 'sse' is accepted for the paper's client")
    p.add_argument("--host", default="127.0.0.1", help="bind address for HTTP (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port for HTTP (default 8000)")
    p.add_argument("--log-level", default="WARNING", help="server log level (logs go to stderr)")
    return p


def run_server(server: MCPServer, args: argparse.Namespace) -> None:
    logging.basicConfig(stream=sys.stderr, level=getattr(logging, str(args.log_level).upper(), logging.WARNING))
    if args.transport == "stdio":
        server.run("stdio")
    elif args.transport == "sse":
        server.run("sse", host=args.host, port=args.port)
    else:
        server.run("streamable-http", host=args.host, port=args.port, json_response=True, stateless_http=True)


def serve_main(build: Callable[[argparse.Namespace], MCPServer], prog: str, description: str,
               extra_args: Callable[[argparse.ArgumentParser], None] | None = None,
               argv: list[str] | None = None) -> None:
    """Parse the common flags (plus ``extra_args``), build the server and run it."""
    p = make_parser(prog, description)
    if extra_args:
        extra_args(p)
    args = p.parse_args(argv)
    run_server(build(args), args)
