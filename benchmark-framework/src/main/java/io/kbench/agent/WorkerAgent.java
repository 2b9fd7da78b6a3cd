package io.kbench.agent;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.type.TypeReference;
import io.kbench.config.ConfigException;
import io.kbench.driver.DriverException;
import io.kbench.driver.TopicSpec;
import io.kbench.logging.ClientWarnings;
import io.kbench.warning.WarningSummary;
import io.kbench.remote.ClockReading;
import io.kbench.remote.ConsumerRemoval;
import io.kbench.remote.ErrorBody;
import io.kbench.remote.Protocol;
import io.kbench.remote.RunRoute;
import io.kbench.remote.WireJson;
import io.kbench.remote.WorkerInfo;
import io.kbench.time.BenchmarkClock;
import io.kbench.util.Errors;
import io.kbench.plan.ConsumerSpec;
import io.kbench.worker.DriverLoader;
import io.kbench.plan.LoadSpec;
import io.kbench.worker.LocalWorker;
import io.kbench.plan.ProducerSpec;
import io.kbench.worker.WorkerSetup;
import io.kbench.worker.WorkerBusyException;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PfxOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.io.IOException;
import java.net.BindException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The worker agent: a Vert.x HTTP server in front of a {@link LocalWorker}. Stateless between
 * runs; one run at a time (a second coordinator gets 409 naming the holder); every run call must
 * name the current run and carry the protocol version; a bearer token guards everything when set;
 * a lease stops the run if the coordinator goes silent.
 */
