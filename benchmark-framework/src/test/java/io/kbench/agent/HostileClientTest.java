package io.kbench.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.TopicSpec;
import io.kbench.remote.HttpWorker;
import io.kbench.remote.Protocol;
import io.kbench.remote.RunRoute;
import io.kbench.worker.DriverFile;
import io.kbench.worker.WorkerSetup;
import io.vertx.core.Vertx;
import io.vertx.ext.web.client.WebClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker agent, started as {@code bin/benchmark-worker} is (its own JVM, a token, a small heap,
 * its own working directory), tried as a stranger on its network would: no token, a multipart
 * upload, bodies of 200 MB, hundreds of half-sent requests. It must refuse before it reads, keep
 * nothing on disk, and keep answering its coordinator.
 */
@Timeout(120)
class HostileClientTest {

    private static final String TOKEN = "the-coordinators-token";
    private static final long LARGE_BODY_BYTES = 200L * 1024 * 1024;
    /** What a closed socket lets a sender write before its writes fail: the kernel's buffers, a few MiB. */
    private static final long READ_NO_MORE_THAN_BYTES = 32L * 1024 * 1024;

    @TempDir
    static Path workDir;
    private static Process agent;
    private static int port;
    private static int statsPort;
    private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void startAgent() throws Exception {
        statsPort = freePort();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                AgentUnderAttackMain.class.getName(), "--port", "0", "--stats-port", Integer.toString(statsPort),
                "--id", "attacked", "--log-file", workDir.resolve("worker.log").toString())
                .directory(workDir.toFile()).redirectErrorStream(true);
        pb.environment().put("KBENCH_WORKER_TOKEN", TOKEN);
        agent = pb.start();
        BufferedReader out = new BufferedReader(new InputStreamReader(agent.getInputStream(), StandardCharsets.UTF_8));
        Pattern listening = Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)");
        for (String line; (line = out.readLine()) != null; ) {
            Matcher m = listening.matcher(line);
            if (m.find()) {
                port = Integer.parseInt(m.group(1));
                break;
            }
        }
        assertTrue(port > 0, "the agent did not start");
        Thread drain = new Thread(() -> out.lines().forEach(l -> {}), "agent-output");
        drain.setDaemon(true);
        drain.start();
    }

    @AfterAll
    static void stopAgent() throws Exception {
        if (agent != null) {
            agent.destroy();
            agent.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aMultipartUploadWithoutTheTokenIsRefusedAndNothingIsWritten() throws Exception {
        String boundary = "kbench-boundary";
        byte[] file = new byte[4 * 1024 * 1024];
        Arrays.fill(file, (byte) 'x');
        byte[] head = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"f\"; filename=\"big.bin\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII);
        for (String token : new String[] {null, TOKEN}) { // the coordinator's own calls keep no uploads either
            for (String path : List.of(Protocol.INFO, Protocol.run("r1", RunRoute.CREATE_TOPICS.call()))) {
                HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base() + path))
                        .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                        .header(Protocol.VERSION_HEADER, Integer.toString(Protocol.VERSION))
                        .POST(HttpRequest.BodyPublishers.ofByteArrays(List.of(head, file, tail)));
                if (token != null) {
                    request.header("Authorization", "Bearer " + token);
                }
                int status;
                try {
                    status = http.send(request.build(), HttpResponse.BodyHandlers.ofString()).statusCode();
                } catch (IOException closedWhileSending) {
                    status = -1; // refused and closed before the upload was sent: nothing read
                }
                if (token == null) {
                    assertTrue(status == 401 || status == -1, "a stranger's upload to " + path + " answered " + status);
                } else {
                    assertTrue(status >= 400 && status < 500, "an upload to " + path + " is not a call: " + status);
                }
            }
        }
        try (Stream<Path> files = Files.walk(workDir)) {
            List<String> written = files.filter(Files::isRegularFile).map(p -> workDir.relativize(p).toString())
                    .filter(p -> !p.equals("worker.log")).toList();
            assertEquals(List.of(), written, "the agent wrote files of the uploads");
        }
        assertTrue(Files.notExists(workDir.resolve("file-uploads")), "no upload directory");
    }

    @Test
    void largeBodiesOfStrangersAreRefusedUnreadAndTheCoordinatorIsStillServed() throws Exception {
        HttpWorker coordinator = null;
        Vertx vertx = Vertx.vertx();
        WebClient client = WebClient.create(vertx);
        ExecutorService strangers = Executors.newFixedThreadPool(7);
        AtomicBoolean attacking = new AtomicBoolean(true);
        try {
            coordinator = new HttpWorker(base(), client, TOKEN, Duration.ofSeconds(10), null);
            coordinator.startRun(new WorkerSetup("attacked-run", new DriverFile("inmemory.yaml",
                    "name: in-memory\ndriverClass: inmemory\ncluster: " + AgentUnderAttackMain.CLUSTER + "\n", null), "test", 60_000, 0));
            coordinator.createTopics(List.of(new TopicSpec("t-attacked", 4)));
            long heapBefore = heapUsedBytes();
            AtomicLong heapPeak = new AtomicLong(heapBefore);
            strangers.submit(() -> {
                while (attacking.get()) {
                    heapPeak.accumulateAndGet(heapUsedBytes(), Math::max);
                    Thread.sleep(100);
                }
                return null;
            });
            List<Future<Long>> bodies = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                bodies.add(strangers.submit(() -> sendBody(Protocol.run("attacked-run", RunRoute.START_LOAD.call()), LARGE_BODY_BYTES, null)));
            }
            // Meanwhile the coordinator's calls: period stats every 200 ms, each answered well within a progress interval.
            long slowestMillis = 0;
            for (int i = 0; i < 15; i++) {
                long start = System.nanoTime();
                coordinator.periodStats();
                slowestMillis = Math.max(slowestMillis, (System.nanoTime() - start) / 1_000_000);
                Thread.sleep(200);
            }
            long mostRead = 0;
            for (Future<Long> body : bodies) {
                mostRead = Math.max(mostRead, body.get(60, TimeUnit.SECONDS));
            }
            attacking.set(false);
            System.out.printf("Hostile clients: heap before %.1f MB, peak %.1f MB while six %d MB bodies arrived; "
                    + "at most %.1f MB of a body left the sender; slowest period-stats call %d ms%n",
                    heapBefore / 1e6, heapPeak.get() / 1e6, LARGE_BODY_BYTES / (1024 * 1024), mostRead / 1e6, slowestMillis);
            assertTrue(mostRead < READ_NO_MORE_THAN_BYTES, "a stranger's body was read: " + mostRead + " bytes left the sender");
            assertTrue(heapPeak.get() - heapBefore < 64L * 1024 * 1024,
                    "the agent's heap grew from " + heapBefore + " to " + heapPeak.get() + " bytes");
            assertTrue(slowestMillis < 1000, "a period-stats call took " + slowestMillis + " ms");
            // An authenticated call whose declared body exceeds what the call carries: refused before it is read.
            assertTrue(sendBody(Protocol.run("attacked-run", RunRoute.CHANGE_RATE.call()), LARGE_BODY_BYTES, TOKEN)
                    < READ_NO_MORE_THAN_BYTES, "an oversized body of a small call was read");
            coordinator.periodStats(); // and the run goes on
        } finally {
            attacking.set(false);
            strangers.shutdownNow();
            if (coordinator != null) {
                coordinator.stopRun();
            }
            client.close();
            vertx.close().await();
        }
    }

    @Test
    void underThreeHundredHalfSentRequestsTheCoordinatorIsAnsweredAtOnce() throws Exception {
        List<Socket> slow = new ArrayList<>();
        try {
            for (int i = 0; i < 300; i++) {
                Socket s = new Socket("127.0.0.1", port);
                s.getOutputStream().write(("POST " + Protocol.INFO + " HTTP/1.1\r\nHost: attacker\r\nContent-Length: 100\r\n")
                        .getBytes(StandardCharsets.US_ASCII)); // the headers never end
                s.getOutputStream().flush();
                slow.add(s);
            }
            long start = System.nanoTime();
            HttpResponse<String> info = http.send(HttpRequest.newBuilder(URI.create(base() + Protocol.INFO))
                    .header("Authorization", "Bearer " + TOKEN).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            long millis = (System.nanoTime() - start) / 1_000_000;
            System.out.printf("Under 300 half-sent requests, an authenticated GET /v1/info answered in %d ms%n", millis);
            assertEquals(200, info.statusCode(), info.body());
            assertTrue(millis < 1000, "the authenticated call took " + millis + " ms");
        } finally {
            for (Socket s : slow) {
                s.close();
            }
        }
    }

    /**
     * Sends a request with a body of {@code length} bytes (no token unless given) and returns how
     * many bytes of it the socket took before the agent closed it.
     */
    private static long sendBody(String path, long length, String token) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + path + " HTTP/1.1\r\nHost: attacker\r\nContent-Type: application/json\r\n"
                    + Protocol.VERSION_HEADER + ": " + Protocol.VERSION + "\r\n"
                    + (token == null ? "" : "Authorization: Bearer " + token + "\r\n")
                    + "Content-Length: " + length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            byte[] chunk = new byte[64 * 1024];
            Arrays.fill(chunk, (byte) '[');
            long sent = 0;
            try {
                while (sent < length) {
                    int n = (int) Math.min(chunk.length, length - sent);
                    out.write(chunk, 0, n);
                    sent += n;
                }
            } catch (IOException closedByTheAgent) {
                return sent;
            }
            return sent;
        }
    }

    /** The agent's heap in use, from its Prometheus endpoint. */
    private static long heapUsedBytes() throws IOException, InterruptedException {
        String metrics = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + statsPort + "/metrics"))
                .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()).body();
        Matcher m = Pattern.compile("(?m)^jvm_memory_bytes_used\\{area=\"heap\",?}\\s+(\\S+)").matcher(metrics);
        assertTrue(m.find(), "no heap figure among the agent's metrics");
        return (long) Double.parseDouble(m.group(1));
    }

    private static String base() {
        return "http://127.0.0.1:" + port;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
