package io.kbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NearestNameTest {

    private static final List<String> FIELDS =
            List.of("name", "topics", "partitionsPerTopic", "messageSize", "producerRate", "testDurationMinutes");

    @Test
    void levenshtein() {
        assertEquals(3, NearestName.distance("kitten", "sitting"));
        assertEquals(0, NearestName.distance("", ""));
        assertEquals(4, NearestName.distance("", "abcd"));
    }

    @Test
    void suggestsClosestIgnoringCaseAndSeparators() {
        assertEquals(Optional.of("partitionsPerTopic"), NearestName.find("partitionPerTopic", FIELDS));
        assertEquals(Optional.of("partitionsPerTopic"), NearestName.find("PartitionsPerTopic", FIELDS));
        assertEquals(Optional.of("partitionsPerTopic"), NearestName.find("partitions_per_topic", FIELDS));
        assertEquals(Optional.of("messageSize"), NearestName.find("message-size", FIELDS));
        assertEquals(Optional.of("topics"), NearestName.find("topic", FIELDS));
        assertEquals(Optional.of("name"), NearestName.find("nmae", FIELDS));
    }

    @Test
    void noSuggestionWhenNothingIsClose() {
        assertEquals(Optional.empty(), NearestName.find("colour", FIELDS));
        assertEquals(Optional.empty(), NearestName.find("x", List.of("brokers", "version")));
        assertEquals(Optional.empty(), NearestName.find("anything", List.of()));
    }

    @Test
    void thresholdGrowsWithLength() {
        // 3 edits away: allowed for a 16-character name (limit 16 / 3 = 5); a 3-character name allows only 2.
        assertEquals(Optional.of("testDurationMinutes"), NearestName.find("testDurationMins", FIELDS));
        assertEquals(Optional.empty(), NearestName.find("tpx", List.of("topics")));
    }
}
