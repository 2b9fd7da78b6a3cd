package io.kbench.workload;

import io.kbench.config.ConfigSource;
import io.kbench.workload.traffic.Corpus;
import io.kbench.workload.traffic.SizeBuckets;
import io.kbench.workload.traffic.SizeDistribution;
import io.kbench.workload.traffic.SizeShapes;
import io.kbench.workload.traffic.SizeTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Makes, on the coordinator, what the workers need to send drawn sizes or a corpus: the size table of a size
 * distribution, or the corpus's payloads read from disk; and sets {@code messageSize} to their mean, which is what
 * the figures that need one size (a backlog's messages, a CKU's rate) use.
 */
final class TrafficPayloads {

    /**
     * @param workload the workload, its messageSize the mean of the sizes drawn when they are
     * @param sizes a size distribution's table, or null
     * @param corpus a corpus's payloads, or null
     */
    record Made(Workload workload, int[] sizes, List<byte[]> corpus) {}

    private TrafficPayloads() {}

    /**
     * @param problems gets the corpus's problems (a file not found, over the limit, a folder with no files)
     * @param valid whether the workload passed its checks: the size table is made only then
     */
    static Made make(Workload w, ConfigSource source, boolean valid, List<String> notes, List<Problem> problems) {
        List<byte[]> corpus = null;
        int[] sizes = null;
        String what = null;
        double mean = 0;
        if (w.payloads() != null) {
            Corpus.Read read = Corpus.read(w.payloads(), searchPath(source), PayloadSpec.MAX_BYTES);
            read.issues().forEach(i -> problems.add(i.field().isEmpty() ? new Problem("payloads", i.message())
                    : new Problem("payloads", i.message(), List.of("payloads", i.field()))));
            if (read.issues().isEmpty()) {
                corpus = read.payloads();
                mean = corpus.stream().mapToLong(p -> p.length).average().orElse(0);
                what = "the corpus (" + corpus.size() + " payloads)";
            }
        } else if (valid && (w.messageSizeDistribution() != null || w.messageSizes() != null)) {
            SizeDistribution d = w.messageSizes() != null ? SizeShapes.distribution(w.messageSizes())
                    : SizeBuckets.of(w.messageSizeDistribution());
            sizes = SizeTable.of(d, PayloadSpec.MAX_BYTES);
            mean = SizeTable.meanBytes(sizes);
            what = (w.messageSizes() != null ? "messageSizes" : "messageSizeDistribution") + " (" + d.describe() + ")";
        }
        if (what == null) {
            return new Made(w, null, null);
        }
        int meanBytes = (int) Math.max(1, Math.round(mean));
        if (w.messageSize() != null && w.messageSize() != meanBytes) {
            notes.add(String.format(Locale.ROOT, "messageSize %d is not used: %s decides each message's size, %,d bytes on average",
                    w.messageSize(), what, meanBytes));
        }
        return new Made(w.withMessageSize(meanBytes), sizes, corpus);
    }

    /** Where a relative payload path is looked for: next to the workload, in its parent folder (OMB's layout), here. */
    private static List<Path> searchPath(ConfigSource source) {
        List<Path> where = new ArrayList<>();
        if (source.baseDir() != null) {
            where.add(source.baseDir());
            if (source.baseDir().getParent() != null) {
                where.add(source.baseDir().getParent());
            }
        }
        where.add(Path.of("").toAbsolutePath());
        return where;
    }
}
