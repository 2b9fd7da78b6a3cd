package io.kbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.ConsumerRequest.GroupProtocol;
import io.kbench.driver.ShareGroupSettings.OffsetReset;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** Consumer requests, start positions, the share-group records and the SPI's refusing defaults. */
class ConsumerSpiTest {

    /** A driver that implements only what it must, refusing what it lacks as the SPI says. */
    static final class PlainDriver implements BenchmarkDriver<String> {
        ConsumerRequest made;

        @Override
        public Class<String> configType() {
            return String.class;
        }

        @Override
        public void initialize(String config) {}

        @Override
        public CompletableFuture<Void> createTopics(List<TopicSpec> topics) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletableFuture<Void> deleteTopics(List<String> topics) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletableFuture<BenchmarkProducer> createProducer(String topic, ProducerOptions options) {
            return CompletableFuture.failedFuture(new UnsupportedOperationException());
        }

        @Override
        public CompletableFuture<BenchmarkConsumer> createConsumer(ConsumerRequest request) {
            Optional<DriverException> refused = request.unmetBy(this);
            if (refused.isPresent()) {
                return CompletableFuture.failedFuture(refused.get());
            }
            made = request;
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void close() {}
    }

    private static final ConsumerCallback IGNORE = (s, p, o, st, t, tt) -> { };

    private static Throwable failure(CompletableFuture<?> future) {
        ExecutionException e = assertThrows(ExecutionException.class, future::get);
        return e.getCause();
    }

    @Test
    void aDriverDeclaresNoConsumerFeatureByDefault() {
        assertEquals(Set.of(), new PlainDriver().consumerFeatures());
    }

    @Test
    void shareGroupsAreRefusedByDefaultNamingTheDriver() {
        PlainDriver driver = new PlainDriver();
        for (CompletableFuture<?> call : List.of(driver.prepareShareGroup("g", ShareGroupSettings.DEFAULTS),
                driver.createConsumer(ConsumerRequest.shareMember("t", "g", AcknowledgementMode.EXPLICIT,
                        (s, p, o, st, d, r) -> Acknowledgement.ACCEPT)))) {
            Throwable t = failure(call);
            assertTrue(t instanceof DriverException, t.toString());
            assertTrue(t.getMessage().startsWith("driver PlainDriver has no share groups (queues): "), t.getMessage());
        }
        assertNull(driver.made);
    }

    @Test
    void aPlainMemberFromAnyPositionNeedsNoFeature() throws Exception {
        PlainDriver driver = new PlainDriver();
        ConsumerRequest.GroupMember request = ConsumerRequest.groupMember("t", "g", IGNORE).from(StartPosition.END);
        assertEquals(Set.of(), request.needs());
        driver.createConsumer(request).get();
        assertSame(request, driver.made);
        assertEquals(StartPosition.EARLIEST, ConsumerRequest.groupMember("t", "g", IGNORE).start());
    }

    @Test
    void optionsThatNeedAFeatureAreRefusedNamingTheDriverAndWhatItLacks() {
        PlainDriver driver = new PlainDriver();
        ConsumerRequest request = ConsumerRequest.groupMember("t", "g", IGNORE).withProtocol(GroupProtocol.CONSUMER).withGroupInstanceId("m-1");
        Throwable t = failure(driver.createConsumer(request));
        assertTrue(t instanceof DriverException, t.toString());
        assertEquals("driver PlainDriver does not offer a choice of consumer group protocol, static group membership: leave the "
                + "subscription's group protocol, group instance id and session timeout unset", t.getMessage());
        assertNull(driver.made);
    }

    @Test
    void optionalHooksAreEmptyByDefault() throws Exception {
        PlainDriver driver = new PlainDriver();
        assertEquals(Optional.empty(), driver.provisionCluster("c", Set.of(), line -> { }));
        assertEquals(Optional.empty(), driver.deliveryTimeout("c"));
        assertEquals(Optional.empty(), driver.lastServerContact());
        Throwable t = failure(driver.topicOffsets(List.of("t")));
        assertTrue(t instanceof DriverException && t.getMessage().startsWith("driver PlainDriver cannot read the offsets of topics"),
                t.toString());
    }

    @Test
    void aConsumerCannotCrashByDefault() {
        BenchmarkConsumer consumer = new BenchmarkConsumer() {
            @Override
            public int assignedPartitionCount() {
                return 0;
            }

            @Override
            public void pause() {}

            @Override
            public void resume() {}

            @Override
            public void close() {}
        };
        DriverException e = assertThrows(DriverException.class, consumer::closeAsCrash);
        assertTrue(e.getMessage().contains("cannot be closed as a crash"), e.getMessage());
    }

