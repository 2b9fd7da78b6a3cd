package io.kbench.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.time.ManualClock;
import io.kbench.warning.WarningClassifier;
import io.kbench.warning.WarningKind;
import io.kbench.warning.WarningSummary;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientWarningsTest {

    private static final long START_EPOCH_MILLIS = 1_700_000_001_000L; // ManualClock(): epoch 1.7e15 µs at 0, now 1 s
    private final ManualClock clock = new ManualClock();
    private final ClientWarnings warnings = new ClientWarnings(clock);
    private final WarningKind unreachable = WarningClassifier.unreachable("127.0.0.1:9092");

    @Test
    void countsByKindWithFirstAndLastTime() {
        warnings.record(unreachable, "raw 1");
        clock.advanceMillis(1_500);
        warnings.record(WarningKind.of("consumer offset commits failed"), "raw c");
        clock.advanceMillis(2_000);
        warnings.record(unreachable, "raw 2");

        assertEquals(List.of(
                new WarningSummary("broker 127.0.0.1:9092 unreachable", 2, START_EPOCH_MILLIS, START_EPOCH_MILLIS + 3_500, "raw 1"),
                new WarningSummary("consumer offset commits failed", 1, START_EPOCH_MILLIS + 1_500, START_EPOCH_MILLIS + 1_500, "raw c")),
                warnings.snapshot(), "in order of first occurrence, the first raw text as the example");
        assertEquals("broker 127.0.0.1:9092 unreachable: 2 warnings", warnings.snapshot().get(0).line());
        assertEquals("consumer offset commits failed: 1 warning", warnings.snapshot().get(1).line());
    }

    @Test
    void theFirstOfEachKindIsAnnouncedOnceUntilReset() {
        List<String> firsts = new ArrayList<>();
        try (ClientWarnings.Subscription s = warnings.onFirstOccurrence(w -> firsts.add(w.kind() + " x" + w.count()))) {
            for (int i = 0; i < 700; i++) {
                warnings.record(unreachable, "raw");
            }
            warnings.record(WarningKind.of("other"), "raw");
            assertEquals(List.of("broker 127.0.0.1:9092 unreachable x1", "other x1"), firsts);

            warnings.reset();
            assertEquals(List.of(), warnings.snapshot());
            warnings.record(unreachable, "raw");
            assertEquals(3, firsts.size(), "new again after a reset (a new run)");
            assertEquals(1, warnings.snapshot().get(0).count());
        }
        warnings.record(WarningKind.of("after close"), "raw");
        assertEquals(3, firsts.size(), "a closed subscription hears nothing");
    }

    @Test
    void aBrokenListenerDoesNotStopCountingOrTheOthers() {
        List<String> heard = new ArrayList<>();
        warnings.onFirstOccurrence(w -> {
            throw new IllegalStateException("broken");
        });
        warnings.onFirstOccurrence(w -> heard.add(w.kind()));
        warnings.record(unreachable, "raw");
        assertEquals(List.of("broker 127.0.0.1:9092 unreachable"), heard);
        assertEquals(1, warnings.snapshot().get(0).count());
    }

    @Test
    void kindsAreBoundedTheRestCountedAsOther() {
        List<String> firsts = new ArrayList<>();
        warnings.onFirstOccurrence(w -> firsts.add(w.kind()));
        for (int i = 0; i < 500; i++) {
            warnings.record(WarningKind.of("unique text " + i), "raw " + i);
        }
        List<WarningSummary> all = warnings.snapshot();
        assertEquals(ClientWarnings.MAX_KINDS, all.size());
        assertEquals(ClientWarnings.MAX_KINDS, firsts.size(), "the console hears of at most MAX_KINDS kinds");
        WarningSummary other = all.get(all.size() - 1);
        assertEquals(ClientWarnings.OTHER.sentence(), other.kind());
        assertEquals(500 - (ClientWarnings.MAX_KINDS - 1), other.count());
        assertTrue(all.stream().mapToLong(WarningSummary::count).sum() == 500, "nothing is lost");
    }
}
