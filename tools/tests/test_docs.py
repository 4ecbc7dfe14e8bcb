"""The documentation (doc/*.rst, doc/conf.py) builds with Sphinx without a warning, as ns-3's own
module documentation must (sphinx-build -W turns every warning into an error)."""

import os
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
