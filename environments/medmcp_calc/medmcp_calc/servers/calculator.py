"""MCP server ``calculator``: tools ``calculator(expression)`` and ``convert_units(value, from_unit, to_unit, analyte)``.

    python -m medmcp_calc.servers.calculator [--transport stdio|http --port N]

Thin wrappers over :mod:`medmcp_calc.tools.calculator`.
"""
from __future__ import annotations


from mcp.server.mcpserver import MCPServer

from medmcp_calc.servers.common import serve_main
from medmcp_calc.tools import calculator as core

CALC_DESCRIPTION = (
    "Evaluate one arithmetic expression, e.g. '70 / 1.75**2' or 'round(141 * min(1.1/0.9, 1)**-0.329, 1)'. "
    "Supports + - * / // % ** (also ^), parentheses, pi, e and sqrt, exp, log (natural; log(x, base)), ln, log10, "
    "log2, pow, abs, round, min, max, floor, ceil, sin, cos, tan, asin, acos, atan, atan2, degrees, radians, hypot, "
    "cbrt. No variables or text."
)
CONVERT_DESCRIPTION = (
    "Convert a value between units: mass (kg, lb, g), length (cm, in, ft), temperature (C, F, K), pressure "
    "(mmHg, kPa), time, volume, cell counts, and lab concentrations (mg/dL, umol/L, mmol/L, mEq/L, g/L...). "
    "Mass <-> molar concentration needs analyte, e.g. analyte='creatinine' or 'glucose'."
)


def build_server() -> MCPServer:
    server = MCPServer("calculator", instructions="Arithmetic and unit conversion.")

    @server.tool(name="calculator", description=CALC_DESCRIPTION)
    def calculator(expression: str) -> str:
        return core.calculator(expression)

    @server.tool(name="convert_units", description=CONVERT_DESCRIPTION)
    def convert_units(value: float, from_unit: str, to_unit: str, analyte: str | None = None) -> str:
        return core.convert_units(value, from_unit, to_unit, analyte)

    return server


def main(argv: list[str] | None = None) -> None:
    serve_main(lambda _args: build_server(), "python -m medmcp_calc.servers.calculator", "Calculator and unit-conversion MCP server",
               argv=argv)


if __name__ == "__main__":
    main()
