package io.kbench.features.cost;

import java.util.List;
import java.util.Locale;

/**
 * The cost of one run with one price file ({@link CostCalculator}): each part per hour, or "not priced" with the
 * reason; never a zero for what the file does not know.
 *
 * @param figures the run
 * @param prices the price file
 * @param parts the cluster, the clients, storage, cross-zone traffic and data out, in that order
 */
public record RunCost(RunFigures figures, PriceFile prices, List<Part> parts) {

    /** Hours in the month the prices' "per month" means: AWS's and Confluent's 730. */
    public static final double HOURS_PER_MONTH = 730;

    /** MB in a TB, in powers of 1,024 as every size in kbench. */
    static final double MB_PER_TB = 1024.0 * 1024.0;

    /**
     * One part of the cost.
     *
     * @param name e.g. {@code cluster}
     * @param detail how it was priced, or why it was not
     * @param usdPerHour what it costs per hour, or null when not priced
     * @param traffic whether it is traffic (cross-zone, data out), for the traffic share
     * @param counted false for a part the setup leaves out on purpose (data out, with the consumers in the cloud): not
     *     priced, but not missing either
     */
    public record Part(String name, String detail, Double usdPerHour, boolean traffic, boolean counted) {

        public Part(String name, String detail, Double usdPerHour, boolean traffic) {
            this(name, detail, usdPerHour, traffic, true);
        }
        public boolean priced() {
            return usdPerHour != null;
        }
    }

    public RunCost {
        parts = List.copyOf(parts);
    }

    /** The priced parts' sum per hour. */
    public double usdPerHour() {
        return parts.stream().filter(Part::priced).mapToDouble(Part::usdPerHour).sum();
    }

    public double usdPerMonth() {
        return usdPerHour() * HOURS_PER_MONTH;
    }

    /** The names of the parts not priced (shown beside every total, which leaves them out). */
    public List<String> notPriced() {
        return parts.stream().filter(p -> !p.priced() && p.counted()).map(Part::name).toList();
    }

    /** Dollars per MB/s sustained for a month, or null when the run sustained no rate. */
    public Double usdPerMBpsMonth() {
        Double mbps = figures.sustainedMBps();
        return mbps == null || mbps <= 0 ? null : usdPerMonth() / mbps;
    }

    /** Dollars per TB ingested at the sustained rate, or null. */
    public Double usdPerTbIngested() {
        Double mbps = figures.sustainedMBps();
        return mbps == null || mbps <= 0 ? null : usdPerHour() / (mbps * 3600 / MB_PER_TB);
    }

    /** The traffic parts' share of the priced total (0 to 1), or null when nothing was priced or some traffic was not. */
    public Double trafficShare() {
        double total = usdPerHour();
        if (total <= 0 || parts.stream().anyMatch(p -> p.traffic() && p.counted() && !p.priced())) {
            return null;
        }
        return parts.stream().filter(p -> p.priced() && p.traffic()).mapToDouble(Part::usdPerHour).sum() / total;
    }

    /** The one line for a run's summary and the end of the cost command's output. */
    public String summaryLine() {
        String with = "with the prices of " + prices.label();
        Double perMBps = usdPerMBpsMonth();
        if (perMBps == null) {
            return "Cost " + with + ": " + perHour(usdPerHour()) + " per hour; not per MB/s: " + figures.sustainedFrom();
        }
        List<String> missing = notPriced();
        Double share = trafficShare();
        return "Cost " + with + ": " + (missing.isEmpty() ? "" : "at least ") + money(perMBps) + " per MB/s-month"
                + (share == null ? ", traffic not priced" : String.format(Locale.ROOT, ", of which traffic %.0f %%", share * 100))
                + (missing.isEmpty() ? "" : " (not priced: " + String.join(", ", missing) + machinesHint(missing) + ")");
    }

    private static String machinesHint(List<String> missing) {
        boolean cluster = missing.contains("cluster");
        boolean clients = missing.contains("clients");
        return cluster && clients ? "; give --brokers and --clients" : cluster ? "; give --brokers" : clients ? "; give --clients" : "";
    }

    /** Dollars per hour, to 4 decimals: {@code $0.2813}, {@code $1.5280}. */
    static String perHour(double usd) {
        return String.format(Locale.ROOT, "$%,.4f", usd);
    }

    /** Dollars with cents, or 4 decimals below a dollar: {@code $1,116.90}, {@code $0.2813}. */
    static String money(double usd) {
        return Math.abs(usd) < 1 ? String.format(Locale.ROOT, "$%.4f", usd) : String.format(Locale.ROOT, "$%,.2f", usd);
    }
}
