"""The README's program is scratch/mptcp-first.cc, to the character: the program CI builds (ctest
scratch-mptcp-first and find-package) is the one a reader copies; its ns-3 tree recipes are what
the in-tree and waf stages run."""

import os
import re
import subprocess
import sys

from paths import ROOT


def test_readme_program_is_scratch_mptcp_first():
    readme = open(os.path.join(ROOT, "README.md")).read()
    section = readme.split("## Using the model in your own program", 1)[1]
    block = re.search(r"```cpp\n(.*?)```", section, re.S)
    assert block, "no ```cpp block under 'Using the model in your own program'"
    program = open(os.path.join(ROOT, "scratch", "mptcp-first.cc")).read()
    assert block.group(1) == program


def _recipe(heading):
    """The README recipe's commands, as tools/ci/module-lists.py gives them to the CI stages."""
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "ci", "module-lists.py"),
                          ROOT, "recipe", heading], check=True, capture_output=True, text=True)
    return out.stdout.splitlines()


def _stage_configure(script, start):
    """The stage's configure command in tools/ci/SCRIPT: from the first line (not a comment)
    holding START to the first line that does not end in a backslash, joined."""
    lines = open(os.path.join(ROOT, "tools", "ci", script)).read().splitlines()
    i = next(i for i, line in enumerate(lines)
             if start in line and not line.lstrip().startswith("#"))
    cmd = []
    while True:
        cmd.append(lines[i].rstrip("\\").strip())
        if not lines[i].endswith("\\"):
            return " ".join(cmd)
        i += 1


def test_readme_recipes_are_what_ci_runs():
    """The in-tree (ns-3.48) and waf (ns-3.35) recipes: their test and run lines are typed by the
    CI stages as they stand (ci_recipe), and the stages configure with every option the recipe's
    configure line names (CI adds only its own: MPI, Ninja, filters, flags), so that the build the
    stages test is the recipe's."""
    cmake = _recipe("In an ns-3 source tree")
    waf = _recipe("In a waf-era ns-3 tree")
    for recipe in (cmake, waf):
        assert any(c.startswith("./test.py -s ") for c in recipe), recipe
        assert any(c.startswith(("./ns3 run ", "./waf --run ")) for c in recipe), recipe
    configure = next(c for c in cmake if c.startswith("./ns3 configure "))
    stage = _stage_configure("intree.sh", "masked ./ns3 configure")
    intree = open(os.path.join(ROOT, "tools", "ci", "intree.sh")).read()
    ci_modules = re.search(r'^modules="([^$"]*)', intree, re.M).group(1).strip(";").split(";")
    for opt in configure.split()[2:]:
        if opt.startswith("--enable-modules="):
            wanted = opt.split("=", 1)[1].strip("'\"").split(";")
            assert set(wanted) <= set(ci_modules), (wanted, ci_modules)
        else:
            assert opt in stage.split(), (opt, stage)
    configure = next(c for c in waf if c.startswith("./waf configure "))
    stage = _stage_configure("waf.sh", "./waf configure")
    for opt in configure.split()[2:]:
        assert opt in stage.split(), (opt, stage)
