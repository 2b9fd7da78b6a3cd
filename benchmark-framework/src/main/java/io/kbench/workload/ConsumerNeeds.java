package io.kbench.workload;

import io.kbench.driver.ConsumerFeature;
import java.util.EnumSet;
import java.util.Set;

/** What a workload's consumers need of a driver beyond plain consumer group members (its {@code consumerFeatures()}). */
public final class ConsumerNeeds {

    private ConsumerNeeds() {}

    /** The features the workload's subscription section and consumer events ask for; empty for plain consumer groups. */
    public static Set<ConsumerFeature> of(Workload w) {
        SubscriptionSpec s = w.subscriptionOrDefault();
        Set<ConsumerFeature> needs = EnumSet.noneOf(ConsumerFeature.class);
        if (w.subscriptionsPerTopic() == 0) {
            return needs;
        }
        if (s.share()) {
            needs.add(ConsumerFeature.SHARE_GROUPS);
        }
        if (s.groupProtocol() != null) {
            needs.add(ConsumerFeature.GROUP_PROTOCOL);
        }
        if (s.staticMembership()) {
            needs.add(ConsumerFeature.STATIC_MEMBERSHIP);
        }
        if (s.sessionTimeout() != null) {
            needs.add(ConsumerFeature.SESSION_TIMEOUT);
        }
        if (w.consumerEvents().stream().anyMatch(e -> e != null && e.type() != null
                && e.type().value().orElse(null) == ConsumerEventSpec.Kind.CONSUMER_CRASH)) {
            needs.add(ConsumerFeature.CRASH_CLOSE);
        }
        return needs;
    }
}
