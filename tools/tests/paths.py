# SPDX-License-Identifier: GPL-2.0-only
"""Where the tests find the repository, the command line and the programs."""
import os
import subprocess
import sys

TESTS = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.dirname(TESTS)
ROOT = os.path.dirname(TOOLS)
# The command as the tests run it: the installed package (conftest.py checks that it is this
# checkout's), with the Python running the tests.
CLI = [sys.executable, "-m", "mptcp_ns3"]
BUILD = os.path.join(ROOT, "build")
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def program(name, env=None):
    """A built program: $env if set, else build/name."""
    return os.environ.get(env, os.path.join(BUILD, name)) if env else os.path.join(BUILD, name)


def cli(*args, env=None, env_extra=None, cwd=None, timeout=600):
    """Run mptcp-ns3 ARGS (python3 -m mptcp_ns3); returns the CompletedProcess (text)."""
    if env_extra:
        env = dict(env or os.environ, **env_extra)
    return subprocess.run([*CLI, *map(str, args)], capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=timeout)
