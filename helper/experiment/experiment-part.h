/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef EXPERIMENT_PART_H
#define EXPERIMENT_PART_H

#include "ns3/datacenter-topology-registry.h"
#include "ns3/experiment-options.h"
#include "ns3/object.h"

#include <functional>
#include <ostream>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::ExperimentPart: what every replaceable part of an experiment shares.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief A part of a datacenter experiment chosen by name (a controller, a metric, ...): an
 * ns-3 Object whose parameters are TypeId attributes, declared as the program's options once
 * (DoDeclareOptions(), usually ExperimentOption::BindAttribute() on the attributes' members),
 * checked by the part itself (CheckParameters()) and recorded by it in params_json
 * (WriteParams()). The kinds of part (ExperimentController, ExperimentMetric) add what they do
 * in a run.
 */
class ExperimentPart : public Object
{
  public:
    /// An invalid option: its name (without "--"), value and what is valid.
    using Error = DatacenterTopologyRegistry::Error;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \brief Set the name the part runs under (its option value; set by its registry).
     * \param name the name
     */
    void SetName(const std::string& name);
    /// \return the name it runs under
    const std::string& GetName() const;

    /**
     * \brief Declare the part's options (DoDeclareOptions()), each recorded with a run
     * (params_json) when \p recordedWhen says so.
     * \param options the program's options, appended to
     * \param recordedWhen whether the part's parameters are recorded (usually: the run uses the
     *        part, or RecordsAlways())
     */
    void DeclareOptions(ExperimentOptions& options, const std::function<bool()>& recordedWhen);
    /**
     * \return whether the part's parameters are recorded with every run, even one that does
     *         not use it (this base class: false; Hedera's: true, as params_json always had)
     */
    virtual bool RecordsAlways() const;
    /**
     * \brief Check the part's own parameters, whether it is chosen or not (an invalid value of
     * any option is an error).
     * \param [out] error the first invalid option
     * \return true if all valid (this base class: always)
     */
    virtual bool CheckParameters(Error* error) const;
  protected:
    /**
     * \brief Declare the options of the part's parameters. This base class: none.
     * \param [out] options appended to, in the order they are listed and recorded
     */
    virtual void DoDeclareOptions(std::vector<ExperimentOption>* options);
    /**
     * \param v a number
     * \return it as `std::ostream <<` prints it (the value of an invalid option, as given)
     */
    static std::string Number(double v);
    /**
     * \brief Fill \p error.
     * \param option the option without "--"
     * \param value its value as given
     * \param why what a valid value is
     * \param [out] error the error
     * \return false
     */
    static bool Reject(const std::string& option,
                       const std::string& value,
                       const std::string& why,
                       Error* error);

  private:
    std::string m_name; //!< Its option value.
};

/**
 * \ingroup mptcp
 * \brief A table name -> part TypeId for one kind of part (the controllers, the metrics): what
 * ExperimentControllerRegistry and ExperimentMetricRegistry keep.
 */
class ExperimentPartTable
{
  public:
    /// One part: its name and TypeId.
    struct Entry
    {
        std::string name;        //!< Its option value, e.g. "hedera".
        std::string typeId;      //!< TypeId name of its class.
        std::string description; //!< What it is, for --help ("" for none).
    };

    /**
     * \param base the TypeId every entry's class derives from (or is)
     * \param builtIns the built-in entries, in order
     */
    ExperimentPartTable(TypeId base, std::vector<Entry> builtIns);
    /**
     * \brief Add a part.
     * \param entry the part; its name must be new and its TypeId a \p base (NS_FATAL_ERROR
     *        otherwise)
     */
    void Add(const Entry& entry);
    /**
     * \param name a name
     * \return its entry, or nullptr if none has that name
     */
    const Entry* Find(const std::string& name) const;
    /// \return the names, built-ins first, in the order added
    std::vector<std::string> GetNames() const;
    /// \return each name with its description in parentheses, joined by " | "
    std::string Help() const;
    /**
     * \brief Make a part, its attributes at their defaults.
     * \param name a registered name
     * \return the part (its name set), or nullptr if none has that name
     */
    Ptr<ExperimentPart> Create(const std::string& name) const;
    /**
     * \brief Copy a part: a new object of its TypeId with the values of all its attributes
     * (its parameters) and its name.
     * \param part the part
     * \return the copy
     */
    static Ptr<ExperimentPart> Copy(Ptr<const ExperimentPart> part);

  private:
    TypeId m_base;                //!< What every entry is.
    std::vector<Entry> m_entries; //!< In the order added.
};

/**
 * \ingroup mptcp
 * \brief One part per name of an ExperimentPartTable, made when first asked for (so that the
 * names a program registers before it declares its options have theirs): what an experiment's
 * options hold so that every part's options exist on the command line. A value type: a copy
 * holds copies of the parts (ExperimentPartTable::Copy(): their attributes copied), so two
 * experiments configured from one copy each share no parameters.
 */
class ExperimentPartSet
{
  public:
    /// \param table the table of the parts' kind; outlives this set (a registry's, static)
    explicit ExperimentPartSet(const ExperimentPartTable* table);
    /**
     * \brief Copy the set and every part made so far.
     * \param other the set to copy
     */
    ExperimentPartSet(const ExperimentPartSet& other);
    /**
     * \brief Copy, as the copy constructor.
     * \param other the set to copy
     * \return this
     */
    ExperimentPartSet& operator=(const ExperimentPartSet& other);
    /// \return one part per registered name, in registry order
    const std::vector<Ptr<ExperimentPart>>& GetAll() const;
    /**
     * \param name a name
     * \return its part, or nullptr if the table has no such name
     */
    Ptr<ExperimentPart> Get(const std::string& name) const;
    /**
     * \brief Declare every part's options (ExperimentPart::DeclareOptions()), each recorded
     * with a run when its part RecordsAlways() or \p chosen says the run uses it.
     * \param options the program's options, appended to
     * \param chosen whether the run uses the part of a name (asked at ParamsJson() time; what
     *        it refers to must outlive the options)
     */
    void DeclareOptions(ExperimentOptions& options,
                        const std::function<bool(const std::string&)>& chosen) const;
    /**
     * \brief Check the parameters of every part, chosen or not.
     * \param [out] error the first invalid option
     * \return true if all valid
     */
    bool CheckParameters(ExperimentPart::Error* error) const;

  private:
    const ExperimentPartTable* m_table; //!< The kind's table.
    /// The parts made so far, in registry order (a cache of the table, hence mutable).
    mutable std::vector<Ptr<ExperimentPart>> m_parts;
};

/**
 * \ingroup mptcp
 * \brief The parts of one kind a program can run by name (ExperimentControllerRegistry:
 * ``--controller``; ExperimentMetricRegistry: ``--metrics``), as DatacenterTransportRegistry is
 * for transports. A user's program adds its own with Add() before it declares its options.
 * \tparam Part the kind: ExperimentController or ExperimentMetric, whose .cc defines Table()
 *         with the built-ins
 */
template <typename Part>
class ExperimentPartRegistry
{
  public:
    /// One part: its name, TypeId and description.
    using Entry = ExperimentPartTable::Entry;

    /**
     * \brief Add a part.
     * \param entry the part; its name must be new and its TypeId a \p Part (NS_FATAL_ERROR
     *        otherwise)
     */
    static void Add(const Entry& entry)
    {
        Table().Add(entry);
    }
    /**
     * \param name a name
     * \return its entry, or nullptr if none has that name
     */
    static const Entry* Find(const std::string& name)
    {
        return Table().Find(name);
    }
    /// \return the names, built-ins first, in the order added
    static std::vector<std::string> GetNames()
    {
        return Table().GetNames();
    }
    /// \return each name with its description, joined by " | "
    static std::string Help()
    {
        return Table().Help();
    }
    /// \return the table itself (for ExperimentPartSet)
    static const ExperimentPartTable* GetTable()
    {
        return &Table();
    }
    /**
     * \brief Make a part, its attributes at their defaults.
     * \param name a registered name
     * \return the part (its name set), or nullptr if none has that name
     */
    static Ptr<Part> Create(const std::string& name)
    {
        return DynamicCast<Part>(Table().Create(name));
    }

  private:
    /// \return the table, built-ins first (defined in the kind's .cc)
    static ExperimentPartTable& Table();
};

} // namespace ns3

#endif /* EXPERIMENT_PART_H */
