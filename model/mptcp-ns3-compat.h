/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_NS3_COMPAT_H
#define MPTCP_NS3_COMPAT_H

/**
 * \file
 * \ingroup mptcp
 * Version macros for the ns-3 API drift this module spans (ns-3.37 ... ns-3.44 and later).
 *
 * MPTCP_NS3_MINOR is the minor version of the ns-3 release being built against (37 for
 * Debian 12's libns3-dev, 44 for PyPI's ns3==3.44.post0, 999 for ns-3-dev). CMake derives it
 * from the ns-3 tree's VERSION file or from the installed ns-3 package and passes it with
 * -DMPTCP_NS3_MINOR=<n>; the default below is the oldest supported release.
 */

#ifndef MPTCP_NS3_MINOR
#define MPTCP_NS3_MINOR 37
#endif

/// Object::GetInstanceTypeId() is final from ns-3.45: only older releases need the override.
#if MPTCP_NS3_MINOR < 45
#define MPTCP_NEEDS_INSTANCE_TYPEID 1
#else
#define MPTCP_NEEDS_INSTANCE_TYPEID 0
#endif

/// RouteInput() takes its callbacks by const reference from ns-3.39.
#if MPTCP_NS3_MINOR < 39
#define MPTCP_ROUTE_INPUT_CB(T) T
#else
#define MPTCP_ROUTE_INPUT_CB(T) const T&
#endif

/// InternetStackHelper::SetTcp() exists up to ns-3.38; later releases take a pre-aggregated L4.
#if MPTCP_NS3_MINOR < 39
#define MPTCP_HAVE_SET_TCP 1
#else
#define MPTCP_HAVE_SET_TCP 0
#endif

/// TestSuite/TestCase enums were renamed in ns-3.42.
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

/// EnumValue became a class template in ns-3.41: its accessor names the enum type.
#if MPTCP_NS3_MINOR < 41
#define MPTCP_ENUM_ACCESSOR(T, member) ns3::MakeEnumAccessor(member)
#else
#define MPTCP_ENUM_ACCESSOR(T, member) ns3::MakeEnumAccessor<T>(member)
#endif

#endif /* MPTCP_NS3_COMPAT_H */
