package io.kbench.remote;

import com.fasterxml.jackson.core.type.TypeReference;
import io.kbench.driver.ClusterDescription;
import io.kbench.driver.TopicOffsets;
import io.kbench.driver.TopicSpec;
import io.kbench.stats.CumulativeStats;
import io.kbench.stats.PeriodStats;
import io.kbench.time.BenchmarkClock;
import io.kbench.plan.TopicBatches;
import io.kbench.time.ClockOffset;
import io.kbench.util.Errors;
import io.kbench.plan.ConsumerSpec;
import io.kbench.plan.LoadSpec;
import io.kbench.plan.ProducerSpec;
import io.kbench.worker.WorkerSetup;
import io.kbench.worker.Worker;
import io.kbench.worker.WorkerBusyException;
import io.kbench.worker.WorkerException;
import io.kbench.worker.WorkerFindings;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * A remote worker agent seen through the {@link Worker} interface: each call is one HTTP request,
 * blocking until the answer or a timeout. Once the agent stops answering, later calls fail at
 * once, so cleanup after a dead worker does not wait out every timeout again.
 */
public final class HttpWorker implements Worker {

    /** For calls that talk to the cluster (topics, clients): bounded by the worker's own limits. */
    static final Duration SLOW_CALL = Duration.ofMinutes(5);

    private final String url;
    /** The zone the coordinator places the worker in, or null. */
    private final String zone;
    private final WebClient client;
    private final String token;
    private final Duration callTimeout;
    private final ClockOffset clock;
    private volatile String runId;
    private volatile long leaseMillis;
    private volatile String deadReason;

    /**
     * @param url the agent, e.g. http://10.0.0.5:8080
     * @param token bearer token, or null
     * @param callTimeout limit for quick calls (stats, lease, control)
     * @param clock this worker's estimated clock offset, sent with the run so its timestamps use our time base
     */
    public HttpWorker(String url, WebClient client, String token, Duration callTimeout, ClockOffset clock) {
        this(url, client, token, callTimeout, clock, null);
    }

    /** @param zone the zone the coordinator places this worker in (a workers file's {@code zones:}), or null: the agent's own */
    public HttpWorker(String url, WebClient client, String token, Duration callTimeout, ClockOffset clock, String zone) {
        this.zone = zone;
        this.url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        this.client = client;
        this.token = token;
        this.callTimeout = callTimeout;
        this.clock = clock;
    }

    @Override
    public String id() {
        return url;
    }

    @Override
    public Optional<String> zone() {
        return Optional.ofNullable(zone);
    }

    /** Asks the agent about itself; used before any run to check reachability and protocol. */
    public static WorkerInfo info(String url, WebClient client, String token, Duration timeout) {
        return new HttpWorker(url, client, token, timeout, null)
                .call("describe itself", HttpMethod.GET, Protocol.INFO, null, new TypeReference<WorkerInfo>() {}, timeout);
    }

    /** One clock round trip: our time before, the agent's, ours after (µs since the epoch). */
    public static ClockOffset.Sample clockSample(String url, WebClient client, String token, Duration timeout,
                                                 BenchmarkClock ours) {
        HttpWorker w = new HttpWorker(url, client, token, timeout, null);
        long before = ours.epochMicros();
        ClockReading reading = w.call("read its clock", HttpMethod.GET, Protocol.CLOCK, null, new TypeReference<ClockReading>() {}, timeout);
        long after = ours.epochMicros();
        return new ClockOffset.Sample(before, reading.epochMicros(), after);
    }

    @Override
    public void startRun(WorkerSetup setup) {
        runId = setup.runId();
        leaseMillis = setup.leaseMillis();
        // The worker subtracts its offset so that its timestamps are on the coordinator's clock.
        WorkerSetup withClock = clock == null ? setup : setup.withClockOffsetMicros(-clock.offsetMicros());
        withClock = zone == null ? withClock : withClock.withZone(zone);
        runCall("start the run", RunRoute.START, withClock, SLOW_CALL);
    }

    @Override
    public void renewLease() {
        runCall("renew its lease", RunRoute.LEASE, null, renewTimeout());
    }

    @Override
    public void createTopics(List<TopicSpec> topics) {
        // A call waits until its partitions are served: longer for more of them (the worker allows as long).
        runCall("create topics", RunRoute.CREATE_TOPICS, topics, SLOW_CALL.plus(TopicBatches.callTimeout(TopicBatches.partitions(topics))));
    }

    @Override
    public void deleteTopics(List<String> topics) {
        runCall("delete topics", RunRoute.DELETE_TOPICS, topics, SLOW_CALL);
    }

