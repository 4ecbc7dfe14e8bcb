# -*- Mode: python; py-indent-offset: 4; indent-tabs-mode: nil; coding: utf-8; -*-
#
# Build description for waf-era ns-3 trees (ns-3.35 and older): copy this module to
# contrib/mptcp and run ./waf configure --enable-examples --enable-tests && ./waf build.
# CMakeLists.txt is the single source of truth for the file lists below;
# test/check-build-lists.py (a standalone ctest) fails when they differ.


def configure(conf):
    # MPTCP's token/IDSN derivation (RFC 8684) needs SHA-256 and HMAC from OpenSSL's libcrypto.
    conf.check_cfg(package='libcrypto', uselib_store='MPTCP_CRYPTO',
                   args=['--cflags', '--libs'], mandatory=True)
    # DatacenterPathGraph's shortest paths: Boost.Graph, header-only (Debian: libboost-dev).
    conf.check_cxx(header_name='boost/graph/adjacency_list.hpp',
                   msg='Checking for Boost.Graph (boost/graph/adjacency_list.hpp)',
                   mandatory=True)
    # MPTCP_NS3_MINOR selects the ns-3 API variant (see model/mptcp-ns3-compat.h).
    minor = 999  # "3-dev" and the like: newest API
    node = conf.srcnode.find_node('VERSION')
    if node is not None:
        version = node.read().strip()
        parts = version.split('.')
        if len(parts) >= 2 and parts[0] == '3' and parts[1].split('-')[0].isdigit():
            minor = int(parts[1].split('-')[0])
    conf.env.append_value('DEFINES', 'MPTCP_NS3_MINOR=%d' % minor)
    conf.msg('mptcp: ns-3 API version', '3.%d' % minor)


