package io.kbench.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A consumer worker whose clock runs 250 ms ahead (libfaketime) measures the same end-to-end
 * latency as without the skew, because the coordinator estimates each worker's clock offset and
 * the workers put their timestamps on its time base.
 *
 * <p>libfaketime has a cost of its own, and a freshly started JVM is slower than a warm one. So the
 * producer and the consumer worker both run under libfaketime all along, and only the consumer's
 * offset changes, between runs, through the file libfaketime reads (re-read every second): rounds
 * 0, 250, 0, 250 ms after one warm-up run, at a low rate. The least p50 of each offset's rounds are
 * compared (a busy machine disturbs single rounds); the spread between rounds of the same offset is
 * the noise, reported beside the result.
 */
class ClockSkewTest {

    static final long SKEW_MICROS = 250_000;
    static final long[] ROUNDS = {0, SKEW_MICROS, 0, SKEW_MICROS};
    static final String FAKETIME_LIB = "/opt/faketime/libfaketime.so.1";

    static ContainerSuite suite;
    static ContainerSuite.Worker producer;
    static ContainerSuite.Worker consumer;
    static Path consumerOffsetFile;
    static final List<ContainerSuite.Worker> started = new ArrayList<>();

    /** One run's figures. */
    record Round(long skewMicros, long offsetMicros, long offsetBoundMicros, double e2eP50Millis, long e2eBoundMicros,
                 long producerOffsetMicros) {}

    @BeforeAll
    static void workers() {
        suite = ContainerSuite.get();
        assumeTrue(suite.whyNot() == null, suite.whyNot());
        producer = startUnderFaketime("skew-producer", 31);
        consumerOffsetFile = offsetFile("skew-consumer");
        consumer = startUnderFaketime("skew-consumer", 32);
    }

    @AfterAll
    static void remove() {
        if (suite != null) {
            suite.removeAll(started);
        }
    }

    private static Path offsetFile(String name) {
        return suite.dir.resolve("faketime").resolve(name).resolve("offset");
    }

