package io.kbench.features.cku;

import io.kbench.model.Units;
import io.kbench.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The CKU check before a run: what to expect from the workload's CKUs, and warnings (the run goes
 * on) for each CKU limit the workload breaks. Pure: everything follows from the workload.
 *
 * <p>Per-partition figures assume the load spreads evenly over the partitions (keyless or well
 * spread keys). An unthrottled workload is judged at the CKUs' ingress, the least it must reach to
 * pass; a consume-only workload at the egress it is expected to reach.
 */
public final class CkuPlan {


    private CkuPlan() {}

    /** True when the workload names a CKU count: the check is on. */
    public static boolean applies(Workload w) {
        return w.cku() != null && w.cku() > 0;
    }

    /** Requested producer bandwidth in MB/s; NaN when unthrottled or unknown, 0 without producers. */
    public static double requestedIngressMBps(Workload w) {
        if (w.producersPerTopic() == 0 || w.consumeOnly()) {
            return 0;
        }
        Double rate = w.effectiveProducerRate();
        if (rate == null || rate < 0 || w.messageSize() == null) {
            return Double.NaN;
        }
        return rate * w.messageSize() / Units.BYTES_PER_MB;
    }

    /** Expected egress: the CKUs' ingress × subscriptions, at most the CKUs' egress; 0 without consumers. */
    public static double expectedEgressMBps(Workload w) {
        return Math.min(CkuLimits.ingressMBps(w.cku()) * w.subscriptionsPerTopic(), CkuLimits.egressMBps(w.cku()));
    }

    /** Lower bound on client connections: one per producer and per consumer. */
    public static long minConnections(Workload w) {
        return (long) w.totalProducers() + w.totalConsumers();
    }

    /** Producer bandwidth the per-partition checks assume: the requested one, else the CKUs' ingress. */
    static double ingressBasisMBps(Workload w) {
        double requested = requestedIngressMBps(w);
        return Double.isNaN(requested) || requested == 0 ? CkuLimits.ingressMBps(w.cku()) : requested;
    }

    static boolean produces(Workload w) {
        return w.producersPerTopic() > 0 && !w.consumeOnly();
    }

    /** The lines printed before the run: expectations per CKU and in total, and the workload's figures. */
    public static List<String> expectations(Workload w) {
        int n = w.cku();
        List<String> lines = new ArrayList<>();
        lines.add(f("CKU check: %d CKU%s (Confluent Cloud Dedicated; figures of Confluent's CKU white paper; MB = 1,048,576 bytes)",
                n, n == 1 ? "" : "s"));
        lines.add(f("  bandwidth per CKU: %s MB/s in, %s MB/s out; in total: %s MB/s in, %s MB/s out",
                num(CkuLimits.INGRESS_MB_PER_SEC), num(CkuLimits.EGRESS_MB_PER_SEC), num(CkuLimits.ingressMBps(n)),
                num(CkuLimits.egressMBps(n))));
        lines.add(f("  limits per CKU: %,d partitions, %,d client connections; in total: %,d partitions, %,d connections",
                CkuLimits.PARTITIONS, CkuLimits.CONNECTIONS, CkuLimits.partitions(n), CkuLimits.connections(n)));
        lines.add(f("  limits per partition, whatever the CKU count: %s MB/s produce, %s MB/s consume",
                num(CkuLimits.PARTITION_PRODUCE_MB_PER_SEC), num(CkuLimits.PARTITION_CONSUME_MB_PER_SEC)));
        long partitions = w.totalPartitions();
        double basis = ingressBasisMBps(w);
        StringBuilder b = new StringBuilder(f("  this workload: %,d partitions, at least %,d connections (%s + %s)",
                partitions, minConnections(w), count(w.totalProducers(), "producer"), count(w.totalConsumers(), "consumer")));
        if (produces(w)) {
            b.append(Double.isNaN(requestedIngressMBps(w))
                    ? f("; unthrottled: at the CKUs' %s MB/s in that is %.2f MB/s per partition", num(basis), basis / partitions)
                    : f("; %.2f MB/s in requested = %.2f MB/s per partition", basis, basis / partitions));
        }
        if (w.subscriptionsPerTopic() > 0) {
            b.append(f("; %d subscription%s: %.2f MB/s consumed per partition", w.subscriptionsPerTopic(),
                    w.subscriptionsPerTopic() == 1 ? "" : "s", basis / partitions * w.subscriptionsPerTopic()));
        }
        lines.add(b.toString());
        List<String> targets = new ArrayList<>();
        if (produces(w)) {
            targets.add(f("publish reaches %.0f%% of %s MB/s", 100 * CkuLimits.PASS_RATIO, num(CkuLimits.ingressMBps(n))));
        }
        if (w.subscriptionsPerTopic() > 0) {
            targets.add(f("consume reaches %.0f%% of %s MB/s", 100 * CkuLimits.PASS_RATIO, num(expectedEgressMBps(w))));
        }
        lines.add("  after the run: PASS when " + String.join(" and ", targets) + " (measured payload MB/s)");
        return lines;
    }

