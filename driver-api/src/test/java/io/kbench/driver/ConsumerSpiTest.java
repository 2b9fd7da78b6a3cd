package io.kbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.ConsumerOptions.GroupProtocol;
import io.kbench.driver.ShareGroupSettings.OffsetReset;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** The consumer options, the share-group records and the SPI's refusing defaults. */
class ConsumerSpiTest {

    /** A driver that implements only what it must: every optional consumer call takes the SPI's default. */
    static final class PlainDriver implements BenchmarkDriver<String> {
        boolean fourArgumentCall;
        boolean fromEnd;

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
        public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
            return CompletableFuture.failedFuture(new UnsupportedOperationException());
        }

        @Override
        public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName, ConsumerCallback callback) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName, ConsumerCallback callback,
                                                                   boolean fromEnd) {
            fourArgumentCall = true;
            this.fromEnd = fromEnd;
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void close() {}
    }

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
                driver.createShareConsumer("t", "g", AcknowledgementMode.EXPLICIT, (s, p, o, st, d, r) -> Acknowledgement.ACCEPT))) {
            Throwable t = failure(call);
            assertTrue(t instanceof DriverException, t.toString());
            assertTrue(t.getMessage().startsWith("driver PlainDriver has no share groups (queues): "), t.getMessage());
        }
    }

    @Test
    void optionsThatNeedNoFeatureTakeTheFourArgumentCall() throws Exception {
        PlainDriver driver = new PlainDriver();
        driver.createConsumer("t", "g", (s, p, o, st) -> { }, ConsumerOptions.DEFAULTS.withFromEnd(true)).get();
        assertTrue(driver.fourArgumentCall);
        assertTrue(driver.fromEnd);
    }

    @Test
    void optionsThatNeedAFeatureAreRefusedNamingTheDriverAndWhatItLacks() {
        PlainDriver driver = new PlainDriver();
        ConsumerOptions options = ConsumerOptions.DEFAULTS.withProtocol(GroupProtocol.CONSUMER).withGroupInstanceId("m-1");
        Throwable t = failure(driver.createConsumer("t", "g", (s, p, o, st) -> { }, options));
        assertTrue(t instanceof DriverException, t.toString());
        assertEquals("driver PlainDriver does not offer a choice of consumer group protocol, static group membership: leave the "
                + "subscription's group protocol, group instance id and session timeout unset", t.getMessage());
        assertFalse(driver.fourArgumentCall);
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
    void optionsSayWhichFeaturesTheyNeed() {
        assertEquals(Set.of(), ConsumerOptions.DEFAULTS.withFromEnd(true).needs());
        assertEquals(EnumSet.of(ConsumerFeature.GROUP_PROTOCOL, ConsumerFeature.STATIC_MEMBERSHIP, ConsumerFeature.SESSION_TIMEOUT),
                new ConsumerOptions(false, GroupProtocol.CLASSIC, "a", Duration.ofSeconds(6)).needs());
    }

    @Test
    void optionsRefuseABlankInstanceIdAndANonPositiveSessionTimeout() {
        assertThrows(IllegalArgumentException.class, () -> ConsumerOptions.DEFAULTS.withGroupInstanceId(" "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ConsumerOptions.DEFAULTS.withSessionTimeout(Duration.ZERO));
        assertEquals("sessionTimeout must be positive, got 0 ms", e.getMessage());
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
