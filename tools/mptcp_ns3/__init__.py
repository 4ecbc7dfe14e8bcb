# SPDX-License-Identifier: GPL-2.0-only
"""mptcp_ns3: the one command line of the mptcp ns-3 module's experiments (``tools/mptcp-ns3``,
once installed: ``mptcp-ns3`` or ``python3 -m mptcp_ns3``; tools/pyproject.toml).

Subcommands (cli.py): ``sweep`` (any grid, resumable), ``fattree`` (the README's main job:
FatTree Figs. 2 and 3), ``reproduce`` (every figure of Raiciu et al. 2011), ``thesis-table53``
(Table 5.3 of the MMPTCP thesis), ``plot KIND`` and ``bench``. Modules:

* common.py: failures (exit status 2 for bad input, 1 otherwise), argument parsing, plotting;
* schema.py: the results database as the tools read it, and the sweep tables they own;
* sweep.py: the parallel, resumable runner every grid goes through;
* fattree.py, figures.py, thesis.py, bench.py: the subcommands that run programs;
* load_variance.py: the analytical model of Fig. 6;
* plots/: the plots of finished experiments.
"""