    /** One warning per CKU limit the workload breaks, each naming the limit, the figure and what to change. */
    public static List<String> warnings(Workload w) {
        int n = w.cku();
        List<String> warnings = new ArrayList<>();
        long partitions = w.totalPartitions();
        if (partitions > CkuLimits.partitions(n)) {
            warnings.add(f("CKU limit: the workload has %,d partitions (topics × partitionsPerTopic), over the %,d allowed "
                    + "for %s (%,d per CKU): use at most %,d partitions, or %d CKUs", partitions, CkuLimits.partitions(n),
                    ckus(n), CkuLimits.PARTITIONS, CkuLimits.partitions(n), CkuLimits.needed(partitions, CkuLimits.PARTITIONS)));
        }
        long connections = minConnections(w);
        if (connections > CkuLimits.connections(n)) {
            warnings.add(f("CKU limit: the workload opens at least %,d client connections (%s + %s, "
                    + "one connection each at least), over the %,d allowed for %s (%,d per CKU): use fewer producers or "
                    + "consumers, or at least %d CKUs", connections, count(w.totalProducers(), "producer"),
                    count(w.totalConsumers(), "consumer"),
                    CkuLimits.connections(n), ckus(n), CkuLimits.CONNECTIONS,
                    CkuLimits.needed(connections, CkuLimits.CONNECTIONS)));
        }
        double basis = ingressBasisMBps(w);
        boolean unthrottled = Double.isNaN(requestedIngressMBps(w));
        String what = unthrottled ? f("unthrottled, judged at the CKUs' %s MB/s", num(basis)) : f("%.2f MB/s requested", basis);
        double perPartition = basis / partitions;
        if (produces(w) && perPartition > CkuLimits.PARTITION_PRODUCE_MB_PER_SEC) {
            warnings.add(f("CKU limit: %.2f MB/s produced per partition (%s over %,d partitions), over the %s MB/s "
                    + "per-partition limit: use at least %,d partitions%s", perPartition, what, partitions,
                    num(CkuLimits.PARTITION_PRODUCE_MB_PER_SEC),
                    CkuLimits.needed(basis, CkuLimits.PARTITION_PRODUCE_MB_PER_SEC),
                    unthrottled ? "" : ", or a lower producerRate"));
        }
        double consumedPerPartition = perPartition * w.subscriptionsPerTopic();
        if (consumedPerPartition > CkuLimits.PARTITION_CONSUME_MB_PER_SEC) {
            warnings.add(f("CKU limit: %.2f MB/s consumed per partition (%.2f MB/s × %d subscriptions), over the %s MB/s "
                    + "per-partition limit: use at least %,d partitions, or fewer subscriptionsPerTopic", consumedPerPartition,
                    perPartition, w.subscriptionsPerTopic(), num(CkuLimits.PARTITION_CONSUME_MB_PER_SEC),
                    CkuLimits.needed(basis * w.subscriptionsPerTopic(), CkuLimits.PARTITION_CONSUME_MB_PER_SEC)));
        }
        if (produces(w) && !unthrottled && basis < CkuLimits.PASS_RATIO * CkuLimits.ingressMBps(n)) {
            warnings.add(f("CKU check: the workload requests %.2f MB/s, below the %s MB/s of %s, so the bandwidth check "
                    + "cannot pass: %s", basis, num(CkuLimits.ingressMBps(n)), ckus(n), lowRateCause(w, basis, CkuLimits.ingressMBps(n))));
        }
        return warnings;
    }

    /** "1 producer", "600 producers". */
    static String count(long n, String noun) {
        return f("%,d %s%s", n, noun, n == 1 ? "" : "s");
    }

    static String ckus(int n) {
        return n + (n == 1 ? " CKU" : " CKUs");
    }

    /** A figure without needless decimals: 50, 150, 2.5. */
    /**
     * What set a rate below the CKUs' ingress, and what to do about it: --scale (which scales the rate the
     * CKUs set too), a producerRate (or --rate), or both.
     */
    static String lowRateCause(Workload w, double requestedMBps, double ingressMBps) {
        Double scale = w.rateScale();
        boolean scaledDown = scale != null && scale < 1;
        double unscaled = scaledDown ? requestedMBps / scale : requestedMBps;
        if (scaledDown && unscaled >= CkuLimits.PASS_RATIO * ingressMBps) {
            return f("--scale %s lowered the rate (%.2f MB/s unscaled): run without --scale to produce at the CKUs' ingress",
                    plain(scale), unscaled);
        }
        if (scaledDown) {
            return f("its producerRate (or --rate) asks for %.2f MB/s and --scale %s lowered that further: remove both "
                    + "(the CKUs then set the rate) or use producerRate -1 (unthrottled)", unscaled, plain(scale));
        }
        return "its producerRate (or --rate) set that: remove producerRate (the CKUs then set the rate) or use "
                + "producerRate -1 (unthrottled)";
    }

    /** A factor as given: 0.02, 0.5, 2. */
    static String plain(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    static String num(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%,.2f", v);
    }

    static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
