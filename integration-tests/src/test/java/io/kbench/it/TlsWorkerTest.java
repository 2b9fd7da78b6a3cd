package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A worker agent serving HTTPS with its own certificate; the coordinator trusts it through a truststore. */
@Timeout(120)
class TlsWorkerTest {

    @TempDir
    Path dir;

    private void keytool(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
    }

    @Test
    void theCoordinatorTalksToAnHttpsWorkerItTrusts() throws Exception {
        String password = "store-pass-91c";
        Path keystore = dir.resolve("worker.p12");
        Path cert = dir.resolve("worker.crt");
        Path truststore = dir.resolve("trust.p12");
        keytool("-genkeypair", "-alias", "worker", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2", "-dname", "CN=kbench-worker",
                "-ext", "SAN=IP:127.0.0.1,DNS:localhost", "-storetype", "PKCS12", "-keystore", keystore.toString(),
                "-storepass", password, "-keypass", password);
        keytool("-exportcert", "-alias", "worker", "-keystore", keystore.toString(), "-storepass", password, "-rfc", "-file", cert.toString());
        keytool("-importcert", "-noprompt", "-alias", "worker", "-file", cert.toString(), "-storetype", "PKCS12",
                "-keystore", truststore.toString(), "-storepass", password);
        Path passwordFile = Cli.write(dir, "store-password", password);
        Path tokenFile = Cli.write(dir, "token", WorkerProcesses.TOKEN);

        Process worker = WorkerProcesses.launch(List.of("--port", "0", "--no-stats", "--tls-keystore", keystore.toString(),
                "--tls-keystore-password-file", passwordFile.toString()));
        try {
            CompletableFuture<String> url = new CompletableFuture<>();
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(worker.getInputStream(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = r.readLine()) != null) {
                        int at = line.indexOf("listening on ");
                        if (at >= 0) {
                            url.complete(line.substring(at + 13).split(" ")[0]);
                        }
                    }
                } catch (java.io.IOException e) {
                    // worker ended
                }
                url.completeExceptionally(new IllegalStateException("the worker ended"));
            });
            reader.setDaemon(true);
            reader.start();
            String workerUrl = url.get(60, TimeUnit.SECONDS);
            assertTrue(workerUrl.startsWith("https://127.0.0.1:"), workerUrl);

            Path driver = Cli.driverFile(dir, "driver.yaml", "");
            Path workload = Cli.write(dir, "w.yaml", "name: tls\ntopics: 1\npartitionsPerTopic: 2\nmessageSize: 100\n"
                    + "producerRate: 2000\nmessageCount: 2000\n");
            Cli.Outcome trusted = Cli.run("--workers", workerUrl, "--worker-token-file", tokenFile.toString(),
                    "--worker-truststore", truststore.toString(), "--worker-truststore-password-file", passwordFile.toString(),
                    "--drivers", driver.toString(), "--output-dir", dir.toString(), workload.toString());
            assertEquals(0, trusted.exitCode(), trusted.all());
            assertEquals(2000, trusted.result().get("measurement").get("counts").get("messagesReceived").asLong());

            // Without the truststore the worker's certificate is refused before anything starts.
            Cli.Outcome untrusted = Cli.run("--workers", workerUrl, "--worker-token-file", tokenFile.toString(),
                    "--drivers", driver.toString(), "--output-dir", dir.toString(), workload.toString());
            assertEquals(2, untrusted.exitCode(), untrusted.all()); // nothing ran: unusable workers are bad input
            assertTrue(untrusted.err().contains("worker " + workerUrl), untrusted.err());
            assertTrue(untrusted.err().contains("pass --worker-truststore"), untrusted.err());
            BadInputTest.assertNoStackTrace(untrusted);
        } finally {
            worker.destroy();
            worker.waitFor(15, TimeUnit.SECONDS);
        }
    }
}
