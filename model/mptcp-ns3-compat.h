/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_NS3_COMPAT_H
#define MPTCP_NS3_COMPAT_H

#include <cstdint>

/**
 * \file
 * \ingroup mptcp
 * Every difference between the ns-3 releases this module builds against (ns-3.35, the last waf
 * release, and ns-3.37 ... ns-3.48), in one place.
 *
 * MPTCP_NS3_MINOR is the minor version of the ns-3 release being built against (35 for an
 * ns-3.35 waf tree, 37 for Debian 12's libns3-dev, 44 for PyPI's ns3==3.44.post0, 48 for ns-3.48,
 * 999 for an ns-3-dev tree whose VERSION says "3-dev"). CMakeLists.txt derives it from the ns-3
 * tree's VERSION file or from the installed ns-3 package, the wscript from the waf tree's
 * VERSION file; both pass it with -DMPTCP_NS3_MINOR=<n>. The default below is Debian 12's
 * release.
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

#if MPTCP_NS3_MINOR < 36
#include "ns3/callback.h"
#include "ns3/event-impl.h"
#include "ns3/ptr.h"

#include <memory>
#include <type_traits>
#include <utility>

namespace ns3
{
/// Helpers of the ns-3.35 spellings below; not part of the module's API.
namespace mptcpcompat
{
/**
 * An event that runs a callable object: what ns-3.36's MakeEvent(T function) builds.
 * \tparam F the callable's type (a lambda, std::function<void()>), called with no argument.
 */
template <typename F>
class FunctorEvent : public EventImpl
{
  public:
    /// \param f the callable, run once when the event expires.
    explicit FunctorEvent(F f)
        : m_f(std::move(f))
    {
    }

  protected:
    void Notify() override
    {
        m_f();
    }

  private:
    F m_f; //!< the callable
};

/**
 * \param f a callable with one non-template call operator
 * \return an event that calls f, for Simulator's Ptr<EventImpl> overloads
 */
template <typename F>
Ptr<EventImpl>
MakeFunctorEvent(F&& f)
{
    return Ptr<EventImpl>(new FunctorEvent<std::decay_t<F>>(std::forward<F>(f)), false);
}

/**
 * A callable that ns-3.35's functor callbacks can hold: they compare two functors with !=
 * (FunctorCallbackImpl::IsEqual), which a lambda does not have. Copies share the callable and
 * compare equal; copies of different callables differ.
 * \tparam F the callable's type
 * \tparam R its result
 * \tparam A its arguments
 */
template <typename F, typename R, typename... A>
class ComparableFunctor
{
  public:
    /// \param f the callable
    explicit ComparableFunctor(F f)
        : m_f(std::make_shared<F>(std::move(f)))
    {
    }

    /// \param a the arguments \return the callable's result
    R operator()(A... a) const
    {
        return (*m_f)(std::forward<A>(a)...);
    }

    /// \param other another functor \return whether it holds another callable
    bool operator!=(const ComparableFunctor& other) const
    {
        return m_f != other.m_f;
    }

  private:
    std::shared_ptr<F> m_f; //!< the callable, shared by copies
};

/// The Callback and comparable functor types of a call operator's signature.
template <typename T>
struct FunctorTraits;

/// A const call operator R (C::*)(A...) const.
template <typename C, typename R, typename... A>
struct FunctorTraits<R (C::*)(A...) const>
{
    using CallbackType = Callback<R, A...>;                 //!< the callback type
    using Holder = ComparableFunctor<std::decay_t<C>, R, A...>; //!< what the callback holds
};

/// A mutable lambda's call operator R (C::*)(A...).
template <typename C, typename R, typename... A>
struct FunctorTraits<R (C::*)(A...)>
{
    using CallbackType = Callback<R, A...>;                 //!< the callback type
    using Holder = ComparableFunctor<std::decay_t<C>, R, A...>; //!< what the callback holds
};

/**
 * \param f a callable with one non-template call operator R operator()(A...)
 * \return a Callback<R, A...> that calls f (ns-3.35's functor constructor)
 */
template <typename F>
typename FunctorTraits<decltype(&std::decay_t<F>::operator())>::CallbackType
MakeFunctorCallback(F&& f)
{
    using Traits = FunctorTraits<decltype(&std::decay_t<F>::operator())>;
    return typename Traits::CallbackType(typename Traits::Holder(std::forward<F>(f)), true, true);
}
} // namespace mptcpcompat
} // namespace ns3
#endif

