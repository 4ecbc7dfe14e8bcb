/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef EXPERIMENT_METRIC_H
#define EXPERIMENT_METRIC_H

#include "ns3/experiment-database.h"
#include "ns3/experiment-part.h"

#include <string>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::ExperimentMetric (a measurement of one's own, added to a run by ``--metrics``),
 * ns3::ExperimentMetricRegistry and ns3::DatacenterMetricOptions.
 */

namespace ns3
{

class DatacenterTopology;

/**
 * \ingroup mptcp
 * \brief A metric part of a datacenter experiment: a measurement a user adds to the run by
 * name (``--metrics=NAME[,NAME...]``) without editing the experiment. After the fabric is
 * built and before the simulation runs, Start() connects it (trace sources of the topology's
 * nodes and devices, an event at the end of the warm-up); after the run, Collect() returns its
 * values, which the experiment prints in the JSON summary as ``"NAME.VALUE": number`` and
 * stores in table ``run_metrics`` (one row per value). Its parameters are TypeId attributes
 * declared as options (ExperimentPart::DoDeclareOptions()), recorded in params_json when it
 * runs.
 *
 * No metric is built in: the built-in measurements are the experiment's own tables. A metric
 * derives from this class, implements Start() and Collect(), and is added to
 * ExperimentMetricRegistry before the program declares its options.
 */
class ExperimentMetric : public ExperimentPart
{
  public:
    /// What a metric sees of the run when it starts.
    struct RunContext
    {
        const DatacenterTopology* topology{nullptr}; //!< The built fabric.
        double warmupS{0};                           //!< End of the warm-up, s.
        double durationS{0};                         //!< End of the run, s.
    };

    /// One value of a metric.
    struct Value
    {
        std::string name; //!< Its name, e.g. "packets" (letters, digits, '_').
        double value{0};  //!< Its value, in the unit its metric documents.
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \brief Connect to the built fabric, before the simulation runs.
     * \param run the fabric and the run's times
     */
    virtual void Start(const RunContext& run) = 0;
    /**
     * \brief The metric's values at the end of the run, in the order they are printed.
     * \return the values
     */
    virtual std::vector<Value> Collect() const = 0;
};

/**
 * \ingroup mptcp
 * \brief The metrics a program can add to a run by name (``--metrics``). None is built in.
 */
using ExperimentMetricRegistry = ExperimentPartRegistry<ExperimentMetric>;
/// \return the ExperimentMetric table (defined in the .cc, declared before any use)
template <>
ExperimentPartTable& ExperimentPartRegistry<ExperimentMetric>::Table();

/**
 * \ingroup mptcp
 * \brief The metric options of DatacenterExperiment: ``--metrics`` (comma-separated names of
 * ExperimentMetricRegistry, "" for none) and the options of every registered metric. Holds one
 * part per registered metric (ExperimentPartSet: a copy copies the parts' attributes).
 */
class DatacenterMetricOptions
{
  public:
    std::string metrics; //!< --metrics: comma-separated metric names ("": none).

    /**
     * \brief Declare --metrics and the options of every registered metric.
     * \param options the program's options, appended to
     */
    void DeclareOptions(ExperimentOptions& options);
    /**
     * \param name a metric name
     * \return its part (made on first use), or nullptr if no metric has that name
     */
    Ptr<ExperimentMetric> GetPart(const std::string& name) const;
    /**
     * \brief Check --metrics (known names, each once; none with \p mpi: a metric sees one
     * rank's fabric) and the parameters of every metric.
     * \param mpi whether the run is split over MPI ranks
     * \param [out] error the first option at fault
     * \return true if valid
     */
    bool Validate(bool mpi, ExperimentPart::Error* error) const;
    /// \return the metrics --metrics names, in its order (after Validate())
    std::vector<Ptr<ExperimentMetric>> GetChosen() const;
    /**
     * \brief Collect every chosen metric.
     * \return one `run_metrics` row per value, metrics in --metrics order
     */
    std::vector<MetricRecord> Collect() const;
    /**
     * \param rows what Collect() returned
     * \return the summary JSON fields, each `, "METRIC.VALUE": number` ("" without metrics)
     */
    static std::string SummaryJsonFields(const std::vector<MetricRecord>& rows);

  private:
    /// \return the names of --metrics, split at commas (empty: none)
    std::vector<std::string> Names() const;
    /// One part per registered metric.
    ExperimentPartSet m_parts{ExperimentMetricRegistry::GetTable()};
};

} // namespace ns3

#endif /* EXPERIMENT_METRIC_H */
