package io.kbench.config;

import static io.kbench.config.Messages.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationParserTest {

    @ParameterizedTest
    @CsvSource({
        "500ms, PT0.5S",
        "30s, PT30S",
        "5m, PT5M",
        "5min, PT5M",
        "1h, PT1H",
        "1m30s, PT1M30S",
        "2.5s, PT2.5S",
        "1.5h, PT1H30M",
        "'1h 30m', PT1H30M",
        "' 45S ', PT45S",
        "0s, PT0S",
        "0.25ms, PT0.00025S",
    })
    void parsesHumanDurations(String text, String expected) {
        assertEquals(Duration.parse(expected), DurationParser.parse(text));
    }

    @Test
    void bareNumberNeedsAUnit() {
        var e = assertThrows(IllegalArgumentException.class, () -> DurationParser.parse("30"));
        assertEquals("invalid duration \"30\": needs a unit, e.g. 30s or 5m", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> DurationParser.parse("1m30"));
    }

    @Test
    void negativeIsRejected() {
        var e = assertThrows(IllegalArgumentException.class, () -> DurationParser.parse("-5s"));
        assertContains(e.getMessage(), "must not be negative");
    }

    @Test
    void unknownUnitNamesTheUnitAndTheAllowedOnes() {
        var e = assertThrows(IllegalArgumentException.class, () -> DurationParser.parse("3d"));
        assertContains(e.getMessage(), "unknown unit 'd'", "ms, s, m (or min) or h");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", "abc", "s", "1..5s", "1.2.3s", "1s x", "ten seconds"})
    void garbageIsRejected(String text) {
        var e = assertThrows(DurationParser.InvalidDurationException.class, () -> DurationParser.parse(text));
        assertContains(e.getMessage(), "invalid duration");
    }

    @Test
    void absurdlyLongIsRejected() {
        var e = assertThrows(IllegalArgumentException.class, () -> DurationParser.parse("99999999999999h"));
        assertContains(e.getMessage(), "too long");
    }

    @ParameterizedTest
    @CsvSource({
        "PT1M30S, 1m30s",
        "PT0S, 0s",
        "PT2.5S, 2s500ms",
        "PT1H, 1h",
        "PT50H, 50h",
        "PT1H0M1S, 1h1s",
        "PT0.0015S, 1.5ms",
        "PT0.5S, 500ms",
    })
    void formatsShortest(String iso, String expected) {
        assertEquals(expected, DurationParser.format(Duration.parse(iso)));
    }

    @Test
    void formatRoundTrips() {
        for (String text : new String[] {"90s", "3h25m7s", "1ms", "7.5ms", "36h"}) {
            Duration d = DurationParser.parse(text);
            assertEquals(d, DurationParser.parse(DurationParser.format(d)));
        }
        assertEquals("-1m", DurationParser.format(Duration.ofMinutes(-1)));
    }
}
