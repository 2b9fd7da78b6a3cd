package io.kbench.bench;

import com.fasterxml.jackson.core.type.TypeReference;
import io.kbench.model.Phase;
import io.kbench.model.PeriodSummary;
import io.kbench.coordinator.StatsMerger;
import io.kbench.remote.WireJson;
import io.kbench.model.Measurement;
import io.kbench.model.MeasurementCalculator;
import io.kbench.result.DriverInfo;
import io.kbench.result.ResultJson;
import io.kbench.result.ResultSections;
import io.kbench.result.RunIdentity;
import io.kbench.result.RunOutcome;
import io.kbench.result.RunTimeline;
import io.kbench.result.RunResult;
import io.kbench.model.RunStatus;
import io.kbench.stats.Counts;
import io.kbench.stats.CumulativeStats;
import io.kbench.stats.Histograms;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.PeriodStats;
import io.kbench.time.ClockOffset;
import io.kbench.workload.Workload;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;

/**
 * Not a test: prints how long the coordinator takes, per reporting interval, to decode and merge
 * the period stats of 100 workers as they arrive over HTTP, and how long writing the result of a
 * 100-worker run takes. Run with bin/bench-merge.
 */
public final class MergeBenchmark {

    // Smaller with bin/bench-merge --quick (system properties), which only checks that it runs.
    static final int WORKERS = Integer.getInteger("kbench.merge.workers", 100);
    static final int SAMPLES_PER_HISTOGRAM = Integer.getInteger("kbench.merge.samples", 50_000); // 10,000 msg/s per worker over a 5 s period
    static final int ROUNDS = Integer.getInteger("kbench.merge.rounds", 40);

    public static void main(String[] args) throws Exception {
        Random random = new Random(42);
        List<byte[]> bodies = new ArrayList<>();
        List<CumulativeStats> cumulative = new ArrayList<>();
        for (int w = 0; w < WORKERS; w++) {
            LatencyHistograms l = new LatencyHistograms(histogram(random, 2_000), histogram(random, 1_500), histogram(random, 200), histogram(random, 3_000));
            Counts c = new Counts(SAMPLES_PER_HISTOGRAM, SAMPLES_PER_HISTOGRAM, SAMPLES_PER_HISTOGRAM * 1024L, 0,
                    SAMPLES_PER_HISTOGRAM, SAMPLES_PER_HISTOGRAM * 1024L, 0);
            PeriodStats p = new PeriodStats("http://10.0.0." + w + ":8080", 5_000_000, c, c, l, 0.4, false, List.of(), null, List.of(), null);
            bodies.add(WireJson.MAPPER.writeValueAsBytes(List.of(p)));
            cumulative.add(new CumulativeStats(p.workerId(), 1, 1, 300_000_000, 300_000_000, 300_000_000, 300_000_000, c, c, l,
                    0.4, 8, 0, List.of()));
        }
        long bytes = bodies.stream().mapToLong(b -> b.length).sum();
        System.out.printf(Locale.ROOT, "%d workers, period stats of %,d samples per histogram: %,d bytes of JSON per interval (%.1f KB per worker)%n",
                WORKERS, SAMPLES_PER_HISTOGRAM, bytes, bytes / 1024.0 / WORKERS);

        long[] decodeAndMerge = new long[ROUNDS];
        long[] mergeOnly = new long[ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            long t0 = System.nanoTime();
            List<PeriodStats> received = new ArrayList<>(WORKERS);
            for (byte[] body : bodies) {
                received.addAll(WireJson.MAPPER.readValue(body, new TypeReference<List<PeriodStats>>() {}));
            }
            long t1 = System.nanoTime();
            PeriodSummary summary = StatsMerger.summarize(Phase.MEASURE, 5_000_000, received, 1);
            long t2 = System.nanoTime();
            if (summary.publishLatency().count() != (long) WORKERS * SAMPLES_PER_HISTOGRAM) {
                throw new AssertionError("merge lost samples: " + summary.publishLatency().count());
            }
            decodeAndMerge[round] = t2 - t0;
            mergeOnly[round] = t2 - t1;
        }
        System.out.printf(Locale.ROOT, "per interval, decode + merge: median %.1f ms, max %.1f ms (after %d rounds; target < 50 ms)%n",
                median(decodeAndMerge) / 1e6, max(decodeAndMerge) / 1e6, ROUNDS);
        System.out.printf(Locale.ROOT, "per interval, merge only:     median %.1f ms, max %.1f ms%n", median(mergeOnly) / 1e6, max(mergeOnly) / 1e6);

        List<PeriodSummary> periods = new ArrayList<>();
        PeriodSummary one = StatsMerger.summarize(Phase.MEASURE, 5_000_000, WireJson.MAPPER.readValue(bodies.get(0),
                new TypeReference<List<PeriodStats>>() {}), 1);
        for (int i = 0; i < 72; i++) { // a 6-minute run at 5 s intervals
            periods.add(one);
        }
        long[] write = new long[10];
        int size = 0;
        for (int round = 0; round < write.length; round++) {
            long t0 = System.nanoTime();
            Measurement m = MeasurementCalculator.calculate(cumulative, 1_000_000, false, 400_000_000);
            RunResult result = result(m, periods, cumulative);
            size = ResultJson.text(result).getBytes(StandardCharsets.UTF_8).length;
            write[round] = System.nanoTime() - t0;
        }
        System.out.printf(Locale.ROOT, "result of a %d-worker run (merge cumulative stats + JSON, %,d bytes): median %.1f ms, max %.1f ms%n",
                WORKERS, size, median(write) / 1e6, max(write) / 1e6);
        journal(random);
    }

