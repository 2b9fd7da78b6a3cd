package io.kbench.report.gate;

import io.kbench.coordinator.StatsMerger;
import io.kbench.driver.ClusterDescription;
import io.kbench.model.Diagnosis;
import io.kbench.model.Measurement;
import io.kbench.model.MeasurementCalculator;
import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.model.RunStatus;
import io.kbench.provenance.ClientMachine;
import io.kbench.provenance.Fingerprint;
import io.kbench.provenance.Provenance;
import io.kbench.result.DriverInfo;
import io.kbench.result.ResultSections;
import io.kbench.result.ResultWriter;
import io.kbench.result.RunIdentity;
import io.kbench.result.RunOutcome;
import io.kbench.result.RunResult;
import io.kbench.result.RunTimeline;
import io.kbench.stats.Counts;
import io.kbench.stats.CumulativeStats;
import io.kbench.stats.HostCpuUse;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.PeriodStats;
import io.kbench.workload.Workload;
import io.kbench.workload.Workloads;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Results built by hand for the gate's and the history's tests: one MEASURE period per second with the given figures. */
public final class GateRuns {

    private static final long E = 1_700_000_000_000_000L;

    public static final String WORKLOAD = "name: gate\ntopics: 1\npartitionsPerTopic: 2\nmessageSize: 512\nproducersPerTopic: 1\n"
            + "subscriptionsPerTopic: 1\nconsumerPerSubscription: 1\nproducerRate: 1000\nwarmupDuration: 2s\ntestDuration: 10s\n";

    private GateRuns() {}

    /** One period of a second: {@code acked} messages, 98% of them at a quarter of {@code p99Micros} and 2% at it. */
    static PeriodSummary period(long acked, long p99Micros) {
        LatencyHistograms l = LatencyHistograms.empty();
        long slow = Math.max(1, acked / 50);
        l.publish().recordValueWithCount(Math.max(1, p99Micros / 4), acked - slow);
        l.publish().recordValueWithCount(p99Micros, slow);
        l.send().recordValueWithCount(Math.max(1, p99Micros / 8), acked);
        l.scheduleDelay().recordValueWithCount(10, acked);
        l.endToEnd().recordValueWithCount(Math.max(1, p99Micros / 4) + 200, acked - slow);
        l.endToEnd().recordValueWithCount(p99Micros + 200, slow);
        Counts c = new Counts(acked, acked, acked * 512, 0, acked, acked * 512, 0);
        return StatsMerger.summarize(Phase.MEASURE, 0, List.of(new PeriodStats("w", 1_000_000, c, c, l, 0.1, false, List.of(), null,
                List.of(), null)), 1);
    }

    /**
     * A completed run of {@link #WORKLOAD} (or {@code workloadYaml}) with one period per value of {@code p99Micros}.
     *
     * @param service the --service-version label, or null
     * @param brokerVersion what the provenance says the brokers run
     */
    public static RunResult run(String workloadYaml, long startMillis, long acked, long[] p99Micros, String service, String brokerVersion) {
        Workload w = Workloads.parse(workloadYaml);
        List<PeriodSummary> periods = new ArrayList<>();
        LatencyHistograms all = LatencyHistograms.empty();
        for (long p99 : p99Micros) {
            periods.add(period(acked, p99));
            all.publish().recordValueWithCount(Math.max(1, p99 / 4), acked - acked / 50);
            all.publish().recordValueWithCount(p99, acked / 50);
            all.endToEnd().recordValueWithCount(p99 + 200, acked);
        }
        long n = acked * p99Micros.length;
        Counts counts = new Counts(n, n, n * 512, 0, n, n * 512, 0);
        CumulativeStats c = new CumulativeStats("local", E, E, E + p99Micros.length * 1_000_000L, E + p99Micros.length * 1_000_000L,
                E + p99Micros.length * 1_000_000L, E + p99Micros.length * 1_000_000L, counts, counts, all, 0.2, 2, 0, List.of(),
                p99Micros.length * 100_000L);
        Measurement m = MeasurementCalculator.calculate(List.of(c), 1_000, false, E + p99Micros.length * 1_000_000L);
        Map<String, String> versions = service == null ? Map.of("kbench", "0.1.0", "client", "kafka-clients 4.3.1")
                : Map.of("kbench", "0.1.0", "client", "kafka-clients 4.3.1", "service", service);
        Provenance provenance = Provenance.of(Fingerprint.workload(w), Fingerprint.driver(Map.of("name", "k")),
                new ClusterDescription("c", "1", List.of(new ClusterDescription.Broker("1", "h:1", null,
                        brokerVersion, Map.of("num.io.threads", "8"), Map.of())), Map.of(), Map.of(), Map.of(), Map.of()), null,
                List.of(new ClientMachine("local", "vm", "boot", 2, 2, "AMD EPYC", 1L << 34, "Linux", "OpenJDK 17", "0.1.0", "abc",
                        new HostCpuUse(0.3, 0.01, 2, 10_000))), null);
        return new RunResult(new RunIdentity("r" + startMillis, "w.yaml", w, new DriverInfo("k", "k.yaml", Map.of("name", "k"), List.of()),
                null, versions, List.of("local"), List.of("t")),
                new RunOutcome(RunStatus.COMPLETED, null, List.of(), Diagnosis.NONE, null, List.of()),
                ResultSections.NONE.with(provenance),
                new RunTimeline(Instant.ofEpochMilli(startMillis), Instant.ofEpochMilli(startMillis + 20_000), 1_000, null, 0, List.of(),
                        periods),
                m, null);
    }

    /** Writes it as bin/benchmark does. */
    public static Path write(RunResult r, Path dir, String name) throws IOException {
        return ResultWriter.write(r, dir.resolve(name), null);
    }

    /** p99s around {@code micros}, varying by ±{@code spread} in a fixed pattern (no randomness in tests). */
    public static long[] around(long micros, double spread, int periods, int phase) {
        long[] out = new long[periods];
        double[] pattern = {0, 0.8, -0.6, 0.3, -0.9, 0.5, -0.2, 1.0, -0.4, 0.1, -1.0, 0.7};
        for (int i = 0; i < periods; i++) {
            out[i] = Math.round(micros * (1 + spread * pattern[(i + phase) % pattern.length]));
        }
        return out;
    }
}
