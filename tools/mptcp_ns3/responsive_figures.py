# SPDX-License-Identifier: GPL-2.0-only
"""Seed 004 (Duan, Wang, Wu, "Responsive Multipath TCP in SDN-based Datacenters", ICC 2015):
the grid and plots of ``reproduce responsive-table1`` (Table I), ``responsive-fig5`` (Fig. 5a-d,
random and permutation traffic) and ``responsive-fig6`` (Fig. 6a-c, shuffle). The three share
one grid (sweep ``responsive``): six configurations x three workloads. Registered in
:data:`mptcp_ns3.figures.FIGURES`.

Scales. ``paper`` is the paper's setting (§V-A): a k=8 FatTree (128 hosts), 1 Gb/s links, its
flow sizes and monitoring intervals. ``scaled`` keeps the 128 hosts and divides by a factor
10: 100 Mb/s links, every size /10 (a flow lasts as long as in the paper) and t_m x10 (a
throughput sample holds as many packets as in the paper). ``small`` is ``scaled`` on a k=4
FatTree (16 hosts) with fewer flows and shuffle jobs, minutes on 2 cores. Not scaled: the
per-layer propagation delays, the ECN threshold and queues (packets), Hedera's interval.
"""

import math
import re

from .common import PlotError, ci95, ci_text, mean, paired_difference, percentile, pyplot
from .schema import require_table

SWEEP = "responsive"
#: The scales of these figures, in the order of the CLI's help.
SCALES = ("small", "scaled", "paper")
#: Per scale: the factor (link rate and sizes divided by it, t_m multiplied), the FatTree's k,
#: the random workload's flows, the shuffle's jobs, reducers and mappers per reducer, and the
#: --duration limit (the finite workloads end when done; a run that does not is cut there).
SETTINGS = {
    "small": dict(factor=10, k=4, flows=60, shuffleJobs=10, reducers=4, mappers=4,
                  duration=200),
    "scaled": dict(factor=10, k=8, flows=500, shuffleJobs=30, reducers=8, mappers=8,
                   duration=600),
    "paper": dict(factor=1, k=8, flows=500, shuffleJobs=30, reducers=8, mappers=8,
                  duration=600),
}
PAPER_LINK_MBPS = 1000
#: The paper's sizes, bytes (MB = 10^6 bytes): random U(32, 400) MB, permutation U(64, 512) MB,
#: shuffle: 2 KB requests, 16 MB responses, background U(32, 400) MB.
RANDOM_SIZES = (32_000_000, 400_000_000)
PERMUTATION_SIZES = (64_000_000, 512_000_000)
SHUFFLE_REQUEST = 2048
SHUFFLE_RESPONSE = 16_000_000
#: (t_m in ms at the paper's scale, delta_DGT) of Table I's three responsive rows.
RESPONSIVE = ((2, 0.15), (4, 0.25), (8, 0.35))
#: The paper's fixed monitor parameters: delta_RVT, R, M, delta_DDT.
MONITOR = dict(deltaRvt=0.15, stableCount=5, maxSubflows=4, deltaDdt=0.15)
#: ECN marking threshold K of --cc=xmp, packets (100-packet queues; see doc/reproduction.rst).
ECN_K = 10
#: Hedera's scheduling interval (s) for "1 subflow + Hedera": the paper does not give it.
HEDERA_INTERVAL = 0.1
HEDERA_THRESHOLD = 0.1
#: Fraction of the hosts sending background flows in the shuffle runs (not given by the paper).
BACKGROUND_FRACTION = 0.25
#: Propagation delays of the access, aggregation-ToR and aggregation-core links (§V-A).
DELAYS = dict(edgeDelay="20us", aggDelay="30us", coreDelay="40us")

WORKLOADS = ("random", "permutation", "shuffle")
WORKLOAD_OPTION = {"random": "random-closed-loop", "permutation": "permutation-finite",
                   "shuffle": "shuffle"}
#: Table I's configurations, in its order (labels without spaces).
CONFIGS = [f"resp({t}ms,{d:g})" for t, d in RESPONSIVE] + ["ECMP-4sf", "ECMP-2sf",
                                                            "Hedera-1sf"]
