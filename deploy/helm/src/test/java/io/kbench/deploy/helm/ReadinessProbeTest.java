package io.kbench.deploy.helm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.kbench.agent.AgentOptions;
import io.kbench.agent.WorkerAgent;
import io.kbench.time.BenchmarkClock;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workers' readiness probe as the chart renders it, run with bash against a real worker agent:
 * ready with the right token (read from the mounted file), not ready with a wrong one or without an
 * agent. The mount path is mapped to a file of the test, as the container's volume would be.
 */
@Timeout(60)
class ReadinessProbeTest {

    static final String TOKEN = "probe-token-0123456789abcdef";

    @TempDir
    Path dir;

    static List<String> probe(int port) throws Exception {
        Helm.Result r = Helm.template("kb", "bench", List.of("--set", "workers.port=" + port, "--set", "workers.metricsPort=" + (port + 1)));
        assertEquals(0, r.exitCode(), r.all());
        Container worker = Manifests.parse(r.out()).one(StatefulSet.class).getSpec().getTemplate().getSpec().getContainers().get(0);
        return worker.getReadinessProbe().getExec().getCommand();
    }

    /** Runs the probe with the token mount mapped to {@code tokenFile}; returns its exit status. */
    static int run(List<String> probe, Path tokenFile) throws Exception {
        List<String> command = new ArrayList<>();
        for (String part : probe) {
            command.add(part.replace(ChartTest.TOKEN_FILE, tokenFile.toString()));
        }
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertTrue(p.waitFor(20, TimeUnit.SECONDS), "the probe ended");
        return p.exitValue();
    }

    @Test
    void readyOnlyWhenTheAgentAnswersAnAuthenticatedGetOfV1Info() throws Exception {
        Path token = Files.writeString(dir.resolve("token"), TOKEN + "\n", StandardCharsets.UTF_8);
        Path wrong = Files.writeString(dir.resolve("wrong"), "not-the-token\n", StandardCharsets.UTF_8);
        try (WorkerAgent agent = WorkerAgent.start(new AgentOptions("127.0.0.1", 0, "probe-test", TOKEN, null, null, null),
                BenchmarkClock.system())) {
            List<String> probe = probe(agent.port());
            assertEquals(0, run(probe, token), "ready with the token from the mounted Secret");
            assertNotEquals(0, run(probe, wrong), "a 401 is not ready");
            assertNotEquals(0, run(probe, dir.resolve("missing")), "no token file, not ready");
        }
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        assertNotEquals(0, run(probe(closed), token), "no agent, not ready");
    }
}
