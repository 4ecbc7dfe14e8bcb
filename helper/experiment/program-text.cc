/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/program-text.h"

#include <cmath>
#include <iomanip>
#include <regex>
#include <sstream>

namespace ns3
{

bool
ProgramText::ParseTime(const std::string& text, Time* out)
{
    static const std::regex syntax(
        R"(^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?(y|d|h|min|s|ms|us|ns|ps|fs)?$)");
    TimeValue v;
    if (!std::regex_match(text, syntax) || !v.DeserializeFromString(text, MakeTimeChecker()))
    {
        return false;
    }
    *out = v.Get();
    return true;
}

std::string
ProgramText::Json(const std::string& s)
{
    std::string out = "\"";
    for (char c : s)
    {
        if (c == '"' || c == '\\')
        {
            out += '\\';
        }
        out += c;
    }
    return out + "\"";
}

std::string
ProgramText::JsonNumber(double v)
{
    if (!std::isfinite(v))
    {
        return "null";
    }
    std::ostringstream os;
    os << std::setprecision(6) << v;
    return os.str();
}

} // namespace ns3