#: Table I: (random NS, random TP Mb/s, permutation NS, permutation TP Mb/s, shuffle JCT ms,
#: shuffle NS).
PAPER_TABLE = {
    "resp(2ms,0.15)": (3.72, 521, 3.88, 766, 1402, 1.92),
    "resp(4ms,0.25)": (3.40, 513, 3.82, 767, 1441, 1.28),
    "resp(8ms,0.35)": (2.47, 506, 3.75, 760, 1454, 1.03),
    "ECMP-4sf": (4, 530, 4, 734, 1332, 4),
    "ECMP-2sf": (2, 493, 2, 643, 1394, 2),
    "Hedera-1sf": (1, 438, 1, 747, 1652, 1),
}
#: The paper's shuffle bound: 8 mappers x 16 MB into one reducer's 1 Gb/s link, ms.
PAPER_JCT_IDEAL_MS = 8 * SHUFFLE_RESPONSE * 8 / (PAPER_LINK_MBPS * 1e6) * 1e3


def link_rate(mbps):
    return "1Gbps" if mbps == 1000 else f"{mbps:g}Mbps"


def scaled(nbytes, factor):
    return int(round(nbytes / factor))


def configs(scale):
    """[(label, options)] of Table I's six configurations at a scale."""
    f = SETTINGS[scale]["factor"]
    out = []
    for (t, d), label in zip(RESPONSIVE, CONFIGS):
        out.append((label, dict(transport="mptcp", controller="responsive",
                                monitorInterval=f"{t * f:g}ms", deltaDgt=d, **MONITOR)))
    out += [("ECMP-4sf", dict(transport="mptcp", subflows=4)),
            ("ECMP-2sf", dict(transport="mptcp", subflows=2)),
            ("Hedera-1sf", dict(transport="mptcp", subflows=1, controller="hedera",
                                hederaInterval=HEDERA_INTERVAL,
                                hederaThreshold=HEDERA_THRESHOLD))]
    return out


def workloads(scale):
    """{workload: options} at a scale."""
    s = SETTINGS[scale]
    f = s["factor"]
    return {
        "random": dict(workload="random-closed-loop", flows=s["flows"], maxFlowsPerReceiver=4,
                       flowSizeMin=scaled(RANDOM_SIZES[0], f),
                       flowSizeMax=scaled(RANDOM_SIZES[1], f)),
        "permutation": dict(workload="permutation-finite",
                            flowSizeMin=scaled(PERMUTATION_SIZES[0], f),
                            flowSizeMax=scaled(PERMUTATION_SIZES[1], f)),
        "shuffle": dict(workload="shuffle", shuffleJobs=s["shuffleJobs"],
                        reducers=s["reducers"], mappers=s["mappers"],
                        shuffleRequest=scaled(SHUFFLE_REQUEST, f),
                        shuffleResponse=scaled(SHUFFLE_RESPONSE, f),
                        backgroundFraction=BACKGROUND_FRACTION, maxFlowsPerReceiver=4,
                        flowSizeMin=scaled(RANDOM_SIZES[0], f),
                        flowSizeMax=scaled(RANDOM_SIZES[1], f)),
    }


def common(scale):
    s = SETTINGS[scale]
    return dict(k=s["k"], linkRate=link_rate(PAPER_LINK_MBPS / s["factor"]), cc="xmp",
                ecnThreshold=ECN_K, addressesPerHost=2, duration=s["duration"], quiet=True,
                **DELAYS)


def grid_responsive(scale):
    """Table I's grid: every workload (outer) x every configuration."""
    base = common(scale)
    return [dict(base, **w, **c) for w in workloads(scale).values() for _, c in configs(scale)]


# --- reading the runs ---------------------------------------------------------------------------

TIME_UNITS = {"s": 1.0, "ms": 1e-3, "us": 1e-6, "ns": 1e-9}
RATE_UNITS = {"bps": 1.0, "kbps": 1e3, "Kbps": 1e3, "Mbps": 1e6, "Gbps": 1e9}


