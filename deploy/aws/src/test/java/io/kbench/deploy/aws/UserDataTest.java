package io.kbench.deploy.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kbench.deploy.aws.DeployConfig.KbenchSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UserDataTest {

    static final String PARAMETER = "/kbench/kbench-workers/dev/worker.env";
    static final KbenchSource GIT = new KbenchSource(Optional.of("https://git.example.com/kbench.git"), "v0.1.0",
            Optional.empty(), Optional.empty());

    static String render(KbenchSource source) {
        return UserData.render("worker-2", PARAMETER, source, "-XX:MaxRAMPercentage=60");
    }

    /** The systemd unit the script writes. */
    static List<String> unit(String script) {
        int start = script.indexOf("cat > /etc/systemd/system/kbench-worker.service <<'KBENCH_EOF'\n");
        assertTrue(start >= 0, script);
        int from = script.indexOf('\n', start) + 1;
        return List.of(script.substring(from, script.indexOf("KBENCH_EOF\n", from)).split("\n"));
    }

    @Test
    void runsTheWorkerOnAllInterfacesPort8080AsAService() {
        List<String> unit = unit(render(GIT));
        assertTrue(unit.contains("ExecStart=/opt/kbench/bin/benchmark-worker --bind 0.0.0.0 --port 8080 --stats-port 8081 --id worker-2"),
                String.join("\n", unit));
        assertTrue(unit.contains("User=kbench"));
        assertTrue(unit.contains("Restart=on-failure"));
        assertTrue(unit.contains("WantedBy=multi-user.target"));
        assertTrue(unit.contains("Environment=\"KBENCH_JAVA_OPTS=-XX:MaxRAMPercentage=60\""));
    }

    @Test
    void theTokenComesFromTheEnvironmentFileAndTheServiceRefusesToStartWithoutIt() {
        String script = render(GIT);
        List<String> unit = unit(script);
        assertTrue(unit.contains("EnvironmentFile=/etc/kbench/worker.env"));
        String guard = unit.stream().filter(l -> l.startsWith("ExecStartPre=")).findFirst().orElseThrow();
        assertTrue(guard.contains("test -n \"$${KBENCH_WORKER_TOKEN:-}\""), guard); // $$: the shell expands it, not systemd
        // the file is written from the SSM SecureString, root-only
        assertTrue(script.contains("aws ssm get-parameter --region \"$region\" --name '" + PARAMETER + "' --with-decryption"));
        assertTrue(script.contains("umask 077"));
        assertTrue(script.contains("/usr/local/bin/kbench-fetch-env\n"), "fetched before the service starts");
        assertTrue(script.indexOf("/usr/local/bin/kbench-fetch-env\n") < script.indexOf("systemctl enable --now kbench-worker"));
        assertFalse(script.contains("KBENCH_WORKER_TOKEN="), "no token in the script itself");
    }

    @Test
    void installsJava17GitAndMavenAndBuildsOnlyTheTool() {
        String script = render(GIT);
        assertTrue(script.startsWith("#!/bin/bash\n"));
        assertTrue(script.contains("dnf install -y java-17-amazon-corretto-devel git"));
        assertTrue(script.contains("maven"));
        assertTrue(script.contains("-pl benchmark-framework,driver-kafka -am package && touch benchmark-framework/target/.kbench-built"));
    }

    @Test
    void gitSource() {
        String script = render(GIT);
        assertTrue(script.contains("git clone 'https://git.example.com/kbench.git' /opt/kbench\n"));
        assertTrue(script.contains("git -C /opt/kbench checkout 'v0.1.0'\n"));
        assertFalse(script.contains("curl -fsSL --retry 5 -o /tmp/kbench.tar.gz"));
    }

    @Test
    void tarballSourceIsCheckedWhenAChecksumIsGiven() {
        String sha = "ab".repeat(32);
        String script = render(new KbenchSource(Optional.empty(), "main", Optional.of("https://dl.example.com/kbench.tar.gz"),
                Optional.of(sha.toUpperCase())));
        assertTrue(script.contains("curl -fsSL --retry 5 -o /tmp/kbench.tar.gz 'https://dl.example.com/kbench.tar.gz'\n"));
        assertTrue(script.contains("echo '" + sha + "  /tmp/kbench.tar.gz' | sha256sum -c -\n"));
        assertTrue(script.contains("tar -xzf /tmp/kbench.tar.gz -C /opt/kbench --strip-components=1"));
        assertFalse(script.contains("git clone"));
    }

    @Test
    void urlsAreShellQuoted() {
        String script = render(new KbenchSource(Optional.of("https://x/it's;reboot"), "main", Optional.empty(), Optional.empty()));
        assertTrue(script.contains("git clone 'https://x/it'\\''s;reboot' /opt/kbench"), script);
        assertEquals("'a'\\''b'", UserData.Shell.quote("a'b"));
    }

    @Test
    void isValidBash(@TempDir Path dir) throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bash is not installed here");
        for (String script : List.of(render(GIT), render(new KbenchSource(Optional.empty(), "main",
                Optional.of("https://dl.example.com/k.tgz"), Optional.of("0".repeat(64)))))) {
            Path file = dir.resolve("user-data.sh");
            Files.writeString(file, script, StandardCharsets.UTF_8);
            Process bash = new ProcessBuilder("/bin/bash", "-n", file.toString()).redirectErrorStream(true).start();
            assertTrue(bash.waitFor(10, TimeUnit.SECONDS));
            String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, bash.exitValue(), out);
        }
    }
}