    /** libfaketime's offset for a worker, in its own format (seconds, signed). */
    private static void setOffset(Path file, long micros) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, String.format(Locale.ROOT, "%+.6f%n", micros / 1e6));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A worker under the host's libfaketime (mounted read-only), its offset read from a file the test writes. */
    static ContainerSuite.Worker startUnderFaketime(String name, int host) {
        Path file = offsetFile(name);
        setOffset(file, 0);
        List<String> options = List.of(
                "-v", HostTools.LIBFAKETIME + ":" + FAKETIME_LIB + ":ro",
                "-v", file.getParent() + ":/faketime:ro",
                "-e", "LD_PRELOAD=" + FAKETIME_LIB,
                "-e", "FAKETIME_TIMESTAMP_FILE=/faketime/offset",
                // Cached between reads, re-read at most every second. The monotonic clock moves by the
                // same offset (with FAKETIME_DONT_FAKE_MONOTONIC=1 the agent stopped answering at all).
                "-e", "FAKETIME_NO_CACHE=0",
                "-e", "FAKETIME_CACHE_DURATION=1");
        ContainerSuite.Worker w = suite.startWorker(name, host, options);
        started.add(w);
        return w;
    }

    @Test
    void endToEndLatencyIsCorrectedForAWorkerWhoseClockRunsAhead() {
        round("warm-up", 0); // JIT and connections warm in both workers; not counted
        List<Round> rounds = new ArrayList<>();
        for (int i = 0; i < ROUNDS.length; i++) {
            rounds.add(round(Integer.toString(i + 1), ROUNDS[i]));
        }

        System.out.println("[clock-skew] round  true skew  offset found (bound)      e2e p50   e2e bound  producer offset");
        for (int i = 0; i < rounds.size(); i++) {
            Round r = rounds.get(i);
            System.out.printf(Locale.ROOT, "[clock-skew] %5d  %6.1f ms  %+9.3f ms (±%.3f ms)  %7.3f ms  ±%.3f ms  %+.3f ms%n", i + 1,
                    r.skewMicros() / 1e3, r.offsetMicros() / 1e3, r.offsetBoundMicros() / 1e3, r.e2eP50Millis(),
                    r.e2eBoundMicros() / 1e3, r.producerOffsetMicros() / 1e3);
        }
        double[] unskewedP50 = rounds.stream().filter(r -> r.skewMicros() == 0).mapToDouble(Round::e2eP50Millis).toArray();
        double[] skewedP50 = rounds.stream().filter(r -> r.skewMicros() != 0).mapToDouble(Round::e2eP50Millis).toArray();
        // The least disturbed round of each offset: on a busy machine one round's p50 can grow tens of
        // milliseconds, and that noise is not what this test is about.
        double unskewed = Arrays.stream(unskewedP50).min().orElseThrow();
        double skewed = Arrays.stream(skewedP50).min().orElseThrow();
        double noise = Math.max(range(unskewedP50), range(skewedP50));
        double bound = rounds.stream().mapToLong(Round::e2eBoundMicros).max().orElseThrow() / 1e3;
        System.out.printf(Locale.ROOT, "[clock-skew] e2e p50 (least of %d rounds) without skew %.3f ms, with the consumer %d ms "
                + "ahead %.3f ms: difference %+.3f ms; reported e2e bound ±%.3f ms; noise (spread of p50 between rounds of one "
                + "offset) %.3f ms; uncorrected, the skewed rounds would read about %.0f ms%n", unskewedP50.length,
                unskewed, SKEW_MICROS / 1000, skewed, skewed - unskewed, bound, noise, skewed + SKEW_MICROS / 1e3);

        for (Round r : rounds) {
            // The true offset lies within the estimate's bound: the worker read its clock during the round trip.
            assertTrue(Math.abs(r.offsetMicros() - r.skewMicros()) <= r.offsetBoundMicros(),
                    "offset found " + r.offsetMicros() + " µs ± " + r.offsetBoundMicros() + " µs, true " + r.skewMicros() + " µs");
            assertTrue(Math.abs(r.producerOffsetMicros()) <= r.e2eBoundMicros(), "the producer's clock is not skewed: " + r);
        }
        // Corrected: the skewed rounds' p50 is the unskewed rounds' within the reported bound, plus the
        // noise between rounds of one offset (both printed above).
        assertTrue(Math.abs(skewed - unskewed) <= bound + noise,
                String.format(Locale.ROOT, "e2e p50 %.3f ms with skew vs %.3f ms without; bound %.3f ms, noise %.3f ms", skewed,
                        unskewed, bound, noise));
        // And far from the 250 ms an uncorrected skew would add to every skewed round, whatever the noise.
        assertTrue(Math.abs(skewed - unskewed) < SKEW_MICROS / 1e3 / 4,
                String.format(Locale.ROOT, "e2e p50 %.3f ms with skew vs %.3f ms without", skewed, unskewed));
    }

    private Round round(String name, long skewMicros) {
        setOffset(consumerOffsetFile, skewMicros);
        // libfaketime re-reads the file within a second (FAKETIME_CACHE_DURATION), and the coordinator estimates the offsets
        // only once its own JVM has started in its container, seconds later.
        ContainerSuite.sleep(Duration.ofMillis(1_500));
        CoordinatorRun run = CoordinatorRun.start(suite, "coordinator-skew-" + name, 40, "one-pair.yaml",
                CoordinatorCommand.split(List.of(producer), List.of(consumer)).run("one-pair.yaml", List.of("--fixed-warmup")));
        int exit = run.awaitExit(Duration.ofMinutes(3));
        run.remove();
        assertEquals(0, exit, "round " + name + ": the coordinator's exit code; console:\n" + run.console());
        JsonNode result = run.result();
        assertEquals("completed", result.path("status").asText(), run.console());
        JsonNode consumerClock = clockOf(result, consumer.url());
        JsonNode producerClock = clockOf(result, producer.url());
        return new Round(skewMicros, consumerClock.path("offsetMicros").asLong(), consumerClock.path("errorBoundMicros").asLong(),
                result.path("aggregatedEndToEndLatency50pct").asDouble(), result.path("endToEndErrorBoundMicros").asLong(),
                producerClock.path("offsetMicros").asLong());
    }

    private static JsonNode clockOf(JsonNode result, String workerUrl) {
        for (JsonNode c : result.path("workerClocks")) {
            if (c.path("workerId").asText().equals(workerUrl)) {
                return c;
            }
        }
        throw new AssertionError("no clock offset for " + workerUrl + " in " + result.path("workerClocks"));
    }

    private static double range(double[] values) {
        return Arrays.stream(values).max().orElse(0) - Arrays.stream(values).min().orElse(0);
    }
}
