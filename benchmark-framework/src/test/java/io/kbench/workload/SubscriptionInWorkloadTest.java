package io.kbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.AcknowledgementMode;
import io.kbench.driver.ConsumerFeature;
import io.kbench.driver.ConsumerRequest.GroupProtocol;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The subscription section and consumer events: read as written, and every impossible combination named. */
class SubscriptionInWorkloadTest {

    private static final String BASE = "name: w\nmessageSize: 100\nproducerRate: 100\ntestDuration: 30s\n";

    private static List<String> problems(String yaml) {
        return WorkloadValidator.validate(Workloads.parse(BASE + yaml)).stream().map(Problem::message).toList();
    }

    @Test
    void aShareSubscriptionIsReadWithItsSettings() {
        Workload w = Workloads.parse(BASE + """
                consumerPerSubscription: 8
                subscription:
                  type: share
                  processingTime: 10ms
                  processingTimeDistribution: exponential
                  shareGroup:
                    releasePercent: 5
                    rejectPercent: 1.5
                    recordLockDuration: 15s
                    deliveryCountLimit: 4
                    autoOffsetReset: latest
                """);
        assertEquals(List.of(), WorkloadValidator.validate(w));
        SubscriptionSpec s = w.subscription();
        assertTrue(s.share());
        assertEquals(10_000, s.processingMicros());
        assertEquals(AcknowledgementMode.EXPLICIT, s.shareGroup().acknowledgement(), "shares need explicit acknowledgement");
        assertEquals(Duration.ofSeconds(15), s.shareGroup().settings().recordLockDuration());
        assertEquals(Set.of(ConsumerFeature.SHARE_GROUPS), ConsumerNeeds.of(w));
    }

    @Test
    void aConsumerGroupsProtocolAndStaticMembershipAreNeedsOfTheDriver() {
        Workload w = Workloads.parse(BASE + """
                subscription: {groupProtocol: consumer, staticMembership: true, sessionTimeout: 6s}
                consumerEvents:
                  - {after: 10s, type: consumer-crash}
                """);
        assertEquals(List.of(), WorkloadValidator.validate(w));
        assertEquals(GroupProtocol.CONSUMER, w.subscription().groupProtocol());
        assertEquals(Set.of(ConsumerFeature.GROUP_PROTOCOL, ConsumerFeature.STATIC_MEMBERSHIP, ConsumerFeature.SESSION_TIMEOUT,
                ConsumerFeature.CRASH_CLOSE), ConsumerNeeds.of(w));
        assertEquals(Set.of(), ConsumerNeeds.of(Workloads.parse(BASE)));
    }

    @Test
    void sharesThatAreNegativeOrAddUpToMoreThan100AreErrorsNamingTheFields() {
        assertEquals(List.of("subscription.shareGroup.releasePercent (60%) and rejectPercent (50%) add up to 110%, more than 100: "
                        + "the rest of the deliveries are accepted, so together they may be 100 at most"),
                problems("subscription: {type: share, shareGroup: {releasePercent: 60, rejectPercent: 50}}\n"));
        assertEquals(List.of("subscription.shareGroup.rejectPercent must be between 0 and 100, got -1%"),
                problems("subscription: {type: share, shareGroup: {rejectPercent: -1}}\n"));
        assertEquals(List.of("subscription.shareGroup.acknowledgement implicit accepts every record, so releasePercent and "
                        + "rejectPercent cannot apply: use acknowledgement: explicit"),
                problems("subscription: {type: share, shareGroup: {acknowledgement: implicit, releasePercent: 5}}\n"));
    }

    @Test
    void settingsOfTheOtherKindOfGroupAreErrors() {
        assertEquals(List.of("subscription.shareGroup holds a share group's settings, but subscription.type is consumer (a consumer "
                        + "group): set subscription.type: share, or remove shareGroup"),
                problems("subscription: {shareGroup: {recordLockDuration: 15s}}\n"));
        assertTrue(problems("subscription: {type: share, groupProtocol: classic}\n").get(0)
                .startsWith("subscription.groupProtocol is a consumer group's setting, but subscription.type is share"));
    }

