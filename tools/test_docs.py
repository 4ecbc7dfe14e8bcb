"""The documentation (doc/*.rst, doc/conf.py) builds with Sphinx without a warning, as ns-3's own
module documentation must (sphinx-build -W turns every warning into an error)."""

import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


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
    # The cross-version table of doc/mptcp.rst rendered as a table, with 3.48's column.
    html = (tmp_path / "html" / "mptcp.html").read_text()
    assert "Results across releases" in html and "77.903" in html
