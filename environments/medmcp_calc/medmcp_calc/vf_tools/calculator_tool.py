"""``calculator`` / ``convert_units`` as a verifiers Toolset
(server: ``python -m medmcp_calc.vf_tools.calculator_tool``)."""
from __future__ import annotations

import verifiers.v1 as vf


class CalculatorToolsetConfig(vf.SharedToolsetConfig):
    """No knobs beyond placement (runtime / url)."""


class CalculatorToolset(vf.Toolset[CalculatorToolsetConfig]):
    TOOL_PREFIX = None  # advertise `calculator`, as the MCP server does

    @vf.tool
    def calculator(self, expression: str) -> str:
        """Evaluate one arithmetic expression, e.g. "(140 - 65) * 70 / (72 * 1.1)". Supports
        + - * / // % ** (or ^), parentheses, pi, e, sqrt, log, ln, exp, abs, round, min, max."""
        from medmcp_calc.tools.calculator import calculator

        return calculator(expression)

    @vf.tool
    def convert_units(self, value: float, from_unit: str, to_unit: str, analyte: str | None = None) -> str:
        """Convert a value between units, e.g. value=1.2, from_unit="mg/dL", to_unit="umol/L",
        analyte="creatinine" (the analyte is needed for mass <-> molar concentrations)."""
        from medmcp_calc.tools.calculator import convert_units

        return convert_units(value, from_unit, to_unit, analyte)


if __name__ == "__main__":
    CalculatorToolset.run()
