package io.kbench.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU use of the whole host a worker runs on, by every process on it, from the kernel's counters in
 * {@code /proc/stat} (Linux; elsewhere there is no reading). A worker JVM's own share ({@link ProcessCpuMeter})
 * cannot tell that other processes on its host, such as other workers in pods on the same node, left it no CPU.
 */
public final class HostCpuMeter {

    /** Where Linux keeps the counters. */
    public static final Path PROC_STAT = Path.of("/proc/stat");

    /**
     * The host's CPU time counters at one moment, in the kernel's ticks, summed over its CPUs.
     *
     * @param busyTicks time not idle: user, nice, system, irq, softirq and steal (time the hypervisor gave to others)
     * @param stealTicks time stolen by the hypervisor
     * @param totalTicks all time: busy, idle and iowait
     * @param cpus the CPUs the host has (not only those the JVM may use)
     */
    public record Reading(long busyTicks, long stealTicks, long totalTicks, int cpus) {}

    private final Path source;

    public HostCpuMeter(Path source) {
        this.source = source;
    }

    /** The meter of this host. */
    public static HostCpuMeter system() {
        return new HostCpuMeter(PROC_STAT);
    }

    /** The counters now, or null where the host has no {@code /proc/stat} (or it cannot be read). */
    public Reading read() {
        try {
            return parse(Files.readString(source));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The counters of a {@code /proc/stat} text, or null when it has no {@code cpu} line. */
    static Reading parse(String text) {
        long[] total = null;
        int cpus = 0;
        for (String line : text.split("\n")) {
            if (line.startsWith("cpu ")) {
                String[] f = line.trim().split("\\s+");
                total = new long[f.length - 1];
                for (int i = 1; i < f.length; i++) {
                    total[i - 1] = Long.parseLong(f[i]);
                }
            } else if (line.startsWith("cpu")) {
                cpus++;
            }
        }
        if (total == null || total.length < 4) {
            return null;
        }
        // user nice system idle iowait irq softirq steal guest guest_nice; guest time is inside user and nice already.
        long idle = total[3] + field(total, 4);
        long all = 0;
        for (int i = 0; i < Math.min(total.length, 8); i++) {
            all += total[i];
        }
        return new Reading(all - idle, field(total, 7), all, Math.max(1, cpus));
    }

    private static long field(long[] values, int index) {
        return index < values.length ? values[index] : 0;
    }

    /** The host's use between two readings, or null when either is missing or no time passed. */
    public static HostCpuUse between(Reading before, Reading after, long millis) {
        if (before == null || after == null || after.totalTicks() <= before.totalTicks()) {
            return null;
        }
        double total = after.totalTicks() - before.totalTicks();
        return new HostCpuUse((after.busyTicks() - before.busyTicks()) / total, (after.stealTicks() - before.stealTicks()) / total,
                after.cpus(), millis);
    }
}
