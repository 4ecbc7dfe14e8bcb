/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_NS3_COMPAT_H
#define MPTCP_NS3_COMPAT_H

#include <cstdint>

/**
 * \file
 * \ingroup mptcp
 * Every difference between the ns-3 releases this module builds against (ns-3.37 ... ns-3.48),
 * in one place.
 *
 * MPTCP_NS3_MINOR is the minor version of the ns-3 release being built against (37 for Debian
 * 12's libns3-dev, 44 for PyPI's ns3==3.44.post0, 48 for Debian's ns-3.48, 999 for an ns-3-dev
 * tree whose VERSION says "3-dev"). CMakeLists.txt derives it from the ns-3 tree's VERSION file
 * or from the installed ns-3 package and passes it with -DMPTCP_NS3_MINOR=<n>; the default below
 * is the oldest supported release.
 *
 * Each macro below names the release that changed the API and the entry of ns-3's CHANGES.md
 * that says so (https://gitlab.com/nsnam/ns-3-dev/-/blob/ns-3.48/CHANGES.md, section "Changes
 * from ns-3.X to ns-3.Y"). The model uses these macros and no version test of its own.
 *
 * Differences handled without a macro, because one spelling works on every release:
 * - Create<T>() of an Object subclass is a static_assert error from ns-3.46 (ptr.h): every
 *   Object (ErrorModel, TcpOption, ...) is made with CreateObject<T>(), which ns-3.37 accepts too.
 * - TcpL4Protocol::PROT_NUMBER is deprecated in ns-3-dev after 3.48 (CHANGES.md, "Changes from
 *   ns-3.48 to ns-3-dev": "Centralized IANA numbers list in network/utils is now used instead of
 *   the constexpr PROT_NUMBER"), and its replacement header does not exist before that release:
 *   the module uses MPTCP_IP_PROTOCOL_TCP below.
 *
 * Build-system differences live in CMakeLists.txt, each with the release that made it:
 * build_lib's "<lib>-obj" OBJECT target is gone from ns-3.43 (and the CMake package's targets
 * lost their "lib" prefix: ns3::libcore became ns3::core, CHANGES.md 3.42 -> 3.43, "Changes to
 * build system"); C++20 is needed from ns-3.41 and C++23 from ns-3.46 (3.40 -> 3.41 and
 * 3.45 -> 3.46, "Changes to build system"); the installed package accepts only its exact
 * version in find_package().
 */

#ifndef MPTCP_NS3_MINOR
#define MPTCP_NS3_MINOR 37
#endif

/**
 * IANA protocol number of TCP in the IPv4 header (RFC 9293; IANA "Assigned Internet Protocol
 * Numbers"), used for TCP checksums instead of TcpL4Protocol::PROT_NUMBER (deprecated after
 * ns-3.48, see above).
 */
#define MPTCP_IP_PROTOCOL_TCP static_cast<uint8_t>(6)

/**
 * Object::GetInstanceTypeId() is final from ns-3.45 (CHANGES.md, 3.44 -> 3.45, "Changes to
 * existing API": "Object::GetInstanceTypeId() can no longer be specialized by subclasses"): only
 * older releases need the override, which returns the class's own TypeId.
 */
#if MPTCP_NS3_MINOR < 45
#define MPTCP_NEEDS_INSTANCE_TYPEID 1
#else
#define MPTCP_NEEDS_INSTANCE_TYPEID 0
#endif

/**
 * Ipv4RoutingProtocol::RouteInput() takes its callbacks by const reference from ns-3.39
 * (CHANGES.md, 3.38 -> 3.39, "Changes to existing API": "The UnicastForwardCallback (ucb), ...
 * should now be passed as const references").
 */
#if MPTCP_NS3_MINOR < 39
#define MPTCP_ROUTE_INPUT_CB(T) T
#else
#define MPTCP_ROUTE_INPUT_CB(T) const T&
#endif

/**
 * InternetStackHelper::SetTcp() exists up to ns-3.38 (removed by ns-3 commit 303113a8,
 * "internet: remove unused SetTcp (needed by NSC)"; CHANGES.md, 3.38 -> 3.39: InternetStackHelper
 * "will not install IPv[4,6] twice"). Later releases take an L4 protocol aggregated to the node
 * before InternetStackHelper::Install().
 */
