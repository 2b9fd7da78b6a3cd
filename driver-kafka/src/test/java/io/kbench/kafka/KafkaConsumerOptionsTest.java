package io.kbench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.ConsumerFeature;
import io.kbench.driver.ConsumerRequest;
import io.kbench.driver.ConsumerRequest.GroupProtocol;
import io.kbench.driver.DriverException;
import io.kbench.driver.GroupMembership;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** How consumer options and the driver file become Kafka settings, without a cluster. */
class KafkaConsumerOptionsTest {

    private static KafkaDriverConfig config(String consumer, String group) {
        return new KafkaDriverConfig(1, false, "", "bootstrap.servers=127.0.0.1:9092\n", "", consumer, null, null, null, null, group);
    }

    /** A plain member's request, with the driver's defaults. */
    private static final ConsumerRequest.GroupMember DEFAULTS = ConsumerRequest.groupMember("t", "g", (s, p, o, st, t, tt) -> { });

    private static Properties props(String consumer, ConsumerRequest.GroupMember options) {
        Properties p = new KafkaClientConfigs(config(consumer, "")).consumer("g");
        ProtocolChoice.apply(p, options);
        return p;
    }

    @Test
    void theKafkaDriverOffersEveryConsumerFeature() {
        assertEquals(EnumSet.allOf(ConsumerFeature.class), new KafkaBenchmarkDriver().consumerFeatures());
    }

    @Test
    void theConsumerProtocolLeavesTheClassicClientSettingsOutAndTakesNoSessionTimeoutFromTheClient() {
        Properties p = props("session.timeout.ms=10000\nheartbeat.interval.ms=3000\npartition.assignment.strategy="
                        + "org.apache.kafka.clients.consumer.CooperativeStickyAssignor\nfetch.min.bytes=1",
                DEFAULTS.withProtocol(GroupProtocol.CONSUMER).withSessionTimeout(Duration.ofSeconds(6)));
        assertEquals("consumer", p.get("group.protocol"));
        assertNull(p.get("session.timeout.ms"), "the group's consumer.session.timeout.ms holds it");
        assertNull(p.get("heartbeat.interval.ms"));
        assertNull(p.get("partition.assignment.strategy"));
        assertEquals("1", p.get("fetch.min.bytes"));
        assertTrue(ProtocolChoice.isConsumerProtocol(p));
        assertTrue(String.valueOf(p.get("group.instance.id")).startsWith("kbench-member-"),
                "a consumer-protocol member gets an instance id of its own, so it can be closed as a crash: " + p);
    }

    @Test
    void classicTakesTheSessionTimeoutAndAHeartbeatOfAThirdOfItAndAStaticIdentity() {
        Properties p = props("group.remote.assignor=uniform", DEFAULTS.withProtocol(GroupProtocol.CLASSIC).withGroupInstanceId("member-1")
                .withSessionTimeout(Duration.ofSeconds(6)));
        assertEquals("classic", p.get("group.protocol"));
        assertEquals("6000", p.get("session.timeout.ms"));
        assertEquals("2000", p.get("heartbeat.interval.ms"));
        assertEquals("member-1", p.get("group.instance.id"));
        assertNull(p.get("group.remote.assignor"), "a consumer-protocol setting");
        assertFalse(ProtocolChoice.isConsumerProtocol(p));
        Properties longer = props("heartbeat.interval.ms=1000", DEFAULTS.withSessionTimeout(Duration.ofSeconds(45)));
        assertEquals("1000", longer.get("heartbeat.interval.ms"), "a heartbeat well within the session is kept");
    }

    @Test
    void withoutOptionsTheFilesSettingsStand() {
        Properties p = props("group.protocol=classic", DEFAULTS);
        assertEquals("classic", p.get("group.protocol"));
        assertNull(p.get("group.instance.id"));
    }

    @Test
    void onlyAConsumerProtocolMemberWithoutAnIdOfItsOwnGetsOneAndLeavesExplicitlyWhenClosed() {
        Properties p = new KafkaClientConfigs(config("group.protocol=consumer", "")).consumer("g");
        assertTrue(ProtocolChoice.apply(p, DEFAULTS));
        Properties own = new KafkaClientConfigs(config("", "")).consumer("g");
        assertFalse(ProtocolChoice.apply(own, DEFAULTS.withProtocol(GroupProtocol.CONSUMER).withGroupInstanceId("m")));
        assertEquals("m", own.get("group.instance.id"));
        assertFalse(ProtocolChoice.apply(new KafkaClientConfigs(config("", "")).consumer("g"), DEFAULTS),
                "classic members stay dynamic: REMAIN_IN_GROUP works for them");
    }

