# SPDX-License-Identifier: GPL-2.0-only
"""Analytical model of link-load variance against the number of subflows (Raiciu et al.,
SIGCOMM 2011, §4.3.2 and Fig. 6).

m-way multipath on a k-ary FatTree, permutation traffic matrix, every path chosen at random
independently and carrying weight 1/m. n0 = k^3/4 hosts, n1 = k^2/4 hosts per pod, n2 = k/2
hosts per rack. The total weight on a within-pod (edge-aggregation) link has mean E_p and
variance V_p, on a pod-core (aggregation-core) link E_c and V_c:

  E_p = 1 - n2/n1
  V_p = E_p * ((m-1)/(m n2) + 1/m + (1 - 1/n2) (1 - (n2-1)/(n0-1)) - E_p)
  E_c = 1 - n1/n0
  V_c = E_c * ((m-1)/(m n1) + 1/m + (1 - 1/n1) (1 - (n1-1)/(n0-1)) - E_c)
"""


def sizes(k):
    """(n0, n1, n2): hosts in the FatTree, in a pod, in a rack."""
    if k < 2 or k % 2:
        raise ValueError(f"k must be even and >= 2, not {k}")
    return k ** 3 / 4, k ** 2 / 4, k / 2


def expected_pod(k):
    n0, n1, n2 = sizes(k)
    return 1 - n2 / n1


def expected_core(k):
    n0, n1, n2 = sizes(k)
    return 1 - n1 / n0


def _variance(e, m, n, n0):
    if m < 1:
        raise ValueError(f"m must be >= 1, not {m}")
    return e * ((m - 1) / (m * n) + 1 / m + (1 - 1 / n) * (1 - (n - 1) / (n0 - 1)) - e)


def variance_pod(k, m):
    """V_p: variance of the weight on a within-pod link, k-ary FatTree, m subflows."""
    n0, n1, n2 = sizes(k)
    return _variance(expected_pod(k), m, n2, n0)


def variance_core(k, m):
    """V_c: variance of the weight on a pod-core link, k-ary FatTree, m subflows."""
    n0, n1, n2 = sizes(k)
    return _variance(expected_core(k), m, n1, n0)
