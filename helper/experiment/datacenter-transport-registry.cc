/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/datacenter-transport-registry.h"

#include "ns3/abort.h"

namespace ns3
{

namespace
{
/// \return the table, built-ins first
std::vector<DatacenterTransport>&
Table()
{
    static std::vector<DatacenterTransport> t = [] {
        std::vector<DatacenterTransport> v;
        DatacenterTransport tcp;
        tcp.name = "tcp";
        tcp.socketFactory = "ns3::TcpSmallQueuesSocketFactory";
        tcp.onStock = true;
        v.push_back(tcp);
        DatacenterTransport mptcp;
        mptcp.name = "mptcp";
        mptcp.socketFactory = "ns3::MpTcpSocketFactory";
        mptcp.multipath = true;
        v.push_back(mptcp);
        DatacenterTransport scatter;
        scatter.name = "packetscatter";
        scatter.description = "seed 000 §4.3.5: switches spray every packet over the "
                              "equal-cost paths, TCP with a raised duplicate-ACK threshold";
        scatter.socketFactory = "ns3::TcpSmallQueuesSocketFactory";
        scatter.perPacketEcmp = true;
        scatter.shortFlows = false; // a setting of the switches, for every flow
        v.push_back(scatter);
        DatacenterTransport ps;
        ps.name = "ps";
        ps.description = "hosts spray: ns3::PacketScatterSocket";
        ps.socketFactory = "ns3::PacketScatterSocketFactory";
        v.push_back(ps);
        DatacenterTransport mmptcp;
        mmptcp.name = "mmptcp";
        mmptcp.description = "ns3::MmpTcpSocket";
        mmptcp.socketFactory = "ns3::MmpTcpSocketFactory";
        mmptcp.multipath = true;
        mmptcp.switchesToMptcp = true;
        v.push_back(mmptcp);
        return v;
    }();
    return t;
}
} // namespace

void
DatacenterTransportRegistry::Add(const DatacenterTransport& transport)
{
    NS_ABORT_MSG_IF(transport.name.empty() || Find(transport.name),
                    "DatacenterTransportRegistry::Add: the name '" << transport.name
                                                                   << "' is empty or taken");
    Table().push_back(transport);
}

const DatacenterTransport*
DatacenterTransportRegistry::Find(const std::string& name)
{
    for (const DatacenterTransport& t : Table())
    {
        if (t.name == name)
        {
            return &t;
        }
    }
    return nullptr;
}

std::vector<std::string>
DatacenterTransportRegistry::GetNames()
{
    std::vector<std::string> names;
    for (const DatacenterTransport& t : Table())
    {
        names.push_back(t.name);
    }
    return names;
}

std::vector<std::string>
DatacenterTransportRegistry::GetShortFlowNames()
{
    std::vector<std::string> names;
    for (const DatacenterTransport& t : Table())
    {
        if (t.shortFlows)
        {
            names.push_back(t.name);
        }
    }
    return names;
}

std::string
DatacenterTransportRegistry::Help()
{
    std::string help;
    for (const DatacenterTransport& t : Table())
    {
        help += (help.empty() ? "" : " | ") + t.name +
                (t.description.empty() ? "" : " (" + t.description + ")");
    }
    return help;
}

std::string
DatacenterTransportRegistry::JoinOr(const std::vector<std::string>& names)
{
    std::string out;
    for (size_t i = 0; i < names.size(); ++i)
    {
        out += (i == 0 ? "" : (i + 1 == names.size() ? " or " : ", ")) + names[i];
    }
    return out;
}

} // namespace ns3
