package io.kbench.kafka.local;

/**
 * The line protocol between {@link LocalKafkaCluster} and each node JVM ({@link LocalNodeMain}),
 * over the node's stdin and stdout.
 *
 * <p>Why stdin/stdout rather than a control port: the pipes exist anyway, only the parent holds
 * them (no port to allocate, guard or leak to other local users), and their end is the lifeline —
 * when the parent dies, even by SIGKILL, the node reads end of file and stops. A command written
 * to a paused (SIGSTOPped) node simply waits in the pipe.
 *
 * <ul>
 *   <li>node → parent: {@code READY <host:port>} once the broker is registered and unfenced (its
 *       client address, through the proxy if any); the only line before the parent's first command.</li>
 *   <li>parent → node: {@code FREEZE <epochMillis>}: stop the fault proxy's traffic until that wall
 *       clock time (an absolute time, so a command that waited in the pipe of a paused node is not
 *       applied late for its whole length). Answer: {@code FROZEN <epochMillis>} once no byte moves,
 *       or {@code ERROR <message>}.</li>
 *   <li>parent → node: {@code DELAY <micros> <epochMillis>}: the fault proxy holds every byte that many
 *       microseconds in each direction until that wall clock time, then goes back to its own delay.
 *       {@code DELAY <micros> <epochMillis> <toMicros> <startEpochMillis>}: a delay that ramps, linearly from
 *       {@code micros} at the start to {@code toMicros} at the end (a node that gets it late joins the ramp where it is).
 *       Answer: {@code DELAYED <epochMillis>}, or {@code ERROR <message>}.</li>
 *   <li>parent → node: {@code METRICS}: the broker's request metrics ({@link BrokerMetrics}) and its counters
 *       ({@link NodeMetrics}). Answer: {@code METRICS name=value name=value ...} on one line (no pair for a metric
 *       or counter the broker does not have).</li>
 *   <li>parent → node: {@code ACTIVITY}: what the broker did since its JVM started that can explain the clients'
 *       latency, its GC pauses and its log segment deletions ({@link NodeActivity}). Answer: {@code ACTIVITY ...} on
 *       one line.</li>
 *   <li>parent → node: end of file: stop the broker and exit.</li>
 * </ul>
 * Everything else a node prints, including all logging, goes to stderr, which the parent appends
 * to the broker log.
 */
final class NodeProtocol {

    static final String READY = "READY ";
    static final String FREEZE = "FREEZE ";
    static final String FROZEN = "FROZEN ";
    static final String ERROR = "ERROR ";
    static final String DELAY = "DELAY ";
    static final String DELAYED = "DELAYED ";
    static final String METRICS = "METRICS";
    static final String ACTIVITY = "ACTIVITY";

    /** Exit status for a start failure (bad arguments, format or start error, timeout). */
    static final int EXIT_START_FAILED = 2;
    /** Exit status when Kafka asked to exit or halt the JVM (a fatal broker error). */
    static final int EXIT_FATAL = 3;

    private NodeProtocol() {
    }
}
