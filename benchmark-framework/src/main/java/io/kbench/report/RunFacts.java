package io.kbench.report;

import io.kbench.provenance.Provenance;
import io.kbench.provenance.ProvenanceFacts;
import io.kbench.result.RunResult;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a run was measured on, flat, for the tables that show what differs between runs (the report's, the history's,
 * the gate's): its provenance ({@link ProvenanceFacts}: versions, cluster, broker, topic and client configs, client
 * machines) and its driver file's settings, named {@code setting.<name>} as a sweep names them
 * ({@code setting.producer.acks}, {@code setting.driver.localCluster.networkDelay}), secrets masked.
 */
public final class RunFacts {

    private RunFacts() {}

    public static Map<String, String> of(RunResult r) {
        Map<String, String> out = new TreeMap<>(ProvenanceFacts.of(r.section(Provenance.class), r.identity().versions()));
        if (r.identity().driverInfo() != null && r.identity().driverInfo().config() != null) {
            FlatConfig.driverOf(r.identity().driverInfo()).forEach((k, v) -> out.put("setting." + k, v));
        }
        return out;
    }
}
