#ifndef IPV4_FLOW_ECMP_ROUTING_HELPER_H
#define IPV4_FLOW_ECMP_ROUTING_HELPER_H
// placeholder: being written
#endif
