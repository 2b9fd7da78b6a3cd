package io.kbench.stats;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;

/**
 * CPU used by this JVM between two readings, as a fraction of all cores (0..1). Used to tell a
 * client-bound run from a cluster-bound one.
 */
public final class ProcessCpuMeter {

    private final OperatingSystemMXBean os;
    private final int cores = Runtime.getRuntime().availableProcessors();

    public ProcessCpuMeter() {
        // The JDK's own bean (com.sun.management) is the one that reports process CPU time.
        this.os = ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean sun ? sun : null;
    }

    /** Process CPU time in nanoseconds, or -1 when the JVM cannot tell. */
    public long cpuTimeNanos() {
        return os == null ? -1 : os.getProcessCpuTime();
    }

    /** Fraction of all cores used between two {@link #cpuTimeNanos()} readings taken {@code wallNanos} apart. */
    public double load(long cpuNanosBefore, long cpuNanosAfter, long wallNanos) {
        if (cpuNanosBefore < 0 || cpuNanosAfter < 0 || wallNanos <= 0) {
            return 0;
        }
        return Math.min(1.0, (double) (cpuNanosAfter - cpuNanosBefore) / wallNanos / cores);
    }

    public int cores() {
        return cores;
    }
}