    /**
     * The run journal's cost per period: the coordinator adds up the workers' stats of each period the result
     * keeps and appends them, with the period's figures, to the journal, flushed: at 1 s periods with 30 workers
     * (10,000 msg/s each) by default.
     */
    private static void journal(Random random) throws Exception {
        int workers = Integer.getInteger("kbench.journal.workers", 30);
        int samples = Integer.getInteger("kbench.journal.samples", 10_000);
        List<PeriodStats> slice = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            LatencyHistograms l = new LatencyHistograms(histogram(random, 2_000, samples), histogram(random, 1_500, samples),
                    histogram(random, 200, samples), histogram(random, 3_000, samples));
            Counts c = new Counts(samples, samples, samples * 1024L, 0, samples, samples * 1024L, 0);
            slice.add(new PeriodStats("http://10.0.0." + w + ":8080", 1_000_000, c, c, l, 0.4, false, List.of(), null, List.of(), null));
        }
        PeriodSummary summary = StatsMerger.summarize(Phase.MEASURE, 1_000_000, slice, 1);
        java.nio.file.Path file = java.nio.file.Files.createTempFile("kbench-bench", io.kbench.journal.RunJournal.SUFFIX);
        io.kbench.journal.JournalWriter journal = new io.kbench.journal.JournalWriter(file, io.kbench.time.BenchmarkClock.system(),
                s -> s, new io.kbench.journal.JournalEntry.Header(0, io.kbench.journal.RunJournal.VERSION, "bench", "bench", "bench.json",
                        "bench.yaml", null, null, null, Map.of(), List.of(), 1_000));
        long[] times = new long[Math.max(ROUNDS, 10)];
        long before = java.nio.file.Files.size(file);
        for (int round = 0; round < times.length; round++) {
            long t0 = System.nanoTime();
            journal.sample(summary, slice);
            times[round] = System.nanoTime() - t0;
        }
        long perPeriod = (java.nio.file.Files.size(file) - before) / times.length;
        journal.finish(false);
        System.out.printf(Locale.ROOT, "run journal, %d workers at 1 s periods (%,d samples per histogram each): %,d bytes per period "
                + "(%.1f MB per hour); add up + write + flush per period: median %.2f ms, max %.2f ms%n", workers, samples, perPeriod,
                perPeriod * 3600 / 1e6, median(times) / 1e6, max(times) / 1e6);
    }

    private static RunResult result(Measurement m, List<PeriodSummary> periods, List<CumulativeStats> workers) {
        // The builder, not the canonical constructor: a new workload field does not touch this benchmark.
        Workload w = io.kbench.workload.WorkloadBuilder.builder().name("bench").topics(1).partitionsPerTopic(100).messageSize(1024)
                .subscriptionsPerTopic(1).producersPerTopic(100).consumerPerSubscription(1).producerRate(1e6)
                .testDuration(java.time.Duration.ofMinutes(5)).warmupDuration(java.time.Duration.ZERO).build();
        List<ClockOffset> clocks = new ArrayList<>();
        for (CumulativeStats c : workers) {
            clocks.add(new ClockOffset(c.workerId(), 0, 100));
        }
        return new RunResult(new RunIdentity("bench", "bench.yaml", w, new DriverInfo("Kafka", "kafka.yaml", Map.of(), List.of()), null,
                Map.of(), List.of(), List.of()), new RunOutcome(RunStatus.COMPLETED, null, List.of(), null, null, List.of()),
                ResultSections.NONE, new RunTimeline(Instant.ofEpochMilli(0), Instant.ofEpochMilli(1), 10_000, null, 0, clocks, periods),
                m, null);
    }

    private static Histogram histogram(Random random, double medianMicros) {
        return histogram(random, medianMicros, SAMPLES_PER_HISTOGRAM);
    }

    private static Histogram histogram(Random random, double medianMicros, int samples) {
        Histogram h = Histograms.newHistogram();
        for (int i = 0; i < samples; i++) {
            h.recordValue((long) (medianMicros * Math.exp(random.nextGaussian() * 0.8)));
        }
        return h;
    }

    private static long median(long[] values) {
        long[] copy = values.clone();
        Arrays.sort(copy);
        return copy[copy.length / 2];
    }

    private static long max(long[] values) {
        return Arrays.stream(values).max().orElse(0);
    }
}
