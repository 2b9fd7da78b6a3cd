package io.kbench.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.workload.Workloads;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FingerprintTest {

    private static final String BODY = "topics: 1\npartitionsPerTopic: 4\nmessageSize: 1024\nproducersPerTopic: 1\n"
            + "subscriptionsPerTopic: 1\nconsumerPerSubscription: 1\nproducerRate: 10000\n";

    private static String hash(String yaml) {
        return Fingerprint.workload(Workloads.parse(yaml));
    }

    @Test
    void theSameTestHashesTheSameWhateverItsNameOrHowItsDurationsAreWritten() {
        String a = hash("name: simple\n" + BODY + "warmupDuration: 1m\ntestDuration: 60s\n");
        assertEquals(a, hash("name: renamed\n" + BODY + "warmupDurationMinutes: 1\ntestDurationMinutes: 1\nlogIntervalMillis: 500\n"));
        assertEquals(a, hash(BODY + "testDuration: 1m\n")); // the warmup's default is OMB's minute
        assertEquals(16, a.length());
        assertTrue(a.matches("[0-9a-f]{16}"), a);
    }

    @Test
    void whatShapesTheLoadChangesTheHash() {
        String a = hash(BODY + "testDuration: 60s\n");
        assertNotEquals(a, hash(BODY.replace("1024", "100") + "testDuration: 60s\n"));
        assertNotEquals(a, hash(BODY + "testDuration: 30s\n"));
        assertNotEquals(a, hash(BODY.replace("producerRate: 10000", "producerRate: 5000") + "testDuration: 60s\n"));
    }

    @Test
    void theDriverFilesHashIsOfItsFieldsInAnyOrder() {
        Map<String, Object> a = Map.of("name", "k", "commonConfig", "bootstrap.servers=${env:B}", "replicationFactor", 3);
        Map<String, Object> b = new java.util.LinkedHashMap<>();
        b.put("replicationFactor", 3);
        b.put("commonConfig", "bootstrap.servers=${env:B}");
        b.put("name", "k");
        assertEquals(Fingerprint.driver(a), Fingerprint.driver(b));
        b.put("replicationFactor", 1);
        assertNotEquals(Fingerprint.driver(a), Fingerprint.driver(b));
    }
}
