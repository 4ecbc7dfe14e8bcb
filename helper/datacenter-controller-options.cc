/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/datacenter-controller-options.h"

#include "ns3/datacenter-topology.h"
#include "ns3/double.h"
#include "ns3/hedera-controller.h"
#include "ns3/nstime.h"
#include "ns3/sdn-controller-helper.h"

#include <cmath>
#include <sstream>

namespace ns3
{

bool
DatacenterControllerOptions::Validate(bool stock,
                                      bool mpi,
                                      std::string* option,
                                      std::string* value,
                                      std::string* why) const
{
    auto reject = [&](const std::string& o, const std::string& v, const std::string& w) {
        *option = o;
        *value = v;
        *why = w;
        return false;
    };
    if (controller != "none" && controller != "hedera")
    {
        return reject("controller", controller, "must be none or hedera");
    }
    std::ostringstream interval;
    interval << hederaInterval;
    // Twice the OpenFlow channel's default latency (0.5 ms each way): a round must be
    // answered before the next starts.
    if (!(hederaInterval > 0.001) || !std::isfinite(hederaInterval))
    {
        return reject("hederaInterval", interval.str(), "must be a time in s above 0.001");
    }
    std::ostringstream threshold;
    threshold << hederaThreshold;
    if (!(hederaThreshold > 0 && hederaThreshold <= 1))
    {
        return reject("hederaThreshold",
                      threshold.str(),
                      "must be a fraction of the NIC rate in (0, 1]");
    }
    if (controller != "none" && stock)
    {
        return reject("controller", controller, "the stock ns-3 baseline runs without one");
    }
    if (controller != "none" && mpi)
    {
        return reject("controller", controller, "not supported with --mpi yet");
    }
    return true;
}

Ptr<SdnController>
DatacenterControllerOptions::Install(const DatacenterTopology& topo) const
{
    if (controller == "none")
    {
        return nullptr;
    }
    SdnControllerHelper helper("ns3::HederaController");
    helper.SetControllerAttribute("Interval", TimeValue(Seconds(hederaInterval)));
    helper.SetControllerAttribute("ElephantThreshold", DoubleValue(hederaThreshold));
    return helper.Install(topo);
}

std::string
DatacenterControllerOptions::SummaryJsonFields(Ptr<SdnController> ctl) const
{
    Ptr<HederaController> hedera = DynamicCast<HederaController>(ctl);
    std::ostringstream os;
    os << ", \"controller\": \"" << controller << "\""
       << ", \"flows_scheduled\": " << (hedera ? hedera->GetNFlowsScheduled() : 0)
       << ", \"hedera_rounds\": " << (hedera ? hedera->GetNRounds() : 0)
       << ", \"rules_installed\": " << (ctl ? ctl->GetNRulesInstalled() : 0)
       << ", \"control_messages\": " << (ctl ? ctl->GetNMessages() : 0)
       << ", \"control_bytes\": " << (ctl ? ctl->GetControlBytes() : 0);
    return os.str();
}

bool
DatacenterControllerOptions::Record(Ptr<SdnController> ctl, ControllerRunRecord* row) const
{
    if (!ctl)
    {
        return false;
    }
    Ptr<HederaController> hedera = DynamicCast<HederaController>(ctl);
    row->controller = controller;
    row->intervalS = hederaInterval;
    row->threshold = hederaThreshold;
    row->flowsScheduled = hedera ? hedera->GetNFlowsScheduled() : 0;
    row->rounds = hedera ? hedera->GetNRounds() : 0;
    row->rulesInstalled = ctl->GetNRulesInstalled();
    row->controlMessages = ctl->GetNMessages();
    row->controlBytes = ctl->GetControlBytes();
    return true;
}

std::string
DatacenterControllerOptions::ParamsJsonFields() const
{
    std::ostringstream os;
    os << ",\"controller\":\"" << controller << "\",\"hederaInterval\":" << hederaInterval
       << ",\"hederaThreshold\":" << hederaThreshold;
    return os.str();
}

} // namespace ns3
