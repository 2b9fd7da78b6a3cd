package io.kbench.workload;

import io.kbench.config.DurationParser;
import io.kbench.driver.AcknowledgementMode;
import io.kbench.driver.NearestName;
import io.kbench.workload.ConsumerEventSpec.Kind;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Checks a workload's {@code subscription:} section and {@code consumerEvents:} list: shares that
 * cannot add up, a share-group setting on a consumer group (and the other way round), events outside
 * the measurement or taking away more consumers than the subscription has.
 */
final class SubscriptionChecks {

    private SubscriptionChecks() {}

    static void check(Workload w, boolean search, List<Problem> problems) {
        SubscriptionSpec s = w.subscription();
        if (s != null) {
            checkSubscription(s, problems);
        }
        checkEvents(w, search, problems);
    }

    private static void checkSubscription(SubscriptionSpec s, List<Problem> problems) {
        if (s.processingTime() != null && s.processingTime().isNegative()) {
            add(problems, "subscription.processingTime must not be negative, got " + DurationParser.format(s.processingTime()),
                    "processingTime");
        }
        if (s.share()) {
            String notForShare = s.groupProtocol() != null ? "groupProtocol" : s.staticMembership() ? "staticMembership"
                    : s.sessionTimeout() != null ? "sessionTimeout" : null;
            if (notForShare != null) {
                add(problems, "subscription." + notForShare + " is a consumer group's setting, but subscription.type is share "
                        + "(share groups have no group protocol choice, static members or session timeout here): remove it, "
                        + "or use type: consumer", notForShare);
            }
        } else {
            if (s.shareGroup() != null) {
                add(problems, "subscription.shareGroup holds a share group's settings, but subscription.type is consumer (a consumer "
                        + "group): set subscription.type: share, or remove shareGroup", "shareGroup");
            }
            if (s.sessionTimeout() != null && (s.sessionTimeout().isNegative() || s.sessionTimeout().isZero())) {
                add(problems, "subscription.sessionTimeout must be longer than zero, e.g. 6s", "sessionTimeout");
            }
        }
        ShareGroupSpec g = s.shareGroup();
        if (g == null) {
            return;
        }
        double release = g.releasePercent();
        double reject = g.rejectPercent();
        if (release < 0 || release > 100) {
            add(problems, "subscription.shareGroup.releasePercent must be between 0 and 100, got " + pct(release), "shareGroup",
                    "releasePercent");
        }
        if (reject < 0 || reject > 100) {
            add(problems, "subscription.shareGroup.rejectPercent must be between 0 and 100, got " + pct(reject), "shareGroup",
                    "rejectPercent");
        }
        if (release >= 0 && reject >= 0 && release + reject > 100) {
            add(problems, "subscription.shareGroup.releasePercent (" + pct(release) + ") and rejectPercent (" + pct(reject)
                    + ") add up to " + pct(release + reject) + ", more than 100: the rest of the deliveries are accepted, so "
                    + "together they may be 100 at most", "shareGroup", "releasePercent");
        }
        if (g.acknowledgement() == AcknowledgementMode.IMPLICIT && (release > 0 || reject > 0)) {
            add(problems, "subscription.shareGroup.acknowledgement implicit accepts every record, so releasePercent and "
                    + "rejectPercent cannot apply: use acknowledgement: explicit", "shareGroup", "acknowledgement");
        }
        if (g.recordLockDuration() != null && (g.recordLockDuration().isNegative() || g.recordLockDuration().isZero())) {
            add(problems, "subscription.shareGroup.recordLockDuration must be longer than zero, e.g. 30s", "shareGroup",
                    "recordLockDuration");
        }
        if (g.deliveryCountLimit() != null && g.deliveryCountLimit() < 1) {
            add(problems, "subscription.shareGroup.deliveryCountLimit must be at least 1, got " + g.deliveryCountLimit(),
                    "shareGroup", "deliveryCountLimit");
        }
    }

