package io.kbench.features.timeline;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The timeline's lines of the summary. */
final class TimelineText {

    /** How many explained spikes the summary names. */
    static final int SHOWN = 5;

    private TimelineText() {}

    static List<String> lines(Timeline t, JsonNode drift) {
        List<String> out = new ArrayList<>();
        out.add(spikes(t));
        out.add(gc(t));
        out.add(retention(t));
        out.addAll(brokers(t));
        String d = drift(t, drift);
        if (d != null) {
            out.add(d);
        }
        return out;
    }

    /** "Spikes: publish p99.9 at 2:14 (412 ms) coincides with a client GC pause of 180 ms; 1 spike unexplained (...)". */
    static String spikes(Timeline t) {
        if (t.spikeCount() == 0) {
            return String.format(Locale.ROOT, "Spikes: none (no measured period's publish or end-to-end p99.9 above %.0fx its median "
                    + "and by %s)", t.spikeFactor(), ms(t.spikeMinExcessMicros()));
        }
        List<String> explained = new ArrayList<>();
        List<String> unexplained = new ArrayList<>();
        int unexplainedSpikes = 0;
        // Both figures of one period spike together as a rule (the same window, the same events): said once.
        Map<Long, List<Spike>> byPeriod = new LinkedHashMap<>();
        t.spikes().forEach(s -> byPeriod.computeIfAbsent(s.elapsedMicros(), k -> new ArrayList<>()).add(s));
        for (List<Spike> group : byPeriod.values()) {
            Spike first = group.get(0);
            String what = String.format(Locale.ROOT, "%s at %s (%s, %s %s)", and(group.stream().map(Spike::figure).toList())
                    .replace(" p99.9 and ", " and "), at(first.elapsedMicros()), and(group.stream().map(s -> ms(s.valueMicros())).toList()),
                    group.size() == 1 ? "median" : "medians", and(group.stream().map(s -> ms(s.medianMicros())).toList()));
            if (first.explained()) {
                explained.add(what + (group.size() == 1 ? " coincides" : " coincide") + " with " + causes(first));
            } else {
                unexplained.add(what);
                unexplainedSpikes += group.size();
            }
        }
        // A day's soak may have dozens: the first few say it, the section has them all.
        List<String> parts = new ArrayList<>(explained.subList(0, Math.min(SHOWN, explained.size())));
        if (explained.size() > SHOWN) {
            parts.add((explained.size() - SHOWN) + " more explained");
        }
        int notKept = t.spikeCount() - t.spikes().size();
        if (!unexplained.isEmpty()) {
            parts.add(unexplainedSpikes + (unexplainedSpikes == 1 ? " spike" : " spikes") + " unexplained ("
                    + String.join(", ", unexplained.subList(0, Math.min(3, unexplained.size())))
                    + (unexplained.size() > 3 ? ", ..." : "") + ")");
        }
        if (notKept > 0) {
            parts.add(notKept + " lower spikes not kept");
        }
        return "Spikes: " + String.join("; ", parts);
    }

    private static String causes(Spike s) {
        List<String> c = new ArrayList<>();
        if (!s.gcPauses().isEmpty()) {
            List<String> d = s.gcPauses().stream().limit(3).map(p -> ms(p.durationMicros()).replace(" ms", "")).toList();
            c.add((s.gcPauses().size() == 1 ? "a client GC pause of " : "client GC pauses of ") + and(d) + " ms");
        }
        if (!s.retention().isEmpty()) {
            long removed = s.retention().stream().mapToLong(RetentionEvent::messagesRemoved).sum();
            Set<String> partitions = new LinkedHashSet<>();
            s.retention().forEach(r -> r.partitions().forEach(p -> partitions.add(r.topic() + "-" + p)));
            // events that list only some of their partitions give a lower bound
            int most = s.retention().stream().mapToInt(RetentionEvent::partitionCount).max().orElse(0);
            boolean all = s.retention().stream().allMatch(r -> r.partitionCount() == r.partitions().size());
            int count = Math.max(partitions.size(), most);
            c.add(String.format(Locale.ROOT, "retention removing %,d messages from %s%,d %s", removed, all ? "" : "at least ", count,
                    count == 1 ? "partition" : "partitions"));
        }
        if (!s.brokerGcPauses().isEmpty()) {
            List<String> d = s.brokerGcPauses().stream().limit(3).map(p -> ms(p.durationMicros()).replace(" ms", "")).toList();
            c.add((s.brokerGcPauses().size() == 1 ? "a broker GC pause of " : "broker GC pauses of ") + and(d) + " ms ("
                    + brokerIds(s.brokerGcPauses().stream().map(BrokerGcPause::brokerId).toList()) + ")");
        }
        if (!s.segmentDeletions().isEmpty()) {
            int segments = s.segmentDeletions().stream().mapToInt(BrokerDeletion::segments).sum();
            c.add(brokerIds(s.segmentDeletions().stream().map(BrokerDeletion::brokerId).toList()) + " deleting " + segments
                    + (segments == 1 ? " segment" : " segments"));
        }
        return String.join(" and ", c);
    }

    /** "Client GC: 312 pauses, 1.2 s in all, longest 210 ms; 3 of 20 ms or more". */
    static String gc(Timeline t) {
        GcPauses g = t.gcPauses();
        if (g.count() == 0) {
            return "Client GC: no pauses";
        }
        return String.format(Locale.ROOT, "Client GC: %,d pauses, %s in all, longest %s (%s, %s); %d of %s or more", g.count(),
                ms(g.totalMicros()), ms(g.maxMicros()), g.longest().get(0).collector(), at(g.longest().get(0).startEpochMicros()
                        - t.loadStartEpochMicros()), t.longPauses().size(), ms(t.gcThresholdMicros()));
    }

