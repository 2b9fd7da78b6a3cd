package io.kbench.kafka.local;

import io.kbench.driver.BrokerActivity;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What a node's broker did since its JVM started ({@link NodeGcLog}, {@link SegmentWatch}), written on one line of the
 * node protocol ({@link NodeProtocol#ACTIVITY}) and read back by the parent. The line: {@code jvmStart=<ms>
 * gcPauses=<n> gcMicros=<µs> deletions=<n> segments=<n>}, then one {@code gc=<startµs>,<µs>,<collector>,<cause>} per
 * kept pause and one {@code del=<epochµs>,<topic>,<segments>,<p>;<p>...,<partitions>} per kept deletion (the first
 * {@link BrokerActivity#LISTED_PARTITIONS} partitions listed, then how many there were) (names URL-encoded, so no
 * space or comma in them).
 */
final class NodeActivity {

    private NodeActivity() {}

    static long nowEpochMicros() {
        return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    }

    static String line(long jvmStartEpochMillis, NodeGcLog gc, SegmentWatch segments) {
        StringBuilder b = new StringBuilder();
        b.append("jvmStart=").append(jvmStartEpochMillis).append(" gcPauses=").append(gc.count()).append(" gcMicros=")
                .append(gc.totalMicros()).append(" deletions=").append(segments.deletionCount()).append(" segments=")
                .append(segments.segmentsDeleted());
        for (BrokerActivity.GcPause p : gc.longest()) {
            b.append(" gc=").append(p.startEpochMicros()).append(',').append(p.durationMicros()).append(',').append(encode(p.collector()))
                    .append(',').append(encode(p.cause()));
        }
        for (BrokerActivity.SegmentDeletion d : segments.deletions()) {
            b.append(" del=").append(d.epochMicros()).append(',').append(encode(d.topic())).append(',').append(d.segments()).append(',')
                    .append(String.join(";", d.partitions().stream().map(String::valueOf).toList())).append(',').append(d.partitionCount());
        }
        return b.toString();
    }

    /** The activity of broker {@code brokerId} from a {@link #line}; null when the line is not one. */
    static BrokerActivity parse(int brokerId, String line) {
        long jvmStart = -1;
        long gcPauses = 0;
        long gcMicros = 0;
        long deletions = 0;
        long segments = 0;
        List<BrokerActivity.GcPause> pauses = new ArrayList<>();
        List<BrokerActivity.SegmentDeletion> deleted = new ArrayList<>();
        try {
            for (String pair : line.trim().split(" +")) {
                int eq = pair.indexOf('=');
                if (eq <= 0) {
                    continue;
                }
                String value = pair.substring(eq + 1);
                switch (pair.substring(0, eq)) {
                    case "jvmStart" -> jvmStart = Long.parseLong(value);
                    case "gcPauses" -> gcPauses = Long.parseLong(value);
                    case "gcMicros" -> gcMicros = Long.parseLong(value);
                    case "deletions" -> deletions = Long.parseLong(value);
                    case "segments" -> segments = Long.parseLong(value);
                    case "gc" -> {
                        String[] f = value.split(",", -1);
                        pauses.add(new BrokerActivity.GcPause(Long.parseLong(f[0]), Long.parseLong(f[1]), decode(f[2]), decode(f[3])));
                    }
                    case "del" -> {
                        String[] f = value.split(",", -1);
                        List<Integer> partitions = f[3].isEmpty() ? List.of()
                                : Arrays.stream(f[3].split(";")).map(Integer::parseInt).toList();
                        int count = f.length > 4 ? Integer.parseInt(f[4]) : partitions.size();
                        deleted.add(new BrokerActivity.SegmentDeletion(Long.parseLong(f[0]), decode(f[1]), partitions, count,
                                Integer.parseInt(f[2])));
                    }
                    default -> {
                        // a field a newer node adds: skipped
                    }
                }
            }
        } catch (RuntimeException e) {
            return null; // not a line of ours
        }
        return jvmStart < 0 ? null : new BrokerActivity(brokerId, jvmStart, gcPauses, gcMicros, pauses, deletions, segments, deleted);
    }

    private static String encode(String s) {
        return URLEncoder.encode(s == null ? "" : s, StandardCharsets.UTF_8);
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
}
