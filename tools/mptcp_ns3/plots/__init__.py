# SPDX-License-Identifier: GPL-2.0-only
"""``mptcp-ns3 plot KIND``: the plots drawn from a finished experiment's outputs.

Each kind is one module with ``PROG``, ``main(argv)`` (exit status) and, for the ones that read
the results database, ``run(argv, out)`` (the written paths; raises PlotError):

==============  ====================================================================
``fattree``     Figs. 2 and 3 of Raiciu et al. 2011 from one FatTree sweep (fattree.py)
``fct``         short-flow FCT and per-layer loss of the MMPTCP thesis (fct.py)
``timeseries``  per-subflow throughput across a link failure, from a CSV (timeseries.py)
==============  ====================================================================
"""

import importlib

#: kind -> (module name, one-line description)
KINDS = {
    "fattree": ("fattree", "Figs. 2 and 3 (throughput vs subflows, ranked flows) of one "
                "FatTree sweep, from the results database"),
    "fct": ("fct", "short-flow FCT CDF, per-layer loss and the Table 5.3 columns (MMPTCP "
            "thesis), from the results database"),
    "timeseries": ("timeseries", "per-subflow throughput against time across a link failure, "
                   "from the CSV of mptcp-link-failure"),
}


def module(kind):
    """The module of a plot kind (KeyError if unknown)."""
    return importlib.import_module(f".{KINDS[kind][0]}", __name__)
