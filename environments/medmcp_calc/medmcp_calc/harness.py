"""A plain chat tool-calling harness that runs offline.

verifiers' ``null`` harness is exactly the loop we want (system + user prompt, the
toolsets' MCP tools, stop at the first reply without tool calls), but it installs its
program's dependencies with ``uv`` from PyPI on first use. :class:`LocalChatHarness`
runs the very same program with the current interpreter instead (our venv already has
its dependencies: openai, mcp, httpx, httpx2, tenacity, certifi), so evaluations work
without network access. It only supports the local ``subprocess`` runtime; for
container/remote runtimes pick ``--env.agent.harness.id null``.
"""
from __future__ import annotations

import json
import sys

from verifiers.v1.harnesses.null.harness import NullHarness, NullHarnessConfig
from verifiers.v1.harnesses.utils.launch import CHAT_PROGRAM_SOURCE

PROGRAM_FILE = ".vf-local-chat-program.py"


class LocalChatHarnessConfig(NullHarnessConfig):
    """Same knobs as the ``null`` harness."""


class LocalChatHarness(NullHarness):
    async def setup(self, runtime) -> None:  # no uv bootstrap
        if getattr(runtime, "type", "subprocess") != "subprocess":
            raise ValueError(
                "LocalChatHarness runs the chat program with the host interpreter and only "
                "supports the subprocess runtime; use --env.agent.harness.id null for "
                f"runtime {runtime.type!r}"
            )

    async def launch(self, ctx, trace, runtime, endpoint, secret, mcp_urls, data, tool_interception_url=None):
        system_prompt, prompt = self.resolve_prompt(data)
        args = [f"--base-url={endpoint}", f"--api-key={secret}", f"--model={ctx.model}"]
        if tool_interception_url:
            args.append(f"--tool-interception-url={tool_interception_url}")
        if system_prompt:
            args.append(f"--system-prompt={system_prompt}")
        if mcp_urls:
            servers = {n: {"url": u, "timeout": self.config.tool_timeout} for n, u in mcp_urls.items()}
            args.append("--mcp-config=" + json.dumps({"mcpServers": servers}))
        if isinstance(prompt, str):
            args.append(f"--prompt={prompt}")
        elif prompt is not None:
            from verifiers.v1.dialects.chat import message_to_wire

            path = f".vf-initial-messages-{trace.id}.json"
            await runtime.write(path, json.dumps([message_to_wire(m) for m in prompt]).encode())
            args.append(f"--initial-messages-file={path}")
        await runtime.write(PROGRAM_FILE, CHAT_PROGRAM_SOURCE.encode())
        return await runtime.run_program([sys.executable, PROGRAM_FILE, *args], {**self.config.resolved_env})