    @Test
    void theMembershipReportedIsTheWorkloadsThenTheFilesThenTheClientsDefault() {
        KafkaClientConfigs file = new KafkaClientConfigs(config("group.protocol=consumer", ""));
        assertEquals(new GroupMembership(GroupProtocol.CLASSIC, GroupMembership.Source.OPTIONS, true),
                ProtocolChoice.membership(file.consumer("g"), DEFAULTS.withProtocol(GroupProtocol.CLASSIC)
                        .withGroupInstanceId("g-member-0")));
        Properties fromFile = file.consumer("g");
        assertEquals(new GroupMembership(GroupProtocol.CONSUMER, GroupMembership.Source.DRIVER_CONFIG, false),
                ProtocolChoice.membership(fromFile, DEFAULTS));
        ProtocolChoice.apply(fromFile, DEFAULTS);
        assertTrue(fromFile.containsKey("group.instance.id"), "the id the driver makes up to crash a member ...");
        assertEquals(new GroupMembership(GroupProtocol.CLASSIC, GroupMembership.Source.DEFAULT, false),
                ProtocolChoice.membership(new KafkaClientConfigs(config("", "")).consumer("g"), DEFAULTS),
                "kafka-clients 4.3.1 defaults to classic");
        assertEquals(new GroupMembership(GroupProtocol.CLASSIC, GroupMembership.Source.DRIVER_CONFIG, true),
                ProtocolChoice.membership(new KafkaClientConfigs(config("group.protocol=CLASSIC\ngroup.instance.id=one", ""))
                        .consumer("g"), DEFAULTS), "... is not static membership; the file's own id is");
    }

    @Test
    void aFileAskingForTheConsumerProtocolCannotGiveClassicSettings() {
        DriverException e = assertThrows(DriverException.class,
                () -> new KafkaBenchmarkDriver().validate(config("group.protocol=consumer\nsession.timeout.ms=6000", "")));
        assertEquals("consumerConfig", e.field());
        assertEquals("consumerConfig sets session.timeout.ms with group.protocol=consumer, which takes no session.timeout.ms from "
                + "the client: remove it and set consumer.session.timeout.ms in groupConfig (or the subscription's session timeout)",
                e.getMessage());
    }

    @Test
    void theAcknowledgementModeIsKbenchsToSet() {
        DriverException e = assertThrows(DriverException.class,
                () -> new KafkaBenchmarkDriver().validate(config("share.acknowledgement.mode=explicit", "")));
        assertEquals("consumerConfig sets share.acknowledgement.mode, which kbench sets from the subscription's acknowledgement "
                + "mode: remove it", e.getMessage());
    }

    @Test
    void groupConfigNamesAreChecked() {
        new KafkaBenchmarkDriver().validate(config("", "share.heartbeat.interval.ms=1000\nconsumer.session.timeout.ms=6000"));
        DriverException e = assertThrows(DriverException.class,
                () -> new KafkaBenchmarkDriver().validate(config("", "share.record.lock.duration=1000")));
        assertEquals("groupConfig", e.field());
        assertEquals("groupConfig: 'share.record.lock.duration' is not a Kafka setting; did you mean 'share.record.lock.duration.ms'?",
                e.getMessage());
    }

    @Test
    void aShareConsumerGetsTheConsumerSettingsItTakesAndKbenchsOwn() {
        Properties p = new KafkaClientConfigs(config("auto.offset.reset=earliest\nenable.auto.commit=false\nmax.poll.records=50\n"
                + "client.id=mine\nisolation.level=read_committed", "")).shareConsumer("sg", "kbench-share-1", true);
        assertEquals("50", p.get("max.poll.records"));
        assertEquals("explicit", p.get("share.acknowledgement.mode"));
        assertEquals("sg", p.get("group.id"));
        assertEquals("kbench-share-1", p.get("client.id"), "its own client id: its assignment is found by it");
        for (String refused : new String[] {"auto.offset.reset", "enable.auto.commit", "isolation.level"}) {
            assertFalse(p.containsKey(refused), refused);
        }
        assertEquals("implicit", new KafkaClientConfigs(config("", "")).shareConsumer("sg", "c", false).get("share.acknowledgement.mode"));
    }

    @Test
    void releasesAreToldFromTheNewestMetadataVersion() {
        assertEquals("Kafka 4.3 (metadata.version up to 30)", KafkaReleases.describe(30));
        assertEquals("Kafka 4.1 (metadata.version up to 27)", KafkaReleases.describe(27));
        assertEquals("Kafka 4.0 (metadata.version up to 22)", KafkaReleases.describe(22));
        assertEquals("Kafka 3.9 (metadata.version up to 21)", KafkaReleases.describe(21));
        assertEquals("Kafka older than 3.3 (metadata.version up to 5)", KafkaReleases.describe(5));
        assertEquals("a Kafka release newer than 4.4 (metadata.version up to 40)", KafkaReleases.describe(40));
    }

    @Test
    void oneConsumerConfigServesBothKindsOfConsumer() {
        KafkaClientConfigs c = new KafkaClientConfigs(config("max.poll.records=10\nshare.acquire.mode=record_limit", ""));
        Properties member = c.consumer("g");
        assertFalse(member.containsKey("share.acquire.mode"), "a consumer group member refuses the share consumer's keys");
        assertEquals("10", member.getProperty("max.poll.records"));
        Properties share = c.shareConsumer("g", "kbench-share-1", true);
        assertEquals("record_limit", share.getProperty("share.acquire.mode"));
        assertEquals("10", share.getProperty("max.poll.records"));
    }
}
