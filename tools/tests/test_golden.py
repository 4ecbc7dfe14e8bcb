"""Tests of the golden-output check (test/golden/check.py): it passes on a matching run, fails
naming the field that changed, rewrites a summary with --update, and reports a run that fails.

Run with: python3 -m pytest tools/ (needs build/mptcp-two-hosts, the ns-3.37 standalone build).
"""

import json
import os
import shutil
import subprocess
import sys

import pytest

from paths import BUILD, ROOT

CHECK = os.path.join(ROOT, "test", "golden", "check.py")
GOLDEN = os.path.join(ROOT, "test", "golden", "two-hosts.json")

pytestmark = pytest.mark.skipif(
    not os.path.exists(os.path.join(BUILD, "mptcp-two-hosts")), reason="build/ not built"
)


def _check(folder, *args):
    return subprocess.run(
        [sys.executable, CHECK, "--build", BUILD, "--golden-dir", str(folder), *args],
        capture_output=True,
        text=True,
    )


@pytest.fixture
def folder(tmp_path):
    shutil.copy(GOLDEN, tmp_path / "two-hosts.json")
    return tmp_path


def test_recorded_run_matches(folder):
    r = _check(folder)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "golden two-hosts: same" in r.stdout
    assert "1 same, 0 changed, 0 failed" in r.stdout


def test_changed_field_fails_and_is_named(folder):
    path = folder / "two-hosts.json"
    record = json.loads(path.read_text())
    true_bytes = record["summary"]["bytes_received"]
    record["summary"]["bytes_received"] = true_bytes + 1400
    record["summary"]["gone"] = 1
    path.write_text(json.dumps(record))
    r = _check(folder)
    assert r.returncode == 1
    assert "golden two-hosts: CHANGED" in r.stdout
    assert f"bytes_received: {true_bytes + 1400} -> {true_bytes}" in r.stdout
    assert "gone: 1 -> (missing)" in r.stdout
    # Fields that measure the machine are not compared, so they never count as a change.
    assert "wall_s" not in r.stdout

    u = _check(folder, "--update")
    assert u.returncode == 0 and "golden two-hosts: UPDATED" in u.stdout
    assert json.loads(path.read_text())["summary"]["bytes_received"] == true_bytes
    assert _check(folder).returncode == 0


def test_run_that_fails_is_reported(folder):
    path = folder / "two-hosts.json"
    record = json.loads(path.read_text())
    record["args"] = ["--subflows=0"]  # an invalid option: the program exits with status 2
    path.write_text(json.dumps(record))
    r = _check(folder)
    assert r.returncode == 2
    assert "golden two-hosts: FAILED to run" in r.stdout


def test_add_refuses_to_overwrite(folder):
    r = _check(folder, "--add", "two-hosts", "--", "mptcp-two-hosts")
    assert r.returncode != 0 and "exists" in r.stderr
