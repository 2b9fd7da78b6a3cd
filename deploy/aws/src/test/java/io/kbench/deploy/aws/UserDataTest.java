package io.kbench.deploy.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kbench.deploy.aws.DeployConfig.ContainerImage;
import io.kbench.deploy.aws.DeployConfig.KbenchSource;
import io.kbench.deploy.aws.DeployConfig.ReleaseArchive;
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
    static final ContainerImage IMAGE = new ContainerImage("registry.example.com/kbench:0.1.0");
    static final ContainerImage ECR_IMAGE = new ContainerImage("123456789012.dkr.ecr.us-east-1.amazonaws.com/kbench:0.1.0");
    static final ReleaseArchive ARCHIVE = new ReleaseArchive("https://dl.example.com/kbench-0.1.0.tar.gz", Optional.of("ab".repeat(32)));

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
    void fromTheImageTheServiceRunsItWithDockerOnTheHostsNetwork() {
        String script = render(IMAGE);
        List<String> unit = unit(script);
        assertTrue(script.contains("dnf install -y docker\nsystemctl enable --now docker\n"), script);
        assertTrue(unit.contains("ExecStartPre=/usr/bin/docker pull registry.example.com/kbench:0.1.0"), String.join("\n", unit));
        assertTrue(unit.contains("ExecStart=/usr/bin/docker run --rm --name kbench-worker --network host --env-file /etc/kbench/worker.env"
                + " \"--env=JAVA_TOOL_OPTIONS=-XX:MaxRAMPercentage=60\" --ulimit nofile=1048576:1048576 registry.example.com/kbench:0.1.0"
                + " worker --bind 0.0.0.0 --port 8080 --stats-port 8081 --id worker-2"), String.join("\n", unit));
        assertTrue(unit.contains("ExecStop=/usr/bin/docker stop --time 20 kbench-worker"));
        assertTrue(unit.contains("After=network-online.target docker.service"));
        assertTrue(unit.contains("Restart=on-failure"));
        assertTrue(unit.contains("WantedBy=multi-user.target"));
        assertFalse(script.contains("docker login"), "a public or pre-authorised registry needs no login");
    }

    @Test
    void anImageInEcrIsPulledAfterALoginWithTheInstanceRole() {
        List<String> unit = unit(render(ECR_IMAGE));
        String login = "ExecStartPre=/bin/sh -c 'aws ecr get-login-password --region us-east-1 | /usr/bin/docker login --username AWS"
                + " --password-stdin 123456789012.dkr.ecr.us-east-1.amazonaws.com'";
        assertTrue(unit.contains(login), String.join("\n", unit));
        assertTrue(unit.indexOf(login) < unit.indexOf("ExecStartPre=/usr/bin/docker pull " + ECR_IMAGE.image()), "login before the pull");
    }

    @Test
    void fromTheReleaseArchiveJava17AndTheArchiveCheckedAndUnpacked() {
        String script = render(ARCHIVE);
        assertTrue(script.contains("dnf install -y java-17-amazon-corretto-headless tar gzip\n"), script);
        assertTrue(script.contains("curl -fsSL --retry 5 -o /tmp/kbench.tar.gz 'https://dl.example.com/kbench-0.1.0.tar.gz'\n"));
        assertTrue(script.contains("echo '" + "ab".repeat(32) + "  /tmp/kbench.tar.gz' | sha256sum -c -\n"));
        assertTrue(script.contains("tar -xzf /tmp/kbench.tar.gz -C /opt/kbench.unpack\n"));
        assertTrue(script.contains("test -x /opt/kbench/bin/kbench || { echo \"the release archive has no bin/kbench\" >&2; exit 1; }"));
        List<String> unit = unit(script);
        assertTrue(unit.contains("ExecStart=/opt/kbench/bin/kbench worker --bind 0.0.0.0 --port 8080 --stats-port 8081 --id worker-2"),
                String.join("\n", unit));
        assertTrue(unit.contains("User=kbench"));
        assertTrue(unit.contains("Environment=\"KBENCH_JAVA_OPTS=-XX:MaxRAMPercentage=60\""));
        assertTrue(unit.contains("EnvironmentFile=/etc/kbench/java.env"));
        assertFalse(script.contains("docker"));
        assertFalse(render(new ReleaseArchive("https://dl.example.com/k.tgz", Optional.empty())).contains("sha256sum"),
                "no checksum given, none checked");
    }

    @Test
    void nothingIsClonedOrBuiltAtBoot() {
        for (KbenchSource source : List.of(IMAGE, ECR_IMAGE, ARCHIVE)) {
            String script = render(source);
            for (String gone : List.of("git ", "mvn ", "maven", "-devel")) {
                assertFalse(script.contains(gone), source + " boot script contains '" + gone + "':\n" + script);
            }
        }
    }

    @Test
    void theTokenComesFromTheEnvironmentFileAndTheServiceRefusesToStartWithoutIt() {
        for (KbenchSource source : List.of(IMAGE, ECR_IMAGE, ARCHIVE)) {
            String script = render(source);
            List<String> unit = unit(script);
            assertTrue(unit.contains("EnvironmentFile=/etc/kbench/worker.env"));
            String guard = unit.stream().filter(l -> l.startsWith("ExecStartPre=/bin/sh -c 'test -n")).findFirst().orElseThrow();
            assertTrue(guard.contains("test -n \"$${KBENCH_WORKER_TOKEN:-}\""), guard); // $$: the shell expands it, not systemd
            assertTrue(unit.indexOf(guard) < unit.indexOf(unit.stream().filter(l -> l.startsWith("ExecStart=")).findFirst().orElseThrow()));
            // the file is written from the SSM SecureString, root-only
            assertTrue(script.contains("aws ssm get-parameter --region \"$region\" --name '" + PARAMETER + "' --with-decryption"));
            assertTrue(script.contains("umask 077"));
            assertTrue(script.indexOf("/usr/local/bin/kbench-fetch-env\n") < script.indexOf("systemctl enable --now kbench-worker"),
                    "fetched before the service starts");
            assertFalse(script.contains("KBENCH_WORKER_TOKEN="), "no token in the script itself");
            assertFalse(script.contains("--password "), "no password on a command line");
        }
    }

    @Test
    void urlsAreShellQuoted() {
        String script = render(new ReleaseArchive("https://x/it's;reboot", Optional.empty()));
        assertTrue(script.contains("-o /tmp/kbench.tar.gz 'https://x/it'\\''s;reboot'\n"), script);
        assertEquals("'a'\\''b'", UserData.Shell.quote("a'b"));
    }

    @Test
    void isValidBash(@TempDir Path dir) throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bash is not installed here");
        for (KbenchSource source : List.of(IMAGE, ECR_IMAGE, ARCHIVE, new ReleaseArchive("https://dl.example.com/k.tgz", Optional.empty()))) {
            Path file = dir.resolve("user-data.sh");
            Files.writeString(file, render(source), StandardCharsets.UTF_8);
            Process bash = new ProcessBuilder("/bin/bash", "-n", file.toString()).redirectErrorStream(true).start();
            assertTrue(bash.waitFor(10, TimeUnit.SECONDS));
            String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, bash.exitValue(), out);
        }
    }
}
