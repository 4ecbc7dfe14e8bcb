# SPDX-License-Identifier: GPL-2.0-only
"""The entry point: ``mptcp-ns3 SUBCOMMAND [options]``; each subcommand is one module's
``main(argv)`` and has its own ``--help``.

An unknown subcommand (or plot kind) is one line on stderr and exit status 2, as every bad
argument of a subcommand.
"""

import importlib
import os
import sys

from . import plots
from .common import TOOL, error

#: subcommand -> (module, one-line description); ``plot`` dispatches on plots.KINDS.
SUBCOMMANDS = {
    "sweep": ("sweep", "run any grid of one program's options in parallel, resumable, "
              "recorded in the results database"),
    "fattree": ("fattree", "the main job: FatTree TCP vs MPTCP 1..8 subflows, Figs. 2 and 3 "
                "of Raiciu et al. 2011 (tools/quickstart.sh)"),
    "reproduce": ("figures", "reproduce a figure of Raiciu et al. 2011 (FIG, 'all' or 'list'): "
                  "run, plot, compare with the paper"),
    "thesis-table53": ("thesis", "Table 5.3 of the MMPTCP thesis: the six transport "
                       "configurations under Sim_Mix, FCT table and plots"),
    "plot": (None, "draw a plot from finished results: plot KIND (" + ", ".join(plots.KINDS)
             + ")"),
    "bench": ("bench", "speed: stock ns-3 TCP, TCP and MPTCP-8 of this module, cost per packet"),
}


def usage():
    lines = [f"usage: {TOOL} SUBCOMMAND [options]   ({TOOL} SUBCOMMAND --help for its options)",
             "", "subcommands:"]
    lines += [f"  {name:<16} {desc}" for name, (_, desc) in SUBCOMMANDS.items()]
    lines += ["", "plot kinds:"]
    lines += [f"  {name:<16} {desc}" for name, (_, desc) in plots.KINDS.items()]
    lines += ["", "See README.md and doc/reproduction.rst."]
    return "\n".join(lines)


def main(argv=None):
    """Runs one subcommand; returns its exit status. A reader that closes standard output early
    (``mptcp-ns3 reproduce all --dry-run | head``) ends the command quietly with status 1, as
    it ends cat or grep, instead of a traceback."""
    try:
        return _main(argv)
    except BrokenPipeError:
        # Python flushes stdout again at exit: point it at /dev/null so that nothing more fails.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv:
        error(TOOL, f"a subcommand is needed ({', '.join(SUBCOMMANDS)}; see --help)")
        return 2
    if argv[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    name, rest = argv[0], argv[1:]
    if name not in SUBCOMMANDS:
        error(TOOL, f"unknown subcommand '{name}' (known: {', '.join(SUBCOMMANDS)}; see "
              "--help)")
        return 2
    if name == "plot":
        if not rest:
            error(f"{TOOL} plot", f"a plot kind is needed ({', '.join(plots.KINDS)}; see "
                  "--help)")
            return 2
        if rest[0] in ("-h", "--help"):
            print(usage())
            return 0
        if rest[0] not in plots.KINDS:
            error(f"{TOOL} plot", f"unknown plot kind '{rest[0]}' (known: "
                  f"{', '.join(plots.KINDS)})")
            return 2
        return plots.module(rest[0]).main(rest[1:])
    module = importlib.import_module(f".{SUBCOMMANDS[name][0]}", __package__)
    return module.main(rest)
