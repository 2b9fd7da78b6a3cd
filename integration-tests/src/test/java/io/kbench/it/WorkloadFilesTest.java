package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.config.PlaceholderResolver;
import io.kbench.workload.Workload;
import io.kbench.workload.WorkloadLoader;
import io.kbench.workload.WorkloadOverrides;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every shipped workload file runs to completion against a real local broker, shortened for CI
 * with the same overrides a user has (--duration, --warmup, --rate, --scale); the files keep the
 * studies' sizes. The shapes (partitions, message sizes, producers, consumer groups, modes) stay.
 */
class WorkloadFilesTest {

    @TempDir
    Path dir;

    static Stream<String> workloadFiles() throws Exception {
        try (Stream<Path> files = Files.list(Cli.HOME.resolve("workloads"))) {
            return files.filter(p -> p.toString().endsWith(".yaml")).map(p -> p.getFileName().toString()).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("workloadFiles")
    @Timeout(120)
    void runsShortenedOnTheLocalBroker(String file) throws Exception {
        Path workloadFile = Cli.HOME.resolve("workloads").resolve(file);
        Workload w = new WorkloadLoader(new PlaceholderResolver()).load(workloadFile, WorkloadOverrides.NONE).workload();
        List<String> args = new ArrayList<>(List.of("--drivers", Cli.driverFile(dir, "driver.yaml", "").toString(),
                "--output-dir", dir.toString(), "--progress-interval", "1s"));
        if (w.consumeOnly()) {
            args.addAll(List.of("--scale", "0.1"));
        } else {
            args.addAll(List.of("--duration", "2s", "--warmup", "0s"));
            // One small broker shares 2 cores with the load: keep CI runs far below what it can take.
            double cap = Math.min(2_000, 2.0 * 1024 * 1024 / w.messageSize());
            Double rate = w.effectiveProducerRate();
            if (rate == null || rate < 0 || rate > cap) {
                args.addAll(List.of("--rate", Long.toString(Math.round(cap))));
            }
        }
        args.add(workloadFile.toString());
        Cli.Outcome run = Cli.run(args.toArray(String[]::new));

        // A CKU workload run shortened here cannot reach its CKUs' bandwidth: its check says FAIL, exit status 4.
        assertEquals(w.cku() != null ? 4 : 0, run.exitCode(), file + ":\n" + run.all());
        JsonNode m = run.result().get("measurement");
        if (w.consumeOnly()) {
            assertEquals(Math.round(w.prefillMessages() * 0.1), m.get("counts").get("messagesReceived").asLong(), file);
        } else {
            assertTrue(m.get("counts").get("messagesAcked").asLong() > 0, file + " sent nothing");
            assertEquals(0, m.get("counts").get("sendErrors").asLong(), file);
        }
        if (w.subscriptionsPerTopic() > 0) {
            assertTrue(m.get("endToEndLatency").get("count").asLong() > 0, file + " consumed nothing");
        }
    }
}
