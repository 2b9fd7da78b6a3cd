package io.kbench.page;

import java.util.Locale;

/** How the report writes numbers: the same everywhere, independent of the machine's locale. */
public final class Fmt {

    private Fmt() {}

    /** 10,059.2 — rates and counts with grouping; "—" for none. */
    public static String grouped(Number v, int decimals) {
        return v == null ? "—" : String.format(Locale.ROOT, "%,." + decimals + "f", v.doubleValue());
    }

    /** Latency in ms with 3 significant digits (at least 3 decimals below 1 ms). */
    public static String ms(Double v) {
        if (v == null) {
            return "—";
        }
        double a = Math.abs(v);
        int decimals = a >= 100 ? 1 : a >= 10 ? 2 : 3;
        return String.format(Locale.ROOT, "%,." + decimals + "f", v);
    }

    /** +3.2% */
    public static String change(double percent) {
        return String.format(Locale.ROOT, "%+.1f%%", percent);
    }

    public static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
    }
}
