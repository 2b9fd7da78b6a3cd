package io.kbench.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class HostSaturationTest {

    @Test
    void aSaturatedHostWithSeveralWorkersIsNamed() {
        List<String> reasons = HostSaturation.reasons(List.of(
                new HostLoad("node-7", List.of("w0", "w1", "w2"), 2, 0.97, 0.12),
                new HostLoad("node-8", List.of("w3", "w4"), 8, 0.40, 0)));
        assertEquals(1, reasons.size(), reasons.toString());
        assertTrue(reasons.get(0).startsWith("host node-7, which runs 3 workers (w0, w1, w2), was 97% busy over its 2 CPUs"),
                reasons.get(0));
        assertTrue(reasons.get(0).contains("12% of it stolen by the hypervisor"), reasons.get(0));
    }

    @Test
    void oneWorkerPerHostIsJudgedByItsOwnCpuNotItsHosts() {
        // A broker on the same machine may keep it busy: that is not the clients' limit.
        assertEquals(List.of(), HostSaturation.reasons(List.of(new HostLoad("laptop", List.of("local"), 2, 0.99, 0))));
        assertEquals(List.of(), HostSaturation.reasons(List.of(new HostLoad("node", List.of("a", "b"), 2, 0.89, 0))));
    }
}
