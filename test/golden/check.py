#!/usr/bin/env python3
"""Golden outputs: the JSON summaries of short, fixed runs of the example programs.

Each file test/golden/<name>.json holds one run:

    {"program": "mptcp-fattree", "args": ["--k=4", ...], "summary": {...}}

``summary`` is the last line of the program's standard output (its JSON summary) without the
fields that measure the machine rather than the model (wall_s) or name a database row (run_id).
The files belong to one build: the standalone build against Debian 12's ns-3.37 (CMakeLists.txt
registers the check with ctest there only; other ns-3 releases give other numbers, see
doc/mptcp.rst, "Results across releases").

    test/golden/check.py --build build                 # rerun every golden run, compare
    test/golden/check.py --build build NAME ...        # only these
    test/golden/check.py --build build --update [NAME ...]   # rewrite their summaries
    test/golden/check.py --build build --add NAME -- PROGRAM ARG ...   # record a new run
        # (@SOURCE@ in an ARG stands for the module's source folder, e.g. for data/ files)
    test/golden/check.py --digest                      # the goldens' fingerprint (below)
    test/golden/check.py --build build --switch-forwarding ipv4 [NAME ...]
        # the mptcp-fattree runs with their switches forwarding through ns-3's IPv4 stack
        # instead of the default fast path: the summaries must be the same (issue 18)

A change that alters a result updates the golden files in the same commit and says why in its
message. The check exits 1 and prints every field that changed (old -> new) when a run differs,
and 2 when a run fails or prints no JSON.
"""

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

GOLDEN_DIR = os.path.dirname(os.path.abspath(__file__))
SOURCE_DIR = os.path.dirname(os.path.dirname(GOLDEN_DIR))
# Written in a golden file's args for SOURCE_DIR, e.g. --flowSizeCdf=@SOURCE@/data/vl2-flow-size.cdf
SOURCE_MARK = "@SOURCE@"
# Fields of the summary that depend on the machine or on the database, not on the model.
VOLATILE = ("wall_s", "run_id")


def golden_files(folder, names):
    """Paths of the golden files to use: every *.json of FOLDER, or the NAMEs given."""
    if names:
        paths = [os.path.join(folder, n + ".json") for n in names]
        missing = [p for p in paths if not os.path.exists(p)]
        if missing:
            sys.exit("check.py: no golden file " + ", ".join(missing))
        return paths
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".json"))


def run(build, program, args):
    """Runs PROGRAM ARGS in a scratch directory; returns its summary without VOLATILE fields.
    SOURCE_MARK in an argument stands for the module's source folder (data files)."""
    args = [a.replace(SOURCE_MARK, SOURCE_DIR) for a in args]
    exe = os.path.join(os.path.abspath(build), program)
    if not os.access(exe, os.X_OK):
        raise RuntimeError(f"{exe} is not built")
    with tempfile.TemporaryDirectory(prefix="mptcp-golden-") as scratch:
        proc = subprocess.run(
            [exe] + args, cwd=scratch, capture_output=True, text=True, timeout=600
        )
    if proc.returncode != 0:
        raise RuntimeError(
            f"{program} {' '.join(args)} exited with {proc.returncode}: {proc.stderr.strip()[-500:]}"
        )
    lines = [l for l in proc.stdout.splitlines() if l.strip()]
    if not lines:
        raise RuntimeError(f"{program} {' '.join(args)} printed nothing")
    try:
        summary = json.loads(lines[-1])
    except json.JSONDecodeError as e:
        raise RuntimeError(f"{program}: the last line of stdout is not JSON ({e})")
    for k in VOLATILE:
        summary.pop(k, None)
    return summary


def differences(old, new):
    """Lines 'field: old -> new' for every field that differs (added and removed ones too)."""
    out = []
    for k in list(old) + [k for k in new if k not in old]:
        if k not in new:
            out.append(f"{k}: {json.dumps(old[k])} -> (missing)")
        elif k not in old:
            out.append(f"{k}: (missing) -> {json.dumps(new[k])}")
        elif old[k] != new[k]:
            out.append(f"{k}: {json.dumps(old[k])} -> {json.dumps(new[k])}")
    return out


