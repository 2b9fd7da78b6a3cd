package io.kbench.agent;

import io.kbench.secret.Secrets;
import io.kbench.logging.ClientWarnings;
import io.kbench.logging.FirstWarningLine;
import io.kbench.logging.ToolLogging;
import io.kbench.remote.Protocol;
import io.kbench.time.BenchmarkClock;
import io.kbench.util.Errors;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bin/benchmark-worker}: a worker agent the coordinator drives over HTTP. */
@Command(
        name = "benchmark-worker",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpAutoWidth = true,
        versionProvider = WorkerCommand.Version.class,
        description = {
            "Runs a worker agent: producers and consumers that a coordinator (bin/benchmark --workers URL,...) drives over HTTP.",
            "Stateless between runs; one run at a time; stops all load by itself when the coordinator's lease runs out."
        },
        footer = {
            "",
            "Environment: KBENCH_WORKER_TOKEN  bearer token every call must carry (or --token-file)",
            "             KBENCH_TLS_KEYSTORE_PASSWORD  password of --tls-keystore (or --tls-keystore-password-file)",
            "Example: KBENCH_WORKER_TOKEN=s3cret bin/benchmark-worker --bind 0.0.0.0 --port 8080"
        })
public final class WorkerCommand implements Callable<Integer> {

    @Option(names = "--port", paramLabel = "P", defaultValue = "8080", description = "HTTP port (default: ${DEFAULT-VALUE}; 0 picks a free one).")
    int port;

    @Option(names = "--bind", paramLabel = "ADDR", defaultValue = "127.0.0.1",
            description = "Interface to listen on (default: ${DEFAULT-VALUE}; use 0.0.0.0 to accept remote coordinators).")
    String bind;

    @Option(names = "--stats-port", paramLabel = "Q",
            description = "Port of the Prometheus metrics endpoint /metrics (default: P+1; none when P is 0).")
    Integer statsPort;

    @Option(names = "--no-stats", description = "Serve no Prometheus metrics.")
    boolean noStats;

    @Option(names = "--id", paramLabel = "NAME", description = "Name in plans and results (default: host:port).")
    String id;

    @Option(names = "--zone", paramLabel = "ZONE",
            description = "The zone (availability zone) this worker runs in, e.g. use1-az1, or 'aws' to read this EC2 instance's "
                    + "availability-zone id from the instance metadata (IMDSv2): its clients say so to the cluster (Kafka: the "
                    + "consumers' client.rack, unless the driver file sets it), and the result counts the bytes between zones "
                    + "(default: none, zones unknown).")
    String zone;

    @Option(names = "--token-file", paramLabel = "FILE", description = "File holding the bearer token (instead of KBENCH_WORKER_TOKEN).")
    Path tokenFile;

    @Option(names = "--tls-keystore", paramLabel = "FILE.p12", description = "PKCS12 keystore with this worker's certificate: serve HTTPS.")
    Path tlsKeystore;

    @Option(names = "--tls-keystore-password-file", paramLabel = "FILE", description = "File holding the keystore password (instead of KBENCH_TLS_KEYSTORE_PASSWORD).")
    Path tlsKeystorePasswordFile;

    @Option(names = "--log-file", paramLabel = "FILE",
            description = "Where the log lines of the Kafka clients and other libraries go in full, appended (default: "
                    + "kbench-worker-P.log in the temporary directory, ${sys:java.io.tmpdir}). The console shows the first "
                    + "warning of each kind; the counts are listed when a run ends.")
    Path logFile;

    @Option(names = {"-v", "--verbose"}, description = "Also print every log line on the console as it comes, with stack traces.")
    boolean verbose;

    private final PrintStream out;
    private final CountDownLatch stopped = new CountDownLatch(1);

    public WorkerCommand(PrintStream out) {
        this.out = out;
    }

    @Override
    public Integer call() throws Exception {
        String token = Secrets.read("KBENCH_WORKER_TOKEN", tokenFile, "--token-file");
        String keystorePassword = tlsKeystore == null ? null
                : Secrets.read("KBENCH_TLS_KEYSTORE_PASSWORD", tlsKeystorePasswordFile, "--tls-keystore-password-file");
        Integer stats = noStats ? null : statsPort != null ? statsPort : port == 0 ? null : port + 1;
        String name = id != null ? id : hostName() + ":" + port;
        String placed = zone == null || zone.isBlank() ? null
                : zone.trim().equals(AwsZone.OPTION_VALUE) ? AwsZone.read(AwsZone.endpoint(System.getenv(AwsZone.ENDPOINT_VARIABLE)),
                        AwsZone.TIMEOUT) : zone.trim();
        ToolLogging logging = ToolLogging.process();
        FirstWarningLine firsts = new FirstWarningLine(line -> {
            out.println(line);
            out.flush();
        });
        try (ToolLogging.Attachment console = logging.console(out, verbose);
             ClientWarnings.Subscription subscription = ClientWarnings.global().onFirstOccurrence(firsts)) {
            WorkerAgent agent = WorkerAgent.start(new AgentOptions(bind, port, name, token, tlsKeystore, keystorePassword, stats,
                    placed),
                    BenchmarkClock.system(), ClientWarnings.global());
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                agent.close();
                stopped.countDown();
            }, "kbench-worker-shutdown"));
            Path log = logFile != null ? logFile : Path.of(System.getProperty("java.io.tmpdir"), "kbench-worker-" + agent.port() + ".log");
            ToolLogging.Attachment file = openLogFile(logging, log, name);
            if (file != null) {
                firsts.logFile(log);
            }
            out.printf("kbench worker %s listening on %s (protocol v%d, %s)%s%n", name, agent.url(), Protocol.VERSION,
                    token == null ? "no token" : "token required", placed == null ? "" : ", zone " + placed);
            if (stats != null) {
                out.printf("Prometheus metrics on http://%s:%d/metrics%n", bind, stats);
            }
            if (file != null) {
                out.println("Log file: " + log);
            }
            if (token == null && !isLoopback(bind)) {
                out.println("WARNING: listening on " + bind + " without a token: anyone who can reach this port can run load through it."
                        + " Set KBENCH_WORKER_TOKEN.");
            }
            out.flush();
            stopped.await();
            if (file != null) {
                file.close();
            }
        }
        return 0;
    }

    /** The log file, appended to; null (and why, on the console) if it cannot be written. */
    private ToolLogging.Attachment openLogFile(ToolLogging logging, Path log, String name) {
        try {
            return logging.openFile(log, String.format("# kbench worker %s (%s) started %s%n", name, WorkerAgent.version(),
                    Instant.now()));
        } catch (IOException e) {
            out.println("WARNING: cannot write the log file " + log + " (" + Errors.describeIo(e)
                    + "): choose another with --log-file; the libraries' warnings are only counted");
            return null;
        }
    }

    private static boolean isLoopback(String address) {
        return address.equals("localhost") || address.startsWith("127.") || address.equals("::1");
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "worker";
        }
    }

    static final class Version implements picocli.CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"kbench worker " + WorkerAgent.version() + ", protocol v" + Protocol.VERSION};
        }
    }
}
