package io.kbench.inmemory;

import io.kbench.driver.Acknowledgement;
import io.kbench.driver.AcknowledgementCommit;
import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.BenchmarkDriver;
import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.ConsumerCallback;
import io.kbench.driver.ConsumerFeature;
import io.kbench.driver.ConsumerRequest;
import io.kbench.driver.DriverException;
import io.kbench.driver.MessageStamp;
import io.kbench.driver.ProducerOptions;
import io.kbench.driver.SendCompletion;
import io.kbench.driver.ShareConsumerCallback;
import io.kbench.driver.ShareGroupSettings;
import io.kbench.driver.StartPosition;
import io.kbench.driver.TopicOffsets;
import io.kbench.driver.TopicSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Drivers that each break one promise of the SPI, on top of the in-memory driver, to prove that
 * the conformance suite catches them. Listed for ServiceLoader in this module's test resources, as
 * a real driver would be, so that only the broken promise fails. Only {@link ReleasesAsRejects}
 * declares consumer features (share groups and the rest); the others declare none and refuse them as
 * the SPI says ({@code ConsumerRequest.unmetBy}), so the suite checks on each of them that a driver
 * without the features refuses them naming itself, and skips the tests of the features.
 */
public final class BrokenDrivers {

    private BrokenDrivers() {}

    /** The in-memory driver, with producers and consumers a subclass may wrap. */
    public abstract static class Forwarding implements BenchmarkDriver<InMemoryConfig> {
        final InMemoryDriver real = new InMemoryDriver();

        BenchmarkProducer wrap(BenchmarkProducer p) {
            return p;
        }

        BenchmarkConsumer wrap(BenchmarkConsumer c) {
            return c;
        }

        @Override
        public Class<InMemoryConfig> configType() {
            return real.configType();
        }

        @Override
        public void initialize(InMemoryConfig config) {
            real.initialize(config);
        }

        @Override
        public CompletableFuture<Void> createTopics(List<TopicSpec> topics) {
            return real.createTopics(topics);
        }

        @Override
        public CompletableFuture<Void> deleteTopics(List<String> topics) {
            return real.deleteTopics(topics);
        }

        @Override
        public CompletableFuture<BenchmarkProducer> createProducer(String topic, ProducerOptions options) {
            return real.createProducer(topic, options).thenApply(this::wrap);
        }

        @Override
        public CompletableFuture<Map<String, Integer>> describeTopics(List<String> topics) {
            return real.describeTopics(topics);
        }

        @Override
        public CompletableFuture<Map<String, TopicOffsets>> topicOffsets(List<String> topics) {
            return real.topicOffsets(topics);
        }

        @Override
        public CompletableFuture<Map<String, Long>> topicRetentionMillis(List<String> topics) {
            return real.topicRetentionMillis(topics);
        }

        /** Refuses what this driver does not declare (the real one declares every feature), then the real driver's consumer. */
        @Override
        public CompletableFuture<BenchmarkConsumer> createConsumer(ConsumerRequest request) {
            Optional<DriverException> refused = request.unmetBy(this);
            return refused.isPresent() ? CompletableFuture.failedFuture(refused.get()) : real.createConsumer(request).thenApply(this::wrap);
        }

        /** The SPI's default describeTopics: the refusal of a driver that does not implement it. */
        final CompletableFuture<Map<String, Integer>> describeTopicsByDefault(List<String> topics) {
            return BenchmarkDriver.super.describeTopics(topics);
        }

        /** The SPI's default topicOffsets: the refusal of a driver that does not implement it. */
        final CompletableFuture<Map<String, TopicOffsets>> topicOffsetsByDefault(List<String> topics) {
            return BenchmarkDriver.super.topicOffsets(topics);
        }

        @Override
        public void close() {
            real.close();
        }
    }

    /** Runs every completion twice, as a driver that reports an acknowledgement and then the request's end would. */
    public static final class CompletesTwice extends Forwarding {
        @Override
        BenchmarkProducer wrap(BenchmarkProducer p) {
            return new BenchmarkProducer() {
                @Override
                public void sendAsync(byte[] key, byte[] payload, int partition, MessageStamp stamp, SendCompletion completion) {
                    p.sendAsync(key, payload, partition, stamp, (written, error) -> {
                        completion.completed(written, error);
                        completion.completed(written, error);
                    });
                }

                @Override
                public void close() throws Exception {
                    p.close();
                }
            };
        }
    }

    /** Names partition 0 in every acknowledgement, as a driver that reported the partition asked for (-1 clamped) would. */
    public static final class AcknowledgesPartitionZero extends Forwarding {
        @Override
        BenchmarkProducer wrap(BenchmarkProducer p) {
            return new BenchmarkProducer() {
                @Override
                public void sendAsync(byte[] key, byte[] payload, int partition, MessageStamp stamp, SendCompletion completion) {
                    p.sendAsync(key, payload, partition, stamp, (written, error) -> completion.completed(error == null ? 0 : written, error));
                }

                @Override
                public void close() throws Exception {
                    p.close();
                }
            };
        }
    }

