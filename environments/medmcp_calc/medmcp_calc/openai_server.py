"""A small OpenAI-compatible chat-completions server driven by a Python policy.

The server speaks enough of the API for agent harnesses: ``POST /v1/chat/completions``
(plain JSON or ``stream: true`` server-sent events, with ``tool_calls``), ``GET /v1/models``.
What it answers is decided by a *policy*: a callable taking the request's messages and
tool list and returning either :class:`ToolCallAction` or :class:`TextAction`.

It is used by the oracle endpoint (the reference solver playing the model, see
``medmcp_calc.oracle``) and by tests that need a scripted model behind a real socket.
"""
from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence


@dataclass
class ToolCallAction:
    name: str  # the tool's short name; resolved against the request's tool list by suffix
    arguments: dict[str, Any]
    content: str = ""


@dataclass
class TextAction:
    content: str


@dataclass
class MultiToolCallAction:
    calls: list[ToolCallAction] = field(default_factory=list)
    content: str = ""


Action = ToolCallAction | TextAction | MultiToolCallAction
Policy = Callable[[list[dict], list[dict]], Action]


def resolve_tool_name(short: str, tools: Sequence[dict]) -> str:
    """Map a bare tool name (``run_read_only_sql``) to the name offered in the request
    (harnesses may prefix it, e.g. ``postgres_executor_run_read_only_sql``)."""
    names = [((t.get("function") or {}).get("name") or t.get("name") or "") for t in tools or []]
    if short in names:
        return short
    for n in names:
        if n.endswith("_" + short) or n.endswith("." + short) or n.endswith("__" + short):
            return n
    return short


def _usage(messages: list[dict], text: str) -> dict:
    p = sum(len(str(m.get("content") or "")) for m in messages) // 4
    c = max(1, len(text) // 4)
    return {"prompt_tokens": p, "completion_tokens": c, "total_tokens": p + c}


def _message_for(action: Action, tools: list[dict]) -> tuple[dict, str]:
    if isinstance(action, TextAction):
        return {"role": "assistant", "content": action.content}, "stop"
    calls = action.calls if isinstance(action, MultiToolCallAction) else [action]
    tool_calls = [
        {
            "id": f"call_{uuid.uuid4().hex[:16]}",
            "type": "function",
            "function": {"name": resolve_tool_name(c.name, tools), "arguments": json.dumps(c.arguments)},
        }
        for c in calls
    ]
    content = action.content if isinstance(action, (ToolCallAction, MultiToolCallAction)) else ""
    return {"role": "assistant", "content": content or None, "tool_calls": tool_calls}, "tool_calls"


def build_app(policy: Policy, model_name: str = "oracle"):
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse, StreamingResponse
    from starlette.routing import Route

    async def models(_: Request):
        return JSONResponse({"object": "list", "data": [{"id": model_name, "object": "model", "owned_by": "medmcp-calc"}]})

    async def chat(request: Request):
        try:
            body = await request.json()
        except Exception:
            return JSONResponse({"error": {"message": "request body is not JSON", "type": "invalid_request_error"}}, 400)
        messages = body.get("messages")
        if not isinstance(messages, list):
            return JSONResponse({"error": {"message": "'messages' must be a list", "type": "invalid_request_error"}}, 400)
        tools = body.get("tools") or []
        try:
            action = await asyncio.to_thread(policy, messages, tools)
        except Exception as e:  # the policy failing is reported, not hidden
            return JSONResponse({"error": {"message": f"policy error: {type(e).__name__}: {e}", "type": "server_error"}}, 500)
        msg, finish = _message_for(action, tools)
        cid = f"chatcmpl-{uuid.uuid4().hex[:20]}"
        created = int(time.time())
        model = body.get("model") or model_name
        text = json.dumps(msg)
        if not body.get("stream"):
            return JSONResponse({
                "id": cid, "object": "chat.completion", "created": created, "model": model,
                "choices": [{"index": 0, "message": msg, "finish_reason": finish, "logprobs": None}],
                "usage": _usage(messages, text),
            })

        def chunk(delta: dict, finish_reason: str | None = None, usage: dict | None = None) -> str:
            obj: dict[str, Any] = {"id": cid, "object": "chat.completion.chunk", "created": created, "model": model,
                                   "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason, "logprobs": None}]}
            if usage is not None:
                obj["usage"] = usage
            return f"data: {json.dumps(obj)}\n\n"

        async def gen():
            yield chunk({"role": "assistant", "content": ""})
            if msg.get("content"):
                yield chunk({"content": msg["content"]})
            for i, tc in enumerate(msg.get("tool_calls") or []):
                yield chunk({"tool_calls": [{"index": i, "id": tc["id"], "type": "function",
                                             "function": {"name": tc["function"]["name"], "arguments": ""}}]})
                yield chunk({"tool_calls": [{"index": i, "function": {"arguments": tc["function"]["arguments"]}}]})
            opts = body.get("stream_options") or {}
            yield chunk({}, finish, _usage(messages, text) if opts.get("include_usage") else None)
            yield "data: [DONE]\n\n"

        return StreamingResponse(gen(), media_type="text/event-stream")

    routes = [
        Route("/v1/models", models, methods=["GET"]),
        Route("/models", models, methods=["GET"]),
        Route("/v1/chat/completions", chat, methods=["POST"]),
        Route("/chat/completions", chat, methods=["POST"]),
    ]
    return Starlette(routes=routes)


class PolicyServer:
    """Run :func:`build_app` with uvicorn in a background thread (``with PolicyServer(p) as s: s.base_url``)."""

    def __init__(self, policy: Policy, host: str = "127.0.0.1", port: int = 0, model_name: str = "oracle"):
        self.policy = policy
        self.host = host
        self.port = port
        self.model_name = model_name
        self._server = None
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/v1"

    def start(self) -> "PolicyServer":
        import uvicorn

        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, self.port))
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(build_app(self.policy, self.model_name), log_level="warning")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [sock]}, daemon=True)
        self._thread.start()
        deadline = time.time() + 10
        while not self._server.started and time.time() < deadline:
            time.sleep(0.02)
        if not self._server.started:
            raise RuntimeError("policy server did not start within 10 s")
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)

    def serve_forever(self) -> None:
        self.start()
        try:
            while self._thread and self._thread.is_alive():
                self._thread.join(timeout=1)
        except KeyboardInterrupt:
            pass
        finally:
            self.stop()

    def __enter__(self) -> "PolicyServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
