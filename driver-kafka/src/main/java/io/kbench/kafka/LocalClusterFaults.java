package io.kbench.kafka;

import io.kbench.driver.DriverException;
import io.kbench.driver.Fault;
import io.kbench.driver.FaultType;
import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.cluster.LocalCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The workload's faults against the local cluster: which it can take (checked before anything
 * starts) and applying them. A kill or pause without a broker hits the leader of the first
 * topic's partition 0; a restart without one brings back the broker killed last.
 */
final class LocalClusterFaults {

    private final LocalCluster cluster;
    private Integer lastKilled;

    LocalClusterFaults(LocalCluster cluster) {
        this.cluster = cluster;
    }

    /** Why these faults cannot run against {@code local} (null: no local cluster), one sentence each. */
    static List<String> problems(LocalClusterConfig local, List<Fault> faults) {
        List<String> problems = new ArrayList<>();
        if (faults.isEmpty()) {
            return problems;
        }
        if (local == null) {
            problems.add("faults need a cluster the run starts and owns, and this driver file points at an existing one "
                    + "(commonConfig bootstrap.servers): use a driver file with a localCluster section, e.g. "
                    + "driver-kafka/kafka-local-3.yaml");
            return problems;
        }
        for (int i = 0; i < faults.size(); i++) {
            Integer broker = faults.get(i).broker();
            if (broker != null && broker >= local.brokers()) {
                problems.add(String.format(Locale.ROOT, "faults[%d].broker %d is out of range: the local cluster has %d broker%s "
                        + "(%s)", i, broker, local.brokers(), local.brokers() == 1 ? "" : "s",
                        local.brokers() == 1 ? "index 0" : "indexes 0 to " + (local.brokers() - 1)));
            }
        }
        return problems;
    }

    synchronized String apply(Fault f) {
        FaultType type = f.type();
        return switch (type) {
            case BROKER_KILL -> {
                int broker = targetOf(f);
                cluster.killBroker(broker);
                lastKilled = broker;
                yield "killed broker " + broker + " (" + cluster.brokerAddress(broker) + ") with SIGKILL";
            }
            case BROKER_RESTART -> {
                int broker = f.broker() != null ? f.broker() : restartTarget();
                long start = System.nanoTime();
                cluster.restartBroker(broker);
                yield String.format(Locale.ROOT, "restarted broker %d (%s) with its data; registered again after %.1f s", broker,
                        cluster.brokerAddress(broker), (System.nanoTime() - start) / 1e9);
            }
            case BROKER_PAUSE -> {
                int broker = targetOf(f);
                cluster.pauseBroker(broker, f.duration());
                yield String.format(Locale.ROOT, "paused broker %d (%s) for %s (SIGSTOP, then SIGCONT)", broker,
                        cluster.brokerAddress(broker), seconds(f));
            }
            case NETWORK_FREEZE -> {
                cluster.freezeNetwork(f.duration());
                yield String.format(Locale.ROOT, "froze the clients' traffic to every broker for %s (connections kept open)", seconds(f));
            }
            case NETWORK_DELAY -> {
                if (f.toDelay() != null) {
                    cluster.delayNetwork(f.delay(), f.toDelay(), f.duration());
                    yield String.format(Locale.ROOT, "delayed the clients' traffic to every broker by %s ms %s linearly to %s ms each "
                            + "way over %s", millis(f.delay()), f.toDelay().compareTo(f.delay()) >= 0 ? "growing" : "shrinking",
                            millis(f.toDelay()), seconds(f));
                }
                cluster.delayNetwork(f.delay(), f.duration());
                yield String.format(Locale.ROOT, "delayed the clients' traffic to every broker by %s ms each way for %s",
                        millis(f.delay()), seconds(f));
            }
        };
    }

    private int targetOf(Fault f) {
        if (f.broker() != null) {
            return f.broker();
        }
        if (f.topic() == null) {
            throw new DriverException(f.type().label() + " names no broker and there is no topic to find a leader in: give broker");
        }
        return cluster.leaderOf(f.topic(), 0);
    }

    private int restartTarget() {
        if (lastKilled == null) {
            throw new DriverException("broker-restart names no broker and no broker was killed before it: give broker, "
                    + "or put a broker-kill earlier");
        }
        return lastKilled;
    }

    private static String millis(Duration d) {
        return d.toNanos() % 1_000_000 == 0 ? Long.toString(d.toMillis()) : String.format(Locale.ROOT, "%.3f", d.toNanos() / 1e6);
    }

    private static String seconds(Fault f) {
        return String.format(Locale.ROOT, "%.1f s", f.duration().toMillis() / 1e3);
    }
}
