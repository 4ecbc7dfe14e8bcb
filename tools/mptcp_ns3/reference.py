# SPDX-License-Identifier: GPL-2.0-only
"""Reference values of Figs. 2 and 3 of Raiciu et al., SIGCOMM 2011 (seed 000), drawn beside
ours: the paper's own simulator (htsim) rerun with the paper's setting (k=8 FatTree, 128 hosts,
100 Mb/s, permutation, 20 s measured from 2 s, 3 seeds; ../shared/notes/fidelity.md), and the
paper's words.

They apply to the paper's setting only: ``applies(run)`` says whether a run has it (k=8 FatTree,
permutation, 100 Mb/s links, one flow per host).
"""

# Fig. 2: % of optimal, mean over htsim's 3 seeds (fidelity.md, "Results").
HTSIM_FIG2 = {"TCP": 50.2, 2: 64.9, 3: 78.9, 4: 84.0, 8: 94.6}
# ± of the means above where fidelity.md gives one (3 seeds).
HTSIM_FIG2_SPREAD = {"TCP": 3.4, 8: 0.7}
# Fig. 3: htsim's per-flow percentiles, (low, high) over its 3 seeds: lowest flow, p10, p50.
HTSIM_FIG3 = {
    "TCP": {"min": (3.6, 9.2), 10: (20.0, 21.0), 50: (44.0, 50.0)},
    8: {"min": (57.0, 68.0), 10: (84.0, 86.0), 50: (97.0, 98.0)},
}
# The paper's text (§4.1): "FatTree and BCube need eight MPTCP subflows to achieve 90%
# throughput"; "with eight subflows, most MPTCP flows get at least 90% of the available
# capacity, and none get less than 50%"; single-path TCP: "some get less than 10%".
PAPER_MPTCP8_PCT = 90.0
PAPER_MPTCP8_MIN_FLOW_PCT = 50.0
PAPER_TCP_SOME_FLOWS_BELOW_PCT = 10.0


def applies(run):
    """Whether a runs-table row has the setting of the references (k=8 FatTree, permutation,
    100 Mb/s, 128 hosts)."""
    try:
        return (int(run.get("k") or 0) == 8 and str(run.get("matrix")) == "permutation"
                and abs(float(run.get("link_rate_bps") or 0) - 100e6) < 1
                and int(run.get("hosts") or 0) == 128
                and str(run.get("topology") or "fattree").startswith("fattree"))
    except (TypeError, ValueError):
        return False


def htsim_fig2(series, subflows):
    """htsim's Fig. 2 value for a series ('TCP' or 'MPTCP') and subflow count, or None."""
    key = "TCP" if series == "TCP" else subflows
    return HTSIM_FIG2.get(key)