def parse_time_s(text):
    """An ns-3 Time string (``20ms``, ``2000us``, ``0.02s``) in seconds; NaN if unreadable."""
    m = re.fullmatch(r"\s*([0-9.eE+-]+)\s*(s|ms|us|ns)?\s*", str(text))
    if not m:
        return math.nan
    return float(m[1]) * TIME_UNITS[m[2] or "s"]


def parse_rate_bps(text):
    """An ns-3 DataRate string (``100Mbps``, ``1Gbps``) in bit/s; NaN if unreadable."""
    m = re.fullmatch(r"\s*([0-9.eE+-]+)\s*(bps|kbps|Kbps|Mbps|Gbps)?\s*", str(text))
    if not m:
        return math.nan
    return float(m[1]) * RATE_UNITS[m[2] or "bps"]


def factor_of(scale):
    return SETTINGS.get(scale, SETTINGS["paper"])["factor"]


def config_of(p, scale):
    """Table I's label of a point (a responsive point set otherwise with --set gets its own)."""
    ctl = p.get("controller", "none")
    sf = p.get("subflows")
    if ctl == "responsive":
        tm_ms = parse_time_s(p.get("monitorInterval", "4ms")) * 1e3 / factor_of(scale)
        return f"resp({tm_ms:g}ms,{float(p.get('deltaDgt', 0.15)):g})"
    if ctl == "hedera":
        return f"Hedera-{sf}sf"
    return f"ECMP-{sf}sf"


def workload_of(p):
    return {v: k for k, v in WORKLOAD_OPTION.items()}.get(p.get("workload"), p.get("workload"))


class Group:
    """The pooled measurements of one (workload, configuration): every run of its point."""

    def __init__(self):
        self.runs, self.params = [], []
        self.ns, self.tp = [], []     # subflows per flow (all flows), bit/s (completed ones)
        self.flows = 0
        self.jct, self.jobs = [], 0   # s, completed jobs; all jobs
        self.ctl_bps = []             # control traffic per server, bit/s, per responsive run
        self.run_tp, self.run_jct = {}, {}  # RngRun -> mean TP (bit/s), mean JCT (s) of a run


def collect(ctx):
    """{(workload, configuration): Group} of the finished runs."""
    require_table(ctx.con, "flow_subflows", "seed 004's per-flow subflows of mptcp-fattree")
    out = {}
    for p, r in ctx.rows:
        g = out.setdefault((workload_of(p), config_of(p, ctx.scale)), Group())
        rid = r["run_id"]
        g.runs.append(rid)
        g.params.append(p)
        rows = ctx.con.execute("SELECT subflows, throughput_bps FROM flow_subflows WHERE "
                               "run_id = ? ORDER BY flow_id", (rid,)).fetchall()
        g.flows += len(rows)
        g.ns += [s for s, _ in rows if s is not None]
        g.tp += [t for _, t in rows if t is not None]
        run = int(p.get("RngRun", 1))
        g.run_tp[run] = mean([t for _, t in rows if t is not None])
        if p.get("workload") == "shuffle":
            require_table(ctx.con, "shuffle_jobs", "seed 004's shuffle jobs of mptcp-fattree")
            jobs = ctx.con.execute("SELECT jct_s, completed FROM shuffle_jobs WHERE run_id = ?",
                                   (rid,)).fetchall()
            g.jobs += len(jobs)
            g.jct += [j for j, c in jobs if c and j is not None]
            g.run_jct[run] = mean([j for j, c in jobs if c and j is not None])
        if p.get("controller") == "responsive":
            g.ctl_bps.append(control_bps_per_server(ctx.con, rid))
    return out


def control_bps_per_server(con, run_id):
    """Mean control traffic of a server (control_servers), bit/s over the run's last delivery
    (the latest short_flows.last_rx_s); NaN without rows."""
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if "control_servers" not in tables:
        return math.nan
    b, n = con.execute("SELECT SUM(control_bytes), COUNT(*) FROM control_servers WHERE "
                       "run_id = ?", (run_id,)).fetchone()
    end = con.execute("SELECT MAX(last_rx_s) FROM short_flows WHERE run_id = ?",
                      (run_id,)).fetchone()[0]
    if not n or not end:
        return math.nan
    return b * 8.0 / end / n


