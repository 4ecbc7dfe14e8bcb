"""The documentation (doc/*.rst, doc/conf.py) builds with Sphinx without a warning, as ns-3's own
module documentation must (sphinx-build -W turns every warning into an error), and the numbers of
doc/reproduction.rst are no older than the golden outputs (``.. measured:`` markers)."""

import os
import re
import subprocess
import sys

from paths import ROOT


def test_docs_build_without_warnings(tmp_path):
    r = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
         os.path.join(ROOT, "doc"), str(tmp_path / "html")],
        capture_output=True, text=True,
    )
    assert "No module named sphinx" not in r.stderr, "Sphinx is not installed (tools/deps.sh)"
    assert r.returncode == 0, r.stdout + r.stderr
    for page in ("mptcp.html", "reproduction.html", "results-schema.html"):
        assert (tmp_path / "html" / page).exists()
    # The cross-version table of doc/mptcp.rst rendered as a table: the 3.35 (waf) column and
    # the values of 3.44/3.48 (fattree defaults, two-hosts bytes) in table cells.
    html = (tmp_path / "html" / "mptcp.html").read_text()
    section = html[html.index("Results across releases"):]
    table = section[section.index("<table"):section.index("</table>")]
    assert "(waf)" in table and "<p>72.3137</p>" in table and "<p>4432400</p>" in table


def test_reproduction_embeds_a_plot_of_every_figure():
    """doc/reproduction.rst shows a plot of every figure of the registry (mptcp-ns3 reproduce),
    each a small PNG of doc/figures/, and every file there is shown."""
    import re

    from mptcp_ns3 import figures
    from paths import PNG_MAGIC
    with open(os.path.join(ROOT, "doc", "reproduction.rst")) as f:
        embedded = re.findall(r"^\.\. figure:: figures/(\S+)$", f.read(), re.M)
    folder = os.path.join(ROOT, "doc", "figures")
    assert sorted(embedded) == sorted(os.listdir(folder))
    for name in embedded:
        path = os.path.join(folder, name)
        with open(path, "rb") as f:
            assert f.read(8) == PNG_MAGIC, name
        assert 5000 < os.path.getsize(path) < 150_000, name
    for fig in figures.FIGURES:
        assert any(e.startswith(fig + "-") for e in embedded), fig


# ---- every number of doc/reproduction.rst current -------------------------------------------
# A section's numbers are current when the section carries a marker
#     .. measured: <commit> golden=<digest> -- <command>
# (an RST comment: not rendered) naming the commit whose build produced them and the golden
# outputs' fingerprint at that commit (``test/golden/check.py --digest``: any change of a result
# changes a golden file, hence the fingerprint), and the fingerprint is still the current one.
# A change of the model that alters a golden output makes every marker stale at once; the
# sections not yet rerun since are listed below. A listed section keeps its old markers (the
# commit and command it was measured with), must have no current one, and must say so where a
# reader sees it: a note starting with PENDING_NOTE. A section leaves the list when it is rerun
# and its markers renewed (a listed section with any current marker fails, so that the list is
# kept honest).
MEASURED = re.compile(r"^\.\. measured: ([0-9a-f]{7,40}) golden=([0-9a-f]{12}) -- (\S.*)$", re.M)
PENDING_NOTE = ".. note:: Not yet remeasured"
NOT_YET_REMEASURED = set()


def result_sections(text):
    """{title: body} of doc/reproduction.rst's result sections: those underlined with '=' (the
    figures of seed 000) or '*' whose title names a figure or a table (seed 004)."""
    lines = text.splitlines()
    heads = [i for i in range(1, len(lines))
             if re.fullmatch(r"([=*])\1+", lines[i]) and lines[i - 1].strip()
             and len(lines[i]) >= len(lines[i - 1].rstrip())
             and not re.fullmatch(r"[=*]+", lines[i - 1].strip())
             and (lines[i][0] == "=" or re.search(r"\b(Fig|Table)", lines[i - 1]))]
    out = {}
    for n, i in enumerate(heads):
        end = heads[n + 1] - 1 if n + 1 < len(heads) else len(lines)
        out[lines[i - 1].strip()] = "\n".join(lines[i + 1:end])
    return out


