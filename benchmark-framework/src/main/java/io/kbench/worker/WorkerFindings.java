package io.kbench.worker;

import io.kbench.consumerevents.ActivityTrack;
import io.kbench.consumergroups.GroupFigures;
import io.kbench.sharegroup.ShareFigures;

import io.kbench.integrity.IntegrityReport;
import io.kbench.partitioncost.WorkerMemory;
import io.kbench.warning.WarningSummary;
import io.kbench.stats.ClientMetricTotal;
import java.util.List;

/**
 * What a worker reports once the load is over, besides its stats: the integrity check's data and
 * its clients' own metrics. Taken after the drain and before the clients close.
 *
 * @param workerId the worker
 * @param integrity acknowledged and consumed sequences
 * @param clientMetrics the clients' metrics, combined over this worker's clients
 * @param clientWarnings the warnings its clients logged during the run, by kind
 * @param shareGroups the figures of each share group with members on this worker (empty without)
 * @param activity when each subscription's partitions were consumed on this worker, in a run with consumer events
 *     (empty without)
 * @param consumerGroups how the members of each consumer group with members on this worker were made, as the driver
 *     said (empty when it does not say)
 * @param memory the worker's memory once its load was over (null from a worker that does not say)
 */
public record WorkerFindings(String workerId, IntegrityReport integrity, List<ClientMetricTotal> clientMetrics,
                             List<WarningSummary> clientWarnings, List<ShareFigures> shareGroups, List<ActivityTrack> activity,
                             List<GroupFigures> consumerGroups, WorkerMemory memory) {

    /** Without the memory (as before it was reported). */
    public WorkerFindings(String workerId, IntegrityReport integrity, List<ClientMetricTotal> clientMetrics,
                          List<WarningSummary> clientWarnings, List<ShareFigures> shareGroups, List<ActivityTrack> activity,
                          List<GroupFigures> consumerGroups) {
        this(workerId, integrity, clientMetrics, clientWarnings, shareGroups, activity, consumerGroups, null);
    }

    public WorkerFindings {
        shareGroups = shareGroups == null ? List.of() : List.copyOf(shareGroups);
        activity = activity == null ? List.of() : List.copyOf(activity);
        consumerGroups = consumerGroups == null ? List.of() : List.copyOf(consumerGroups);
    }
}
