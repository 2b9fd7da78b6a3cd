package io.kbench.coordinator;

import io.kbench.driver.ServerContact;
import io.kbench.warning.WarningSummary;
import io.kbench.stats.ErrorCount;
import io.kbench.stats.ErrorTally;
import io.kbench.stats.PeriodStats;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.kbench.model.LoadState;
/**
 * Stops a phase whose cluster has gone silent, with a reason a user can act on: how long nothing
 * was answered and how much was waiting, which cluster, the last broker that answered and what
 * the client said.
 */
final class StallGuard {

    private final StallDetector detector;
    private final Duration timeout;
    private final String what;
    private final String cluster;

    /**
     * @param what what stopped, e.g. "acknowledgements"
     * @param cluster names the cluster for the reason
     */
    StallGuard(StallDetector detector, Duration timeout, String what, String cluster) {
        this.detector = detector;
        this.timeout = timeout;
        this.what = what;
        this.cluster = cluster;
    }

    static StallGuard acknowledgements(Duration timeout, String cluster) {
        return new StallGuard(StallDetector.acknowledgements(timeout.toNanos()), timeout, "acknowledgements", cluster);
    }

    static StallGuard consumption(Duration timeout, String cluster) {
        return new StallGuard(StallDetector.consumption(timeout.toNanos()), timeout, "consumption", cluster);
    }

    /** @throws ClusterStalledException when the cluster has not answered for the timeout */
    void check(long nowNanos, LoadState state, List<PeriodStats> latest) {
        long stalled = detector.stalledNanos(nowNanos, state);
        if (stalled >= 0) {
            throw new ClusterStalledException(summary(stalled, state), details(latest));
        }
    }

    private String summary(long stalledNanos, LoadState state) {
        String waiting = what.equals("consumption")
                ? String.format(Locale.ROOT, "%,d acknowledged messages waited to be consumed", state.backlogMessages())
                : String.format(Locale.ROOT, "%,d messages were in flight", state.inFlightMessages());
        return String.format(Locale.ROOT, "no %s for %.0f s (the limit is %d s) while %s",
                what.equals("consumption") ? "message consumed" : "acknowledgement", stalledNanos / 1e9, timeout.toSeconds(), waiting);
    }

    private String details(List<PeriodStats> latest) {
        StringBuilder b = new StringBuilder("cluster: " + cluster);
        ServerContact last = lastContact(latest);
        b.append(last == null ? "; no broker had answered the clients"
                : "; the last broker that answered was " + last.address() + ", around " + Instant.ofEpochMilli(last.epochMillis()));
        List<List<ErrorCount>> errors = new ArrayList<>();
        List<List<WarningSummary>> warnings = new ArrayList<>();
        latest.forEach(p -> {
            errors.add(p.errors());
            warnings.add(p.clientWarnings() == null ? List.of() : p.clientWarnings());
        });
        List<ErrorCount> failed = ErrorTally.merge(errors);
        List<WarningSummary> said = WarningSummary.merge(warnings);
        if (failed.isEmpty() && said.isEmpty()) {
            b.append("; the clients reported no error yet (messages were waiting in them)");
        }
        if (!failed.isEmpty()) {
            b.append("; failed sends: ").append(failed.get(0).describeInWords())
                    .append(failed.size() > 1 ? " (and " + (failed.size() - 1) + " more kinds)" : "");
        }
        if (!said.isEmpty()) {
            b.append("; the clients warned: ").append(said.get(0).line())
                    .append(said.size() > 1 ? " (and " + (said.size() - 1) + " more kinds)" : "");
        }
        return b.toString();
    }

    private static ServerContact lastContact(List<PeriodStats> latest) {
        ServerContact last = null;
        for (PeriodStats p : latest) {
            if (p.lastContact() != null && (last == null || p.lastContact().epochMillis() > last.epochMillis())) {
                last = p.lastContact();
            }
        }
        return last;
    }
}
