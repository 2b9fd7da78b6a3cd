package io.kbench.workload.traffic;

import io.kbench.driver.ProducerOptions;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The workload's {@code headers} section: user headers on every message, beside kbench's own {@code kb} header (as
 * Kafka's EndToEndLatency tool adds them). Each producer makes its headers once: names {@code h0}, {@code h1}, ...,
 * values of random letters, the same on every message it sends.
 *
 * @param count headers per message, 1 to {@link #MAX_COUNT}
 * @param valueBytes bytes of each header's value, 0 or more
 */
public record HeaderSpec(Integer count, Integer valueBytes) {

    public static final int MAX_COUNT = 1000;

    /** Everything wrong with the section, each naming its field. */
    public List<Issue> issues() {
        List<Issue> issues = new ArrayList<>();
        if (count == null) {
            issues.add(new Issue("", "headers.count is missing: user headers per message, 1 to " + MAX_COUNT));
        } else if (count < 1 || count > MAX_COUNT) {
            issues.add(new Issue("count", "headers.count must be from 1 to " + MAX_COUNT + ", got " + count));
        }
        if (valueBytes == null) {
            issues.add(new Issue("", "headers.valueBytes is missing: bytes of each header's value, 0 or more"));
        } else if (valueBytes < 0 || valueBytes > SizeShapes.MAX_BYTES) {
            issues.add(new Issue("valueBytes", "headers.valueBytes must be from 0 to " + SizeShapes.MAX_BYTES + ", got " + valueBytes));
        }
        return issues;
    }

    /** The headers of one producer; {@code seed} fixes their values. */
    public List<ProducerOptions.Header> headers(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<ProducerOptions.Header> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(new ProducerOptions.Header("h" + i, Payloads.letters(valueBytes, random)));
        }
        return out;
    }

    /** What the headers add to each message, bytes: names and values, as {@link ProducerOptions#headerBytes()} counts them. */
    public long bytes() {
        long names = 0;
        for (int i = 0; i < count; i++) {
            names += ("h" + i).getBytes(StandardCharsets.UTF_8).length;
        }
        return names + (long) count * valueBytes;
    }
}
