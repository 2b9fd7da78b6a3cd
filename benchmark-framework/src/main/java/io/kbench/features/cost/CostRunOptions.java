package io.kbench.features.cost;

import io.kbench.features.FeatureOptions;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --prices}, {@code --brokers} and {@code --clients} of the commands that run workloads: with them, a run ends with
 * its cost in one line and a cost section ({@link CostSection}). Checked before anything runs, the price file included.
 */
public final class CostRunOptions implements FeatureOptions {

    @Option(names = "--prices", paramLabel = "FILE",
            description = "A price file (prices/*.yaml, or your own): the run ends with its cost per MB/s-month in one line "
                    + "and a cost section (bin/benchmark cost prices a result later, with more detail).")
    Path prices;

    @Option(names = "--brokers", paramLabel = "COUNTxTYPE",
            description = "With --prices: the cluster's brokers, e.g. 3xkafka.m7g.large (the type alone: the count the "
                    + "cluster lists). Prices the cluster only; it starts nothing.")
    String brokers;

    @Option(names = "--clients", paramLabel = "COUNTxTYPE",
            description = "With --prices: the client machines, e.g. 2xc7g.xlarge (the type alone: the hosts the workers "
                    + "ran on).")
    String clients;

    private PriceFile read;
    private CostSetup setup;
    private String problem;
    private boolean checked;

    @Override
    public String problem() {
        if (!checked) {
            checked = true;
            problem = check();
        }
        return problem;
    }

    private String check() {
        if (prices == null) {
            return brokers == null && clients == null ? null
                    : (brokers != null ? "--brokers" : "--clients") + " prices a run's machines: give --prices FILE too";
        }
        try {
            read = PriceFileReader.read(prices);
            setup = new CostSetup(brokers == null ? null : Machines.parse("--brokers", brokers), null,
                    clients == null ? null : Machines.parse("--clients", clients), null, null, null, false);
            if (setup.brokers() != null && read.broker(setup.brokers().type()).isEmpty()) {
                return prices + " has no price for broker type " + setup.brokers().type() + " (it prices: "
                        + String.join(", ", new java.util.TreeSet<>(read.brokers().keySet())) + ")";
            }
            if (setup.clients() != null && read.client(setup.clients().type()).isEmpty()) {
                return prices + " has no price for client type " + setup.clients().type() + " (it prices: "
                        + String.join(", ", new java.util.TreeSet<>(read.clients().keySet())) + ")";
            }
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /** Whether a run is to be priced: a price file was given, and it and the machines are good. */
    boolean given() {
        return prices != null && problem() == null;
    }

    PriceFile priceFile() {
        return read;
    }

    CostSetup setup() {
        return setup;
    }
}
