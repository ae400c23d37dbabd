"""A scripted OpenAI-compatible chat-completions server for end-to-end tests.

A real HTTP server on 127.0.0.1 (stdlib ``ThreadingHTTPServer``) that speaks the part of
the API agent harnesses use: ``POST /v1/chat/completions`` (JSON, or ``stream: true``
server-sent events with ``delta.tool_calls``) and ``GET /v1/models``. A *policy*
decides each reply: ``policy(messages, tools) -> Reply``.

Run standalone (for ``vf-eval`` in a subprocess)::

    python -m tests._support.scripted_openai --policy truth --data rows.jsonl --port-file p.txt

Built-in policies (by name, for the CLI) read a JSONL of ``{"key": <substring of the
user prompt>, "answer": <text>}`` rows and answer the row whose key occurs in the
prompt:

- ``truth``: answer with the row's text;
- ``truth-tool``: first call the first offered tool (``arguments`` from the row's
  ``tool_args``), then answer with the row's text once a tool result is present;
- anything else answers ``"no idea"``.
"""
from __future__ import annotations

import argparse
import json
import threading
import time
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable


@dataclass
class Reply:
    content: str = ""
    tool_calls: list[dict[str, Any]] = field(default_factory=list)  # [{"name", "arguments": dict}]


Policy = Callable[[list[dict], list[dict]], Reply]


def _chunk(cid: str, model: str, delta: dict, finish: str | None = None) -> bytes:
    body = {
        "id": cid,
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }
    return f"data: {json.dumps(body)}\n\n".encode()


class _Handler(BaseHTTPRequestHandler):
    server: "ScriptedServer"  # type: ignore[assignment]

    def log_message(self, *args: Any) -> None:  # quiet
        pass

    def _send_json(self, code: int, obj: Any) -> None:
        data = json.dumps(obj).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:  # noqa: N802
        if self.path.rstrip("/").endswith("/models"):
            self._send_json(200, {"object": "list", "data": [{"id": "scripted", "object": "model"}]})
        else:
            self._send_json(404, {"error": {"message": f"no route {self.path}"}})

    def do_POST(self) -> None:  # noqa: N802
        if not self.path.rstrip("/").endswith("/chat/completions"):
            self._send_json(404, {"error": {"message": f"no route {self.path}"}})
            return
        length = int(self.headers.get("Content-Length") or 0)
        req = json.loads(self.rfile.read(length) or b"{}")
        messages = req.get("messages") or []
        tools = req.get("tools") or []
        self.server.requests.append(req)
        try:
            reply = self.server.policy(messages, tools)
        except Exception as e:  # a broken policy is a test bug: say so loudly
            self._send_json(500, {"error": {"message": f"policy failed: {e!r}"}})
            return
        model = req.get("model") or "scripted"
        cid = "chatcmpl-" + uuid.uuid4().hex[:12]
        calls = [
            {
                "id": "call_" + uuid.uuid4().hex[:10],
                "type": "function",
                "function": {"name": c["name"], "arguments": json.dumps(c.get("arguments") or {})},
            }
            for c in reply.tool_calls
        ]
        finish = "tool_calls" if calls else "stop"
        p = sum(len(str(m.get("content") or "")) for m in messages) // 4 + 1
        usage = {"prompt_tokens": p, "completion_tokens": len(reply.content) // 4 + 1}
        usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
        if not req.get("stream"):
            msg: dict[str, Any] = {"role": "assistant", "content": reply.content or None}
            if calls:
                msg["tool_calls"] = calls
            self._send_json(200, {
                "id": cid, "object": "chat.completion", "created": int(time.time()), "model": model,
                "choices": [{"index": 0, "message": msg, "finish_reason": finish}], "usage": usage,
            })
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        out = [_chunk(cid, model, {"role": "assistant", "content": ""})]
        text = reply.content
        for i in range(0, len(text), 40):
            out.append(_chunk(cid, model, {"content": text[i:i + 40]}))
        for i, c in enumerate(calls):
            out.append(_chunk(cid, model, {"tool_calls": [{
                "index": i, "id": c["id"], "type": "function",
                "function": {"name": c["function"]["name"], "arguments": ""}}]}))
            out.append(_chunk(cid, model, {"tool_calls": [{
                "index": i, "function": {"arguments": c["function"]["arguments"]}}]}))
        out.append(_chunk(cid, model, {}, finish))
        if (req.get("stream_options") or {}).get("include_usage"):
            body = {"id": cid, "object": "chat.completion.chunk", "created": int(time.time()),
                    "model": model, "choices": [], "usage": usage}
            out.append(f"data: {json.dumps(body)}\n\n".encode())
        out.append(b"data: [DONE]\n\n")
        self.wfile.write(b"".join(out))
        self.wfile.flush()


class ScriptedServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, policy: Policy, port: int = 0) -> None:
        super().__init__(("127.0.0.1", port), _Handler)
        self.policy = policy
        self.requests: list[dict] = []
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"

    def start(self) -> "ScriptedServer":
        self._thread = threading.Thread(target=self.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self.shutdown()
        self.server_close()


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return ""


def lookup_policy(rows: list[dict], use_tool: bool) -> Policy:
    """Answer the row whose ``key`` occurs in the user prompt; optionally call a tool first."""

    def policy(messages: list[dict], tools: list[dict]) -> Reply:
        prompt = "\n".join(_text(m.get("content")) for m in messages if m.get("role") == "user")
        row = next((r for r in rows if r["key"] in prompt), None)
        if row is None:
            return Reply(content="I cannot find this question.")
        had_tool_result = any(m.get("role") == "tool" for m in messages)
        if use_tool and tools and not had_tool_result:
            wanted = row.get("tool")
            names = [(t.get("function") or {}).get("name", "") for t in tools]
            name = next((n for n in names if wanted and n.endswith(wanted)), names[0])
            return Reply(content="Let me compute this.", tool_calls=[{"name": name, "arguments": row.get("tool_args") or {}}])
        return Reply(content=row["answer"])

    return policy


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True, help="JSONL rows {key, answer, tool?, tool_args?}")
    ap.add_argument("--policy", default="truth", choices=["truth", "truth-tool"])
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--port-file", help="write the bound port here once listening")
    args = ap.parse_args(argv)
    rows = [json.loads(line) for line in Path(args.data).read_text().splitlines() if line.strip()]
    server = ScriptedServer(lookup_policy(rows, args.policy == "truth-tool"), args.port)
    if args.port_file:
        Path(args.port_file).write_text(str(server.server_address[1]))
    server.serve_forever()


if __name__ == "__main__":
    main()
