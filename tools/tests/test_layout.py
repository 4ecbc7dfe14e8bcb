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