    /** Carries the producer id and sequence but not the intended send time, as a driver that forgot one header field would. */
    public static final class DropsIntendedTime extends Forwarding {
        @Override
        BenchmarkProducer wrap(BenchmarkProducer p) {
            return new BenchmarkProducer() {
                @Override
                public void sendAsync(byte[] key, byte[] payload, int partition, MessageStamp stamp, SendCompletion completion) {
                    p.sendAsync(key, payload, partition, stamp == null ? null : new MessageStamp(0, stamp.producerId(), stamp.sequence()),
                            completion);
                }

                @Override
                public void close() throws Exception {
                    p.close();
                }
            };
        }
    }

    /** Reports a failed send through the completion and then throws it too, so the framework would count it twice. */
    public static final class CompletesAndThrows extends Forwarding {
        @Override
        BenchmarkProducer wrap(BenchmarkProducer p) {
            return new BenchmarkProducer() {
                @Override
                public void sendAsync(byte[] key, byte[] payload, int partition, MessageStamp stamp, SendCompletion completion) {
                    try {
                        p.sendAsync(key, payload, partition, stamp, completion);
                    } catch (RuntimeException e) {
                        completion.completed(SendCompletion.UNKNOWN_PARTITION, e);
                        throw e;
                    }
                }

                @Override
                public void close() throws Exception {
                    p.close();
                }
            };
        }
    }

    /** Ignores pause(): the consumer goes on delivering. */
    public static final class IgnoresPause extends Forwarding {
        @Override
        BenchmarkConsumer wrap(BenchmarkConsumer c) {
            return new BenchmarkConsumer() {
                @Override
                public int assignedPartitionCount() {
                    return c.assignedPartitionCount();
                }

                @Override
                public void pause() {
                    // broken: should stop fetching
                }

                @Override
                public void resume() {
                    c.resume();
                }

                @Override
                public void close() throws Exception {
                    c.close();
                }
            };
        }
    }

    /** Reports its consumers' first batch only (ConsumerCallback.batchArrived), so later messages would be timed by it. */
    public static final class ReportsTheFirstBatchOnly extends Forwarding {
        private static ConsumerCallback firstBatchOnly(ConsumerCallback callback) {
            return new ConsumerCallback() {
                private boolean reported;

                @Override
                public void messageReceived(int payloadSizeBytes, int partition, long position, MessageStamp stamp, long timestampEpochMillis,
                                            TimestampType timestampType) {
                    callback.messageReceived(payloadSizeBytes, partition, position, stamp, timestampEpochMillis, timestampType);
                }

                @Override
                public void batchArrived() {
                    if (!reported) {
                        reported = true; // broken: every batch must be reported
                        callback.batchArrived();
                    }
                }
            };
        }

        @Override
        public CompletableFuture<BenchmarkConsumer> createConsumer(ConsumerRequest request) {
            return super.createConsumer(request instanceof ConsumerRequest.GroupMember m ? withCallback(m, firstBatchOnly(m.callback())) : request);
        }
    }

    /** The same request with another callback. */
    static ConsumerRequest.GroupMember withCallback(ConsumerRequest.GroupMember m, ConsumerCallback callback) {
        return new ConsumerRequest.GroupMember(m.topic(), m.group(), callback, m.start(), m.protocol(), m.groupInstanceId(), m.sessionTimeout());
    }

    /** Starts a consumer group member asked for one kind of start position at another. */
    abstract static class StartsElsewhere extends Forwarding {
        private final Class<? extends StartPosition> asked;
        private final StartPosition instead;

        StartsElsewhere(Class<? extends StartPosition> asked, StartPosition instead) {
            this.asked = asked;
            this.instead = instead;
        }

        @Override
        public CompletableFuture<BenchmarkConsumer> createConsumer(ConsumerRequest request) {
            return super.createConsumer(request instanceof ConsumerRequest.GroupMember m && asked.isInstance(m.start()) ? m.from(instead) : request);
        }
    }

    /** Reports an unreachable cluster with an IllegalStateException instead of a DriverException. */
    public static final class UnreachableIsNotADriverException extends Forwarding {
        @Override
        public void initialize(InMemoryConfig config) {
            try {
                real.initialize(config);
            } catch (DriverException e) {
                throw new IllegalStateException("initialization failed", e);
            }
        }
    }

