"""``run_python``, ``calculator`` and ``convert_units`` as one verifiers Toolset
(server: ``python -m medmcp_calc.vf_tools.compute_tool``).

One server with bare tool names: verifiers prefixes tool names with the server name, and only one
server can go unprefixed (two unnamed servers would collide), so the compute tools share a server
and the config chooses which of them are offered.
"""
from __future__ import annotations

import verifiers.v1 as vf
from pydantic import Field


class ComputeToolsetConfig(vf.SharedToolsetConfig):
    run_python: bool = True
    """Offer run_python (the sandboxed Python worker pool of medmcp_calc.sandbox)."""
    calculator: bool = True
    """Offer calculator and convert_units (medmcp_calc.tools.calculator)."""
    python_timeout_s: float = Field(10.0, gt=0, le=120)
    """Wall-clock limit per run_python call (seconds)."""


class ComputeToolset(vf.Toolset[ComputeToolsetConfig]):
    TOOL_PREFIX = None  # advertise `run_python`, `calculator`, `convert_units` as the MCP servers do

    def register(self, mcp) -> None:
        enabled = {"run_python": self.config.run_python, "calculator": self.config.calculator,
                   "convert_units": self.config.calculator}
        from verifiers.v1.utils.decorators import discover_decorated

        for fn in discover_decorated(self, "tool"):
            name = getattr(fn, "tool_name", None) or fn.__name__
            if enabled.get(name, True):
                mcp.add_tool(self._with_state(fn), name=name, description=(fn.__doc__ or "").strip() or None)

    @vf.tool
    async def run_python(self, code: str) -> str:
        """Run Python code in a sandbox and return what it prints. Only computation is allowed:
        math-style standard-library modules, no files, no network, a few seconds of CPU.
        Example: code="weight = 70\\nheight = 1.75\\nprint(round(weight / height**2, 2))"."""
        from medmcp_calc.sandbox import get_default_sandbox

        if not isinstance(code, str):
            return "Error: code must be a string of Python source"
        return await get_default_sandbox().arun(code, self.config.python_timeout_s)

    @vf.tool
    def calculator(self, expression: str) -> str:
        """Evaluate one arithmetic expression, e.g. "(140 - 65) * 70 / (72 * 1.1)". Supports
        + - * / // % ** (or ^), parentheses, pi, e and common math functions (sqrt, log, exp, ...)."""
        from medmcp_calc.tools.calculator import calculator

        return calculator(expression)

    @vf.tool
    def convert_units(self, value: float, from_unit: str, to_unit: str, analyte: str | None = None) -> str:
        """Convert a value between units, e.g. value=1.2, from_unit="mg/dL", to_unit="umol/L",
        analyte="creatinine" (the analyte is needed for mass <-> molar concentrations)."""
        from medmcp_calc.tools.calculator import convert_units

        return convert_units(value, from_unit, to_unit, analyte)


if __name__ == "__main__":
    ComputeToolset.run()