def link_bps(g):
    return mean([parse_rate_bps(p.get("linkRate", "100Mbps")) for p in g.params])


def jct_ideal_s(g):
    """The shuffle's bound: mappers x response size through the reducer's access link, s."""
    return mean([int(p.get("mappers", 8)) * float(p.get("shuffleResponse", SHUFFLE_RESPONSE))
                 * 8 / parse_rate_bps(p.get("linkRate", "100Mbps")) for p in g.params])


def setting_text(ctx):
    """The runs' setting with the scale factor, next to the paper's."""
    s = SETTINGS.get(ctx.scale, SETTINGS["paper"])
    ks = sorted({p.get("k") for p, _ in ctx.rows})
    rates = [f"{r / 1e6:g} Mb/s" if r < 1e9 else f"{r / 1e9:g} Gb/s" for r in sorted(
        {parse_rate_bps(p.get("linkRate", "100Mbps")) for p, _ in ctx.rows})]
    hosts = ", ".join(f"k={k} ({k ** 3 // 4} hosts)" for k in ks)
    if s["factor"] == 1:
        scale = "scale factor 1: the paper's setting"
    else:
        scale = (f"scale factor {s['factor']} of the paper's k=8 (128 hosts), 1 Gb/s: sizes "
                 f"/{s['factor']}, t_m x{s['factor']}")
    return f"{ctx.scale} scale: {hosts}, {'/'.join(rates)}; {scale}"


def configs_present(groups, workload):
    names = [c for c in CONFIGS if (workload, c) in groups]
    return names + sorted(c for w, c in groups if w == workload and c not in CONFIGS)


def fmt(v, spec, width):
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return f"{'-':>{width}}"
    return f"{v:>{width}{spec}}"


def signed(v, width):
    """V with its sign and one decimal, right-aligned in WIDTH; '-' for None or NaN."""
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return f"{'-':>{width}}"
    return f"{v:>+{width}.1f}"


def paper_value(config, column):
    row = PAPER_TABLE.get(config)
    return row[column] if row else None


# --- Table I ------------------------------------------------------------------------------------

def vs_ecmp4(groups, workload, g, attr, unit):
    """(mean, 95 % half-width) of G's per-RngRun value ATTR ('run_tp' or 'run_jct') minus the
    ECMP-4sf configuration's of the same workload and RngRun, times UNIT; (None, nan) for
    ECMP-4sf itself or without a common RngRun."""
    ref = groups.get((workload, "ECMP-4sf"))
    if ref is None or ref is g:
        return None, math.nan
    d, h, n = paired_difference({r: v * unit for r, v in getattr(g, attr).items()},
                                {r: v * unit for r, v in getattr(ref, attr).items()})
    return (d if n else None), h


