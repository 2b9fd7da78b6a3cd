package io.kbench.features.timeline;

import io.kbench.driver.BrokerActivity;
import io.kbench.time.BenchmarkClock;
import io.kbench.time.Poller;
import io.kbench.util.Errors;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Asks the brokers of a cluster the run started what they did (their GC pauses and segment deletions, each broker JVM
 * since it started) at the load's start, every {@value #INTERVAL_SECONDS} s on a daemon thread of its own, and at the end
 * of the phases, and keeps each broker JVM's latest answer: a broker killed mid-run keeps what it told before. The
 * answer at the load's start is the baseline: a JVM's counts since then are its latest less its baseline (all of them
 * for a JVM that started later, a broker restarted; for one that missed the baseline, paused then, those it kept from
 * the load's start). Pauses and deletions are kept from the load's start.
 */
final class BrokerWatch {

    static final int INTERVAL_SECONDS = 10;
    static final int KEPT_PAUSES = 100;
    static final int KEPT_DELETIONS = 1_000;

    private static final Comparator<BrokerGcPause> LONGEST_FIRST = Comparator.comparingLong(BrokerGcPause::durationMicros).reversed()
            .thenComparingLong(BrokerGcPause::startEpochMicros);

    /** A broker JVM: a restarted broker is another. */
    private record Jvm(int brokerId, long startEpochMillis) {}

    private final Supplier<Optional<List<BrokerActivity>>> cluster;
    private final long loadStartEpochMicros;
    private final Map<Jvm, BrokerActivity> baseline = new LinkedHashMap<>();
    private final Map<Jvm, BrokerActivity> latest = new LinkedHashMap<>();
    private int reads;
    private boolean told;
    private String notSeenWhy;
    private final Poller poller;

    /**
     * @param cluster the brokers' activity now ({@link io.kbench.driver.ProvisionedCluster#brokerActivity()})
     * @param loadStartEpochMicros when the load started: what came before does not count
     */
    BrokerWatch(Supplier<Optional<List<BrokerActivity>>> cluster, BenchmarkClock clock, long loadStartEpochMicros) {
        this.cluster = cluster;
        this.loadStartEpochMicros = loadStartEpochMicros;
        this.poller = new Poller("kbench-broker-watch", clock, () -> INTERVAL_SECONDS * 1_000_000_000L, this::readOnce);
    }

    /**
     * Reads the baseline at once, then every {@value #INTERVAL_SECONDS} s until {@link #stop()}, on its own thread (so
     * the load's start waits for no broker).
     */
    void start() {
        poller.start();
    }

    /** Asks the brokers once and keeps each JVM's answer; the first answer of all is the baseline. */
    void readOnce() {
        Optional<List<BrokerActivity>> now;
        try {
            now = cluster.get();
        } catch (RuntimeException e) {
            synchronized (this) {
                notSeenWhy = "the brokers did not answer: " + Errors.describeForUser(e);
            }
            return;
        }
        synchronized (this) {
            if (now.isEmpty()) {
                notSeenWhy = "the cluster does not watch its brokers";
                return;
            }
            boolean first = reads == 0;
            reads++;
            told = true;
            for (BrokerActivity a : now.get()) {
                Jvm jvm = new Jvm(a.brokerId(), a.jvmStartEpochMillis());
                if (first) {
                    baseline.put(jvm, a);
                }
                latest.put(jvm, a);
            }
        }
    }

    /** Stops asking; reads once more, the end of the phases' answer. */
    void stop() {
        poller.stop();
        readOnce();
    }

    synchronized Brokers brokers() {
        if (!told) {
            return Brokers.notSeen(notSeenWhy == null ? "the brokers were never asked" : notSeenWhy);
        }
        long gcCount = 0;
        long gcMicros = 0;
        long deletionCount = 0;
        long segments = 0;
        List<BrokerGcPause> pauses = new ArrayList<>();
        List<BrokerDeletion> deletions = new ArrayList<>();
        for (Map.Entry<Jvm, BrokerActivity> e : latest.entrySet()) {
            BrokerActivity now = e.getValue();
            List<BrokerGcPause> itsPauses = now.longestGcPauses().stream()
                    .filter(p -> p.startEpochMicros() + p.durationMicros() >= loadStartEpochMicros)
                    .map(p -> new BrokerGcPause(p.startEpochMicros(), p.durationMicros(), now.brokerId(), p.collector(), p.cause())).toList();
            List<BrokerDeletion> itsDeletions = now.deletions().stream().filter(d -> d.epochMicros() > loadStartEpochMicros)
                    .map(d -> new BrokerDeletion(d.epochMicros() - loadStartEpochMicros, now.brokerId(), d.topic(), d.partitions(), d.partitionCount(),
                            d.segments()))
                    .toList();
            BrokerActivity before = baseline.get(e.getKey());
            if (before == null && now.jvmStartEpochMillis() * 1_000 < loadStartEpochMicros) {
                // It ran before the load but missed the baseline (paused then): only what it kept from the load's start counts.
                gcCount += itsPauses.size();
                gcMicros += itsPauses.stream().mapToLong(BrokerGcPause::durationMicros).sum();
                deletionCount += itsDeletions.size();
                segments += itsDeletions.stream().mapToLong(BrokerDeletion::segments).sum();
            } else {
                gcCount += now.gcPauses() - (before == null ? 0 : before.gcPauses());
                gcMicros += now.gcPauseMicros() - (before == null ? 0 : before.gcPauseMicros());
                deletionCount += now.deletionCount() - (before == null ? 0 : before.deletionCount());
                segments += now.segmentsDeleted() - (before == null ? 0 : before.segmentsDeleted());
            }
            pauses.addAll(itsPauses);
            deletions.addAll(itsDeletions);
        }
        pauses.sort(LONGEST_FIRST);
        deletions.sort(Comparator.comparingLong(BrokerDeletion::elapsedMicros).thenComparingInt(BrokerDeletion::brokerId));
        return new Brokers(true, null, reads, latest.size(), gcCount, gcMicros, pauses.subList(0, Math.min(KEPT_PAUSES, pauses.size())),
                deletionCount, segments, deletions.subList(0, Math.min(KEPT_DELETIONS, deletions.size())));
    }
}
