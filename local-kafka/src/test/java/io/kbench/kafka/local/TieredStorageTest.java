package io.kbench.kafka.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A local cluster's remote tier: the brokers' settings, and the counters a node reports. The tier at work (segments
 * leaving the local disk, a catch-up reading them back, the bytes counted) is tested with a whole run in
 * integration-tests (TieredCatchUpTest).
 */
class TieredStorageTest {

    @Test
    void theBrokersSettingsNameKafkasLocalTieredStorageAndTheMetadataManagerOnAPlaintextListener() {
        Map<String, String> p = TieredStorage.brokerDefaults(Path.of("/tmp/x"), "INTERNAL", 1);
        assertEquals("true", p.get("remote.log.storage.system.enable"));
        assertEquals("org.apache.kafka.server.log.remote.storage.LocalTieredStorage", p.get("remote.log.storage.manager.class.name"));
        assertEquals("/tmp/x", p.get("rsm.config.dir"));
        assertEquals("INTERNAL", p.get("remote.log.metadata.manager.listener.name"));
        assertEquals("1", p.get("rlmm.config.remote.log.metadata.topic.replication.factor"));
        assertEquals("3", TieredStorage.brokerDefaults(Path.of("/tmp/x"), "PLAINTEXT", 5)
                .get("rlmm.config.remote.log.metadata.topic.replication.factor"));
        assertEquals("60000", TieredStorage.withOverrides(p, Map.of("remote.log.manager.task.interval.ms", "60000"))
                .get("remote.log.manager.task.interval.ms"), "the user's brokerConfig wins");
    }

    @Test
    void aNodeReportsItsCountersOnOneLineAndTheParentReadsThem() {
        assertEquals(Map.of("remoteFetchBytes", 4_148_290L, "remoteCopyBytes", 12L),
                NodeMetrics.parse(" remoteFetchBytes=4148290 remoteCopyBytes=12 broken=x =3"));
        assertEquals(Map.of(), NodeMetrics.parse(""));
        // In a JVM without a broker there is no meter to read: nothing, rather than zeros that look measured.
        assertEquals("", NodeMetrics.read());
    }
}
