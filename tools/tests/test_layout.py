# SPDX-License-Identifier: GPL-2.0-only
"""The module's layering: model/ (the protocol, the fabric's forwarding, the SDN control plane)
includes nothing from helper/ (builders, workloads, statistics, experiments); every header of
the module is included one way, as "ns3/NAME.h", which works from any folder of the module
and in every ns-3 tree (the build installs them all under ns3/).
Run with: python3 -m pytest tools/
"""
import glob
import os
import re

from paths import ROOT

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def sources(folder):
    return sorted(glob.glob(os.path.join(ROOT, folder, "**", "*.h"), recursive=True) +
                  glob.glob(os.path.join(ROOT, folder, "**", "*.cc"), recursive=True))


def headers(folder):
    return {os.path.basename(p) for p in sources(folder) if p.endswith(".h")}


def includes(path):
    with open(path, encoding="utf-8") as f:
        return INCLUDE.findall(f.read())


def test_model_includes_nothing_from_helper():
    helper = headers("helper")
    model = headers("model")
    assert helper and model and not helper & model, "a header name in both folders"
    bad = [(os.path.relpath(p, ROOT), inc) for p in sources("model") for inc in includes(p)
           if os.path.basename(inc) in helper]
    assert not bad, f"model/ includes helper/ headers: {bad}"


def test_module_headers_are_included_as_ns3_name():
    module = headers("model") | headers("helper")
    bad = []
    for folder in ("model", "helper", "examples", "test", "fuzz", "scratch"):
        for p in sources(folder):
            for inc in includes(p):
                if os.path.basename(inc) in module and inc != "ns3/" + os.path.basename(inc):
                    bad.append((os.path.relpath(p, ROOT), inc))
    assert not bad, f'module headers not included as "ns3/NAME.h": {bad}'


def test_the_check_can_fail(tmp_path):
    # The patterns find a helper/ header included from model/, either way it is written.
    text = '#include "ns3/datacenter-topology.h"\n  #  include "fat-tree-helper.h"\n'
    found = INCLUDE.findall(text)
    assert found == ["ns3/datacenter-topology.h", "fat-tree-helper.h"]
    assert {os.path.basename(i) for i in found} <= headers("helper")


MAX_FUNCTION_LINES = 150


def function_lengths(path):
    """(lines, first line of the signature) of every function defined in PATH: the module's
    formatting puts a definition's braces alone in column 0 (namespace, class, struct and enum
    bodies are not functions)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    out = []
    i = 0
    while i < len(lines):
        if lines[i] == "{":
            k = i - 1
            while k > 0 and not lines[k].strip():
                k -= 1
            head = lines[k].strip()
            j = i + 1
            while j < len(lines) and not lines[j].startswith("}"):
                j += 1
            if not re.match(r"(namespace|class|struct|enum|union|extern)\b", head):
                out.append((j - i + 1, f"{os.path.relpath(path, ROOT)}:{k + 1}: {head}"))
                i = j
        i += 1
    return out


def test_no_function_of_helper_or_examples_is_over_150_lines():
    found = [f for folder in ("helper", "examples") for p in sources(folder)
             if p.endswith(".cc") for f in function_lengths(p)]
    assert len(found) > 100, "the parser finds the functions"
    long = sorted(f for f in found if f[0] > MAX_FUNCTION_LINES)
    assert not long, f"functions over {MAX_FUNCTION_LINES} lines: {long}"


def test_function_lengths_are_measured(tmp_path):
    f = tmp_path / "x.cc"
    f.write_text("namespace ns3\n{\n\nint\nF(int a)\n{\n    return a;\n}\n\n} // namespace ns3\n")
    assert function_lengths(str(f)) == [(3, f"{os.path.relpath(str(f), ROOT)}:5: F(int a)")]


SET_DEFAULT = re.compile(r"\bConfig::SetDefault(FailSafe)?\s*\(")


def set_default_calls(path):
    """Lines of PATH that call Config::SetDefault, comments left out."""
    out = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            code = line.split("//")[0]
            if SET_DEFAULT.search(code) and not code.lstrip().startswith("*"):
                out.append(f"{os.path.relpath(path, ROOT)}:{n}")
    return out


def test_helper_sets_no_process_wide_defaults(tmp_path):
    """An experiment's parameters go on the sockets and nodes it builds (TransportAttributes),
    never into ns-3's process-wide attribute defaults, which would configure the next
    simulation of the process too (issue 35)."""
    calls = [c for p in sources("helper") for c in set_default_calls(p)]
    assert not calls, f"Config::SetDefault in helper/: {calls}"
    f = tmp_path / "x.cc"
    f.write_text('// Config::SetDefault("a", b) in a comment\n'
                 '    ns3::Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1));\n')
    assert set_default_calls(str(f)) == [f"{os.path.relpath(str(f), ROOT)}:2"]
