# SPDX-License-Identifier: GPL-2.0-only
"""The options of the simulation programs, as the programs declare them.

Every option of ``mptcp-fattree`` and ``mptcp-file-transfer`` is declared once, in C++
(``DatacenterExperiment::DeclareOptions``, ``ExperimentOptions``); ``PROGRAM --list-options``
prints them as JSON: a list of ``{"name", "type", "default", "unit", "help", "allowed"}``, then
ns-3's global values (``RngSeed``, ``RngRun``, ``SchedulerType``, ...). The tools read that list
instead of keeping one of their own, so an option added to a program is known to them at once.
"""
import functools
import json
import os
import subprocess

from .common import BadInput

#: Seconds a program may take to list its options.
TIMEOUT_S = 120


@functools.lru_cache(maxsize=None)
def _listed(path):
    try:
        p = subprocess.run([path, "--list-options"], capture_output=True, text=True,
                           timeout=TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise BadInput(f"cannot run '{path} --list-options': {e}") from None
    if p.returncode != 0:
        tail = (p.stderr.strip().splitlines() or ["no message"])[-1]
        raise BadInput(f"'{path} --list-options' exited with {p.returncode}: {tail} (a program "
                       "built before the option existed? rebuild it)")
    try:
        options = json.loads(p.stdout)
        return {o["name"]: dict(o) for o in options}
    except (ValueError, TypeError, KeyError):
        raise BadInput(f"'{path} --list-options' printed no list of options") from None


def program_options(bin_dir, program):
    """The options of BIN_DIR/PROGRAM: {name: {"name", "type", "default", "unit", "help",
    "allowed"}}, ns-3's global values included. Raises BadInput (one line) if the program is
    missing or cannot list them."""
    path = os.path.join(bin_dir, program)
    if not os.path.isfile(path):
        raise BadInput(f"program '{path}' not found (build it, or give --bin-dir): its options "
                       "come from its --list-options")
    return {name: dict(o) for name, o in _listed(os.path.abspath(path)).items()}
