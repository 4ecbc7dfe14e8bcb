#! /usr/bin/env python3

# A list of C++ examples to run in order to ensure that they remain buildable and runnable over
# time, in ns-3's format (read by ns-3's ./test.py in an ns-3 tree, by tools/ci/intree.sh, and by
# test/standalone-tests.cmake for the standalone builds).
#
# Each tuple is (example_name_and_arguments, do_run, do_valgrind_run): the two conditions are
# Python expressions that may use ns-3 configuration variables.
cpp_examples = [
    (
        "mptcp-fattree --k=4 --duration=0.5 --warmup=0.1 --transport=mptcp --subflows=4 --cc=lia"
        " --db=/tmp/mptcp-smoke.db --label=smoke-mptcp-lia",
        "True",
        "True",
    ),
    (
        "mptcp-fattree --k=4 --duration=0.5 --warmup=0.1 --transport=mptcp --subflows=2"
        " --cc=uncoupled --db=/tmp/mptcp-smoke.db --label=smoke-mptcp-uncoupled",
        "True",
        "True",
    ),
    (
        "mptcp-fattree --k=4 --duration=0.5 --warmup=0.1 --transport=tcp"
        " --db=/tmp/mptcp-smoke.db --label=smoke-tcp",
        "True",
        "True",
    ),
    ("mptcp-two-hosts --subflows=4 --duration=1 --pcap=/tmp/mptcp-two-hosts-smoke", "True", "True"),
    (
        "mptcp-link-failure --duration=3 --failAt=1 --restoreAt=2"
        " --csv=/tmp/mptcp-link-failure-smoke.csv",
        "True",
        "True",
    ),
    (
        "mptcp-fattree --k=4 --duration=0.8 --warmup=0.4 --workload=mix --transport=mptcp"
        " --subflows=4 --shortTransport=tcp --shortFlowStart=0.3 --db=/tmp/mptcp-smoke.db"
        " --label=smoke-mix-mptcp-sftcp",
        "True",
        "True",
    ),
    (
        "mptcp-file-transfer --transport=mptcp --packets=1,10,100 --db=/tmp/mptcp-smoke.db",
        "True",
        "True",
    ),
]

# A list of Python examples to run, as (example_name, do_run).
python_examples = []