def print_table1(ctx, groups):
    """Table I: ours beside the paper's, one block per workload; returns the values drawn."""
    f = factor_of(ctx.scale)
    ctx.say(f"setting: {setting_text(ctx)}")
    ctx.say(f"paper: k=8 (128 hosts), 1 Gb/s, XMP; ours: --cc=xmp --ecnThreshold={ECN_K}, "
            f"--addressesPerHost=2, delays 20/30/40 us; Hedera every {HEDERA_INTERVAL:g} s")
    ctx.say(f"rows: resp(T,D) = responsive with the paper's t_m = T (run at T x{f}) and "
            "delta_DGT = D; ECMP-Nsf = N subflows over ECMP; Hedera-1sf = 1 subflow, Hedera")
    drawn = {}
    for w, (c_ns, c_tp) in (("random", (0, 1)), ("permutation", (2, 3))):
        names = configs_present(groups, w)
        if not names:
            continue
        ctx.say(f"Table I, {w}: NS = mean subflows per flow, TP = mean throughput per completed "
                f"flow; 'TP x{f}' = ours at the paper's 1 Gb/s")
        ctx.say(f"{'config':<15} {'runs':>4} {'flows':>5} {'done':>5} {'NS':>5} "
                f"{'paper':>5} {'TP Mb/s':>8} {f'TP x{f}':>8} {'paper':>5} {'ci95':>6} "
                f"{'-ECMP4':>7} {'ci95':>6}  (ci95 of TP Mb/s over the runs' means; -ECMP4: TP "
                "minus ECMP-4sf's, Mb/s, paired by RngRun)")
        for c in names:
            g = groups[(w, c)]
            ns, tp = mean(g.ns), mean(g.tp) / 1e6
            pns, ptp = paper_value(c, c_ns), paper_value(c, c_tp)
            d, dh = vs_ecmp4(groups, w, g, "run_tp", 1e-6)
            ctx.say(f"{c:<15} {len(g.runs):>4} {g.flows:>5} {len(g.tp):>5} {fmt(ns, '.2f', 5)} "
                    f"{fmt(pns, '.2f', 5)} {fmt(tp, '.1f', 8)} {fmt(tp * f, '.1f', 8)} "
                    f"{fmt(ptp, 'g', 5)} {ci_text(ci95([v / 1e6 for v in g.run_tp.values()]), 1):>6} "
                    f"{signed(d, 7)} {ci_text(dh, 1):>6}")
            drawn[(w, c)] = dict(ns=ns, tp_pct=100 * mean(g.tp) / link_bps(g),
                                 paper_ns=pns,
                                 paper_tp_pct=None if ptp is None else 100 * ptp / PAPER_LINK_MBPS)
    names = configs_present(groups, "shuffle")
    if names:
        ctx.say(f"Table I, shuffle: JCT = mean completion time of the completed jobs; ideal = "
                f"mappers x response size / link rate (paper: {PAPER_JCT_IDEAL_MS:.0f} ms); "
                "NS of the response flows")
        ctx.say(f"{'config':<15} {'runs':>4} {'jobs':>4} {'done':>4} {'JCT ms':>8} "
                f"{'x ideal':>7} {'paper':>5} {'x ideal':>7} {'NS':>5} {'paper':>5} "
                f"{'TP Mb/s':>8} {f'TP x{f}':>8} {'ci95':>6} {'-ECMP4':>7} {'ci95':>6}  (ci95 of "
                "JCT ms over the runs' means; -ECMP4: JCT minus ECMP-4sf's, ms, paired by RngRun)")
        for c in names:
            g = groups[("shuffle", c)]
            jct = mean(g.jct)
            ideal = jct_ideal_s(g)
            pj, pns = paper_value(c, 4), paper_value(c, 5)
            pratio = None if pj is None else pj / PAPER_JCT_IDEAL_MS
            tp = mean(g.tp) / 1e6
            d, dh = vs_ecmp4(groups, "shuffle", g, "run_jct", 1e3)
            ctx.say(f"{c:<15} {len(g.runs):>4} {g.jobs:>4} {len(g.jct):>4} "
                    f"{fmt(jct * 1e3, '.1f', 8)} {fmt(jct / ideal, '.3f', 7)} {fmt(pj, 'g', 5)} "
                    f"{fmt(pratio, '.3f', 7)} {fmt(mean(g.ns), '.2f', 5)} {fmt(pns, '.2f', 5)} "
                    f"{fmt(tp, '.1f', 8)} {fmt(tp * f, '.1f', 8)} "
                    f"{ci_text(ci95([1e3 * v for v in g.run_jct.values()]), 1):>6} "
                    f"{signed(d, 7)} {ci_text(dh, 1):>6}")
            drawn[("shuffle", c)] = dict(ns=mean(g.ns), jct_ratio=jct / ideal, paper_ns=pns,
                                         paper_jct_ratio=pratio)
    ctl = [(c, mean([v for (w, cc), g in groups.items() if cc == c for v in g.ctl_bps]))
           for c in CONFIGS[:3]]
    ctl = [(c, v) for c, v in ctl if not math.isnan(v)]
    if ctl:
        ctx.say("control traffic per server (control_servers, 64-byte messages, over the run "
                "until its last delivery), mean of all runs: " +
                ", ".join(f"{c} {v / 1e3:.2f} kb/s" for c, v in ctl) +
                "; paper's estimate: 150 kb/s, < 0.1 % of 1 Gb/s")
    return drawn