def golden_digest():
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "golden_check", os.path.join(ROOT, "test", "golden", "check.py"))
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    return check.golden_digest()


def test_reproduction_numbers_are_current():
    with open(os.path.join(ROOT, "doc", "reproduction.rst")) as f:
        sections = result_sections(f.read())
    assert "Fig. 13: centralized scheduling (Hedera's First Fit) against ECMP and MPTCP" \
        in sections and len(sections) == 14, sorted(sections)
    assert NOT_YET_REMEASURED <= sections.keys(), NOT_YET_REMEASURED - sections.keys()
    current = golden_digest()
    assert re.fullmatch(r"[0-9a-f]{12}", current)
    for title, body in sections.items():
        markers = MEASURED.findall(body)
        assert markers, f"{title!r}: no '.. measured: <commit> golden=<digest> -- <command>'"
        if title in NOT_YET_REMEASURED:
            assert all(d != current for _, d, _ in markers), (
                f"{title!r} has current markers: take it out of NOT_YET_REMEASURED")
            assert PENDING_NOTE in body, f"{title!r}: no '{PENDING_NOTE} ...' for the reader"
            continue
        assert PENDING_NOTE not in body, f"{title!r} is current: remove its '{PENDING_NOTE}'"
        for commit, digest, command in markers:
            assert digest == current, (
                f"{title!r} was measured at {commit} ({command}) with golden outputs {digest}; "
                f"they are {current} now (test/golden/check.py --digest): rerun it and update "
                "the marker")


def fidelity_rows(text):
    """The rows of the fidelity table at the top of doc/reproduction.rst (the list-table after
    the 'Fidelity at a glance' title): [[result, paper, ours, scale and runs, verdict, section]]."""
    head = text.index("\nFidelity at a glance\n")
    body = text[head:text.index(".. list-table::", head)]
    table = text[head + len(body):]
    table = table[:re.search(r"\n\S", table[1:]).start() + 1]
    rows = []
    for line in table.splitlines():
        m = re.match(r"^   ([*] |  )- (.*)$", line)
        if m:
            if m[1] == "* ":
                rows.append([])
            rows[-1].append(m[2].strip())
        elif line.startswith("       ") and rows:
            rows[-1][-1] += " " + line.strip()
    assert body
    return rows


def test_fidelity_table():
    """Item 4 of issue 34: one row per result of the seeds, each with the paper's number, ours
    with a 95 % interval from at least 3 RngRuns, the scale and runs, a verdict of three, and a
    link to the section that has the experiment (a section title of the same page)."""
    with open(os.path.join(ROOT, "doc", "reproduction.rst")) as f:
        text = f.read()
    rows = fidelity_rows(text)
    assert rows[0] == ["result", "paper", "ours (mean ± 95 % CI)", "scale, runs", "verdict",
                       "section"]
    titles = set(result_sections(text))
    seen = set()
    for row in rows[1:]:
        assert len(row) == 6, row
        result, paper, ours, scale, verdict, section = row
        assert paper and result, row
        assert "±" in ours, f"{result!r}: no interval in {ours!r}"
        runs = [int(n) for n in re.findall(r"(\d+) (?:RngRuns|seeds|runs)", scale)]
        assert runs and min(runs) >= 3, f"{result!r}: fewer than 3 RngRuns in {scale!r}"
        assert verdict in ("matches", "same trend", "differs"), row
        link = re.fullmatch(r"`(.+)`_", section)
        assert link and link[1] in titles, f"{result!r}: {section!r} is not a section title"
        seen.add(link[1])
    # Every figure section of seed 000 and seed 004's section has a row.
    assert seen == titles, titles - seen