public final class WorkerAgent implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(WorkerAgent.class);
    private static final long HOUSEKEEPING_MILLIS = 250;

    private final Vertx vertx;
    private final LocalWorker worker;
    private final Lease lease;
    private final AgentOptions options;
    private final BenchmarkClock clock;
    private final AgentMetrics metrics;
    private final ClientWarnings warnings;
    private final byte[] expectedAuthorization;
    private HttpServer server;
    private int housekeepingTicks;

    private WorkerAgent(AgentOptions options, BenchmarkClock clock, AgentMetrics metrics, ClientWarnings warnings) {
        this.options = options;
        this.clock = clock;
        this.metrics = metrics;
        this.warnings = warnings;
        this.vertx = Vertx.vertx();
        this.worker = new LocalWorker(options.workerId(), options.zone(), clock, new DriverLoader(),
                Runtime.getRuntime().availableProcessors(), metrics, warnings);
        if (metrics != null) {
            metrics.exportFeatureGauges(worker::featureGauge);
        }
        this.lease = new Lease(clock);
        this.expectedAuthorization = options.token() == null ? null
                : ("Bearer " + options.token()).getBytes(StandardCharsets.UTF_8);
    }

    /** Starts listening, counting this process's warnings in {@link ClientWarnings#global()}. */
    public static WorkerAgent start(AgentOptions options, BenchmarkClock clock) {
        return start(options, clock, ClientWarnings.global());
    }

    /**
     * Starts listening; throws {@link AgentStartException} with a clear message if it cannot.
     *
     * @param warnings where this process's library warnings are counted: reset when a run starts, listed
     *                 in the agent's log when it ends
     */
    public static WorkerAgent start(AgentOptions options, BenchmarkClock clock, ClientWarnings warnings) {
        AgentMetrics metrics = null;
        if (options.statsPort() != null) {
            try {
                metrics = new AgentMetrics(options.bindAddress(), options.statsPort());
            } catch (RuntimeException e) {
                throw new AgentStartException("cannot serve metrics on " + options.bindAddress() + ":" + options.statsPort()
                        + " (" + Errors.describe(e) + "): choose another port with --stats-port", e);
            }
        }
        WorkerAgent agent = new WorkerAgent(options, clock, metrics, warnings);
        try {
            agent.listen();
        } catch (RuntimeException e) {
            agent.close();
            throw e;
        }
        return agent;
    }

    private void listen() {
        HttpServerOptions serverOptions = new HttpServerOptions().setHost(options.bindAddress()).setPort(options.port());
        if (options.tlsKeystore() != null) {
            serverOptions.setSsl(true).setKeyCertOptions(new PfxOptions()
                    .setPath(options.tlsKeystore().toString()).setPassword(options.tlsKeystorePassword()));
        }
        try {
            server = vertx.createHttpServer(serverOptions).requestHandler(router()).listen().await();
        } catch (Exception e) { // await() rethrows the cause as is, checked ones (BindException) included
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            boolean taken = cause instanceof BindException || String.valueOf(cause.getMessage()).contains("Address already in use");
            String what = taken ? "is already in use: choose another with --port" : "cannot be used (" + Errors.describe(e) + ")";
            throw new AgentStartException("port " + options.port() + " on " + options.bindAddress() + " " + what, e);
        }
        vertx.setPeriodic(HOUSEKEEPING_MILLIS, id -> vertx.executeBlocking(() -> {
            housekeeping();
            return null;
        }));
    }

    public int port() {
        return server.actualPort();
    }

    public String url() {
        return (options.tlsKeystore() != null ? "https" : "http") + "://" + options.bindAddress() + ":" + port();
    }

    /** The library warnings of the current (or last) run, counted by kind. */
    public ClientWarnings warnings() {
        return warnings;
    }

    /** The run this agent is busy with, or null. */
    public String currentRunId() {
        return worker.currentRunId();
    }

    private void housekeeping() {
        String expired = lease.takeExpired();
        if (expired != null && expired.equals(worker.currentRunId())) {
            log.warn("The lease of run {} ran out (no word from {} for {} ms): stopping all load; this worker is idle again",
                    expired, worker.currentCoordinator(), lease.durationMillis());
            worker.stopRun();
            logWarnings(expired);
        }
        if (metrics != null && ++housekeepingTicks % 4 == 0) {
            worker.flushStats();
        }
    }

    private Router router() {
        Router router = Router.router(vertx);
        // First, before any body is read: a caller without the token costs the agent its headers only.
        router.route().handler(this::authorize);
        router.get(Protocol.INFO).handler(ctx -> reply(ctx, new WorkerInfo(Protocol.VERSION, version(), options.workerId(),
                Runtime.getRuntime().availableProcessors(), worker.currentRunId(), worker.currentCoordinator())));
        router.get(Protocol.CLOCK).handler(ctx -> reply(ctx, new ClockReading(clock.epochMicros())));
        router.route(Protocol.RUNS + "*").handler(this::checkProtocolVersion);

        Map<RunRoute, Call> calls = runCalls();
        for (RunRoute route : RunRoute.values()) {
            Call call = calls.get(route);
            if (call == null) { // a route added to the protocol but not served here: fail at once, not at run time
                throw new IllegalStateException("the agent serves no handler for " + route);
            }
            // Starting is the one call not about the current run: it makes the run current.
            boolean aboutCurrentRun = route != RunRoute.START;
            router.route(route.method(), Protocol.RUNS + ":runId/" + route.call())
                    .handler(bodyOf(route))
                    .blockingHandler(ctx -> handle(ctx, () -> aboutCurrentRun ? callAboutCurrentRun(ctx, call) : call.apply(ctx)), false);
        }
        router.route().last().handler(ctx -> error(ctx, 404, "no such call: " + ctx.request().method() + " " + ctx.request().path()));
        router.route().failureHandler(this::failed);
        return router;
    }

    /**
     * Reads a call's body, up to what that call carries ({@link RunRoute#maxBodyBytes()}): a larger
     * declared length is refused before a byte of it is read. Uploads are never kept: the agent only
     * speaks JSON, so a multipart body's files are not written anywhere.
     */
    private static BodyHandler bodyOf(RunRoute route) {
        return BodyHandler.create(false).setBodyLimit(route.maxBodyBytes());
    }

    /** A handler failed the call: the body handler's 413, or an unexpected error. */
    private void failed(RoutingContext ctx) {
        if (ctx.statusCode() == 413) {
            refuse(ctx, 413, "the body of " + ctx.request().method() + " " + ctx.request().path() + " is larger than this call may carry");
            return;
        }
        Throwable cause = ctx.failure();
        int status = ctx.statusCode() > 0 ? ctx.statusCode() : 500;
        if (status >= 500) {
            log.warn("{} {} failed: {}", ctx.request().method(), ctx.request().path(), cause == null ? status : Errors.describeForUser(cause));
        }
        error(ctx, status, cause == null ? "the call failed (HTTP " + status + ")" : Errors.describeForUser(cause));
    }

    /**
     * Answers and closes the connection, so that a refused request's body, if its sender goes on
     * sending it, is never read.
     */
    private static void refuse(RoutingContext ctx, int status, String message) {
        if (ctx.response().ended()) {
            return;
        }
        ctx.response().putHeader(HttpHeaders.CONNECTION, "close");
        error(ctx, status, message).onComplete(done -> ctx.request().connection().close());
    }

    /** What the agent does for each call about a run. */
    private Map<RunRoute, Call> runCalls() {
        Map<RunRoute, Call> calls = new EnumMap<>(RunRoute.class);
        calls.put(RunRoute.START, ctx -> {
            WorkerSetup setup = body(ctx, new TypeReference<WorkerSetup>() {});
            if (!setup.runId().equals(ctx.pathParam("runId"))) {
                throw new IllegalArgumentException("the path names run " + ctx.pathParam("runId") + " but the body run " + setup.runId());
            }
            worker.startRun(setup);
            warnings.reset();
            lease.grant(setup.runId(), setup.leaseMillis());
            log.info("Run {} started for {} (lease {} ms)", setup.runId(), setup.coordinator(), setup.leaseMillis());
            return null;
        });
        calls.put(RunRoute.LEASE, noAnswer(ctx -> lease.renew(ctx.pathParam("runId"))));
        calls.put(RunRoute.CREATE_TOPICS, noAnswer(ctx -> worker.createTopics(body(ctx, new TypeReference<List<TopicSpec>>() {}))));
        calls.put(RunRoute.DESCRIBE_TOPICS, ctx -> worker.describeTopics(body(ctx, new TypeReference<List<String>>() {})));
        calls.put(RunRoute.TOPIC_OFFSETS, ctx -> worker.topicOffsets(body(ctx, new TypeReference<List<String>>() {})));
        calls.put(RunRoute.TOPIC_RETENTION, ctx -> worker.topicRetentionMillis(body(ctx, new TypeReference<List<String>>() {})));
        calls.put(RunRoute.DESCRIBE_CLUSTER, ctx -> worker.describeCluster(body(ctx, new TypeReference<List<String>>() {})).orElse(null));
        calls.put(RunRoute.DELETE_TOPICS, noAnswer(ctx -> worker.deleteTopics(body(ctx, new TypeReference<List<String>>() {}))));
        calls.put(RunRoute.CREATE_CONSUMERS, noAnswer(ctx -> worker.createConsumers(body(ctx, new TypeReference<List<ConsumerSpec>>() {}))));
        calls.put(RunRoute.ASSIGNMENT, ctx -> worker.assignedPartitions());
        calls.put(RunRoute.REMOVE_CONSUMERS, ctx -> {
            ConsumerRemoval r = body(ctx, new TypeReference<ConsumerRemoval>() {});
            return worker.removeConsumers(r.subscription(), r.count(), r.crash());
        });
        calls.put(RunRoute.RESTART_CONSUMERS, ctx -> worker.restartConsumers());
        calls.put(RunRoute.MEMBER_ASSIGNMENTS, ctx -> worker.memberAssignments());
        calls.put(RunRoute.PAUSE_CONSUMERS, noAnswer(ctx -> worker.pauseConsumers()));
        calls.put(RunRoute.RESUME_CONSUMERS, noAnswer(ctx -> worker.resumeConsumers()));
        calls.put(RunRoute.CREATE_PRODUCERS, noAnswer(ctx -> worker.createProducers(body(ctx, new TypeReference<List<ProducerSpec>>() {}))));
        calls.put(RunRoute.START_LOAD, noAnswer(ctx -> worker.startLoad(body(ctx, new TypeReference<LoadSpec>() {}))));
        calls.put(RunRoute.CHANGE_RATE, noAnswer(ctx -> worker.changeRate(body(ctx, new TypeReference<Double>() {}))));
        calls.put(RunRoute.RESTART_SCHEDULE, noAnswer(ctx -> worker.restartSchedule(body(ctx, new TypeReference<Double>() {}))));
        calls.put(RunRoute.RESET_STATS, noAnswer(ctx -> worker.resetStats()));
        calls.put(RunRoute.PERIOD_STATS, ctx -> worker.periodStats());
        calls.put(RunRoute.CUMULATIVE_STATS, ctx -> worker.cumulativeStats());
        calls.put(RunRoute.FINDINGS, ctx -> worker.findings());
        calls.put(RunRoute.PROGRESS, ctx -> worker.progress(body(ctx, new TypeReference<String>() {})));
        calls.put(RunRoute.STOP_PRODUCERS, noAnswer(ctx -> worker.stopProducers()));
        calls.put(RunRoute.STOP_CLIENTS, noAnswer(ctx -> worker.stopClients()));
        calls.put(RunRoute.STOP, ctx -> {
            String runId = ctx.pathParam("runId");
            worker.stopRun();
            lease.release(runId);
            log.info("Run {} stopped; this worker is idle", runId);
            logWarnings(runId);
            return null;
        });
        return calls;
    }

    /** The counts of the run's library warnings, one line per kind (the first of each was shown as it came). */
    private void logWarnings(String runId) {
        for (WarningSummary w : warnings.snapshot()) {
            log.info("Run {}: {}", runId, w.line());
        }
    }

    private interface Call {
        Object apply(RoutingContext ctx) throws Exception;
    }

    /** A call that only does something: its answer has no body. */
    private interface VoidCall {
        void apply(RoutingContext ctx) throws Exception;
    }

    private static Call noAnswer(VoidCall call) {
        return ctx -> {
            call.apply(ctx);
            return null;
        };
    }

    private interface Action {
        Object run() throws Exception;
    }

    /** A call about the current run: refused unless the path names it. */
    private Object callAboutCurrentRun(RoutingContext ctx, Call call) throws Exception {
        String runId = ctx.pathParam("runId");
        String current = worker.currentRunId();
        if (current == null) {
            return new Refusal(404, "no run " + runId + " on worker " + options.workerId()
                    + ": it was stopped, or its lease ran out");
        }
        if (!current.equals(runId)) {
            return new Refusal(409, "worker " + options.workerId() + " is busy with run " + current + " of "
                    + worker.currentCoordinator());
        }
        return call.apply(ctx);
    }

    private record Refusal(int status, String message) {}

    private void handle(RoutingContext ctx, Action action) {
        try {
            Object result = action.run();
            if (result instanceof Refusal r) {
                error(ctx, r.status(), r.message());
            } else {
                reply(ctx, result);
            }
        } catch (Exception e) {
            int status = statusOf(e);
            if (status >= 500) {
                log.warn("{} {} failed: {}", ctx.request().method(), ctx.request().path(), Errors.describeForUser(e));
            }
            error(ctx, status, Errors.describeForUser(e));
        }
    }

    private static int statusOf(Exception e) {
        if (e instanceof WorkerBusyException) {
            return 409;
        }
        if (e instanceof ConfigException || e instanceof IllegalArgumentException || e instanceof JacksonException) {
            return 400;
        }
        if (e instanceof DriverException) {
            return 502; // the cluster refused or could not be reached
        }
        return 500;
    }

    private void authorize(RoutingContext ctx) {
        if (expectedAuthorization != null) {
            String given = ctx.request().getHeader("Authorization");
            byte[] bytes = given == null ? new byte[0] : given.getBytes(StandardCharsets.UTF_8);
            if (!MessageDigest.isEqual(bytes, expectedAuthorization)) {
                refuse(ctx, 401, given == null ? "this worker requires 'Authorization: Bearer <token>'"
                        : "the bearer token does not match this worker's");
                return;
            }
        }
        ctx.next();
    }

    private void checkProtocolVersion(RoutingContext ctx) {
        String given = ctx.request().getHeader(Protocol.VERSION_HEADER);
        if (!Integer.toString(Protocol.VERSION).equals(given)) {
            error(ctx, 400, "protocol mismatch: the coordinator speaks version " + (given == null ? "(none)" : given)
                    + ", this worker version " + Protocol.VERSION + ": run the same kbench version on both");
            return;
        }
        ctx.next();
    }

    private static <T> T body(RoutingContext ctx, TypeReference<T> type) throws IOException {
        Buffer body = ctx.body().buffer();
        if (body == null || body.length() == 0) {
            throw new IllegalArgumentException("this call needs a JSON body");
        }
        return WireJson.MAPPER.readValue(body.getBytes(), type);
    }

    private static void reply(RoutingContext ctx, Object value) {
        if (value == null) {
            ctx.response().setStatusCode(204).end();
            return;
        }
        try {
            ctx.response().putHeader("Content-Type", "application/json").end(Buffer.buffer(WireJson.MAPPER.writeValueAsBytes(value)));
        } catch (IOException e) {
            error(ctx, 500, "could not encode the answer: " + e.getMessage());
        }
    }

    private static Future<Void> error(RoutingContext ctx, int status, String message) {
        try {
            return ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json")
                    .end(Buffer.buffer(WireJson.MAPPER.writeValueAsBytes(new ErrorBody(message))));
        } catch (IOException e) {
            return ctx.response().setStatusCode(status).end(message);
        }
    }

    static String version() {
        String v = WorkerAgent.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    /** Stops any run and the server. */
    @Override
    public void close() {
        try {
            worker.stopRun();
        } finally {
            try {
                vertx.close().await(Duration.ofSeconds(10));
            } catch (Exception e) {
                log.debug("closing Vert.x: {}", e.toString());
            }
            if (metrics != null) {
                metrics.close();
            }
        }
    }
}