def plot_table1(ctx):
    groups = collect(ctx)
    drawn = print_table1(ctx, groups)
    if not drawn:
        raise PlotError("no flow_subflows rows for the responsive runs")
    ctx.say("paper (Table I): NS falls as t_m and delta_DGT grow (random 3.72, 3.40, 2.47); "
            "random TP: 4-ECMP highest (530), Hedera lowest (438), responsive 506-521; "
            "permutation: resp(4ms,0.25) best (767 vs 734 for 4-ECMP); shuffle JCT 5 % above "
            "4-ECMP (1402 vs 1332) with NS 1.03-1.92, 12 % below Hedera")
    plt = pyplot()
    fig, axes = plt.subplots(2, 3, figsize=(12.5, 6.8))
    panels = [(axes[0][0], "random", "ns", "paper_ns", "subflows per flow (NS)"),
              (axes[0][1], "permutation", "ns", "paper_ns", "subflows per flow (NS)"),
              (axes[0][2], "shuffle", "ns", "paper_ns", "subflows per response flow (NS)"),
              (axes[1][0], "random", "tp_pct", "paper_tp_pct",
               "throughput per flow (% of link rate)"),
              (axes[1][1], "permutation", "tp_pct", "paper_tp_pct",
               "throughput per flow (% of link rate)"),
              (axes[1][2], "shuffle", "jct_ratio", "paper_jct_ratio",
               "JCT / (mappers x response / link rate)")]
    for ax, w, key, pkey, ylabel in panels:
        names = [c for c in configs_present(groups, w) if (w, c) in drawn]
        xs = list(range(len(names)))
        ax.bar(xs, [drawn[(w, c)][key] for c in names], color="0.6", label="ours")
        pts = [(x, drawn[(w, c)][pkey]) for x, c in zip(xs, names)
               if drawn[(w, c)][pkey] is not None]
        ax.scatter([x for x, _ in pts], [v for _, v in pts], marker="_", s=300, color="black",
                   zorder=3, label="paper (Table I)")
        ax.set_xticks(xs)
        ax.set_xticklabels(names, rotation=25, fontsize=7)
        ax.set_ylabel(ylabel, fontsize=8)
        ax.set_title(w, fontsize=9)
        ax.grid(axis="y", linestyle=":", linewidth=0.5)
    axes[0][0].legend(fontsize=7)
    fig.suptitle(f"Responsive MPTCP, Table I ({setting_text(ctx)})", fontsize=9)
    return [ctx.save(fig, "table")]


# --- Figs. 5 and 6 ------------------------------------------------------------------------------

def ns_shares(ns, top=4):
    """% of the flows with 1..top subflows (more than top counted at top)."""
    if not ns:
        return [math.nan] * top
    return [100.0 * sum(1 for n in ns if min(n, top) == i) / len(ns) for i in range(1, top + 1)]


def print_distributions(ctx, groups, w, jct=False):
    names = configs_present(groups, w)
    if not names:
        return names
    head = f"{'config':<15} {'flows':>5} " + " ".join(f"{f'NS={i} %':>7}" for i in (1, 2, 3, 4))
    head += f" {'TP p10':>7} {'p50':>7} {'p90':>7} Mb/s"
    if jct:
        head += f"  {'JCT p10':>8} {'p50':>8} {'p90':>8} ms"
    ctx.say(head)
    for c in names:
        g = groups[(w, c)]
        tp = sorted(t / 1e6 for t in g.tp)
        line = f"{c:<15} {g.flows:>5} " + " ".join(fmt(v, ".1f", 7) for v in ns_shares(g.ns))
        line += " " + " ".join(fmt(percentile(tp, q), ".1f", 7) for q in (10, 50, 90))
        if jct:
            j = sorted(v * 1e3 for v in g.jct)
            line += "       " + " ".join(fmt(percentile(j, q), ".1f", 8) for q in (10, 50, 90))
        ctx.say(line)
    return names


