# Flow sizes of the VL2 data-center measurement ("data mining" workload).
#
# Source: A. Greenberg et al., "VL2: A Scalable and Flexible Data Center Network",
# ACM SIGCOMM 2009, Fig. 2 (flow size distribution of a 1,500-server production cluster:
# half of the flows are one packet, 99 % are below 100 MB, most bytes are in flows of
# 100 MB to 1 GB). The points are the ones the pFabric paper (Alizadeh et al., SIGCOMM 2013)
# and PIAS (Bai et al., NSDI 2015; its ns-2 scripts' CDF_vl2.tcl) read off that figure, in
# packets of 1460 bytes of payload; here converted to bytes (packets x 1460).
# Used by the SIGCOMM 2011 MPTCP paper's Fig. 13 ("flow sizes come from the VL2 dataset").
#
# Format (ns3::FlowSizeDistribution, doc/mptcp.rst): size_bytes cumulative_probability.
# Sizes between points are interpolated linearly; the mean is 7,470,236 bytes.
1460 0.5
2920 0.6
4380 0.7
10220 0.8
389820 0.9
3076220 0.95
97333820 0.99
973333820 1
