# SPDX-License-Identifier: GPL-2.0-only
"""pytest set-up of the tools' tests: tools/ (the mptcp_ns3 package) and this folder (helpers
such as results_db.py) are importable. Run with: python3 -m pytest -q -p no:cacheprovider tools/
"""
import os
import sys

TESTS = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.dirname(TESTS)
for d in (TOOLS, TESTS):
    if d not in sys.path:
        sys.path.insert(0, d)
