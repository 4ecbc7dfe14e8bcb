#ifndef IPV4_FLOW_ECMP_ROUTING_H
#define IPV4_FLOW_ECMP_ROUTING_H
// placeholder: being written
#endif
