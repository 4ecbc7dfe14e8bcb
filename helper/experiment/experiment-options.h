/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef EXPERIMENT_OPTIONS_H
#define EXPERIMENT_OPTIONS_H

#include "ns3/command-line.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <ostream>
#include <functional>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::ExperimentOption and ns3::ExperimentOptions: a program's options, each declared once.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief One option of an experiment program, declared once: its name on the command line,
 * help, value type, unit and allowed values, bound to the variable that holds its value.
 *
 * From the declaration come the option's ns-3 CommandLine entry (AddTo()), its entry in the
 * program's `--list-options` (ToJson(): what the Python tools read instead of a list of their
 * own) and its value as JSON (GetValueJson()). The bound variable must outlive the option.
 */
class ExperimentOption
{
  public:
    /**
     * \brief Declare an option bound to \p value.
     *
     * \tparam T the variable's type: bool, int, uint32_t, uint64_t, double or std::string
     * \param name the option's name, without "--" (as on the command line)
     * \param value the variable that holds the option's value: its value now is the default
     * \param unit the unit of a number ("s", "bytes", "packets", "segments", ...); of a string
     *        the kind of text it holds ("time": an ns-3 Time such as 200ms; "rate": an ns-3
     *        DataRate such as 100Mbps; "file"); "" if none
     * \param help the help text of `--help`
     * \param allowed the values a string option takes, if a fixed set ({} otherwise)
     * \return the declaration
     */
    template <typename T>
    static ExperimentOption Bind(const std::string& name,
                                 T& value,
                                 const std::string& unit,
                                 const std::string& help,
                                 std::vector<std::string> allowed = {});

    /**
     * \brief Declare an option bound to the variable behind an ns-3 attribute of a part (an
     * ExperimentController, ...): the attribute's TypeId declaration is the one place its
     * help, default and meaning are written, the option takes its help from there.
     *
     * \tparam T the variable's type, as for Bind()
     * \param name the option's name, without "--" (as on the command line)
     * \param value the variable the attribute's accessor reads and writes (the part's member):
     *        setting the option sets the attribute
     * \param tid the TypeId that declares the attribute (or a subclass of it)
     * \param attribute the attribute's name, e.g. "Interval"
     * \param unit as for Bind()
     * \param helpPrefix put before the attribute's help, e.g. "hedera: " (which part it is of)
     * \param allowed as for Bind()
     * \return the declaration; NS_FATAL_ERROR if \p tid has no such attribute (a programming
     *         error)
     */
    template <typename T>
    static ExperimentOption BindAttribute(const std::string& name,
                                          T& value,
                                          TypeId tid,
                                          const std::string& attribute,
                                          const std::string& unit,
                                          const std::string& helpPrefix = "",
                                          std::vector<std::string> allowed = {});

    /**
     * \brief Keep the option out of the parameters recorded with a run (ParamsJson()): for
     * options that cannot change a result (where it is written, how much is printed).
     * \return this option
     */
    ExperimentOption& NotRecorded();
    /**
     * \brief Record the option with a run only when \p when says so (e.g. a workload's sizes
     * only for that workload), so that other runs' parameters stay as they were.
     * \param when asked at ParamsJson() time
     * \return this option
     */
    ExperimentOption& RecordedWhen(std::function<bool()> when);
    /// \return whether ParamsJson() records the option now
    bool IsRecorded() const;

    /// \return the option's name, without "--"
    const std::string& GetName() const;
    /// \return the value type: bool, int, uint, double or string
    const std::string& GetType() const;
    /// \return the unit or kind of text ("" if none)
    const std::string& GetUnit() const;
    /// \return the help text
    const std::string& GetHelp() const;
    /// \return the values a string option takes (empty: any)
    const std::vector<std::string>& GetAllowed() const;

    /**
     * \brief Add the option to \p cmd (ns-3's CommandLine::AddValue on the bound variable).
     * \param cmd the program's command line
     */
    void AddTo(CommandLine& cmd) const;
    /// \return the bound variable's current value as JSON (a non-finite number: null)
    std::string GetValueJson() const;
    /**
     * \return the option as one JSON object: {"name", "type", "default" (the bound variable's
     * current value), "unit", "help", "allowed"}
     */
    std::string ToJson() const;

  private:
    std::string m_name;                              //!< Name without "--".
    std::string m_type;                              //!< bool | int | uint | double | string.
    std::string m_unit;                              //!< Unit or kind of text.
    std::string m_help;                              //!< Help text.
    std::vector<std::string> m_allowed;              //!< Allowed values of a string.
    std::function<void(CommandLine&)> m_addTo;       //!< CommandLine::AddValue on the variable.
    std::function<std::string()> m_valueJson;        //!< The variable's value as JSON.
    std::function<bool()> m_recorded;                //!< Whether recorded (empty: always).