    @Override
    public Map<String, Integer> describeTopics(List<String> topics) {
        return call("describe topics", RunRoute.DESCRIBE_TOPICS, topics,
                new TypeReference<Map<String, Integer>>() {}, SLOW_CALL);
    }

    /** The worker's driver asks the cluster; no answer body means the driver cannot describe it. */
    @Override
    public Optional<ClusterDescription> describeCluster(List<String> topics) {
        return Optional.ofNullable(call("describe the cluster", RunRoute.DESCRIBE_CLUSTER, topics,
                new TypeReference<ClusterDescription>() {}, SLOW_CALL));
    }

    @Override
    public Map<String, TopicOffsets> topicOffsets(List<String> topics) {
        return call("read the offsets of topics", RunRoute.TOPIC_OFFSETS, topics, new TypeReference<Map<String, TopicOffsets>>() {},
                SLOW_CALL);
    }

    @Override
    public Map<String, Long> topicRetentionMillis(List<String> topics) {
        return call("read how long topics keep records", RunRoute.TOPIC_RETENTION, topics,
                new TypeReference<Map<String, Long>>() {}, SLOW_CALL);
    }

    @Override
    public void createConsumers(List<ConsumerSpec> consumers) {
        runCall("create consumers", RunRoute.CREATE_CONSUMERS, consumers, SLOW_CALL);
    }

    @Override
    public Map<String, Integer> assignedPartitions() {
        return call("report partition assignments", RunRoute.ASSIGNMENT, null,
                new TypeReference<Map<String, Integer>>() {}, quickTimeout());
    }

    @Override
    public void createProducers(List<ProducerSpec> producers) {
        runCall("create producers", RunRoute.CREATE_PRODUCERS, producers, SLOW_CALL);
    }

    @Override
    public void startLoad(LoadSpec load) {
        runCall("start the load", RunRoute.START_LOAD, load, quickTimeout());
    }

    @Override
    public void changeRate(double ratePerSecond) {
        runCall("change the rate", RunRoute.CHANGE_RATE, ratePerSecond, quickTimeout());
    }

    @Override
    public void restartSchedule(double ratePerSecond) {
        runCall("restart the schedule", RunRoute.RESTART_SCHEDULE, ratePerSecond, quickTimeout());
    }

    @Override
    public int removeConsumers(String subscription, int count, boolean crash) {
        return call("remove consumers", RunRoute.REMOVE_CONSUMERS, new ConsumerRemoval(subscription, count, crash),
                new TypeReference<Integer>() {}, SLOW_CALL);
    }

    @Override
    public int restartConsumers() {
        return call("restart its consumers", RunRoute.RESTART_CONSUMERS, null, new TypeReference<Integer>() {}, SLOW_CALL);
    }

    @Override
    public Map<String, List<Integer>> memberAssignments() {
        return call("report each consumer's assignment", RunRoute.MEMBER_ASSIGNMENTS, null,
                new TypeReference<Map<String, List<Integer>>>() {}, quickTimeout());
    }

    @Override
    public void pauseConsumers() {
        runCall("pause consumers", RunRoute.PAUSE_CONSUMERS, null, quickTimeout());
    }

    @Override
    public void resumeConsumers() {
        runCall("resume consumers", RunRoute.RESUME_CONSUMERS, null, quickTimeout());
    }

    @Override
    public void resetStats() {
        runCall("reset stats", RunRoute.RESET_STATS, null, quickTimeout());
    }

    @Override
    public List<PeriodStats> periodStats() {
        return call("report period stats", RunRoute.PERIOD_STATS, null,
                new TypeReference<List<PeriodStats>>() {}, quickTimeout());
    }

    @Override
    public List<CumulativeStats> cumulativeStats() {
        return call("report cumulative stats", RunRoute.CUMULATIVE_STATS, null,
                new TypeReference<List<CumulativeStats>>() {}, quickTimeout());
    }

    @Override
    public List<WorkerFindings> findings() {
        return call("report integrity data and client metrics", RunRoute.FINDINGS, null,
                new TypeReference<List<WorkerFindings>>() {}, SLOW_CALL);
    }

    @Override
    public List<WorkerFindings> progress(String feature) {
        return call("report " + feature + "'s progress", RunRoute.PROGRESS, feature, new TypeReference<List<WorkerFindings>>() {},
                quickTimeout());
    }

    @Override
    public void stopProducers() {
        runCall("stop producers", RunRoute.STOP_PRODUCERS, null, quickTimeout());
    }

    @Override
    public void stopClients() {
        runCall("close producers and consumers", RunRoute.STOP_CLIENTS, null, SLOW_CALL);
    }