#if MPTCP_NS3_MINOR < 39
#define MPTCP_HAVE_SET_TCP 1
#else
#define MPTCP_HAVE_SET_TCP 0
#endif

/**
 * TestSuite::Type and TestCase::Duration became enum classes in ns-3.42 (ns-3 commits a5c42bc8
 * "core: Use enum class for TestSuite::Type" and e46d2a80 "Use enum class for
 * TestCase::TestDuration and rename it to TestCase::Duration").
 */
#if MPTCP_NS3_MINOR < 42
#define MPTCP_TEST_UNIT ns3::TestSuite::UNIT
#define MPTCP_TEST_SYSTEM ns3::TestSuite::SYSTEM
#define MPTCP_TEST_QUICK ns3::TestCase::QUICK
#define MPTCP_TEST_EXTENSIVE ns3::TestCase::EXTENSIVE
#else
#define MPTCP_TEST_UNIT ns3::TestSuite::Type::UNIT
#define MPTCP_TEST_SYSTEM ns3::TestSuite::Type::SYSTEM
#define MPTCP_TEST_QUICK ns3::TestCase::Duration::QUICK
#define MPTCP_TEST_EXTENSIVE ns3::TestCase::Duration::EXTENSIVE
#endif

/**
 * EnumValue became a class template in ns-3.41 (CHANGES.md, 3.40 -> 3.41, "Changes to existing
 * API": "attributes that wrap enums must update the syntax for the MakeEnumAccessor method
 * call"): the accessor names the enum type T.
 */
#if MPTCP_NS3_MINOR < 41
#define MPTCP_ENUM_ACCESSOR(T, ...) ns3::MakeEnumAccessor(__VA_ARGS__)
#else
#define MPTCP_ENUM_ACCESSOR(T, ...) ns3::MakeEnumAccessor<T>(__VA_ARGS__)
#endif

/**
 * Global routing became one class template for IPv4 and IPv6 in ns-3.47 (CHANGES.md,
 * 3.46.1 -> 3.47, "New API": "Added IPv6 support to Global Routing"): ipv4-global-routing.h is
 * gone, Ipv4GlobalRouting is an alias declared in global-routing.h, and GlobalRouter is a
 * template too, Ipv4GlobalRouter its IPv4 alias (DatacenterTopology::AddRoutableAddress()
 * injects routes through it; EcmpForwardingTable does not read the injected routes on these
 * releases: the only ones the module injects, the /32 host routes of a FatTree host's further
 * addresses, are host routes there).
 */
#if MPTCP_NS3_MINOR < 47
#define MPTCP_GLOBAL_ROUTING_TEMPLATE 0
#else
#define MPTCP_GLOBAL_ROUTING_TEMPLATE 1
#endif

/**
 * The class of the object global routing aggregates to a node (its link-state advertisements,
 * its injected routes): GlobalRouter up to ns-3.46, the alias Ipv4GlobalRouter of
 * GlobalRouter<Ipv4Manager> from ns-3.47. Needs ns3/global-router-interface.h.
 */
#if MPTCP_GLOBAL_ROUTING_TEMPLATE
#define MPTCP_IPV4_GLOBAL_ROUTER ns3::Ipv4GlobalRouter
#else
#define MPTCP_IPV4_GLOBAL_ROUTER ns3::GlobalRouter
#endif

/**
 * Up to ns-3.44 (checked against the headers of 3.37 and 3.44), Ipv4GlobalRouting keeps its
 * routes in three private std::list members (host, network and AS-external routes), which
 * Ipv4FlowEcmpRouting reads directly: an O(n) snapshot instead of the O(n^2) of
 * GetRoute(0..n-1). Later releases (3.45 and 3.46 unchecked; 3.47's template stores them
 * differently) use the public GetRoute() path, which can also be forced by defining
 * MPTCP_ECMP_NO_DIRECT_TABLE.
 */
#if MPTCP_NS3_MINOR <= 44 && !MPTCP_GLOBAL_ROUTING_TEMPLATE && !defined(MPTCP_ECMP_NO_DIRECT_TABLE)
#define MPTCP_ECMP_DIRECT_TABLE 1
#else
#define MPTCP_ECMP_DIRECT_TABLE 0
#endif

#endif /* MPTCP_NS3_COMPAT_H */
