/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_MAP_NODE_POOL_H
#define MPTCP_MAP_NODE_POOL_H

#include <cstddef>
#include <iterator>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Keeps the nodes of the elements erased from a std::map and uses them again for the
 * next insertions (C++17 node handles: std::map::extract and insert), so that a map whose
 * size stays about constant while its elements change (chunks sent and DATA_ACKed,
 * out-of-order data delivered) allocates no memory per element.
 *
 * An erased element's value is reset to a value-initialized one at once (a packet it held is
 * released when it would have been), and at most MAX_NODES nodes are kept. Copying a map's
 * owner copies no node: the copy starts with an empty pool.
 * \tparam Map a std::map
 */
template <typename Map>
class MapNodePool
{
  public:
    /// Largest number of nodes kept
    static constexpr std::size_t MAX_NODES = 256;

    MapNodePool() = default;

    /// A copy has no node of its own
    MapNodePool(const MapNodePool&)
    {
    }

    /**
     * \return this pool, unchanged (the nodes of another pool are not copied)
     */
    MapNodePool& operator=(const MapNodePool&)
    {
        return *this;
    }

    /**
     * \brief Insert (\p key, \p value) into \p map as std::map::emplace would: nothing if the key
     * is present.
     * \param map the map
     * \param key the key
     * \param value the value
     * \return true if inserted
     */
    bool Emplace(Map& map, const typename Map::key_type& key, typename Map::mapped_type value)
    {
        if (m_free.empty())
        {
            return map.emplace(key, std::move(value)).second;
        }
        typename Map::node_type node = std::move(m_free.back());
        m_free.pop_back();
        node.key() = key;
        node.mapped() = std::move(value);
        auto result = map.insert(std::move(node));
        if (!result.inserted)
        {
            Keep(std::move(result.node));
        }
        return result.inserted;
    }

    /**
     * \brief Erase the element at \p it from \p map, as std::map::erase.
     * \param map the map
     * \param it an element of \p map
     * \return the element after it
     */
    typename Map::iterator Erase(Map& map, typename Map::iterator it)
    {
        auto next = std::next(it);
        Keep(map.extract(it));
        return next;
    }

  private:
    /**
     * \brief Keep a node for later, its value reset (or free it if MAX_NODES are kept).
     * \param node the node
     */
    void Keep(typename Map::node_type&& node)
    {
        if (m_free.size() >= MAX_NODES)
        {
            return; // the node is freed with the handle
        }
        node.mapped() = typename Map::mapped_type{};
        m_free.push_back(std::move(node));
    }

    std::vector<typename Map::node_type> m_free; //!< nodes of erased elements
};

} // namespace ns3

#endif /* MPTCP_MAP_NODE_POOL_H */
