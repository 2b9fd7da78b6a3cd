package io.kbench.kafka;

import io.kbench.driver.DriverException;
import io.kbench.driver.TopicSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DeleteTopicsOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * Creates and deletes topics, retrying transient errors a bounded number of times and waiting
 * until new topics are visible in metadata, so producers and consumers find them at once.
 */
final class TopicAdmin {

    static final int ATTEMPTS = 3;
    static final long CALL_TIMEOUT_SECONDS = 60;
    /** Deleting gives up sooner: it runs at the end, often after the cluster failed, and must not hold the exit up. */
    static final long DELETE_TIMEOUT_SECONDS = 15;

    private final Admin admin;
    private final short replicationFactor;
    private final Map<String, String> topicConfig;

    TopicAdmin(Admin admin, short replicationFactor, Map<String, String> topicConfig) {
        this.admin = admin;
        this.replicationFactor = replicationFactor;
        this.topicConfig = topicConfig;
    }

    void create(List<TopicSpec> specs) {
        List<TopicSpec> pending = new ArrayList<>(specs);
        for (int attempt = 1; !pending.isEmpty(); attempt++) {
            List<NewTopic> request = new ArrayList<>();
            for (TopicSpec s : pending) {
                request.add(new NewTopic(s.name(), s.partitions(), replicationFactor).configs(topicConfig));
            }
            Map<String, KafkaFuture<Void>> results = admin.createTopics(request).values();
            List<TopicSpec> retry = new ArrayList<>();
            for (TopicSpec s : pending) {
                try {
                    results.get(s.name()).get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof TopicExistsException) {
                        continue; // names are unique per run: an earlier attempt created it
                    }
                    if (cause instanceof RetriableException && attempt < ATTEMPTS) {
                        retry.add(s);
                        continue;
                    }
                    throw new DriverException("Kafka refused to create topic " + s.name() + " (" + s.partitions()
                            + " partitions, replication factor " + replicationFactor + "): " + cause.getMessage(), cause);
                } catch (TimeoutException e) {
                    if (attempt < ATTEMPTS) {
                        retry.add(s);
                        continue;
                    }
                    throw new DriverException("Kafka did not confirm creating topic " + s.name() + " within "
                            + CALL_TIMEOUT_SECONDS + " s (" + ATTEMPTS + " attempts)", e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new DriverException("interrupted while creating topics", e);
                }
            }
            pending = retry;
            if (!pending.isEmpty()) {
                sleep(500L * attempt);
            }
        }
        awaitVisible(specs);
    }

    /**
     * Waits until every new partition is in metadata and its leader serves it: a leader that is
     * named in metadata but has not taken the partition yet answers NOT_LEADER_OR_FOLLOWER, and an
     * idempotent producer whose first batch failed so can stay stuck retrying
     * (OUT_OF_ORDER_SEQUENCE_NUMBER) until its delivery timeout. Asking each leader for the
     * partition's end offset proves it serves it.
     */
    private void awaitVisible(List<TopicSpec> specs) {
        List<String> names = specs.stream().map(TopicSpec::name).toList();
        long partitionCount = specs.stream().mapToLong(TopicSpec::partitions).sum();
        // Leaders take thousands of partitions slowly on a busy machine: allow 20 ms more per partition.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CALL_TIMEOUT_SECONDS)
                + TimeUnit.MILLISECONDS.toNanos(20 * partitionCount);
        Map<TopicPartition, OffsetSpec> partitions = new HashMap<>();
        for (TopicSpec s : specs) {
            for (int p = 0; p < s.partitions(); p++) {
                partitions.put(new TopicPartition(s.name(), p), OffsetSpec.latest());
            }
        }
        boolean described = false;
        while (true) {
            try {
                if (!described) {
                    admin.describeTopics(names).allTopicNames().get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                    described = true;
                }
                admin.listOffsets(partitions).all().get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                return;
            } catch (ExecutionException e) {
                boolean settling = e.getCause() instanceof UnknownTopicOrPartitionException
                        || e.getCause() instanceof RetriableException;
                if (!settling || System.nanoTime() > deadline) {
                    throw new DriverException("topics were created but " + (described ? "their partitions are not served: "
                            : "cannot be described: ") + e.getCause().getMessage(), e);
                }
                sleep(100);
            } catch (TimeoutException e) {
                throw new DriverException("topics were created but their partitions were not served within " + CALL_TIMEOUT_SECONDS + " s", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DriverException("interrupted while waiting for new topics", e);
            }
        }
    }

    /** Partitions of each existing topic among {@code names}; missing topics are absent. */
    Map<String, Integer> describe(List<String> names) {
        Map<String, Integer> partitions = new HashMap<>();
        Map<String, KafkaFuture<TopicDescription>> results = admin.describeTopics(names).topicNameValues();
        for (String name : names) {
            try {
                partitions.put(name, results.get(name).get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS).partitions().size());
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    throw new DriverException("could not describe topic " + name + ": " + e.getCause().getMessage(), e.getCause());
                }
            } catch (TimeoutException e) {
                throw new DriverException("Kafka did not describe topic " + name + " within " + CALL_TIMEOUT_SECONDS + " s", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DriverException("interrupted while describing topics", e);
            }
        }
        return partitions;
    }

    void delete(List<String> names) {
        Map<String, KafkaFuture<Void>> results = admin.deleteTopics(names,
                new DeleteTopicsOptions().timeoutMs((int) TimeUnit.SECONDS.toMillis(DELETE_TIMEOUT_SECONDS))).topicNameValues();
        List<String> failed = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DELETE_TIMEOUT_SECONDS + 1);
        for (String name : names) {
            try {
                results.get(name).get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    failed.add(name + ": " + e.getCause().getMessage());
                }
            } catch (TimeoutException e) {
                failed.add(name + ": no answer within " + DELETE_TIMEOUT_SECONDS + " s");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DriverException("interrupted while deleting topics", e);
            }
        }
        if (!failed.isEmpty()) {
            throw new DriverException("could not delete " + failed.size() + " topic(s), left behind: " + String.join("; ", failed));
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
