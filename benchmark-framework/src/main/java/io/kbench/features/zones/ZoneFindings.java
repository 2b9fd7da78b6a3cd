package io.kbench.features.zones;

import java.util.List;
import java.util.Map;

/**
 * What one worker counted of its clients' traffic, from the measurement's start to the end of the load.
 *
 * @param worker the worker's id
 * @param zone its zone, or null when unknown
 * @param seconds how long the counts cover, on the worker's clock
 * @param producedTo bytes its producers sent to each broker, by broker id
 * @param fetchedFrom bytes its consumers received from each broker, by broker id
 * @param ackedPayloadBytes payload bytes acknowledged per partition, by topic (a list indexed by partition)
 * @param notCounted why the bytes per broker are not known (the driver cannot count them), or null
 */
public record ZoneFindings(String worker, String zone, double seconds, Map<Integer, Long> producedTo, Map<Integer, Long> fetchedFrom,
                           Map<String, List<Long>> ackedPayloadBytes, String notCounted) {

    public ZoneFindings {
        producedTo = producedTo == null ? Map.of() : Map.copyOf(producedTo);
        fetchedFrom = fetchedFrom == null ? Map.of() : Map.copyOf(fetchedFrom);
        ackedPayloadBytes = ackedPayloadBytes == null ? Map.of() : Map.copyOf(ackedPayloadBytes);
    }
}