/**
 * Simulator::Schedule(), ScheduleNow() and ScheduleDestroy() take a callable object (a lambda,
 * a std::function) from ns-3.36, whose make-event.h adds MakeEvent(T function) ("Make an
 * EventImpl from a lambda", ns-3.36 API documentation; checked against the headers of 3.35 and
 * 3.37). ns-3.35 makes events only of function pointers and member functions, and a capturing
 * lambda is neither. MPTCP_EVENT(f), for a callable f that takes no argument, is f itself from
 * ns-3.36 and on 3.35 an EventImpl that calls f, which Simulator's Ptr<EventImpl> overloads
 * take: Simulator::Schedule(delay, MPTCP_EVENT([this] { ... })) on every release.
 */
#if MPTCP_NS3_MINOR < 36
#define MPTCP_EVENT(...) ::ns3::mptcpcompat::MakeFunctorEvent(__VA_ARGS__)
#else
#define MPTCP_EVENT(...) __VA_ARGS__
#endif

/**
 * A Callback is constructed from a callable object (a lambda) from ns-3.36, whose callback.h
 * reimplements Callback on std::function with a constructor Callback(T func) (ns-3.36 API
 * documentation; checked against the headers of 3.35 and 3.37). ns-3.35's functor constructor
 * takes two more, unused, arguments. MPTCP_CALLBACK(f) is f itself from ns-3.36 and on 3.35 the
 * Callback<R, A...> of f's call operator R operator()(A...):
 * Callback<void, Ptr<Socket>>(MPTCP_CALLBACK([this](Ptr<Socket> s) { ... })) on every release.
 */
#if MPTCP_NS3_MINOR < 36
#define MPTCP_CALLBACK(...) ::ns3::mptcpcompat::MakeFunctorCallback(__VA_ARGS__)
#else
#define MPTCP_CALLBACK(...) __VA_ARGS__
#endif

/**
 * Queue<Item> keeps its items in a container that subclasses reach with GetContainer() from
 * ns-3.36 (queue.h: Queue<Item, Container>); ns-3.35's Queue<Item> has protected begin() and
 * end() instead (checked against the headers of 3.35 and 3.37). MPTCP_QUEUE_BEGIN() and
 * MPTCP_QUEUE_END(), inside a Queue subclass, are the first and past-the-end positions.
 */
#if MPTCP_NS3_MINOR < 36
#define MPTCP_QUEUE_BEGIN() begin()
#define MPTCP_QUEUE_END() end()
#else
#define MPTCP_QUEUE_BEGIN() GetContainer().begin()
#define MPTCP_QUEUE_END() GetContainer().end()
#endif

/**
 * PointToPointHelper::DisableFlowControl() exists from ns-3.36 (CHANGES.md, 3.35 -> 3.36, "New
 * API": "The helpers of the NetDevices supporting flow control ... now provide a
 * DisableFlowControl method"). On ns-3.35 the helper has no such switch:
 * DatacenterTopology::InstallWithoutFlowControl() does without it.
 */
#if MPTCP_NS3_MINOR < 36
#define MPTCP_HAVE_DISABLE_FLOW_CONTROL 0
#else
#define MPTCP_HAVE_DISABLE_FLOW_CONTROL 1
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

/**
 * RngSeedManager::ResetNextStreamIndex(), which restarts the automatic random-stream indices
 * at 0, exists in ns-3.44 and 3.48 but not in 3.35 or 3.37 (checked against their headers; the
 * release between that added it unchecked). Detected on the class, not by version:
 * mptcpcompat::ResetNextStreamIndex() calls it where it exists and does nothing otherwise;
 * mptcpcompat::CanResetNextStreamIndex() says which.
 */
#include "ns3/rng-seed-manager.h"

#include <type_traits>

namespace ns3
{
namespace mptcpcompat
{
/// \brief Whether T has a static ResetNextStreamIndex() (ns-3's RngSeedManager, ns-3.44 on).
template <class T, class = void>
struct HasResetNextStreamIndex : std::false_type
{
};

/// \brief The detection's positive case.
template <class T>
struct HasResetNextStreamIndex<T, std::void_t<decltype(T::ResetNextStreamIndex())>>
    : std::true_type
{
};

/// \return true if this ns-3 can restart the automatic stream indices
inline bool
CanResetNextStreamIndex()
{
    return HasResetNextStreamIndex<RngSeedManager>::value;
}

/**
 * \brief Restart the automatic stream indices at 0 where this ns-3 can; else nothing.
 * \tparam T RngSeedManager (a template parameter, so that the call compiles without it)
 */
template <class T = RngSeedManager>
inline void
ResetNextStreamIndex()
{
    if constexpr (HasResetNextStreamIndex<T>::value)
    {
        T::ResetNextStreamIndex();
    }
}
} // namespace mptcpcompat
} // namespace ns3

#endif /* MPTCP_NS3_COMPAT_H */
