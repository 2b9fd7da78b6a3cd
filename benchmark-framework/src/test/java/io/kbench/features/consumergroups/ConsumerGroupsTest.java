package io.kbench.features.consumergroups;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.kbench.driver.ConsumerRequest.GroupProtocol;
import io.kbench.driver.GroupMembership;
import io.kbench.driver.GroupMembership.Source;
import io.kbench.result.ResultJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What each worker's members say of themselves, tallied per group and merged over workers. */
class ConsumerGroupsTest {

    @Test
    void aWorkersTallyCountsEveryMemberMadeAndSkipsThoseItsDriverSaysNothingOf() {
        GroupTally t = new GroupTally("g", "t");
        t.add(null);
        assertFalse(t.known(), "a driver that does not say gives no entry");
        t.add(new GroupMembership(GroupProtocol.CONSUMER, Source.DRIVER_CONFIG, true));
        t.add(new GroupMembership(GroupProtocol.CONSUMER, Source.DRIVER_CONFIG, true));
        assertEquals(new GroupFigures("w", "g", "t", List.of("consumer"), List.of("driver file"), true, 1), t.figures("w", 1));
        t.add(new GroupMembership(GroupProtocol.CONSUMER, Source.DRIVER_CONFIG, false));
        assertFalse(t.figures("w", 1).staticMembership(), "static only when every member was");
    }

    @Test
    void workersMergeIntoOneEntryPerGroupAndDifferencesAreShownNotHidden() {
        ConsumerGroups groups = ConsumerGroups.of(List.of(
                new GroupFigures("a", "g0", "t", List.of("classic"), List.of("default"), false, 2),
                new GroupFigures("b", "g0", "t", List.of("classic"), List.of("default"), false, 1),
                new GroupFigures("a", "g1", "t", List.of("classic"), List.of("workload"), true, 2),
                new GroupFigures("b", "g1", "t", List.of("consumer"), List.of("workload"), true, 2)));
        assertEquals(new ConsumerGroups.Group("g0", "t", "classic", "default", false, 3), groups.group("g0"));
        assertEquals(new ConsumerGroups.Group("g1", "t", "classic, consumer", "workload", true, 4), groups.group("g1"));
        assertEquals(List.of("Consumer group g0: protocol classic (default), dynamic members; 3 member(s) at the end.",
                "Consumer group g1: protocol classic, consumer (workload), static members; 4 member(s) at the end."), groups.lines());
        assertNull(ConsumerGroups.of(List.of()), "no consumer groups, no section");
    }

    @Test
    void theSectionIsAListOfGroupsInTheResultAndReadsBack() throws Exception {
        ConsumerGroups groups = new ConsumerGroups(List.of(new ConsumerGroups.Group("g", "t", "consumer", "workload", false, 2)));
        String json = ResultJson.MAPPER.writeValueAsString(groups);
        assertEquals("[{\"group\":\"g\",\"topic\":\"t\",\"protocol\":\"consumer\",\"protocolSource\":\"workload\","
                + "\"staticMembership\":false,\"members\":2}]", ResultJson.MAPPER.readTree(json).toString());
        assertEquals(groups, ResultJson.MAPPER.readValue(json, ConsumerGroups.class));
    }
}
