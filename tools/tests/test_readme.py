"""The README's program is scratch/mptcp-first.cc, to the character: the program CI builds (ctest
scratch-mptcp-first and find-package) is the one a reader copies."""

import os
import re

from paths import ROOT


def test_readme_program_is_scratch_mptcp_first():
    readme = open(os.path.join(ROOT, "README.md")).read()
    section = readme.split("## Using the model in your own program", 1)[1]
    block = re.search(r"```cpp\n(.*?)```", section, re.S)
    assert block, "no ```cpp block under 'Using the model in your own program'"
    program = open(os.path.join(ROOT, "scratch", "mptcp-first.cc")).read()
    assert block.group(1) == program
