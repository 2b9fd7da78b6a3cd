import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Summarises a JFR recording for the hot paths: where the CPU samples land (the top frame, and the
 * first kbench frame on the stack), where sampled allocation comes from (by allocating frame and by
 * first kbench frame), and how many bytes each thread allocated in all (JFR's exact per-thread
 * counters), per message when a message count is given.
 *
 * <p>Run with the JDK's source launcher, no build needed:
 * {@code java perf-compare/jfr/JfrTop.java RECORDING.jfr [--threads PREFIX,...] [--window PREFIX] [--messages N] [--top N]}.
 * Only threads whose names start with one of the prefixes are counted (default: every thread);
 * with {@code --window}, only events between the first and the last CPU sample of a thread whose
 * name starts with PREFIX (e.g. the consumers': the consume phase of a consume-only run, not its prefill).
 */
public final class JfrTop {

    private static final String OURS = "io.kbench.";

    public static void main(String[] args) throws IOException {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
            System.out.println("usage: java JfrTop.java RECORDING.jfr [--threads PREFIX[,PREFIX...]] [--window PREFIX] [--messages N] [--top N]");
            return;
        }
        Path file = Path.of(args[0]);
        List<String> prefixes = new ArrayList<>();
        long messages = 0;
        int top = 15;
        String window = null;
        for (int i = 1; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--threads" -> { prefixes.addAll(List.of(require(args[i], value).split(","))); i++; }
                case "--messages" -> { messages = Long.parseLong(require(args[i], value)); i++; }
                case "--top" -> { top = Integer.parseInt(require(args[i], value)); i++; }
                case "--window" -> { window = require(args[i], value); i++; }
                default -> throw new IllegalArgumentException("unknown argument '" + args[i] + "'");
            }
        }

        Map<String, Long> cpuTop = new HashMap<>();
        Map<String, Long> cpuOurs = new HashMap<>();
        Map<String, Long> cpuByThread = new TreeMap<>();
        long cpuSamples = 0;
        Map<String, Double> allocTop = new HashMap<>();
        Map<String, Double> allocOurs = new HashMap<>();
        double allocSampled = 0;
        Map<String, long[]> allocatedByThread = new TreeMap<>(); // thread -> {first, last}

        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        Instant from = Instant.MIN;
        Instant to = Instant.MAX;
        if (window != null) {
            from = null;
            for (RecordedEvent e : events) {
                if (e.getEventType().getName().equals("jdk.ExecutionSample")
                        && threadName(e.getThread("sampledThread")).startsWith(window)) {
                    from = from == null || e.getStartTime().isBefore(from) ? e.getStartTime() : from;
                    to = to == Instant.MAX || e.getStartTime().isAfter(to) ? e.getStartTime() : to;
                }
            }
            if (from == null) {
                throw new IllegalArgumentException("no CPU sample of a thread named " + window + "...");
            }
            System.out.printf(Locale.ROOT, "Window: %.1f s, while threads named %s... ran%n", Duration.between(from, to).toMillis() / 1e3, window);
        }
        for (RecordedEvent e : events) {
            String type = e.getEventType().getName();
            boolean inWindow = !e.getStartTime().isBefore(from) && !e.getStartTime().isAfter(to);
            if (!inWindow && !type.equals("jdk.ThreadAllocationStatistics")) {
                continue;
            }
            switch (type) {
                case "jdk.ExecutionSample" -> {
                    String thread = threadName(e.getThread("sampledThread"));
                    if (!selected(thread, prefixes)) {
                        continue;
                    }
                    cpuSamples++;
                    cpuByThread.merge(group(thread), 1L, Long::sum);
                    cpuTop.merge(topFrame(e.getStackTrace()), 1L, Long::sum);
                    cpuOurs.merge(firstOurs(e.getStackTrace()), 1L, Long::sum);
                }
                case "jdk.ObjectAllocationSample" -> {
                    String thread = threadName(e.getThread("eventThread"));
                    if (!selected(thread, prefixes)) {
                        continue;
                    }
                    double weight = e.getLong("weight");
                    allocSampled += weight;
                    String cls = e.getClass("objectClass").getName();
                    allocTop.merge(cls + " at " + topFrame(e.getStackTrace()), weight, Double::sum);
                    allocOurs.merge(cls + " under " + firstOurs(e.getStackTrace()), weight, Double::sum);
                }
                case "jdk.ThreadAllocationStatistics" -> {
                    String thread = threadName(e.getThread("thread"));
                    if (!selected(thread, prefixes)) {
                        continue;
                    }
                    long allocated = e.getLong("allocated");
                    String key = thread + " #" + e.getThread("thread").getJavaThreadId();
                    allocatedByThread.merge(key, new long[] {allocated, allocated},
                            (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
                }
                default -> { }
            }
        }

        System.out.printf(Locale.ROOT, "CPU samples: %,d%s%n", cpuSamples, prefixes.isEmpty() ? "" : " on threads " + prefixes);
        print(cpuByThread, cpuSamples, Integer.MAX_VALUE);
        System.out.println("Top frames (self):");
        print(cpuTop, cpuSamples, top);
        System.out.println("First kbench frame on the stack (inclusive; '-' = none: the client library's own work):");
        print(cpuOurs, cpuSamples, top);
        System.out.printf(Locale.ROOT, "Sampled allocation: %,.0f bytes (JFR's estimate)%n", allocSampled);
        System.out.println("Top allocation sites (class at allocating frame):");
        printWeights(allocTop, allocSampled, top, messages);
        System.out.println("Allocation by first kbench frame on the stack:");
        printWeights(allocOurs, allocSampled, top, messages);
        System.out.println("Bytes allocated per thread during the recording (exact)" + (messages > 0 ? ", and per message:" : ":"));
        long total = 0;
        for (Map.Entry<String, long[]> t : allocatedByThread.entrySet()) {
            long bytes = t.getValue()[1] - t.getValue()[0];
            if (bytes == 0) {
                continue;
            }
            total += bytes;
            System.out.printf(Locale.ROOT, "  %,16d B%s  %s%n", bytes,
                    messages > 0 ? String.format(Locale.ROOT, " %10.1f B/msg", (double) bytes / messages) : "", t.getKey());
        }
        System.out.printf(Locale.ROOT, "  %,16d B%s  in all%n", total,
                messages > 0 ? String.format(Locale.ROOT, " %10.1f B/msg", (double) total / messages) : "");
    }

    private static String require(String option, String value) {
        if (value == null) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return value;
    }

    private static String threadName(RecordedThread t) {
        if (t == null) {
            return "?";
        }
        String name = t.getJavaName();
        return name == null ? t.getOSName() : name;
    }

    /** Threads of one kind together: the digits at the end of a name (pool and client numbers) dropped. */
    private static String group(String thread) {
        return thread.replaceAll("[-#]?\\d+$", "");
    }

    private static boolean selected(String thread, List<String> prefixes) {
        if (prefixes.isEmpty()) {
            return true;
        }
        for (String p : prefixes) {
            if (thread.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    private static String frame(RecordedFrame f) {
        return f.getMethod().getType().getName() + "." + f.getMethod().getName();
    }

    private static String topFrame(RecordedStackTrace stack) {
        return stack == null || stack.getFrames().isEmpty() ? "?" : frame(stack.getFrames().get(0));
    }

    private static String firstOurs(RecordedStackTrace stack) {
        if (stack == null) {
            return "?";
        }
        for (RecordedFrame f : stack.getFrames()) {
            if (f.getMethod().getType().getName().startsWith(OURS)) {
                return frame(f);
            }
        }
        return "-";
    }

    private static void print(Map<String, Long> counts, long total, int top) {
        counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(top)
                .forEach(e -> System.out.printf(Locale.ROOT, "  %5.1f%%  %s%n", 100.0 * e.getValue() / Math.max(1, total), e.getKey()));
    }

    private static void printWeights(Map<String, Double> weights, double total, int top, long messages) {
        weights.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue(Comparator.naturalOrder()).reversed()).limit(top)
                .forEach(e -> System.out.printf(Locale.ROOT, "  %5.1f%%%s  %s%n", 100.0 * e.getValue() / Math.max(1, total),
                        messages > 0 ? String.format(Locale.ROOT, " %8.1f B/msg", e.getValue() / messages) : "", e.getKey()));
    }
}
