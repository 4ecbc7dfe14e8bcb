#! /usr/bin/env python3
"""Check that the module's build descriptions agree.

CMakeLists.txt is the single source of truth (MPTCP_SOURCES, MPTCP_HEADERS, MPTCP_TEST_SOURCES,
MPTCP_EXAMPLES, MPTCP_NS3_DEPENDENCIES). This script checks that

  * wscript and examples/wscript (for waf-era ns-3 trees, <= 3.35) list the same files, examples
    and ns-3 dependencies: their build() functions are executed against a recording stand-in for
    waf's build context, so any way of writing the lists works;
  * every file CMakeLists.txt lists exists, and no .cc/.h under model/ helper/, no .cc under test/
    and examples/ is missing from the lists (a file nobody builds);
  * every example named in test/examples-to-run.py is in MPTCP_EXAMPLES.

Exits 0 when everything agrees; otherwise prints each difference (naming the files) and exits 1.
Usage: test/check-build-lists.py [module-root]   (default: the parent of this script's folder)
"""

import os
import re
import sys
import types

LISTS = ("MPTCP_SOURCES", "MPTCP_HEADERS", "MPTCP_TEST_SOURCES", "MPTCP_EXAMPLES",
         "MPTCP_NS3_DEPENDENCIES")


def parse_cmake_lists(path):
    """Return {name: [items]} for the set(NAME ...) commands of LISTS in a CMakeLists.txt."""
    with open(path) as f:
        text = f.read()
    # Strip comments (no '#' appears inside the quoted strings of these lists).
    text = "\n".join(line.split("#", 1)[0] for line in text.splitlines())
    found = {}
    for m in re.finditer(r"\bset\s*\(\s*(\w+)\b([^)]*)\)", text):
        name, body = m.group(1), m.group(2)
        if name in LISTS:
            if name in found:
                raise SystemExit("%s: %s is set more than once" % (path, name))
            found[name] = [item.strip('"') for item in body.split()]
    missing = [n for n in LISTS if n not in found]
    if missing:
        raise SystemExit("%s: no set(...) for %s" % (path, ", ".join(missing)))
    return found


class Recorder(types.SimpleNamespace):
    """Stands in for a waf task generator: remembers whatever attributes are set on it."""


class FakeBuildContext:
    """Just enough of waf's build context for an ns-3 module wscript's build()."""

    def __init__(self, root, enable_examples=True):
        self.root = root
        self.env = types.SimpleNamespace(ENABLE_EXAMPLES=enable_examples, ENABLE_TESTS=True)
        self.modules = []      # (name, deps, generator)
        self.test_libs = []    # (name, generator)
        self.headers = []      # generators with features 'ns3header'
        self.programs = []     # (name, deps, generator)
        self.subdir = ""

    def create_ns3_module(self, name, dependencies=(), *args, **kw):
        gen = Recorder(source=[], use=[], name=name)
        self.modules.append((name, list(dependencies), gen))
        return gen

    def create_ns3_module_test_library(self, name):
        gen = Recorder(source=[], name=name)
        self.test_libs.append((name, gen))
        return gen

    def create_ns3_program(self, name, dependencies=("core",)):
        gen = Recorder(source=[], name=name, subdir=self.subdir)
        self.programs.append((name, list(dependencies), gen))
        return gen

    def __call__(self, *args, **kw):  # bld(features='ns3header')
        gen = Recorder(source=[], **kw)
        if "ns3header" in str(kw.get("features", "")):
            self.headers.append(gen)
        return gen

    def recurse(self, subdirs):
        for sub in subdirs.split() if isinstance(subdirs, str) else subdirs:
            saved = self.subdir
            self.subdir = os.path.join(self.subdir, sub)
            run_wscript(os.path.join(self.root, self.subdir, "wscript"), "build", self)
            self.subdir = saved

    def __getattr__(self, name):  # anything else waf offers: accept and ignore
        return lambda *a, **k: Recorder(source=[])


def run_wscript(path, function, ctx):
    if not os.path.exists(path):
        raise SystemExit("%s does not exist" % path)
    namespace = {"__file__": path, "__name__": "wscript"}
    with open(path) as f:
        code = compile(f.read(), path, "exec")
    exec(code, namespace)
    if function not in namespace:
        raise SystemExit("%s has no %s() function" % (path, function))
    namespace[function](ctx)


def as_list(value):
    if isinstance(value, str):
        return value.split()
    return list(value)


