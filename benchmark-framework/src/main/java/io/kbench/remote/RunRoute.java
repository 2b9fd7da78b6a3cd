package io.kbench.remote;

import io.vertx.core.http.HttpMethod;

/**
 * The calls about a run, {@code /v1/runs/{runId}/<call>}: the one list both the agent (which
 * serves each) and {@link HttpWorker} (which sends them) use, so the two cannot drift apart.
 */
public enum RunRoute {
    START(HttpMethod.POST, "start"),
    LEASE(HttpMethod.POST, "lease"),
    CREATE_TOPICS(HttpMethod.POST, "topics"),
    DESCRIBE_TOPICS(HttpMethod.POST, "topics/describe"),
    DESCRIBE_CLUSTER(HttpMethod.POST, "cluster/describe"),
    DELETE_TOPICS(HttpMethod.POST, "topics/delete"),
    CREATE_CONSUMERS(HttpMethod.POST, "consumers"),
    ASSIGNMENT(HttpMethod.GET, "consumers/assignment"),
    REMOVE_CONSUMERS(HttpMethod.POST, "consumers/remove"),
    RESTART_CONSUMERS(HttpMethod.POST, "consumers/restart"),
    MEMBER_ASSIGNMENTS(HttpMethod.GET, "consumers/members"),
    PAUSE_CONSUMERS(HttpMethod.POST, "consumers/pause"),
    RESUME_CONSUMERS(HttpMethod.POST, "consumers/resume"),
    CREATE_PRODUCERS(HttpMethod.POST, "producers"),
    START_LOAD(HttpMethod.POST, "load"),
    CHANGE_RATE(HttpMethod.POST, "load/rate"),
    RESTART_SCHEDULE(HttpMethod.POST, "load/restart"),
    RESET_STATS(HttpMethod.POST, "stats/reset"),
    // POST, not GET: reading a period's stats also ends the period
    PERIOD_STATS(HttpMethod.POST, "stats/period"),
    CUMULATIVE_STATS(HttpMethod.GET, "stats/cumulative"),
    FINDINGS(HttpMethod.GET, "findings"),
    STOP_PRODUCERS(HttpMethod.POST, "producers/stop"),
    STOP_CLIENTS(HttpMethod.POST, "clients/stop"),
    STOP(HttpMethod.POST, "stop");

    private final HttpMethod method;
    private final String call;

    RunRoute(HttpMethod method, String call) {
        this.method = method;
        this.call = call;
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
