package io.kbench.model;

import java.util.Locale;

/**
 * Units, in one place. kbench counts sizes in powers of 1,024, as Kafka's perf tools count MB: a KB
 * is 1,024 bytes, an MB 1,048,576, a GB 1,024 MB, a TB 1,024 GB. KiB, MiB, GiB and TiB name the same
 * sizes, so a size reads and prints the same whichever way it is written.
 */
public final class Units {

    public static final double BYTES_PER_KB = 1024.0;
    public static final double BYTES_PER_MB = 1024.0 * 1024.0;
    public static final double BYTES_PER_GB = 1024.0 * 1024.0 * 1024.0;

    private Units() {}

    public static double perSecond(long count, long micros) {
        return micros <= 0 ? 0 : count * 1e6 / micros;
    }

    public static double mbPerSecond(long bytes, long micros) {
        return perSecond(bytes, micros) / BYTES_PER_MB;
    }

    /** Bytes as MB (1,048,576 bytes each). */
    public static double mb(double bytes) {
        return bytes / BYTES_PER_MB;
    }

    /** A size in words: "812 B", "212 KB", "3.4 MB", "1.2 GB". */
    public static String size(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        if (bytes < BYTES_PER_MB) {
            return String.format(Locale.ROOT, "%.0f KB", bytes / BYTES_PER_KB);
        }
        return bytes < BYTES_PER_GB ? String.format(Locale.ROOT, "%.1f MB", bytes / BYTES_PER_MB)
                : String.format(Locale.ROOT, "%.1f GB", bytes / BYTES_PER_GB);
    }

    /**
     * Bytes in one of a size's units: "" and "b" are 1; "kb"/"kib", "mb"/"mib", "gb"/"gib", "tb"/"tib"
     * are powers of 1,024 (case ignored).
     *
     * @return the bytes per unit, or -1 for a unit kbench does not know
     */
    public static long bytesPerUnit(String unit) {
        return switch (unit.toLowerCase(Locale.ROOT)) {
            case "", "b" -> 1L;
            case "kb", "kib" -> 1L << 10;
            case "mb", "mib" -> 1L << 20;
            case "gb", "gib" -> 1L << 30;
            case "tb", "tib" -> 1L << 40;
            default -> -1L;
        };
    }
}