    /**
     * \param tid a TypeId
     * \param attribute the name of one of its attributes (own or inherited)
     * \return the attribute's help; NS_FATAL_ERROR if there is no such attribute
     */
    static std::string AttributeHelp(TypeId tid, const std::string& attribute);
    /// The JSON of a value of each supported type.
    static std::string ValueJson(bool v);
    /// \copydoc ValueJson(bool)
    static std::string ValueJson(int v);
    /// \copydoc ValueJson(bool)
    static std::string ValueJson(uint32_t v);
    /// \copydoc ValueJson(bool)
    static std::string ValueJson(uint64_t v);
    /// \copydoc ValueJson(bool)
    static std::string ValueJson(double v);
    /// \copydoc ValueJson(bool)
    static std::string ValueJson(const std::string& v);
    /// The type name of each supported type (bool, int, uint, double, string).
    static std::string TypeName(const bool*);
    /// \copydoc TypeName(const bool*)
    static std::string TypeName(const int*);
    /// \copydoc TypeName(const bool*)
    static std::string TypeName(const uint32_t*);
    /// \copydoc TypeName(const bool*)
    static std::string TypeName(const uint64_t*);
    /// \copydoc TypeName(const bool*)
    static std::string TypeName(const double*);
    /// \copydoc TypeName(const bool*)
    static std::string TypeName(const std::string*);
};

/**
 * \ingroup mptcp
 * \brief A program's options in the order declared: the one place each option is written.
 *
 * A program declares its options here (usually through a helper such as
 * DatacenterExperiment::DeclareOptions()), adds them all to its CommandLine with AddTo(), and
 * answers `--list-options` with ListJson(), which also lists ns-3's global values (RngSeed,
 * RngRun, SchedulerType, ...) that every ns-3 program accepts.
 */
class ExperimentOptions
{
  public:
    /**
     * \brief Append an option.
     * \param option the declaration; its name must be new (aborts otherwise: a programming
     *        error)
     */
    void Add(ExperimentOption option);
    /// \return the options in the order they were added
    const std::vector<ExperimentOption>& Get() const;
    /**
     * \param name an option's name, without "--"
     * \return the option, or nullptr if there is none of that name
     */
    const ExperimentOption* Find(const std::string& name) const;
    /**
     * \brief Add every option to \p cmd, in order.
     * \param cmd the program's command line
     */
    void AddTo(CommandLine& cmd) const;
    /**
     * \return a JSON array: one ExperimentOption::ToJson() object per option, then one per ns-3
     * global value (type from its checker: uint, int, double, bool, string or typeid; unit "";
     * help its own), in that order
     */
    std::string ListJson() const;
    /**
     * \return the parameters of a run as one JSON object, `{"name":value,...}`: every option
     * that is recorded (ExperimentOption::IsRecorded()), in declaration order, with the value
     * its variable holds now (the runs.params_json of the results database)
     */
    std::string ParamsJson() const;
    /**
     * \brief Add the flag --list-options to \p cmd, which ListIfAsked() answers after
     * cmd.Parse(). Call it before Parse(), after AddTo(): it keeps ListJson() of the values as
     * they are now, the defaults. Keep this object alive until ListIfAsked() (the command
     * line holds a reference to the flag).
     * \param cmd the program's command line
     */
    void AddListOption(CommandLine& cmd);
    /**
     * \brief Answer --list-options: print the options and their defaults (ListJson() at
     * AddListOption()) if the command line asked for them.
     * \param os where to print (a program's std::cout)
     * \return true if asked (the program then exits with 0)
     */
    bool ListIfAsked(std::ostream& os) const;

  private:
    std::vector<ExperimentOption> m_options; //!< In declaration order.
    bool m_listAsked{false};                 //!< --list-options was given
    std::string m_defaultsJson;              //!< ListJson() at AddListOption()
};

template <typename T>
ExperimentOption
ExperimentOption::Bind(const std::string& name,
                       T& value,
                       const std::string& unit,
                       const std::string& help,
                       std::vector<std::string> allowed)
{
    ExperimentOption o;
    o.m_name = name;
    o.m_type = TypeName(static_cast<const T*>(nullptr));
    o.m_unit = unit;
    o.m_help = help;
    o.m_allowed = std::move(allowed);
    T* v = &value;
    o.m_addTo = [name, help, v](CommandLine& cmd) { cmd.AddValue(name, help, *v); };
    o.m_valueJson = [v]() { return ValueJson(*v); };
    return o;
}

template <typename T>
ExperimentOption
ExperimentOption::BindAttribute(const std::string& name,
                                T& value,
                                TypeId tid,
                                const std::string& attribute,
                                const std::string& unit,
                                const std::string& helpPrefix,
                                std::vector<std::string> allowed)
{
    return Bind(name,
                value,
                unit,
                helpPrefix + AttributeHelp(tid, attribute),
                std::move(allowed));
}

} // namespace ns3

#endif /* EXPERIMENT_OPTIONS_H */
