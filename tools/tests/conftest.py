# SPDX-License-Identifier: GPL-2.0-only
"""pytest set-up of the tools' tests. They import the installed mptcp_ns3 package (tools/deps.sh
installs it: ``python3 -m pip install -e tools/``), and it must be this checkout's: an editable
install of another clone would test other code. Helpers such as results_db.py are imported from
this folder (pytest puts a test's folder on sys.path). Run with:
python3 -m pytest -q -p no:cacheprovider tools/tests/
"""
import os

import pytest

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def pytest_configure(config):
    try:
        import mptcp_ns3
    except ImportError:
        pytest.exit("the mptcp_ns3 package is not installed: python3 -m pip install -e tools/ "
                    "(tools/deps.sh does it)", returncode=2)
    where = os.path.dirname(os.path.dirname(os.path.realpath(mptcp_ns3.__file__)))
    if where != os.path.realpath(TOOLS):
        pytest.exit(f"the installed mptcp_ns3 is {where}'s, not this checkout's {TOOLS}: "
                    "python3 -m pip install -e tools/", returncode=2)
