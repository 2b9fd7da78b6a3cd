package io.kbench.driver;

import java.util.Map;
import java.util.TreeMap;

/**
 * What a driver's clients have exchanged with each broker ({@link BenchmarkDriver#brokerBytes()}), counted by the
 * clients since they were made: totals that only grow while the clients live.
 *
 * @param producedTo bytes the producers sent to each broker, by broker id
 * @param fetchedFrom bytes the consumers received from each broker, by broker id
 */
public record BrokerBytes(Map<Integer, Long> producedTo, Map<Integer, Long> fetchedFrom) {

    public BrokerBytes {
        producedTo = Map.copyOf(new TreeMap<>(producedTo));
        fetchedFrom = Map.copyOf(new TreeMap<>(fetchedFrom));
    }
}
