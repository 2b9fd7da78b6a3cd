package io.kbench.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * How to make the payloads; small enough to send to remote workers, which build the same bytes.
 *
 * <ul>
 *   <li>{@code fileContent} set: every message carries the file's bytes (OMB's payloadFile);</li>
 *   <li>{@code randomized}: a pool of {@code poolSize} payloads whose first {@code randomBytesRatio}
 *       share is random and the rest zeros (OMB's randomized payloads);</li>
 *   <li>otherwise one payload of random letters A–Z, as kafka-producer-perf-test makes with
 *       {@code --record-size}, so that compression behaves the same in both tools.</li>
 * </ul>
 */
public record PayloadSpec(int messageSize, byte[] fileContent, boolean randomized, double randomBytesRatio, int poolSize, long seed) {

    /** The most payload bytes a run may ship to each worker: 64 MiB (far above Kafka's 1 MiB default message limit). */
    public static final long MAX_BYTES = 64L * 1024 * 1024;

    public static PayloadSpec of(Workload workload, byte[] fileContent) {
        return new PayloadSpec(
                workload.messageSize() == null ? 1 : workload.messageSize(), // none: a run that sends nothing
                fileContent,
                workload.useRandomizedPayloads(),
                workload.randomBytesRatio(),
                workload.randomizedPayloadPoolSize(),
                0x6b62656e6368L);
    }

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
