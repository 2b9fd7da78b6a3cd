package io.kbench.remote;

import io.kbench.workload.PayloadSpec;
import io.vertx.core.http.HttpMethod;

/**
 * The calls about a run, {@code /v1/runs/{runId}/<call>}: the one list both the agent (which
 * serves each) and {@link HttpWorker} (which sends them) use, so the two cannot drift apart.
 */
public enum RunRoute {
    START(HttpMethod.POST, "start", Body.LIST), // carries the driver file
    LEASE(HttpMethod.POST, "lease"),
    CREATE_TOPICS(HttpMethod.POST, "topics", Body.LIST),
    DESCRIBE_TOPICS(HttpMethod.POST, "topics/describe", Body.LIST),
    DESCRIBE_CLUSTER(HttpMethod.POST, "cluster/describe", Body.LIST), // the run's topic names
    DELETE_TOPICS(HttpMethod.POST, "topics/delete", Body.LIST),
    TOPIC_OFFSETS(HttpMethod.POST, "topics/offsets", Body.LIST),
    TOPIC_RETENTION(HttpMethod.POST, "topics/retention", Body.LIST),
    CREATE_CONSUMERS(HttpMethod.POST, "consumers", Body.LIST),
    ASSIGNMENT(HttpMethod.GET, "consumers/assignment"),
    REMOVE_CONSUMERS(HttpMethod.POST, "consumers/remove"),
    RESTART_CONSUMERS(HttpMethod.POST, "consumers/restart"),
    MEMBER_ASSIGNMENTS(HttpMethod.GET, "consumers/members"),
    PAUSE_CONSUMERS(HttpMethod.POST, "consumers/pause"),
    RESUME_CONSUMERS(HttpMethod.POST, "consumers/resume"),
    CREATE_PRODUCERS(HttpMethod.POST, "producers", Body.LIST),
    START_LOAD(HttpMethod.POST, "load", Body.PAYLOAD), // carries the payloads
    CHANGE_RATE(HttpMethod.POST, "load/rate"),
    RESTART_SCHEDULE(HttpMethod.POST, "load/restart"),
    RESET_STATS(HttpMethod.POST, "stats/reset"),
    // POST, not GET: reading a period's stats also ends the period
    PERIOD_STATS(HttpMethod.POST, "stats/period"),
    CUMULATIVE_STATS(HttpMethod.GET, "stats/cumulative"),
    FINDINGS(HttpMethod.GET, "findings"),
    // POST, not GET: a feature's progress may be what it found since its last report
    PROGRESS(HttpMethod.POST, "progress"),
    STOP_PRODUCERS(HttpMethod.POST, "producers/stop"),
    STOP_CLIENTS(HttpMethod.POST, "clients/stop"),
    STOP(HttpMethod.POST, "stop");

    /**
     * The largest body each kind of call carries. The agent refuses a larger one before reading it,
     * so a stranger's large request costs it no memory.
     */
    public enum Body {
        /** A few numbers or names. */
        SMALL(64 * 1024),
        /** Lists that grow with the workload: topics, clients, a driver file. 20,000 topics take about 3 MiB. */
        LIST(16L * 1024 * 1024),
        /** The payloads, base64 in JSON: {@link PayloadSpec#MAX_BYTES} and room for the rest of the load. */
        PAYLOAD(PayloadSpec.MAX_BYTES / 3 * 4 + 1024 * 1024);

        private final long maxBytes;

        Body(long maxBytes) {
            this.maxBytes = maxBytes;
        }

        public long maxBytes() {
            return maxBytes;
        }
    }

    private final HttpMethod method;
    private final String call;
    private final Body body;

    RunRoute(HttpMethod method, String call) {
        this(method, call, Body.SMALL);
    }

    RunRoute(HttpMethod method, String call, Body body) {
        this.method = method;
        this.call = call;
        this.body = body;
    }

    /** The largest body this call may carry, in bytes. */
    public long maxBodyBytes() {
        return body.maxBytes();
    }

    public HttpMethod method() {
        return method;
    }

    /** The path after {@code /v1/runs/{runId}/}, e.g. {@code stats/period}. */
    public String call() {
        return call;
    }

    /** The full path of this call about run {@code runId}. */
    public String path(String runId) {
        return Protocol.run(runId, call);
    }
}
