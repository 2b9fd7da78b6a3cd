package io.kbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kbench.config.ConfigException;
import io.kbench.config.PlaceholderResolver;
import io.kbench.driver.FaultType;
import io.kbench.result.ResultJson;
import io.kbench.workload.ConsumerEventSpec.Kind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workload's {@code type:} fields bound as {@link Choice}s: every label names its constant and is written back as
 * written; text that names none is kept for the checks, which word it as they always have.
 */
class ChoiceBindingTest {

    private static final String BASE = "messageSize: 100\nproducerRate: 100\ntestDuration: 60s\n";

    @TempDir
    Path dir;

    @Test
    void everyFaultTypeBindsByItsLabelAndIsWrittenBackAsWritten() throws Exception {
        for (FaultType t : FaultType.values()) {
            FaultSpec f = Workloads.parse(BASE + "faults:\n  - {after: 1s, type: " + t.label() + "}\n").faults().get(0);
            assertEquals(new Choice.Known<>(t, t.label()), f.type());
            assertEquals(t, f.faultType());
            String json = ResultJson.MAPPER.writeValueAsString(f);
            assertEquals("\"" + t.label() + "\"", ResultJson.MAPPER.readTree(json).get("type").toString(), json);
            assertEquals(f, ResultJson.MAPPER.readValue(json, FaultSpec.class), "a result's copy of the workload reads back");
        }
    }

    @Test
    void everyConsumerEventKindBindsByItsLabelInAnyCaseAndKeepsTheTextAsWritten() throws Exception {
        for (Kind k : Kind.values()) {
            for (String written : List.of(k.label(), k.label().toUpperCase(java.util.Locale.ROOT))) {
                ConsumerEventSpec e = Workloads.parse(BASE + "consumerEvents:\n  - {after: 1s, type: " + written + "}\n")
                        .consumerEvents().get(0);
                assertEquals(new Choice.Known<>(k, written), e.type());
                assertEquals(k, e.kind());
                String json = ResultJson.MAPPER.writeValueAsString(e);
                assertEquals("\"" + written + "\"", ResultJson.MAPPER.readTree(json).get("type").toString(), json);
                assertEquals(e, ResultJson.MAPPER.readValue(json, ConsumerEventSpec.class));
            }
            assertEquals("\"" + k.label() + "\"", ResultJson.MAPPER.writeValueAsString(k), "a result writes the kind by its label");
            assertEquals(k, ResultJson.MAPPER.readValue("\"" + k.label() + "\"", Kind.class));
        }
    }

    @Test
    void textThatNamesNothingIsKeptForTheChecksAndAMissingTypeIsNull() {
        FaultSpec f = Workloads.parse(BASE + "faults:\n  - {after: 1s, type: broker-kil}\n").faults().get(0);
        assertEquals(new Choice.Unknown<FaultType>("broker-kil"), f.type());
        assertEquals(Optional.empty(), f.type().value());
        assertEquals("broker-kil at 1s", f.describe());
        ConsumerEventSpec number = Workloads.parse(BASE + "consumerEvents:\n  - {after: 1s, type: 7}\n").consumerEvents().get(0);
        assertInstanceOf(Choice.Unknown.class, number.type());
        assertEquals("7", number.type().written(), "a scalar is read as its text, as a text field reads it");
        assertNull(Workloads.parse(BASE + "faults:\n  - {after: 1s}\n").faults().get(0).type());
        assertNull(Workloads.parse(BASE + "faults:\n  - {after: 1s, type: ~}\n").faults().get(0).type());
    }

    @Test
    void theErrorsForABadTypeAreWordedAsBefore() throws Exception {
        assertEquals(problem("faults:\n  - {after: 20s, type: Broker-Kill}\n"), "faults[0].type 'Broker-Kill' is unknown; did you mean "
                + "'broker-kill'? Allowed: broker-kill, broker-restart, broker-pause, network-freeze, network-delay");
        assertEquals(problem("faults:\n  - {after: 20s}\n"), "faults[0].type is missing Allowed: broker-kill, broker-restart, "
                + "broker-pause, network-freeze, network-delay");
        assertEquals(problem("faults:\n  - {after: 20s, type: [broker-kill]}\n"), "field 'faults[0].type' must be text, got a list");
        assertEquals(problem("consumerEvents:\n  - {after: 10s, type: {a: 1}}\n"),
                "field 'consumerEvents[0].type' must be text, got a mapping");
        assertEquals(problem("consumerEvents:\n  - {after: 10s, type: ''}\n"), "consumerEvents[0].type '' is unknown Allowed: "
                + "consumer-join, consumer-leave, consumer-crash, worker-restart");
        assertEquals(problem("faults:\n  - {after: 20s, type: broker-kill, typo: 3s}\n"), "unknown field 'faults[0].typo'; did you "
                + "mean 'type'? Valid fields: after, type, broker, duration, delay, to");
    }

    @Test
    void aResultNamingAConsumerEventKindKbenchNeverWroteIsRefused() {
        assertThrows(Exception.class, () -> ResultJson.MAPPER.readValue("\"consumer-explode\"", Kind.class));
    }

    private String problem(String yaml) throws Exception {
        Path f = Files.writeString(dir.resolve("w.yaml"), BASE + yaml);
        ConfigException e = assertThrows(ConfigException.class,
                () -> new WorkloadLoader(new PlaceholderResolver()).load(f, WorkloadOverrides.NONE));
        assertEquals(5, e.line(), e.getMessage());
        return e.problem();
    }
}