    @Override
    public void stopRun() {
        if (runId != null) {
            runCall("stop the run", RunRoute.STOP, null, SLOW_CALL);
        }
    }

    @Override
    public void close() {
        // The WebClient is shared and closed by its owner.
    }

    /**
     * A quick call of a run waits at most the lease: a worker silent that long fails the run anyway
     * (--worker-lease), and waiting longer would let a cut-off worker hold the run past its lease.
     */
    private Duration quickTimeout() {
        long lease = leaseMillis;
        return lease > 0 && lease < callTimeout.toMillis() ? Duration.ofMillis(lease) : callTimeout;
    }

    /**
     * A renewal waits at most half the lease, so that one silent worker cannot hold up the next renewal
     * of the others until their leases run out too: renewals come at most every third of the lease,
     * so the others hear from the coordinator at least every five sixths of it.
     */
    private Duration renewTimeout() {
        long lease = leaseMillis;
        return lease > 0 && lease / 2 < callTimeout.toMillis() ? Duration.ofMillis(Math.max(1, lease / 2)) : callTimeout;
    }

    private void runCall(String what, RunRoute route, Object body, Duration timeout) {
        call(what, route, body, new TypeReference<Void>() {}, timeout);
    }

    private <T> T call(String what, RunRoute route, Object body, TypeReference<T> type, Duration timeout) {
        return call(what, route.method(), route.path(runId), body, type, timeout);
    }

    private <T> T call(String what, HttpMethod method, String path, Object body, TypeReference<T> type, Duration timeout) {
        String dead = deadReason;
        if (dead != null) {
            throw new WorkerException("worker " + url + " could not " + what + ": it stopped answering earlier (" + dead + ")");
        }
        HttpRequest<Buffer> request = client.requestAbs(method, url + path)
                .putHeader(Protocol.VERSION_HEADER, Integer.toString(Protocol.VERSION))
                .timeout(timeout.toMillis());
        if (token != null) {
            request.bearerTokenAuthentication(token);
        }
        HttpResponse<Buffer> response;
        try {
            Future<HttpResponse<Buffer>> future = body == null ? request.send()
                    : request.putHeader("Content-Type", "application/json").sendBuffer(Buffer.buffer(WireJson.MAPPER.writeValueAsBytes(body)));
            response = future.toCompletionStage().toCompletableFuture().get(timeout.toMillis() + 2_000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkerException("interrupted while asking worker " + url + " to " + what);
        } catch (ExecutionException | TimeoutException e) {
            String cause = e instanceof TimeoutException ? "no answer within " + timeout.toSeconds() + " s"
                    : tlsProblem(e.getCause()) != null ? tlsProblem(e.getCause()) : Errors.describe(e.getCause());
            deadReason = cause;
            throw new WorkerException("worker " + url + " could not " + what + ": " + cause, e);
        } catch (IOException e) {
            throw new WorkerException("could not encode the request to " + what + " for worker " + url + ": " + e.getMessage(), e);
        }
        return decode(what, response, type);
    }

    /** One sentence for a failed TLS handshake, or null when the failure was something else. */
    static String tlsProblem(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SSLException) {
                return "TLS handshake failed (" + Errors.describe(t) + "): if the worker's certificate is not trusted, pass "
                        + "--worker-truststore with a truststore holding it or its CA";
            }
        }
        return null;
    }

    private <T> T decode(String what, HttpResponse<Buffer> response, TypeReference<T> type) {
        int status = response.statusCode();
        Buffer body = response.body();
        if (status / 100 == 2) {
            if (type.getType() == Void.class || body == null || body.length() == 0) {
                return null;
            }
            try {
                return WireJson.MAPPER.readValue(body.getBytes(), type);
            } catch (IOException e) {
                throw new WorkerException("worker " + url + " answered '" + what + "' with something unreadable: " + e.getMessage(), e);
            }
        }
        String message = errorMessage(body, status);
        if (status == 401) {
            throw new WorkerException("worker " + url + " refused the request to " + what + ": " + message
                    + ". Give the coordinator the worker's token (KBENCH_WORKER_TOKEN or --worker-token-file).");
        }
        if (status == 409) {
            throw new WorkerBusyException(url, message);
        }
        throw new WorkerException("worker " + url + " failed to " + what + ": " + message);
    }

    private static String errorMessage(Buffer body, int status) {
        if (body != null && body.length() > 0) {
            try {
                ErrorBody error = WireJson.MAPPER.readValue(body.getBytes(), ErrorBody.class);
                if (error.error() != null) {
                    return error.error();
                }
            } catch (IOException e) {
                // not our JSON: fall through to the status line
            }
        }
        return "HTTP " + status;
    }
}