    /**
     * Events happen in a timed measurement, at a known type, on a subscription the workload has, and never take away
     * consumers that subscription lacks (each subscription starts with consumerPerSubscription; only its own events count).
     */
    private static void checkEvents(Workload w, boolean search, List<Problem> problems) {
        List<ConsumerEventSpec> events = w.consumerEvents();
        if (events.isEmpty()) {
            return;
        }
        if (w.countMode() || w.consumeOnly() || w.consumesExistingOnly() || search) {
            problems.add(new Problem("consumerEvents", "consumerEvents happen at times during the measurement, so they need a "
                    + "timed run at a given rate: use testDuration" + (search ? " and run, not find-max" : "")));
            return;
        }
        if (w.subscriptionsPerTopic() < 1) {
            problems.add(new Problem("consumerEvents", "consumerEvents act on consumers, but subscriptionsPerTopic is 0"));
            return;
        }
        Duration measure = w.effectiveTestDuration();
        int consumers = w.consumerPerSubscription();
        List<ConsumerEventSpec> inOrder = events.stream().filter(e -> e != null && e.after() != null)
                .sorted((a, b) -> a.after().compareTo(b.after())).toList();
        for (int i = 0; i < events.size(); i++) {
            ConsumerEventSpec e = events.get(i);
            String at = "consumerEvents[" + i + "]";
            if (e == null) {
                problems.add(new Problem("consumerEvents", at + " is empty: give after and type, e.g. {after: 10s, type: "
                        + "consumer-crash, count: 1}", List.of("consumerEvents", i)));
                continue;
            }
            Optional<Kind> kind = e.type() == null ? Optional.empty() : e.type().value();
            String written = e.type() == null ? null : e.type().written();
            if (kind.isEmpty()) {
                String nearest = written == null ? null : NearestName.find(written, Kind.labels()).orElse(null);
                problems.add(new Problem("consumerEvents", at + ".type " + (written == null ? "is missing" : "'" + written
                        + "' is unknown") + (nearest == null ? "" : "; did you mean '" + nearest + "'?") + " Allowed: "
                        + String.join(", ", Kind.labels()), List.of("consumerEvents", i, "type")));
            }
            if (e.after() == null) {
                problems.add(new Problem("consumerEvents", at + ".after is missing: when the event happens, from the start of the "
                        + "measurement, e.g. 10s", List.of("consumerEvents", i)));
            } else if (e.after().isNegative() || e.after().compareTo(measure) >= 0) {
                problems.add(new Problem("consumerEvents", at + ".after " + DurationParser.format(e.after()) + " is not within the "
                        + "measurement (testDuration " + DurationParser.format(measure) + ")", List.of("consumerEvents", i, "after")));
            }
            if (e.count() != null && e.count() < 1) {
                problems.add(new Problem("consumerEvents", at + ".count must be at least 1, got " + e.count(),
                        List.of("consumerEvents", i, "count")));
            }
            if (kind.isPresent() && kind.get() == Kind.WORKER_RESTART && e.count() != null) {
                problems.add(new Problem("consumerEvents", at + ": worker-restart restarts every consumer of one worker, so it "
                        + "takes no count: remove count (give worker to choose which)", List.of("consumerEvents", i, "count")));
            }
            if (kind.isPresent() && kind.get() != Kind.WORKER_RESTART && e.worker() != null) {
                problems.add(new Problem("consumerEvents", at + ": only worker-restart takes a worker: remove it",
                        List.of("consumerEvents", i, "worker")));
            }
            if (e.worker() != null && e.worker() < 0) {
                problems.add(new Problem("consumerEvents", at + ".worker must be a worker's index, 0 or more, got " + e.worker(),
                        List.of("consumerEvents", i, "worker")));
            }
            boolean knownSubscription = true;
            if (e.subscription() != null && (e.subscription() < 0 || e.subscription() >= w.subscriptionsPerTopic())) {
                knownSubscription = false;
                problems.add(new Problem("consumerEvents", String.format(Locale.ROOT, "%s.subscription %d is not a subscription of "
                        + "the workload: subscriptionsPerTopic is %d, so give 0%s (the number the group's name ends with, -sub-N)",
                        at, e.subscription(), w.subscriptionsPerTopic(), w.subscriptionsPerTopic() == 1 ? " or leave it out"
                                : " to " + (w.subscriptionsPerTopic() - 1)), List.of("consumerEvents", i, "subscription")));
            }
            if (knownSubscription && kind.isPresent() && (kind.get() == Kind.CONSUMER_CRASH || kind.get() == Kind.CONSUMER_LEAVE)
                    && e.after() != null) {
                int before = consumers;
                for (ConsumerEventSpec earlier : inOrder) {
                    if (earlier == e) {
                        break;
                    }
                    if (earlier.subscriptionOrDefault() == e.subscriptionOrDefault()) {
                        before += delta(earlier);
                    }
                }
                if (e.countOrDefault() > before) {
                    problems.add(new Problem("consumerEvents", String.format(Locale.ROOT, "%s: %s of %d consumer(s), but subscription "
                            + "%d has %d then (consumerPerSubscription %d and the events before on it): at most %d",
                            at, kind.get().label(), e.countOrDefault(), e.subscriptionOrDefault(), before, consumers, before),
                            List.of("consumerEvents", i, "count")));
                }
            }
        }
    }

    /** How an event changes the subscription's consumer count. */
    private static int delta(ConsumerEventSpec e) {
        Optional<Kind> kind = e.type() == null ? Optional.empty() : e.type().value();
        if (kind.isEmpty()) {
            return 0;
        }
        return switch (kind.get()) {
            case CONSUMER_JOIN -> e.countOrDefault();
            case CONSUMER_LEAVE, CONSUMER_CRASH -> -e.countOrDefault();
            case WORKER_RESTART -> 0;
        };
    }

    private static void add(List<Problem> problems, String message, String... path) {
        List<Object> full = new java.util.ArrayList<>();
        full.add("subscription");
        full.addAll(List.of(path));
        problems.add(new Problem("subscription", message, full));
    }

    private static String pct(double v) {
        return (v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%s", v)) + "%";
    }
}
