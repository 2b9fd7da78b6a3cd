package io.kbench.cli;

import io.kbench.driver.ConsumerFeature;
import io.kbench.workload.ConsumerNeeds;
import io.kbench.workload.LoadedWorkload;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Checks, before anything starts and without a cluster, that the driver offers what the workload's
 * subscription and consumer events need (share groups, a group protocol, static membership, a session
 * timeout, closing as a crash): the driver's {@code consumerFeatures()}. Whether the cluster has them
 * (e.g. share groups switched on) the driver says when the run prepares its share groups.
 */
final class ConsumerFeatureCheck {

    private ConsumerFeatureCheck() {}

    /** @return the problem, naming the workload file, the driver and how to go on; null when the driver offers all */
    static String problem(DriverSession session, LoadedWorkload workload) {
        Set<ConsumerFeature> missing = EnumSet.noneOf(ConsumerFeature.class);
        missing.addAll(ConsumerNeeds.of(workload.workload()));
        missing.removeAll(session.consumerFeatures());
        if (missing.isEmpty()) {
            return null;
        }
        return workload.file() + ": the driver " + session.name() + " (" + session.fileName() + ", " + session.driverClassName()
                + ") does not offer " + missing.stream().map(ConsumerFeature::description).collect(Collectors.joining(", "))
                + ", which the workload's " + (missing.contains(ConsumerFeature.CRASH_CLOSE) ? "consumerEvents and " : "")
                + "subscription section ask" + (missing.contains(ConsumerFeature.SHARE_GROUPS)
                ? " for: run the subscription as a consumer group (subscription.type: consumer), or use a driver with share "
                + "groups (the Kafka driver, on brokers of Kafka 4.2 or later with share.version=1)"
                : " for: remove those settings, or use a driver that has them (the Kafka driver)");
    }
}
