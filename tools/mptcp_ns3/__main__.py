# SPDX-License-Identifier: GPL-2.0-only
"""``python3 -m mptcp_ns3 SUBCOMMAND ...``: the installed package (pip install -e tools/)."""
import sys

from .cli import main

sys.exit(main())
