/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PROGRAM_TEXT_H
#define PROGRAM_TEXT_H

#include "ns3/nstime.h"

#include <string>

/**
 * \file
 * \ingroup mptcp
 * ns3::ProgramText: the text of the programs' options and JSON summaries.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief The text conversions the example programs and DatacenterExperiment share: option
 * values read without ns-3's abort on a malformed one, and JSON values of the one-line
 * summaries.
 */
class ProgramText
{
  public:
    /**
     * \brief Parse an ns-3 time such as "200ms", "1.5s" or "0" (ns3::Time's string constructor
     * aborts on an unknown unit; this returns false).
     * \param text a decimal number and an optional unit (y, d, h, min, s, ms, us, ns, ps, fs;
     *        none: seconds), no spaces
     * \param out set to the time if \p text is one
     * \return false if \p text is not such a time
     */
    static bool ParseTime(const std::string& text, Time* out);
    /**
     * \param s a string
     * \return \p s as a quoted JSON string (quotes and backslashes escaped)
     */
    static std::string Json(const std::string& s);
    /**
     * \param v a number
     * \return it with 6 significant digits, or null when not finite (not applicable)
     */
    static std::string JsonNumber(double v);
};

} // namespace ns3

#endif /* PROGRAM_TEXT_H */