def build(bld):
    deps = ['internet', 'point-to-point', 'applications', 'flow-monitor', 'traffic-control',
            'stats', 'network', 'core']
    if getattr(bld.env, 'ENABLE_MPI', False):
        deps.append('mpi')  # DatacenterPartition (NS3_MPI), as point-to-point does
    module = bld.create_ns3_module('mptcp', deps)
    module.use.append('MPTCP_CRYPTO')
    if getattr(bld.env, 'ENABLE_MPI', False):
        module.uselib = 'MPI'

    module.source = [
        'model/mptcp-crypto.cc',
        'model/mptcp-option.cc',
        'model/mptcp-option-scatter.cc',
        'model/mptcp-subflow.cc',
        'model/mptcp-subflow-options.cc',
        'model/mptcp-socket-base.cc',
        'model/mptcp-socket-base-send.cc',
        'model/mptcp-socket-base-subflows.cc',
        'model/mptcp-socket-base-fallback.cc',
        'model/mptcp-scheduler.cc',
        'model/mptcp-lowest-rtt-scheduler.cc',
        'model/mptcp-round-robin-scheduler.cc',
        'model/mptcp-strict-round-robin-scheduler.cc',
        'model/mptcp-path-manager.cc',
        'model/mptcp-ndiffports-path-manager.cc',
        'model/mptcp-responsive-path-manager.cc',
        'model/mptcp-fullmesh-path-manager.cc',
        'model/mptcp-reassembly-queue.cc',
        'model/mptcp-mapping-table.cc',
        'model/mptcp-socket-factory.cc',
        'model/mptcp-l4-protocol.cc',
        'model/ecmp-forwarding-table.cc',
        'model/ecmp-switch-forwarder.cc',
        'model/sdn-flow-table.cc',
        'model/sdn-controller.cc',
        'model/sdn-server-message.cc',
        'model/sdn-server-agent.cc',
        'model/out-of-band-interfaces.cc',
        'model/hedera-demand-estimator.cc',
        'model/responsive-route-calculator.cc',
        'model/responsive-monitor.cc',
        'model/responsive-demand-table.cc',
        'model/responsive-controller.cc',
        'model/hedera-controller.cc',
        'model/equal-cost-path-counter.cc',
        'model/mptcp-packet-scatter-socket.cc',
        'model/mmptcp-socket.cc',
        'model/mptcp-transport-socket-factory.cc',
        'model/mptcp-coupled-congestion-ops.cc',
        'model/mptcp-lia.cc',
        'model/mptcp-ewtcp.cc',
        'model/mptcp-fully-coupled.cc',
        'model/mptcp-semi-coupled.cc',
        'model/mptcp-olia.cc',
        'model/mptcp-balia.cc',
        'model/mptcp-xmp.cc',
        'model/ipv4-flow-ecmp-routing.cc',
        'helper/mptcp-stack-helper.cc',
        'helper/ipv4-flow-ecmp-routing-helper.cc',
        'helper/fat-tree-helper.cc',
        'helper/perfect-switch-helper.cc',
        'helper/traffic-matrix.cc',
        'helper/experiment-database.cc',
        'helper/two-path-helper.cc',
        'helper/flow-size-distribution.cc',
        'helper/flow-statistics.cc',
        'helper/received-bytes.cc',
        'helper/link-layer-statistics.cc',
        'helper/datacenter-workload-helper.cc',
        'helper/hot-spot-helper.cc',
        'helper/sdn-flow-table-helper.cc',
        'helper/sdn-controller-helper.cc',
        'helper/datacenter-controller-options.cc',
        'helper/file-transfer-helper.cc',
        'helper/datacenter-topology.cc',
        'helper/dual-homed-fat-tree-helper.cc',
        'helper/vl2-helper.cc',
        'helper/datacenter-topology-registry.cc',
        'helper/mptcp-algorithm-registry.cc',
        'helper/datacenter-experiment.cc',
        'helper/datacenter-experiment-workload.cc',
        'helper/datacenter-experiment-finite.cc',
        'helper/closed-loop-workload.cc',
        'helper/shuffle-workload.cc',
        'helper/datacenter-partition.cc',
        'helper/datacenter-path-graph.cc',
        'helper/program-text.cc',
    ]

    module_test = bld.create_ns3_module_test_library('mptcp')
    module_test.source = [
        'test/mptcp-crypto-test-suite.cc',
        'test/mptcp-option-test-suite.cc',
        'test/mptcp-fuzz-regression-test-suite.cc',
        'test/mptcp-lia-test-suite.cc',
        'test/mptcp-congestion-control-test-suite.cc',
        'test/mptcp-xmp-test-suite.cc',
        'test/mptcp-transfer-test-suite.cc',
        'test/received-bytes-test-suite.cc',
        'test/mptcp-connection-test-suite.cc',
        'test/mptcp-middlebox-test-suite.cc',
        'test/mptcp-teardown-test-suite.cc',
        'test/mptcp-scheduler-test-suite.cc',
        'test/mptcp-backup-test-suite.cc',
        'test/mptcp-path-manager-test-suite.cc',
        'test/mptcp-reassembly-test-suite.cc',
        'test/ipv4-flow-ecmp-routing-test-suite.cc',
        'test/fat-tree-test-suite.cc',
        'test/ecmp-switch-forwarder-test-suite.cc',
        'test/sdn-flow-table-test-suite.cc',
        'test/sdn-control-network-test-suite.cc',
        'test/hedera-test-suite.cc',
        'test/traffic-matrix-test-suite.cc',
        'test/experiment-database-test-suite.cc',
        'test/mptcp-packet-scatter-test-suite.cc',
        'test/mmptcp-test-suite.cc',
        'test/datacenter-workload-test-suite.cc',
        'test/closed-loop-workload-test-suite.cc',
        'test/shuffle-workload-test-suite.cc',
        'test/link-statistics-test-suite.cc',
        'test/file-transfer-test-suite.cc',
        'test/datacenter-topology-test-suite.cc',
        'test/datacenter-experiment-test-suite.cc',
        'test/mptcp-thesis-model-test-suite.cc',
        'test/mptcp-demux-test-suite.cc',
        'test/datacenter-path-graph-test-suite.cc',
        'test/responsive-route-calculator-test-suite.cc',
        'test/responsive-monitor-test-suite.cc',
        'test/responsive-demand-table-test-suite.cc',
        'test/responsive-controller-test-suite.cc',
        'test/fat-tree-delays-addresses-test-suite.cc',
    ]

    headers = bld(features='ns3header')
    headers.module = 'mptcp'
    headers.source = [
        'model/mptcp-ns3-compat.h',
        'model/mptcp-crypto.h',
        'model/mptcp-option.h',
        'model/mptcp-option-scatter.h',
        'model/mptcp-subflow.h',
        'model/mptcp-socket-base.h',
        'model/mptcp-scheduler.h',
        'model/mptcp-lowest-rtt-scheduler.h',
        'model/mptcp-round-robin-scheduler.h',
        'model/mptcp-strict-round-robin-scheduler.h',
        'model/mptcp-path-manager.h',
        'model/mptcp-ndiffports-path-manager.h',
        'model/mptcp-responsive-path-manager.h',
        'model/mptcp-fullmesh-path-manager.h',
        'model/mptcp-reassembly-queue.h',
        'model/mptcp-map-node-pool.h',
        'model/mptcp-mapping-table.h',
        'model/mptcp-socket-factory.h',
        'model/mptcp-l4-protocol.h',
        'model/ecmp-forwarding-table.h',
        'model/ecmp-switch-forwarder.h',
        'model/sdn-flow-table.h',
        'model/sdn-controller.h',
        'model/sdn-server-message.h',
        'model/sdn-server-agent.h',
        'model/out-of-band-interfaces.h',
        'model/hedera-demand-estimator.h',
        'model/responsive-route-calculator.h',
        'model/responsive-monitor.h',
        'model/responsive-demand-table.h',
        'model/responsive-controller.h',
        'model/hedera-controller.h',
        'model/equal-cost-path-counter.h',
        'model/mptcp-packet-scatter-socket.h',
        'model/mmptcp-socket.h',
        'model/mptcp-transport-socket-factory.h',
        'model/mptcp-coupled-congestion-ops.h',
        'model/mptcp-lia.h',
        'model/mptcp-ewtcp.h',
        'model/mptcp-fully-coupled.h',
        'model/mptcp-semi-coupled.h',
        'model/mptcp-olia.h',
        'model/mptcp-balia.h',
        'model/mptcp-xmp.h',
        'model/ipv4-flow-ecmp-routing.h',
        'helper/mptcp-stack-helper.h',
        'helper/ipv4-flow-ecmp-routing-helper.h',
        'helper/fat-tree-helper.h',
        'helper/perfect-switch-helper.h',
        'helper/traffic-matrix.h',
        'helper/experiment-database.h',
        'helper/experiment-database-schema.h',
        'helper/two-path-helper.h',
        'helper/flow-size-distribution.h',
        'helper/flow-statistics.h',
        'helper/received-bytes.h',
        'helper/link-layer-statistics.h',
        'helper/datacenter-workload-helper.h',
        'helper/closed-loop-workload.h',
        'helper/shuffle-workload.h',
        'helper/hot-spot-helper.h',
        'helper/sdn-flow-table-helper.h',
        'helper/sdn-controller-helper.h',
        'helper/datacenter-controller-options.h',
        'helper/file-transfer-helper.h',
        'helper/datacenter-topology.h',
        'helper/dual-homed-fat-tree-helper.h',
        'helper/vl2-helper.h',
        'helper/datacenter-topology-registry.h',
        'helper/mptcp-algorithm-registry.h',
        'helper/datacenter-experiment.h',
        'helper/datacenter-partition.h',
        'helper/datacenter-path-graph.h',
        'helper/program-text.h',
    ]

    if bld.env.ENABLE_EXAMPLES:
        bld.recurse('examples')
