"""``run_python`` as a verifiers Toolset (server: ``python -m medmcp_calc.vf_tools.python_tool``)."""
from __future__ import annotations

import verifiers.v1 as vf
from pydantic import Field


class PythonToolsetConfig(vf.SharedToolsetConfig):
    timeout_s: float = Field(10.0, gt=0, le=120)
    """Wall-clock limit per run_python call (seconds)."""


class PythonToolset(vf.Toolset[PythonToolsetConfig]):
    TOOL_PREFIX = None  # advertise `run_python`, as the MCP server does

    @vf.tool
    async def run_python(self, code: str) -> str:
        """Run Python code in a sandbox and return what it prints (and the value of a final
        expression). Only the standard library's math-style modules are available; no files, no
        network. Use it for multi-step arithmetic, e.g. code="w=70; h=1.75\\nprint(w/h**2)"."""
        from medmcp_calc.sandbox import get_default_sandbox

        if not isinstance(code, str):
            return "Error: code must be a string of Python source"
        return await get_default_sandbox().arun(code, self.config.timeout_s)


if __name__ == "__main__":
    PythonToolset.run()