def compare(label, cmake, other, other_name, problems):
    cm, ot = list(cmake), list(other)
    only_cmake = sorted(set(cm) - set(ot))
    only_other = sorted(set(ot) - set(cm))
    dups = sorted({x for x in ot if ot.count(x) > 1} | {x for x in cm if cm.count(x) > 1})
    for x in only_cmake:
        problems.append("%s: %s is in CMakeLists.txt but not in %s" % (label, x, other_name))
    for x in only_other:
        problems.append("%s: %s is in %s but not in CMakeLists.txt" % (label, x, other_name))
    for x in dups:
        problems.append("%s: %s is listed twice" % (label, x))


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1
                           else os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    problems = []
    cmake = parse_cmake_lists(os.path.join(root, "CMakeLists.txt"))

    # --- wscript -------------------------------------------------------------------------------
    ctx = FakeBuildContext(root)
    run_wscript(os.path.join(root, "wscript"), "build", ctx)
    mods = [m for m in ctx.modules if m[0] == "mptcp"]
    tests = [t for t in ctx.test_libs if t[0] == "mptcp"]
    if len(mods) != 1:
        problems.append("wscript: expected one bld.create_ns3_module('mptcp', ...), found %d"
                        % len(mods))
    else:
        _, deps, gen = mods[0]
        compare("sources", cmake["MPTCP_SOURCES"], as_list(gen.source), "wscript", problems)
        compare("ns-3 dependencies", cmake["MPTCP_NS3_DEPENDENCIES"], deps, "wscript", problems)
    if len(tests) != 1:
        problems.append("wscript: expected one bld.create_ns3_module_test_library('mptcp'), "
                        "found %d" % len(tests))
    else:
        compare("test sources", cmake["MPTCP_TEST_SOURCES"], as_list(tests[0][1].source),
                "wscript", problems)
    headers = [h for h in ctx.headers if getattr(h, "module", None) == "mptcp"]
    if len(headers) != 1:
        problems.append("wscript: expected one bld(features='ns3header') with module 'mptcp', "
                        "found %d" % len(headers))
    else:
        compare("headers", cmake["MPTCP_HEADERS"], as_list(headers[0].source), "wscript",
                problems)

    # --- examples/wscript ----------------------------------------------------------------------
    programs = {}
    for name, deps, gen in ctx.programs:
        programs[name] = gen
        want = os.path.join(gen.subdir, name + ".cc")
        got = [os.path.join(gen.subdir, s) for s in as_list(gen.source)]
        if got != [want]:
            problems.append("examples/wscript: program %s builds %s, expected %s"
                            % (name, " ".join(got) or "nothing", want))
        if "mptcp" not in deps:
            problems.append("examples/wscript: program %s does not depend on mptcp" % name)
    compare("examples", cmake["MPTCP_EXAMPLES"], [p[0] for p in ctx.programs],
            "examples/wscript", problems)

    # --- files on disk -------------------------------------------------------------------------
    listed = set(cmake["MPTCP_SOURCES"] + cmake["MPTCP_HEADERS"] + cmake["MPTCP_TEST_SOURCES"]
                 + ["examples/%s.cc" % e for e in cmake["MPTCP_EXAMPLES"]])
    for path in sorted(listed):
        if not os.path.isfile(os.path.join(root, path)):
            problems.append("files: %s is listed in CMakeLists.txt but does not exist" % path)
    patterns = {"model": (".cc", ".h"), "helper": (".cc", ".h"), "test": (".cc",),
                "examples": (".cc",)}
    for folder, exts in patterns.items():
        d = os.path.join(root, folder)
        if not os.path.isdir(d):
            continue
        # model/ and helper/ have a folder per subsystem or concern (model/mptcp, ...).
        walk = os.walk(d) if folder in ("model", "helper") else [(d, [], os.listdir(d))]
        for dirpath, _, fnames in walk:
            for fname in sorted(fnames):
                rel = os.path.relpath(os.path.join(dirpath, fname), root).replace(os.sep, "/")
                if fname.endswith(exts) and rel not in listed:
                    problems.append("files: %s exists but is in no list of CMakeLists.txt"
                                    % rel)

    # --- test/examples-to-run.py ---------------------------------------------------------------
    ex_path = os.path.join(root, "test", "examples-to-run.py")
    if os.path.exists(ex_path):
        ns = {}
        with open(ex_path) as f:
            exec(compile(f.read(), ex_path, "exec"), ns)
        for entry in ns.get("cpp_examples", []):
            name = entry[0].split()[0]
            if name not in cmake["MPTCP_EXAMPLES"]:
                problems.append("test/examples-to-run.py: example %s is not in MPTCP_EXAMPLES"
                                % name)

    if problems:
        print("check-build-lists: %d difference(s):" % len(problems))
        for p in problems:
            print("  " + p)
        return 1
    print("check-build-lists: CMakeLists.txt, wscript, examples/wscript and "
          "test/examples-to-run.py agree (%d sources, %d headers, %d test sources, %d examples)"
          % (len(cmake["MPTCP_SOURCES"]), len(cmake["MPTCP_HEADERS"]),
             len(cmake["MPTCP_TEST_SOURCES"]), len(cmake["MPTCP_EXAMPLES"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