    @Test
    void eventsMustFitTheMeasurementAndTheConsumersThereAre() {
        assertEquals(List.of("consumerEvents[1]: consumer-crash of 3 consumer(s), but subscription 0 has 2 then "
                        + "(consumerPerSubscription 2 and the events before on it): at most 2"),
                problems("consumerPerSubscription: 2\nconsumerEvents:\n  - {after: 5s, type: consumer-leave}\n"
                        + "  - {after: 10s, type: consumer-crash, count: 3}\n  - {after: 1s, type: consumer-join}\n"));
        assertEquals(List.of("consumerEvents[0].after 40s is not within the measurement (testDuration 30s)",
                        "consumerEvents[1].type 'consumer-crsh' is unknown; did you mean 'consumer-crash'? Allowed: consumer-join, "
                                + "consumer-leave, consumer-crash, worker-restart"),
                problems("consumerEvents:\n  - {after: 40s, type: consumer-join}\n  - {after: 1s, type: consumer-crsh}\n"));
        assertEquals(List.of("consumerEvents[0]: worker-restart restarts every consumer of one worker, so it takes no count: remove "
                + "count (give worker to choose which)"), problems("consumerEvents:\n  - {after: 1s, type: worker-restart, count: 2}\n"));
    }

    @Test
    void anEventNamesItsSubscriptionWhichMustExistAndHaveTheConsumersItTakesAway() {
        Workload w = Workloads.parse(BASE + "subscriptionsPerTopic: 2\nconsumerEvents:\n  - {after: 5s, type: consumer-join, "
                + "subscription: 1}\n  - {after: 6s, type: consumer-crash}\n");
        assertEquals(List.of(), WorkloadValidator.validate(w));
        assertEquals(1, w.consumerEvents().get(0).subscriptionOrDefault());
        assertEquals(0, w.consumerEvents().get(1).subscriptionOrDefault(), "the first subscription by default");
        assertEquals("consumer-join on subscription 1 at 5s", w.consumerEvents().get(0).describe());
        assertEquals(List.of("consumerEvents[0].subscription 2 is not a subscription of the workload: subscriptionsPerTopic is 2, "
                        + "so give 0 to 1 (the number the group's name ends with, -sub-N)"),
                problems("subscriptionsPerTopic: 2\nconsumerEvents:\n  - {after: 5s, type: consumer-leave, subscription: 2}\n"));
        assertEquals(List.of("consumerEvents[0].subscription -1 is not a subscription of the workload: subscriptionsPerTopic is 1, "
                        + "so give 0 or leave it out (the number the group's name ends with, -sub-N)"),
                problems("consumerEvents:\n  - {after: 5s, type: consumer-join, subscription: -1}\n"));
        // A join on subscription 1 gives subscription 0 nothing to lose: its crash of 2 (of 1) is refused, naming it.
        assertEquals(List.of("consumerEvents[1]: consumer-crash of 2 consumer(s), but subscription 0 has 1 then "
                        + "(consumerPerSubscription 1 and the events before on it): at most 1"),
                problems("subscriptionsPerTopic: 2\nconsumerEvents:\n  - {after: 5s, type: consumer-join, subscription: 1}\n"
                        + "  - {after: 6s, type: consumer-crash, count: 2}\n"));
        assertEquals(List.of(), problems("subscriptionsPerTopic: 2\nconsumerEvents:\n  - {after: 5s, type: consumer-join, "
                + "subscription: 1}\n  - {after: 6s, type: consumer-crash, count: 2, subscription: 1}\n"));
    }

    @Test
    void theShippedWorkloadsForShareGroupsAndRebalancesAreValid() throws Exception {
        try (var files = java.nio.file.Files.list(java.nio.file.Path.of("..", "workloads", "consumers"))) {
            for (java.nio.file.Path f : files.toList()) {
                Workload w = new WorkloadLoader(new io.kbench.config.PlaceholderResolver()).load(f, WorkloadOverrides.NONE).workload();
                assertEquals(List.of(), WorkloadValidator.validate(w), f.toString());
                assertTrue(w.subscription() != null, f + " sets its subscription");
            }
        }
    }
}