def write(path, record):
    with open(path, "w") as f:
        json.dump(record, f, indent=1)
        f.write("\n")


def golden_digest(golden_dir=GOLDEN_DIR):
    """The fingerprint of the results the model produces: the first 12 hex digits of SHA-256
    over every golden file's name and bytes (sorted by name) and the result schema version
    (kResultSchemaVersion of helper/database/experiment-database-schema.h). Any change of a
    result changes a golden file, hence this value; doc/reproduction.rst's ``.. measured:`` markers
    record it, and tools/tests/test_docs.py fails when a marker's value is not the current
    one."""
    h = hashlib.sha256()
    for path in golden_files(golden_dir, []):
        h.update(os.path.basename(path).encode() + b"\0")
        with open(path, "rb") as f:
            h.update(f.read() + b"\0")
    with open(os.path.join(SOURCE_DIR, "helper", "database", "experiment-database-schema.h")) as f:
        m = re.search(r"kResultSchemaVersion = (\d+);", f.read())
    h.update(b"schema " + (m[1] if m else "?").encode())
    return h.hexdigest()[:12]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", help="folder holding the example programs")
    ap.add_argument("--digest", action="store_true",
                    help="print the golden outputs' fingerprint (doc/reproduction.rst markers)")
    ap.add_argument("--golden-dir", default=GOLDEN_DIR, help="folder of the golden files")
    ap.add_argument("--update", action="store_true", help="rewrite the summaries of the runs")
    ap.add_argument("--add", metavar="NAME", help="record a new run NAME: PROGRAM ARG ... follow")
    ap.add_argument(
        "--switch-forwarding",
        choices=("fast", "ipv4"),
        help="run the mptcp-fattree runs with --switchForwarding=MODE (others are skipped) and "
        "compare with the same golden summaries",
    )
    ap.add_argument("names", nargs="*", help="golden runs (default: all); with --add: the command")
    opts = ap.parse_args()
    if opts.digest:
        print(golden_digest(opts.golden_dir))
        return 0
    if not opts.build:
        ap.error("the following arguments are required: --build")

    if opts.add:
        if not opts.names:
            ap.error("--add NAME needs the command: -- PROGRAM ARG ...")
        path = os.path.join(opts.golden_dir, opts.add + ".json")
        if os.path.exists(path):
            sys.exit(f"check.py: {path} exists; use --update")
        program, args = opts.names[0], opts.names[1:]
        write(path, {"program": program, "args": args, "summary": run(opts.build, program, args)})
        print(f"recorded {opts.add}")
        return 0

    changed = failed = skipped = 0
    paths = golden_files(opts.golden_dir, opts.names)
    for path in paths:
        name = os.path.basename(path)[:-5]
        with open(path) as f:
            record = json.load(f)
        args = list(record["args"])
        if opts.switch_forwarding:
            if record["program"] != "mptcp-fattree":
                print(f"golden {name}: skipped ({record['program']} has no --switchForwarding)")
                skipped += 1
                continue
            args.append("--switchForwarding=" + opts.switch_forwarding)
        try:
            summary = run(opts.build, record["program"], args)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            print(f"golden {name}: FAILED to run: {e}")
            failed += 1
            continue
        diff = differences(record["summary"], summary)
        if not diff:
            print(f"golden {name}: same")
        elif opts.update and not opts.switch_forwarding:
            record["summary"] = summary
            write(path, record)
            print(f"golden {name}: UPDATED")
            for d in diff:
                print(f"    {d}")
        else:
            changed += 1
            print(f"golden {name}: CHANGED")
            for d in diff:
                print(f"    {d}")
    same = len(paths) - changed - failed - skipped
    tail = f", {skipped} skipped" if skipped else ""
    print(f"golden: {same} same, {changed} changed, {failed} failed{tail}")
    if failed:
        return 2
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
