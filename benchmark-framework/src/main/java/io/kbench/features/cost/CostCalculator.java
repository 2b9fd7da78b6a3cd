package io.kbench.features.cost;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Prices one run: the cluster and the clients per hour, storage at the workload's retention (sustained MB/s × retention
 * × replication factor, in GB-months), cross-zone traffic from the measured bytes (charged leaving one zone and entering
 * the other), and data out when the consumers read from outside the cloud. GB = 1,024 MB.
 */
public final class CostCalculator {

    private static final double MB_PER_GB = 1024;
    private static final double BYTES_PER_GB = 1024.0 * 1024 * 1024;

    private CostCalculator() {}

    /**
     * The cost of {@code run} with {@code prices}. An instance type the price file lacks is an
     * {@link IllegalArgumentException} of one line naming it and the file.
     */
    public static RunCost cost(RunFigures run, PriceFile prices, CostSetup setup) {
        List<RunCost.Part> parts = new ArrayList<>();
        parts.add(cluster(run, prices, setup));
        parts.add(clients(run, prices, setup));
        parts.add(storage(run, prices, setup));
        parts.add(crossZone(run, prices));
        parts.add(dataOut(run, prices, setup));
        return new RunCost(run, prices, parts);
    }

    private static RunCost.Part cluster(RunFigures run, PriceFile prices, CostSetup setup) {
        if (setup.brokers() != null) {
            return machines("cluster", "--brokers", setup.brokers(), run.brokerCount(), "brokers the cluster listed",
                    prices.broker(setup.brokers().type()).orElseThrow(() -> missing("broker", setup.brokers().type(), prices,
                            prices.brokers().keySet())));
        }
        Integer ckus = setup.ckus() != null ? setup.ckus() : run.cku();
        if (ckus != null) {
            if (prices.ckuPerHour() == null) {
                throw new IllegalArgumentException(prices.file() + " has no price for CKUs (ckus.perHour): use a price file of "
                        + "Confluent Cloud, e.g. prices/confluent-cloud-2024-06.yaml");
            }
            double perHour = prices.ckuPerHour().usd();
            return new RunCost.Part("cluster", String.format(Locale.ROOT, "%d CKU%s at %s/h%s", ckus, ckus == 1 ? "" : "s",
                    RunCost.perHour(perHour), setup.ckus() == null ? " (the run's CKU check)" : ""), ckus * perHour, false);
        }
        return new RunCost.Part("cluster", "not priced: give --brokers COUNTxTYPE (e.g. 3xkafka.m7g.large) or --ckus N", null,
                false);
    }

    private static RunCost.Part clients(RunFigures run, PriceFile prices, CostSetup setup) {
        if (setup.clients() == null) {
            return new RunCost.Part("clients", "not priced: give --clients COUNTxTYPE (e.g. 2xc7g.xlarge)", null, false);
        }
        return machines("clients", "--clients", setup.clients(), run.clientHosts(), "client hosts the workers ran on",
                prices.client(setup.clients().type()).orElseThrow(() -> missing("client", setup.clients().type(), prices,
                        prices.clients().keySet())));
    }

    private static RunCost.Part machines(String name, String option, Machines machines, Integer fromRun, String what, Price price) {
        Integer count = machines.count() != null ? machines.count() : fromRun;
        if (count == null) {
            return new RunCost.Part(name, "not priced: the result does not tell how many; give " + option + " COUNTx"
                    + machines.type(), null, false);
        }
        String note = machines.count() == null ? " (" + what + ")" : "";
        return new RunCost.Part(name, String.format(Locale.ROOT, "%d × %s at %s/h%s", count, machines.type(),
                RunCost.perHour(price.usd()), note), count * price.usd(), false);
    }

