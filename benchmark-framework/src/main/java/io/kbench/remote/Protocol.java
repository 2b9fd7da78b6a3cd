package io.kbench.remote;

/**
 * The coordinator–worker protocol: JSON over HTTP under {@code /v1}. Every call about a run names
 * it in the path ({@code /v1/runs/{runId}/...}) and carries the protocol version in a header, so a
 * coordinator and a worker of different versions refuse each other with a clear message.
 */
public final class Protocol {

    /** Bumped on any incompatible change to paths or bodies. */
    public static final int VERSION = 7;
    public static final String BASE = "/v1";
    public static final String VERSION_HEADER = "X-Kbench-Protocol";

    public static final String INFO = BASE + "/info";
    public static final String CLOCK = BASE + "/clock";
    public static final String RUNS = BASE + "/runs/";

    private Protocol() {}

    /** Path of a call about run {@code runId}, e.g. {@code run("ab12", "stats/period")}. */
    public static String run(String runId, String call) {
        return RUNS + runId + "/" + call;
    }
}
