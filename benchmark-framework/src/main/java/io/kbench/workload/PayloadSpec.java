package io.kbench.workload;

import io.kbench.workload.traffic.Payloads;
import io.kbench.workload.traffic.SizeTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * How to make the payloads; small enough to send to remote workers, which build the same bytes.
 *
 * <ul>
 *   <li>{@code corpus} set: each message takes one of these payloads at random (the workload's {@code payloads});</li>
 *   <li>{@code sizes} set: each message takes a size from this table at random (a size distribution), with content
 *       made as below, one payload per entry;</li>
 *   <li>{@code fileContent} set: every message carries the file's bytes (OMB's payloadFile);</li>
 *   <li>{@code randomized}: a pool of {@code poolSize} payloads whose first {@code randomBytesRatio}
 *       share is random and the rest zeros (OMB's randomized payloads);</li>
 *   <li>otherwise one payload of random letters A–Z, as kafka-producer-perf-test makes with
 *       {@code --record-size}, so that compression behaves the same in both tools.</li>
 * </ul>
 *
 * @param messageSize the payload size in bytes; with sizes or a corpus, their mean (rounded)
 * @param sizes a size distribution's table ({@link SizeTable}), or null for one size
 * @param corpus the payloads of a corpus, or null
 */
public record PayloadSpec(int messageSize, byte[] fileContent, boolean randomized, double randomBytesRatio, int poolSize, long seed,
                          int[] sizes, List<byte[]> corpus) {

    /** The most payload bytes a run may ship to each worker: 64 MiB (far above Kafka's 1 MiB default message limit). */
    public static final long MAX_BYTES = 64L * 1024 * 1024;

    static final long SEED = 0x6b62656e6368L;

    public PayloadSpec {
        corpus = corpus == null ? null : List.copyOf(corpus);
    }

    /** Payloads of one size (or one file). */
    public PayloadSpec(int messageSize, byte[] fileContent, boolean randomized, double randomBytesRatio, int poolSize, long seed) {
        this(messageSize, fileContent, randomized, randomBytesRatio, poolSize, seed, null, null);
    }

    public static PayloadSpec of(Workload workload, byte[] fileContent) {
        return of(workload, fileContent, null, null);
    }

    /**
     * @param sizes a size distribution's table, or null
     * @param corpus a corpus's payloads, or null
     */
    public static PayloadSpec of(Workload workload, byte[] fileContent, int[] sizes, List<byte[]> corpus) {
        return new PayloadSpec(
                workload.messageSize() == null ? 1 : workload.messageSize(), // none: a run that sends nothing
                fileContent,
                workload.useRandomizedPayloads(),
                workload.randomBytesRatio(),
                workload.randomizedPayloadPoolSize(),
                SEED,
                sizes,
                corpus);
    }

    /** Whether messages differ in size (a size distribution or a corpus). */
    public boolean sizesVary() {
        return sizes != null || corpus != null;
    }

    /** The largest payload a message may carry, bytes. */
    public int maxPayloadBytes() {
        if (corpus != null) {
            return corpus.stream().mapToInt(p -> p.length).max().orElse(0);
        }
        if (sizes != null) {
            return SizeTable.maxBytes(sizes);
        }
        return fileContent != null ? fileContent.length : messageSize;
    }

    /** The payloads, made: what a worker's producers send, each drawing through its own source. */
    public Payloads payloads() {
        if (corpus != null) {
            return Payloads.drawn(corpus);
        }
        if (sizes != null) {
            return Payloads.generated(sizes, randomized, randomBytesRatio, seed);
        }
        return Payloads.inTurn(materialize());
    }

    /** The payloads of one size: the file's, the randomized pool, or one of letters. */
    public List<byte[]> materialize() {
        if (fileContent != null) {
            return List.of(fileContent);
        }
        Random random = new Random(seed);
        if (!randomized) {
            byte[] letters = new byte[messageSize];
            for (int i = 0; i < letters.length; i++) {
                letters[i] = (byte) ('A' + random.nextInt(26));
            }
            return List.of(letters);
        }
        int randomBytes = (int) Math.round(messageSize * randomBytesRatio);
        List<byte[]> pool = new ArrayList<>(poolSize);
        for (int p = 0; p < poolSize; p++) {
            byte[] payload = new byte[messageSize];
            byte[] head = new byte[randomBytes];
            random.nextBytes(head);
            System.arraycopy(head, 0, payload, 0, randomBytes);
            pool.add(payload);
        }
        return List.copyOf(pool);
    }
}
