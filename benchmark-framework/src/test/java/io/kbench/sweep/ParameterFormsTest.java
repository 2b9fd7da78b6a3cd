package io.kbench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.IntNode;
import io.kbench.driver.SweepTarget;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What one driver lets a sweep set, from its declared targets alone. */
class ParameterFormsTest {

    private static final ParameterForms KAFKA = new ParameterForms("kafka.yaml", TestTargets.KAFKA_LIKE);
    private static final ParameterForms NONE = new ParameterForms("inmemory.yaml", List.of());

    private static Parameter p(String name) {
        return Parameter.of(name, List.of(IntNode.valueOf(1)));
    }

    @Test
    void aDeclaredPrefixAWorkloadFieldAndADriverFieldAreTaken() {
        assertNull(KAFKA.problem(p("producer.batch.size")));
        assertNull(KAFKA.problem(p("broker.log.flush.interval.messages")));
        assertNull(KAFKA.problem(p("messageSize")));
        assertNull(KAFKA.problem(p("driver.replicationFactor")));
        // driver.<field> needs no declaration: any driver takes it.
        assertNull(NONE.problem(p("driver.ackLatencyMicros")));
        assertNull(NONE.problem(p("messageSize")));
        assertEquals(List.of("localCluster", "brokerConfig"), KAFKA.target("broker").orElseThrow().path());
        assertTrue(NONE.target("producer").isEmpty());
    }

    @Test
    void aDriverFieldHoldingDeclaredSettingsIsNotReplacedWhole() {
        assertEquals("driver.producerConfig would replace the whole producerConfig: set one setting with producer.<key>",
                KAFKA.problem(p("driver.producerConfig")));
        assertEquals("driver.localCluster would replace the whole localCluster: set one setting with broker.<key> "
                + "(for localCluster.brokerConfig)", KAFKA.problem(p("driver.localCluster")));
        assertEquals("driver.cluster would replace the whole cluster: set one setting with server.<key> (for cluster.server.options)",
                new ParameterForms("other.yaml", TestTargets.OTHER).problem(p("driver.cluster")));
        // Without a target owning it, the field is the driver's to accept or refuse.
        assertNull(NONE.problem(p("driver.producerConfig")));
    }

    @Test
    void aDriverFieldHasNoDot() {
        String problem = KAFKA.problem(p("driver.localCluster.brokers"));
        assertTrue(problem.startsWith("parameter 'driver.localCluster.brokers': driver.<field> sets a top-level field of the "
                + "driver file, so the field has no dot. Parameters for kafka.yaml are "), problem);
        assertTrue(problem.contains("broker.<key> (broker settings of the local cluster in localCluster.brokerConfig, "
                + "e.g. broker.log.flush.interval.messages)"), problem);
    }

    @Test
    void aSettingWithoutPrefixIsShownWithTheDriversFirstPrefix() {
        assertTrue(KAFKA.problem(p("linger.ms")).startsWith("unknown parameter 'linger.ms'; this driver's settings take a prefix, "
                + "e.g. producer.linger.ms. Parameters for kafka.yaml are "), KAFKA.problem(p("linger.ms")));
        assertTrue(KAFKA.problem(p("acks")).contains("(this driver's settings take a prefix, e.g. producer.acks)"),
                KAFKA.problem(p("acks")));
        // A driver without prefixes has none to suggest, and driver.<field> takes no dotted name.
        assertEquals("unknown parameter 'linger.ms'. Parameters for inmemory.yaml are a workload field (messageSize, "
                + "partitionsPerTopic, producerRate, ...) or driver.<field> (a top-level field of the driver file)",
                NONE.problem(p("linger.ms")));
    }

    @Test
    void aMisspeltDriverPrefixNamesTheNearest() {
        assertTrue(NONE.problem(p("drivr.ackLatencyMicros")).startsWith("unknown parameter 'drivr.ackLatencyMicros'; "
                + "did you mean 'driver.ackLatencyMicros'?"), NONE.problem(p("drivr.ackLatencyMicros")));
    }

    @Test
    void aPrefixDeclaredTwiceIsTheDriversMistake() {
        SweepTarget a = SweepTarget.propertiesText("client", "a", "d", "k");
        SweepTarget b = SweepTarget.mapping("client", List.of("b"), "d", "k", null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ParameterForms("x.yaml", List.of(a, b)));
        assertEquals("the driver of x.yaml declares the sweep prefix 'client' twice: its sweepTargets() must name each prefix once",
                e.getMessage());
    }
}
