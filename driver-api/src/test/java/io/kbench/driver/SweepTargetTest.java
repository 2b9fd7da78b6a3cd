package io.kbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SweepTargetTest {

    @Test
    void factoriesFillTheShapeAndThePath() {
        SweepTarget text = SweepTarget.propertiesText("producer", "producerConfig", "producer settings", "batch.size");
        assertEquals(List.of("producerConfig"), text.path());
        assertEquals(SweepTarget.Shape.PROPERTIES_TEXT, text.shape());
        SweepTarget mapping = SweepTarget.mapping("broker", List.of("localCluster", "brokerConfig"), "broker settings",
                "log.flush.interval.messages", "only local brokers");
        assertEquals(SweepTarget.Shape.MAPPING, mapping.shape());
        assertEquals("localCluster.brokerConfig", mapping.field());
        assertEquals("only local brokers", mapping.whenParentAbsent());
    }

    @Test
    void thePathIsACopy() {
        List<String> path = new ArrayList<>(List.of("a", "b"));
        SweepTarget t = SweepTarget.mapping("p", path, "d", "k", null);
        path.add("c");
        assertEquals(List.of("a", "b"), t.path());
    }

    @Test
    void aPrefixIsOneWordOtherThanDriver() {
        for (String bad : new String[] {null, "", " ", "pro.ducer", "driver"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> SweepTarget.propertiesText(bad, "f", "d", "k"));
            assertTrue(e.getMessage().contains("non-blank word without a dot, other than 'driver'"), e.getMessage());
        }
    }

    @Test
    void aPathShapeDescriptionAndExampleAreRequired() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SweepTarget.mapping("p", List.of(), "d", "k", null))
                .getMessage().contains("needs the path of a field"));
        assertThrows(IllegalArgumentException.class, () -> SweepTarget.mapping("p", List.of("a", " "), "d", "k", null));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SweepTarget("p", List.of("a"), null, "d", "k", null))
                .getMessage().contains("needs a shape"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SweepTarget.propertiesText("p", "f", "", "k"))
                .getMessage().contains("needs a description and an example key"));
        assertThrows(IllegalArgumentException.class, () -> SweepTarget.propertiesText("p", "f", "d", null));
    }
}
