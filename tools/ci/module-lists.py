#!/usr/bin/env python3
"""The module's lists as the ns-3 tree checks need them, read from the repository's own files.

    module-lists.py REPO cmake-list NAME   # items of set(NAME ...) in REPO/CMakeLists.txt, one a line
    module-lists.py REPO suites            # TestSuite names registered by MPTCP_TEST_SOURCES
    module-lists.py REPO examples          # "<program> <args>" of test/examples-to-run.py's
                                           # cpp_examples whose condition holds
    module-lists.py REPO recipe HEADING    # the commands of the first ```sh block of README.md's
                                           # section "## HEADING...", comments stripped

Shared by tools/ci/intree.sh (CMake trees), tools/ci/waf.sh (waf trees) and
tools/build-optimized.sh, so that every stage runs the same suites and examples.
"""
import os
import re
import sys


def cmake_list(repo, name):
    """Items of the first set(NAME ...) of REPO/CMakeLists.txt (comments stripped); [] if none."""
    with open(os.path.join(repo, "CMakeLists.txt")) as f:
        text = "\n".join(line.split("#", 1)[0] for line in f.read().splitlines())
    m = re.search(r"\bset\s*\(\s*" + re.escape(name) + r"\b([^)]*)\)", text)
    return m.group(1).split() if m else []


def suites(repo):
    """Names of the TestSuites constructed in the sources of MPTCP_TEST_SOURCES, in file order."""
    names = []
    for src in cmake_list(repo, "MPTCP_TEST_SOURCES"):
        path = os.path.join(repo, src)
        if not os.path.exists(path):
            continue
        with open(path) as f:
            code = re.sub(r"//[^\n]*", "", f.read())
        for name in re.findall(r'TestSuite\s*[({]\s*"([^"]+)"', code):
            if name not in names:
                names.append(name)
    return names


def examples(repo):
    """The cpp_examples entries of test/examples-to-run.py whose condition is true (or names a
    variable of ns-3's test.py, which is taken as true)."""
    path = os.path.join(repo, "test", "examples-to-run.py")
    ns = {}
    if os.path.exists(path):
        with open(path) as f:
            exec(f.read(), ns)
    out = []
    for entry in ns.get("cpp_examples", []):
        try:
            run = bool(eval(entry[1], {}))
        except NameError:
            run = True
        if run:
            out.append(entry[0])
    return out


def recipe(repo, heading):
    """The commands of the first ```sh block in README.md's section whose "## " heading starts
    with HEADING, one a line, each without its trailing comment ("  # ..."); [] if none."""
    with open(os.path.join(repo, "README.md")) as f:
        lines = f.read().splitlines()
    out, state = [], "heading"
    for line in lines:
        if state == "heading":
            if line.startswith("## " + heading):
                state = "section"
        elif state == "section":
            if line.startswith("## "):
                break
            if line.strip() == "```sh":
                state = "block"
        else:
            if line.strip() == "```":
                break
            cmd = re.sub(r"(^|\s+)#.*$", "", line).strip()
            if cmd:
                out.append(cmd)
    return out


def main(argv):
    arg = {"cmake-list": 4, "recipe": 4, "suites": 3, "examples": 3}
    if len(argv) < 3 or arg.get(argv[2]) != len(argv):
        sys.exit("usage: module-lists.py REPO {cmake-list NAME | suites | examples | recipe HEADING}")
    repo, what = argv[1], argv[2]
    items = cmake_list(repo, argv[3]) if what == "cmake-list" else \
        recipe(repo, argv[3]) if what == "recipe" else \
        suites(repo) if what == "suites" else examples(repo)
    if items:
        print("\n".join(items))


if __name__ == "__main__":
    main(sys.argv)