    private static RunCost.Part storage(RunFigures run, PriceFile prices, CostSetup setup) {
        Price price = prices.storagePerGbMonth();
        if (price == null) {
            return new RunCost.Part("storage", "not priced: " + prices.file() + " has no storage price", null, false);
        }
        String at = " at " + RunCost.money(price.usd()) + "/GB-month";
        if (setup.storageGb() != null) {
            return new RunCost.Part("storage", String.format(Locale.ROOT, "%,.2f GB (--storage-gb)%s", setup.storageGb(), at),
                    setup.storageGb() * price.usd() / RunCost.HOURS_PER_MONTH, false);
        }
        Double mbps = run.sustainedMBps();
        Duration retention = setup.retention() != null ? setup.retention() : run.retention();
        Integer rf = setup.replicationFactor() != null ? setup.replicationFactor() : run.replicationFactor();
        if (mbps == null) {
            return new RunCost.Part("storage", "not priced: no sustained rate (" + run.sustainedFrom() + "); give --storage-gb",
                    null, false);
        }
        if (retention == null) {
            return new RunCost.Part("storage", "not priced: the retention is not known (" + run.retentionFrom() + "); give "
                    + "--retention or --storage-gb", null, false);
        }
        int copies = 1;
        String copiesText = "";
        if (prices.storageCountsReplicas()) {
            if (rf == null) {
                return new RunCost.Part("storage", "not priced: the replication factor is not known (bin/benchmark cost "
                        + "reads it from a result's driver file; its --replication-factor or --storage-gb give it)", null, false);
            }
            copies = rf;
            copiesText = " × RF " + rf;
        } else {
            copiesText = " (billed before replication)";
        }
        double gb = mbps * retention.toMillis() / 1000.0 * copies / MB_PER_GB;
        String retentionFrom = setup.retention() != null ? "--retention" : run.retentionFrom();
        return new RunCost.Part("storage", String.format(Locale.ROOT, "%,.2f GB = %.2f MB/s × %s%s,%s (retention: %s)", gb,
                mbps, duration(retention), copiesText, at, retentionFrom), gb * price.usd() / RunCost.HOURS_PER_MONTH, false);
    }

    private static RunCost.Part crossZone(RunFigures run, PriceFile prices) {
        if (run.crossZoneBytesPerSecond() == null) {
            return new RunCost.Part("cross-zone", "not priced (zones unknown: the result measured no cross-zone bytes)", null,
                    true);
        }
        Price price = prices.crossZonePerGbEachDirection();
        if (price == null) {
            return new RunCost.Part("cross-zone", "not priced: " + prices.file() + " has no crossZone price", null, true);
        }
        double gbPerHour = run.crossZoneBytesPerSecond() * 3600 / BYTES_PER_GB;
        // Managed services (MSK, Confluent Cloud) do not bill their brokers' replication between zones; a self-managed
        // cluster pays for it too, at the same price: the line says how much it would add.
        String replication = run.crossZoneReplicationBytesPerSecond() == null ? "" : String.format(Locale.ROOT,
                "; replication across zones (%.2f MB/s) not included: managed services do not bill it, a self-managed cluster "
                        + "would pay %s/h more", run.crossZoneReplicationBytesPerSecond() / (1024 * 1024),
                RunCost.perHour(run.crossZoneReplicationBytesPerSecond() * 3600 / BYTES_PER_GB * 2 * price.usd()));
        return new RunCost.Part("cross-zone", String.format(Locale.ROOT, "%.2f MB/s measured (produce and fetch) = %,.2f GB/h, at "
                + "2 × %s/GB (out of one zone, into the other)%s", run.crossZoneBytesPerSecond() / (1024 * 1024), gbPerHour,
                RunCost.money(price.usd()), replication), gbPerHour * 2 * price.usd(), true);
    }

    private static RunCost.Part dataOut(RunFigures run, PriceFile prices, CostSetup setup) {
        if (!setup.consumersOutside()) {
            return new RunCost.Part("data out", "not counted: the consumers are taken to run in the same cloud "
                    + "(--consumers-outside prices their reads as data out)", null, true, false);
        }
        Price price = prices.dataOutPerGb();
        if (price == null) {
            return new RunCost.Part("data out", "not priced: " + prices.file() + " has no dataOut price", null, true);
        }
        double gbPerHour = run.consumeMBps() * 3600 / MB_PER_GB;
        return new RunCost.Part("data out", String.format(Locale.ROOT, "%,.2f GB/h consumed at %s/GB", gbPerHour,
                RunCost.money(price.usd())), gbPerHour * price.usd(), true);
    }

    private static IllegalArgumentException missing(String kind, String type, PriceFile prices, java.util.Set<String> known) {
        return new IllegalArgumentException(prices.file() + " has no price for " + kind + " type " + type + " (it prices: "
                + (known.isEmpty() ? "none" : known.stream().sorted().collect(Collectors.joining(", "))) + ")");
    }

    /** 7 d, 36 h, 90 min, 45 s: the largest whole unit. */
    static String duration(Duration d) {
        long s = d.toSeconds();
        if (s > 0 && s % 86_400 == 0) return s / 86_400 + " d";
        if (s > 0 && s % 3_600 == 0) return s / 3_600 + " h";
        if (s > 0 && s % 60 == 0) return s / 60 + " min";
        return String.format(Locale.ROOT, "%.3f s", d.toMillis() / 1000.0).replaceAll("\\.?0+ s$", " s");
    }
}