    /** Starts a thread of its own at initialize and never stops it, as a forgotten metrics reporter would. */
    public static final class LeaksAThread extends Forwarding {
        @Override
        public void initialize(InMemoryConfig config) {
            real.initialize(config);
            Thread reporter = new Thread(() -> {
                try {
                    Thread.sleep(120_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "leaky-metrics-reporter");
            reporter.setDaemon(true);
            reporter.start();
        }
    }

    /** Starts a consumer asked to start from the end at the earliest position: the topic's old messages come too. */
    public static final class FromEndDeliversOldMessages extends StartsElsewhere {
        public FromEndDeliversOldMessages() {
            super(StartPosition.End.class, StartPosition.EARLIEST);
        }
    }

    /** Starts every consumer asked to start from the earliest position at the end. */
    public static final class AlwaysFromEnd extends StartsElsewhere {
        public AlwaysFromEnd() {
            super(StartPosition.Earliest.class, StartPosition.END);
        }
    }

    /** Starts a consumer asked to start from an age at the earliest position, as a driver that ignored the age would. */
    public static final class AgeFromTheEarliest extends StartsElsewhere {
        public AgeFromTheEarliest() {
            super(StartPosition.Age.class, StartPosition.EARLIEST);
        }
    }

    /** Leaves the choice of partition to the partitioner and drops the user headers, as a driver that forgot both would. */
    public static final class DropsPartitionsAndHeaders extends Forwarding {
        @Override
        public CompletableFuture<BenchmarkProducer> createProducer(String topic, ProducerOptions options) {
            return super.createProducer(topic, options.withHeaders(List.of()));
        }

        @Override
        BenchmarkProducer wrap(BenchmarkProducer p) {
            return new BenchmarkProducer() {
                @Override
                public void sendAsync(byte[] key, byte[] payload, int partition, MessageStamp stamp, SendCompletion completion) {
                    p.sendAsync(key, payload, ANY_PARTITION, stamp, completion);
                }

                @Override
                public void close() throws Exception {
                    p.close();
                }
            };
        }
    }

    /** Reports a topic that does not exist with 0 partitions instead of leaving it out. */
    public static final class DescribesMissingTopicsWithNoPartitions extends Forwarding {
        @Override
        public CompletableFuture<Map<String, Integer>> describeTopics(List<String> topics) {
            return real.describeTopics(topics).thenApply(found -> {
                Map<String, Integer> out = new HashMap<>(found);
                topics.forEach(t -> out.putIfAbsent(t, 0));
                return out;
            });
        }
    }

    /** Implements none of the calls of existingTopics runs: refuses them as documented. */
    public static final class RefusesExistingTopics extends Forwarding {
        @Override
        public CompletableFuture<Map<String, Integer>> describeTopics(List<String> topics) {
            return describeTopicsByDefault(topics);
        }

        @Override
        public CompletableFuture<Map<String, TopicOffsets>> topicOffsets(List<String> topics) {
            return topicOffsetsByDefault(topics);
        }

        @Override
        public CompletableFuture<BenchmarkConsumer> createConsumer(ConsumerRequest request) {
            if (request instanceof ConsumerRequest.GroupMember m && !(m.start() instanceof StartPosition.Earliest)) {
                return CompletableFuture.failedFuture(new DriverException("driver RefusesExistingTopics cannot start consumers at the end "
                        + "of a topic or at an age: use topics the run creates (drop existingTopics)"));
            }
            return super.createConsumer(request);
        }
    }

    /**
     * A driver with share groups that acknowledges a record the framework released as rejected, as a
     * driver mapping the answers wrongly would: released records never come back.
     */
    public static final class ReleasesAsRejects extends Forwarding {
        @Override
        public Set<ConsumerFeature> consumerFeatures() {
            return real.consumerFeatures();
        }

        @Override
        public CompletableFuture<Void> prepareShareGroup(String group, ShareGroupSettings settings) {
            return real.prepareShareGroup(group, settings);
        }

        @Override
        public CompletableFuture<BenchmarkConsumer> createConsumer(ConsumerRequest request) {
            if (!(request instanceof ConsumerRequest.ShareMember m)) {
                return super.createConsumer(request);
            }
            ShareConsumerCallback callback = m.callback();
            return super.createConsumer(ConsumerRequest.shareMember(m.topic(), m.group(), m.mode(), new ShareConsumerCallback() {
                @Override
                public Acknowledgement messageReceived(int payloadSizeBytes, int partition, long position, MessageStamp stamp,
                                                       int deliveryCount, long receivedNanos) {
                    Acknowledgement answer = callback.messageReceived(payloadSizeBytes, partition, position, stamp, deliveryCount,
                            receivedNanos);
                    return answer == Acknowledgement.RELEASE ? Acknowledgement.REJECT : answer;
                }

                @Override
                public void acknowledgementsCommitted(AcknowledgementCommit commit) {
                    callback.acknowledgementsCommitted(commit);
                }
            }));
        }
    }

    /**
     * Refuses the calls of existingTopics runs, but not as documented: describeTopics throws the refusal
     * instead of failing the future, and a consumer from the end fails with an UnsupportedOperationException
     * instead of a DriverException.
     */
    public static final class RefusesExistingTopicsTheWrongWay extends Forwarding {
        @Override
        public CompletableFuture<Map<String, Integer>> describeTopics(List<String> topics) {
            throw new DriverException("cannot describe existing topics");
        }

        @Override
        public CompletableFuture<BenchmarkConsumer> createConsumer(ConsumerRequest request) {
            return request instanceof ConsumerRequest.GroupMember m && m.start() instanceof StartPosition.End
                    ? CompletableFuture.failedFuture(new UnsupportedOperationException("fromEnd")) : super.createConsumer(request);
        }
    }
}
