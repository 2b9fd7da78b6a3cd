package io.kbench.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Worker agents (bin/benchmark-worker) as separate JVM processes on 127.0.0.1, for one test. */
final class WorkerProcesses implements AutoCloseable {

    static final String TOKEN = "it-token-6f1c";

    /** Where the agents' log files go (--log-file): inside the module's target/, not the temporary directory. */
    static final Path LOG_DIR = Path.of("target", "worker-logs").toAbsolutePath();

    record Agent(Process process, String url, int statsPort, List<String> output, Path logFile) {
        void kill9() throws Exception {
            new ProcessBuilder("kill", "-9", Long.toString(process.pid())).start().waitFor();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    final List<Agent> agents = new ArrayList<>();

    static WorkerProcesses start(int count) throws Exception {
        WorkerProcesses w = new WorkerProcesses();
        List<CompletableFuture<Agent>> starting = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int index = i;
            starting.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return startOne("w" + index, freePort());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        for (CompletableFuture<Agent> f : starting) {
            w.agents.add(f.get(60, TimeUnit.SECONDS));
        }
        return w;
    }

    /**
     * One agent on each of {@code bindAddresses} (e.g. 127.0.0.2, 127.0.0.3: every 127.x address is this host's
     * loopback), all on the same {@code port}, as workers on several hosts would be; named after their address.
     */
    static WorkerProcesses startAt(List<String> bindAddresses, int port) throws Exception {
        WorkerProcesses w = new WorkerProcesses();
        List<CompletableFuture<Agent>> starting = new ArrayList<>();
        for (String address : bindAddresses) {
            starting.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return startOne(address, List.of("--bind", address, "--port", Integer.toString(port), "--id", address,
                            "--no-stats"), 0);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        for (CompletableFuture<Agent> f : starting) {
            w.agents.add(f.get(60, TimeUnit.SECONDS));
        }
        return w;
    }

    /** Starts bin/benchmark-worker's main ({@link ToolJvm}); with a --log-file under {@link #LOG_DIR} unless {@code args} name one. */
    static Process launch(List<String> args) throws IOException {
        List<String> command = ToolJvm.command(ToolJvm.AGENT, "-Xmx384m");
        command.addAll(args);
        if (!args.contains("--log-file")) {
            command.addAll(List.of("--log-file", newLogFile().toString()));
        }
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("KBENCH_WORKER_TOKEN", TOKEN);
        return ToolJvm.start(pb);
    }

    static Path newLogFile() {
        return LOG_DIR.resolve("worker-" + java.util.UUID.randomUUID() + ".log");
    }

    /**
     * An agent on a free HTTP port (0) and a stats port picked here. Another process may take a picked port before the agent
     * binds it (two test JVMs and their brokers run at once): the agent then exits saying so, and is started again on another.
     */
    private static Agent startOne(String id, int firstStatsPort) throws Exception {
        int statsPort = firstStatsPort;
        for (int attempt = 1; ; attempt++) {
            try {
                return startOne(id, List.of("--port", "0", "--id", id, "--stats-port", Integer.toString(statsPort)), statsPort);
            } catch (java.util.concurrent.ExecutionException e) {
                if (attempt == 3 || !String.valueOf(e.getCause().getMessage()).contains("Address already in use")) {
                    throw e;
                }
                statsPort = freePort();
            }
        }
    }

    private static Agent startOne(String id, List<String> args, int statsPort) throws Exception {
        Path logFile = newLogFile();
        List<String> withLog = new ArrayList<>(args);
        withLog.addAll(List.of("--log-file", logFile.toString()));
        Process p = launch(withLog);
        List<String> output = new java.util.concurrent.CopyOnWriteArrayList<>();
        CompletableFuture<String> url = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                Pattern listening = Pattern.compile("listening on (https?://\\S+)");
                while ((line = r.readLine()) != null) {
                    output.add(line);
                    Matcher m = listening.matcher(line);
                    if (m.find()) {
                        url.complete(m.group(1));
                    }
                }
            } catch (IOException e) {
                // process ended
            }
            url.completeExceptionally(new IllegalStateException("worker " + id + " ended: " + output));
        }, "worker-output-" + id);
        reader.setDaemon(true);
        reader.start();
        return new Agent(p, url.get(60, TimeUnit.SECONDS), statsPort, output, logFile);
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    String urls() {
        return String.join(",", agents.stream().map(Agent::url).toList());
    }

    static HttpResponse<String> http(String method, String url, String token, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10))
                .header("X-Kbench-Protocol", Integer.toString(io.kbench.remote.Protocol.VERSION))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Override
    public void close() throws Exception {
        for (Agent a : agents) {
            a.process().destroy();
        }
        for (Agent a : agents) {
            if (!a.process().waitFor(15, TimeUnit.SECONDS)) {
                a.process().destroyForcibly();
            }
        }
    }
}