    /** "Retention removed 120,000 messages from 4 partitions during the run (first at 3:10, 7 events)". */
    static String retention(Timeline t) {
        Retention r = t.retention();
        if (!r.known()) {
            return "Retention: not known (" + r.unknownWhy() + ")";
        }
        // Polls the cluster did not answer (a broker down) saw nothing: said, so "none removed" is not read as the whole run.
        String unanswered = r.failedPolls() == 0 ? "" : String.format(Locale.ROOT, "; %,d %s unanswered, when nothing was seen",
                r.failedPolls(), r.failedPolls() == 1 ? "poll" : "polls");
        if (r.eventCount() == 0) {
            return String.format(Locale.ROOT, "Retention removed no messages from the run's partitions (start offsets polled every %d s, "
                    + "%d polls%s)", r.pollIntervalMillis() / 1_000, r.polls(), unanswered);
        }
        return String.format(Locale.ROOT, "Retention removed %,d messages from %d %s during the run (first at %s, %d %s%s)",
                r.messagesRemoved(), r.partitionsTouched(), r.partitionsTouched() == 1 ? "partition" : "partitions",
                at(r.events().get(0).elapsedMicros()), r.eventCount(), r.eventCount() == 1 ? "event" : "events", unanswered);
    }

    /**
     * "Broker GC: 42 pauses, 310 ms in all, longest 25 ms (broker 1, G1 Young Generation, 0:04); 1 of 20 ms or more" and
     * "Broker segment deletions: 12 segments in 7 deletions (first at 0:05, on brokers 1 and 2)"; one line when the brokers
     * were not seen.
     */
    static List<String> brokers(Timeline t) {
        Brokers b = t.brokers();
        if (!b.seen()) {
            return List.of("Brokers' GC and segment deletions: not seen (" + b.notSeenWhy() + ")");
        }
        String gc = b.gcPauseCount() == 0 || b.longestGcPauses().isEmpty()
                ? String.format(Locale.ROOT, "Broker GC: no pauses (%d broker %s watched)", b.brokerJvms(), b.brokerJvms() == 1 ? "JVM" : "JVMs")
                : String.format(Locale.ROOT, "Broker GC: %,d %s, %s in all, longest %s (broker %d, %s, %s); %d of %s or more",
                        b.gcPauseCount(), b.gcPauseCount() == 1 ? "pause" : "pauses", ms(b.gcPauseTotalMicros()), ms(b.maxGcPauseMicros()), b.longestGcPauses().get(0).brokerId(),
                        b.longestGcPauses().get(0).collector(), at(b.longestGcPauses().get(0).startEpochMicros() - t.loadStartEpochMicros()),
                        t.longBrokerPauses().size(), ms(t.gcThresholdMicros()));
        String deletions = b.deletionCount() == 0 || b.deletions().isEmpty() ? "Broker segment deletions: none during the run"
                : String.format(Locale.ROOT, "Broker segment deletions: %,d %s in %,d %s (first at %s, on %s)", b.segmentsDeleted(),
                        b.segmentsDeleted() == 1 ? "segment" : "segments", b.deletionCount(), b.deletionCount() == 1 ? "deletion" : "deletions",
                        at(b.deletions().get(0).elapsedMicros()), brokerIds(b.deletions().stream().map(BrokerDeletion::brokerId).toList()));
        return List.of(gc, deletions);
    }

    /** "broker 1", "brokers 1 and 2". */
    private static String brokerIds(List<Integer> ids) {
        List<String> distinct = ids.stream().distinct().sorted().map(String::valueOf).toList();
        return (distinct.size() == 1 ? "broker " : "brokers ") + and(distinct);
    }

    /**
     * When the drift section says a figure drifted and GC pauses, retention or segment deletions happened in the run: said, but only as a
     * coincidence, since a trend over the run and events in it prove no cause.
     */
    static String drift(Timeline t, JsonNode drift) {
        if (drift == null || !drift.has("figures")) {
            return null;
        }
        List<String> drifted = new ArrayList<>();
        for (JsonNode f : drift.get("figures")) {
            String verdict = f.path("verdict").asText("");
            if ("rising".equals(verdict) || "falling".equals(verdict)) {
                drifted.add(f.path("figure").asText() + " " + verdict);
            }
        }
        List<String> events = new ArrayList<>();
        if (t.retention().eventCount() > 0) {
            events.add("retention removed messages");
        }
        if (!t.longPauses().isEmpty()) {
            events.add("the clients had GC pauses of " + ms(t.gcThresholdMicros()) + " or more");
        }
        if (t.brokers().deletionCount() > 0) {
            events.add("the brokers deleted segments");
        }
        if (!t.longBrokerPauses().isEmpty()) {
            events.add("the brokers had GC pauses of " + ms(t.gcThresholdMicros()) + " or more");
        }
        if (drifted.isEmpty() || events.isEmpty()) {
            return null;
        }
        return "Drift and timeline: " + and(drifted) + " while " + and(events) + "; they may be related (not shown to be)";
    }

    static String at(long elapsedMicros) {
        long s = Math.max(0, elapsedMicros) / 1_000_000;
        return s >= 3_600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3_600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }

    static String ms(long micros) {
        return micros >= 10_000 ? String.format(Locale.ROOT, "%,d ms", Math.round(micros / 1_000.0))
                : String.format(Locale.ROOT, "%.1f ms", micros / 1_000.0);
    }

    private static String and(List<String> items) {
        if (items.size() <= 1) {
            return String.join("", items);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }
}
