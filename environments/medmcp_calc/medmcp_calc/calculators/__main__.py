"""``python -m medmcp_calc.calculators list`` prints the library."""
from __future__ import annotations

import argparse
import sys

from . import all_calculators


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m medmcp_calc.calculators", description="The calculator library.")
    sub = p.add_subparsers(dest="cmd", required=True)
    ls = sub.add_parser("list", help="print id, name, domain and output type of every calculator")
    ls.add_argument("--domain", help="only calculators of this domain (substring match)")
    show = sub.add_parser("show", help="print one calculator's reference page")
    show.add_argument("calc_id")
    a = p.parse_args(argv)
    if a.cmd == "list":
        calcs = all_calculators()
        if a.domain:
            calcs = [c for c in calcs if any(a.domain.lower() in d.lower() for d in c.domains)]
        print(f"{'id':34} {'output':10} {'domain':40} name")
        for c in calcs:
            print(f"{c.id:34} {c.output.kind:10} {c.domains[0]:40} {c.name}")
        print(f"{len(calcs)} calculators")
        return 0
    if a.cmd == "show":
        from . import get, UnknownCalculatorError

        try:
            print(get(a.calc_id).reference)
        except UnknownCalculatorError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
