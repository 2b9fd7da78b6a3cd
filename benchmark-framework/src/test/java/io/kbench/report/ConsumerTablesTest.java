package io.kbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kbench.consumerevents.ConsumerEvents;
import io.kbench.consumergroups.ConsumerGroups;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The report names each consumer group's protocol, in its own table and in the table of each event on it. */
class ConsumerTablesTest {

    private static final ConsumerGroups GROUPS = new ConsumerGroups(List.of(
            new ConsumerGroups.Group("t-sub-0", "t", "classic", "driver file", true, 3)));

    @Test
    void theConsumerGroupsTableHasARowPerGroup() {
        TableSpec t = ConsumerTables.consumerGroups(GROUPS);
        assertEquals("[\"t-sub-0\",\"t\",\"classic\",\"driver file\",\"static\",\"3\"]", t.json().get("rows").get(0).toString());
    }

    @Test
    void anEventsTableNamesItsSubscriptionAndThatGroupsProtocol() {
        ConsumerEvents.Impact e = new ConsumerEvents.Impact("consumer-leave", 1, null, "t-sub-0", 1_000, null, null, null,
                "not applied: the measurement ended first", false, null, null, null, null, null, null, 0, 0, null, 0, 0, 0);
        TableSpec t = ConsumerTables.events(new ConsumerEvents(List.of(e)), GROUPS).get(0);
        assertEquals("[\"subscription\",\"t-sub-0: classic (driver file), static members\"]", t.json().get("rows").get(0).toString());
        TableSpec without = ConsumerTables.events(new ConsumerEvents(List.of(e)), null).get(0);
        assertEquals("[\"subscription\",\"t-sub-0\"]", without.json().get("rows").get(0).toString(), "an older result: the group only");
    }
}
