package io.kbench.features.operations;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.features.integrity.Integrity;
import io.kbench.result.ResultJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each operation's summary line ends with what the run's integrity check found over the whole run, when it checked. */
class OperationsTextTest {

    private static final WindowFigures WINDOW = new WindowFigures(5_000, 5, 1_000L, 2_000L, 2_000L, null, null, null, null, 500, 0, null);

    private static OperationEntry entry(OperationStatus status) {
        return new OperationEntry("alter-config", "topic t", 1_000, 1_000L, 3_000_000L, "t", 8_000_000L, 5_000L, status, "refused: no",
                List.of(), null, null, null, null, null, "restored", WINDOW, WINDOW);
    }

    /** The section as the run view gives another feature: the integrity record written as the result writes it. */
    private static JsonNode integrity(Long lost, long duplicated, long outOfOrder, String notChecked) {
        return ResultJson.MAPPER.valueToTree(new Integrity(100_000, lost, duplicated, outOfOrder, 0, notChecked));
    }

    private static String firstLine(JsonNode integrity, OperationStatus status) {
        return OperationsText.summary(new Operations(List.of(entry(status)), List.of(), 0, 0, 0, List.of()), integrity).get(0);
    }

    @Test
    void aCleanRunSaysNothingWasLostOrDuplicatedOverIt() {
        assertEquals("Operation alter-config of topic t: done in 5.0 s; publish p99 2.00 → 2.00 ms, 500 → 500 msg/s, 0 send error(s) "
                + "during it; 0 lost, 0 duplicated over the run", firstLine(integrity(0L, 0, 0, null), OperationStatus.DONE));
    }

    @Test
    void lossesAreCountedOverTheRunNotAttributedToTheOperation() {
        assertEquals("12 lost over the run, not attributed to one operation", OperationsText.integrity(integrity(12L, 0, 0, null)));
        assertEquals("1,200 lost, 3 duplicated, 2 out of order over the run, not attributed to one operation",
                OperationsText.integrity(integrity(1_200L, 3, 2, null)));
        assertEquals("3 duplicated over the run, not attributed to one operation", OperationsText.integrity(integrity(0L, 3, 0, null)));
    }

    @Test
    void withoutAnIntegrityCheckOrForAnOperationThatDidNotRunNothingIsSaid() {
        String plain = "Operation alter-config of topic t: done in 5.0 s; publish p99 2.00 → 2.00 ms, 500 → 500 msg/s, 0 send error(s) "
                + "during it";
        assertEquals(plain, firstLine(null, OperationStatus.DONE), "the run checked no integrity");
        assertEquals(plain, firstLine(integrity(null, 0, 0, "the consumers had not caught up"), OperationStatus.DONE));
        assertEquals("Operation alter-config of topic t: refused (refused: no)", firstLine(integrity(0L, 0, 0, null),
                OperationStatus.REFUSED), "a refusal changed nothing");
    }
}