def draw_ns(ax, groups, w, names, title):
    width = 0.8 / max(1, len(names))
    for i, c in enumerate(names):
        shares = ns_shares(groups[(w, c)].ns)
        ax.bar([n + (i - (len(names) - 1) / 2) * width for n in (1, 2, 3, 4)], shares,
               width=width, label=c)
    ax.set_xticks([1, 2, 3, 4])
    ax.set_ylim(0, 135)  # room for the legend above the bars
    ax.set_xlabel("subflows used by a flow")
    ax.set_ylabel("% of flows")
    ax.set_title(title, fontsize=9)
    ax.grid(axis="y", linestyle=":", linewidth=0.5)
    ax.legend(fontsize=6, ncol=3, loc="upper center")


def draw_cdf(ax, series, xlabel, title):
    for label, vals in series:
        vals = sorted(vals)
        if vals:
            ax.step(vals, [(i + 1) / len(vals) for i in range(len(vals))], where="post",
                    label=f"{label} ({len(vals)})", linewidth=1.2)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("CDF")
    ax.set_ylim(0, 1.02)
    ax.set_title(title, fontsize=9)
    ax.grid(linestyle=":", linewidth=0.5)
    ax.legend(fontsize=6)


def rate_label(ctx):
    f = factor_of(ctx.scale)
    return "throughput per flow (Mb/s" + (f"; x{f} = the paper's 1 Gb/s scale)" if f != 1
                                          else ")")


def plot_fig5(ctx):
    groups = collect(ctx)
    ctx.say(f"setting: {setting_text(ctx)}")
    found = {}
    for w in ("random", "permutation"):
        ctx.say(f"Fig. 5, {w}: % of flows by subflows used (NS), throughput percentiles")
        found[w] = print_distributions(ctx, groups, w)
    if not any(found.values()):
        raise PlotError("no random or permutation runs of the responsive grid finished")
    ctx.say("paper (Fig. 5): (a) random: NS falls as t_m and delta_DGT grow; (b) 4-ECMP "
            "highest throughput, Hedera lowest, responsive close to 4-ECMP; (c) permutation: "
            "most flows use 4 subflows; (d) resp(4ms,0.25) best")
    plt = pyplot()
    fig, axes = plt.subplots(2, 2, figsize=(11, 8))
    for row, (w, letters) in enumerate((("random", "ab"), ("permutation", "cd"))):
        names = found[w]
        draw_ns(axes[row][0], groups, w, names, f"({letters[0]}) {w}: subflows per flow")
        draw_cdf(axes[row][1], [(c, [t / 1e6 for t in groups[(w, c)].tp]) for c in names],
                 rate_label(ctx), f"({letters[1]}) {w}: throughput per flow")
    fig.suptitle(f"Responsive MPTCP, Fig. 5 ({setting_text(ctx)})", fontsize=9)
    return [ctx.save(fig, "random-permutation")]


def plot_fig6(ctx):
    groups = collect(ctx)
    ctx.say(f"setting: {setting_text(ctx)}")
    ctx.say("Fig. 6, shuffle: response flows by subflows used (NS), their throughput, and "
            "the jobs' completion times")
    names = print_distributions(ctx, groups, "shuffle", jct=True)
    if not names:
        raise PlotError("no shuffle runs of the responsive grid finished")
    ctx.say("paper (Fig. 6): (a) JCT of the responsive system about 5 % above 4-ECMP, 12 % "
            "below Hedera at NS 1.03; (b) 1-2 subflows for most flows; (c) throughput above "
            "Hedera's, close to 4-ECMP's")
    plt = pyplot()
    fig, axes = plt.subplots(1, 3, figsize=(14, 4.4))
    draw_cdf(axes[0], [(c, [j * 1e3 for j in groups[("shuffle", c)].jct]) for c in names],
             "shuffle job completion time (ms)", "(a) completion time of shuffle jobs")
    draw_ns(axes[1], groups, "shuffle", names, "(b) subflows per response flow")
    draw_cdf(axes[2], [(c, [t / 1e6 for t in groups[("shuffle", c)].tp]) for c in names],
             rate_label(ctx), "(c) throughput of the response flows")
    fig.suptitle(f"Responsive MPTCP, Fig. 6 ({setting_text(ctx)})", fontsize=9)
    return [ctx.save(fig, "shuffle")]