    @Test
    void requestsSayWhichFeaturesTheyNeed() {
        ConsumerRequest.GroupMember plain = ConsumerRequest.groupMember("t", "g", IGNORE);
        assertEquals(Set.of(), plain.from(StartPosition.age(Duration.ofMinutes(10))).needs());
        assertEquals(EnumSet.of(ConsumerFeature.GROUP_PROTOCOL, ConsumerFeature.STATIC_MEMBERSHIP, ConsumerFeature.SESSION_TIMEOUT),
                plain.withProtocol(GroupProtocol.CLASSIC).withGroupInstanceId("a").withSessionTimeout(Duration.ofSeconds(6)).needs());
        assertEquals(Set.of(), plain.withProtocol(GroupProtocol.CLASSIC).withProtocol(null).needs(), "null sets it back to the default");
        assertEquals(EnumSet.of(ConsumerFeature.SHARE_GROUPS),
                ConsumerRequest.shareMember("t", "g", AcknowledgementMode.IMPLICIT, (s, p, o, st, d, r) -> null).needs());
    }

    @Test
    void requestsRefuseABlankInstanceIdANonPositiveSessionTimeoutAndNoTopic() {
        ConsumerRequest.GroupMember plain = ConsumerRequest.groupMember("t", "g", IGNORE);
        assertThrows(IllegalArgumentException.class, () -> plain.withGroupInstanceId(" "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plain.withSessionTimeout(Duration.ZERO));
        assertEquals("sessionTimeout must be positive, got 0 ms", e.getMessage());
        IllegalArgumentException topic = assertThrows(IllegalArgumentException.class, () -> ConsumerRequest.groupMember(" ", "g", IGNORE));
        assertEquals("a consumer request needs a topic, got ' '", topic.getMessage());
        assertEquals("GroupMember[topic=t, group=g, start=End[], protocol=consumer, sessionTimeout=6000 ms]",
                plain.from(StartPosition.END).withProtocol(GroupProtocol.CONSUMER).withSessionTimeout(Duration.ofSeconds(6)).toString());
    }

    @Test
    void anAgeIsAtLeastOneMillisecond() {
        assertEquals(600_000, ((StartPosition.Age) StartPosition.age(Duration.ofMinutes(10))).millis());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StartPosition.age(Duration.ofNanos(999_999)));
        assertEquals("a start position's age must be at least 1 ms, got PT0.000999999S", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> StartPosition.age(Duration.ofSeconds(-1)));
    }

    @Test
    void protocolsHaveKafkasLabels() {
        assertEquals("classic", GroupProtocol.CLASSIC.label());
        assertEquals("consumer", GroupProtocol.CONSUMER.label());
        assertEquals(Optional.of(GroupProtocol.CONSUMER), GroupProtocol.byLabel(" Consumer "));
        assertEquals(Optional.empty(), GroupProtocol.byLabel("eager"));
        assertEquals(Optional.empty(), GroupProtocol.byLabel(null));
    }

    @Test
    void shareSettingsStartAtTheEarliestOffsetUnlessTold() {
        assertEquals(OffsetReset.EARLIEST, ShareGroupSettings.DEFAULTS.autoOffsetReset());
        assertNull(ShareGroupSettings.DEFAULTS.recordLockDuration());
        ShareGroupSettings s = ShareGroupSettings.DEFAULTS.withRecordLockDuration(Duration.ofSeconds(15)).withDeliveryCountLimit(3)
                .withAutoOffsetReset(OffsetReset.LATEST);
        assertEquals(new ShareGroupSettings(Duration.ofSeconds(15), 3, OffsetReset.LATEST), s);
    }

    @Test
    void shareSettingsRefuseWhatNoSystemAllows() {
        IllegalArgumentException lock = assertThrows(IllegalArgumentException.class,
                () -> new ShareGroupSettings(Duration.ofMillis(-1), null, null));
        assertEquals("the record lock duration must be positive, got -1 ms", lock.getMessage());
        IllegalArgumentException limit = assertThrows(IllegalArgumentException.class, () -> new ShareGroupSettings(null, 0, null));
        assertEquals("the delivery count limit must be at least 1, got 0", limit.getMessage());
    }

    @Test
    void aCommitCountsItsRecordsAndAnExpiredLockNeedsItsError() {
        AcknowledgementCommit ok = new AcknowledgementCommit(3, 2, 1, 450, null, false);
        assertEquals(6, ok.records());
        assertTrue(ok.succeeded());
        assertThrows(IllegalArgumentException.class, () -> new AcknowledgementCommit(1, 0, 0, 10, null, true));
        assertThrows(IllegalArgumentException.class, () -> new AcknowledgementCommit(-1, 0, 0, 10, null, false));
        RuntimeException cause = new RuntimeException("lock expired");
        AcknowledgementCommit lost = new AcknowledgementCommit(1, 0, 0, 10, cause, true);
        assertFalse(lost.succeeded());
        assertSame(cause, lost.error());
    }

    @Test
    void featuresDescribeThemselves() {
        assertEquals("share groups", ConsumerFeature.SHARE_GROUPS.description());
    }
}
