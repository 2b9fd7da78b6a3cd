package io.kbench.kafka;

import io.kbench.driver.DriverException;
import io.kbench.driver.TopicSpec;
import io.kbench.kafka.TopicRequests.Create;
import io.kbench.kafka.TopicRequests.Grow;
import io.kbench.kafka.TopicRequests.Need;
import io.kbench.kafka.TopicRequests.Request;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DeleteTopicsOptions;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.InvalidPartitionsException;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates and deletes topics in requests the controller accepts ({@link TopicRequests}), retrying
 * transient errors a bounded number of times, and waits until every new partition is served
 * ({@link PartitionReadiness}), so producers and consumers find them at once. A refusal names the
 * request that met it: a request refused as a whole is not pinned on one of its topics.
 */
final class TopicAdmin {

    private static final Logger log = LoggerFactory.getLogger(TopicAdmin.class);

    static final int ATTEMPTS = 3;
    static final long CALL_TIMEOUT_SECONDS = 60;
    /** Deleting gives up sooner: it runs at the end, often after the cluster failed, and must not hold the exit up. */
    static final long DELETE_TIMEOUT_SECONDS = 15;
    /** Topics per DeleteTopics request: the controller writes one record per topic deleted. */
    static final int DELETE_BATCH = 1_000;

    private final Admin admin;
    private final short replicationFactor;
    private final Map<String, String> topicConfig;
    private TopicRequests limits = TopicRequests.KAFKA;

    TopicAdmin(Admin admin, short replicationFactor, Map<String, String> topicConfig) {
        this.admin = admin;
        this.replicationFactor = replicationFactor;
        this.topicConfig = topicConfig;
    }

    void create(List<TopicSpec> specs) {
        Map<String, Need> needs = new LinkedHashMap<>();
        specs.forEach(s -> needs.put(s.name(), new Need(s, 0)));
        long start = System.nanoTime();
        int sent = 0;
        while (true) {
            List<Request> plan = limits.plan(List.copyOf(needs.values()), topicConfig.size());
            if (plan.isEmpty()) {
                break;
            }
            boolean replan = false;
            for (int i = 0; i < plan.size() && !replan; i++) {
                Request request = plan.get(i);
                String which = describe(request, i + 1, plan.size());
                try {
                    if (request instanceof Create c) {
                        createTopics(c, which);
                        c.topics().forEach(t -> needs.put(t.name(), new Need(needs.get(t.name()).spec(), t.partitions())));
                    } else if (request instanceof Grow g) {
                        grow(g, which);
                        needs.put(g.topic(), new Need(needs.get(g.topic()).spec(), g.to()));
                    }
                    sent++;
                } catch (TooLarge e) {
                    TopicRequests smaller = limits.halved();
                    if (smaller == null) {
                        throw e.refusal();
                    }
                    log.info("The cluster refused {} as too large ({}): trying requests of at most {} records", which,
                            e.refusal().getMessage(), smaller.recordBudget());
                    limits = smaller;
                    replan = true;
                }
            }
        }
        long partitions = specs.stream().mapToLong(TopicSpec::partitions).sum();
        log.info("Created {} topic(s), {} partitions, in {} request(s) in {} ms", specs.size(), partitions, sent,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        new PartitionReadiness(admin, CALL_TIMEOUT_SECONDS).await(specs);
    }

    /** A request's place and content, for progress and refusals. */
    private String describe(Request r, int number, int of) {
        if (r instanceof Create c) {
            return String.format(Locale.ROOT, "CreateTopics request %d of %d (%s, replication factor %d, %,d controller records)",
                    number, of, c.describe(), replicationFactor, c.records());
        }
        Grow g = (Grow) r;
        return String.format(Locale.ROOT, "CreatePartitions request %d of %d (topic %s from %,d to %,d partitions, replication "
                + "factor %d)", number, of, g.topic(), g.from(), g.to(), replicationFactor);
    }

    /** A refusal for the request's size: the caller retries with smaller requests. */
    private static final class TooLarge extends RuntimeException {
        private final DriverException refusal;

        TooLarge(DriverException refusal) {
            super(refusal.getMessage(), null, false, false);
            this.refusal = refusal;
        }

        DriverException refusal() {
            return refusal;
        }
    }

    private void createTopics(Create request, String which) {
        List<TopicSpec> pending = new ArrayList<>(request.topics());
        for (int attempt = 1; !pending.isEmpty(); attempt++) {
            List<NewTopic> topics = new ArrayList<>();
            for (TopicSpec s : pending) {
                topics.add(new NewTopic(s.name(), s.partitions(), replicationFactor).configs(topicConfig));
            }
            Map<String, KafkaFuture<Void>> results = admin.createTopics(topics).values();
            List<TopicSpec> retry = new ArrayList<>();
            Map<TopicSpec, Throwable> refused = new LinkedHashMap<>();
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
                    } else {
                        refused.put(s, cause);
                    }
                } catch (TimeoutException e) {
                    if (attempt >= ATTEMPTS) {
                        throw new DriverException("Kafka did not confirm " + which + " within " + CALL_TIMEOUT_SECONDS + " s ("
                                + ATTEMPTS + " attempts)", e);
                    }
                    retry.add(s);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new DriverException("interrupted while creating topics", e);
                }
            }
            if (!refused.isEmpty()) {
                throw refusal(which, pending, refused);
            }
            pending = retry;
            if (!pending.isEmpty()) {
                sleep(500L * attempt);
            }
        }
    }

    /**
     * The refusal of a CreateTopics request: of the request when every topic it still asked for met the
     * same reason (a limit of the request or of the cluster, not of one topic), else of the topics refused.
     */
    private RuntimeException refusal(String which, List<TopicSpec> asked, Map<TopicSpec, Throwable> refused) {
        Throwable first = refused.values().iterator().next();
        boolean whole = refused.size() == asked.size() && refused.values().stream().allMatch(t -> sameReason(t, first));
        if (whole) {
            DriverException e = new DriverException("Kafka refused " + which + ": " + reason(first), first);
            return TopicRequests.tooLarge(first) ? new TooLarge(e) : e;
        }
        if (refused.size() == 1) {
            TopicSpec s = refused.keySet().iterator().next();
            return new DriverException(String.format(Locale.ROOT, "Kafka refused topic %s (%,d partitions) of %s: %s", s.name(),
                    s.partitions(), which, reason(first)), first);
        }
        List<String> topics = new ArrayList<>();
        refused.forEach((s, t) -> topics.add(String.format(Locale.ROOT, "%s (%,d partitions): %s", s.name(), s.partitions(),
                reason(t))));
        return new DriverException("Kafka refused " + refused.size() + " topics of " + which + ": " + String.join("; ", topics),
                first);
    }

    private static boolean sameReason(Throwable a, Throwable b) {
        return a.getClass() == b.getClass() && String.valueOf(a.getMessage()).equals(String.valueOf(b.getMessage()));
    }

    /** The cluster's words and the kind of error ("... (PolicyViolationException)"). */
    private static String reason(Throwable t) {
        return t.getMessage() + " (" + t.getClass().getSimpleName() + ")";
    }

    private void grow(Grow request, String which) {
        for (int attempt = 1; ; attempt++) {
            try {
                admin.createPartitions(Map.of(request.topic(), NewPartitions.increaseTo(request.to())))
                        .all().get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                return;
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof InvalidPartitionsException && partitionsOf(request.topic()) >= request.to()) {
                    return; // an earlier attempt grew it
                }
                if (cause instanceof RetriableException && attempt < ATTEMPTS) {
                    sleep(500L * attempt);
                    continue;
                }
                DriverException refusal = new DriverException("Kafka refused " + which + ": " + reason(cause), cause);
                throw TopicRequests.tooLarge(cause) ? new TooLarge(refusal) : refusal;
            } catch (TimeoutException e) {
                if (attempt >= ATTEMPTS) {
                    throw new DriverException("Kafka did not confirm " + which + " within " + CALL_TIMEOUT_SECONDS + " s ("
                            + ATTEMPTS + " attempts)", e);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DriverException("interrupted while adding partitions to topic " + request.topic(), e);
            }
        }
    }

    private int partitionsOf(String topic) {
        return describe(List.of(topic)).getOrDefault(topic, 0);
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

    /**
     * Deletes in requests of at most {@value #DELETE_BATCH} topics; a request that fails does not keep the
     * others from being sent, and the error names what was left behind.
     */
    void delete(List<String> names) {
        List<String> failed = new ArrayList<>();
        int requests = (names.size() + DELETE_BATCH - 1) / DELETE_BATCH;
        for (int from = 0, number = 1; from < names.size(); from += DELETE_BATCH, number++) {
            List<String> batch = names.subList(from, Math.min(names.size(), from + DELETE_BATCH));
            String which = requests == 1 ? "" : String.format(Locale.ROOT, " (DeleteTopics request %d of %d)", number, requests);
            failed.addAll(deleteBatch(batch, which));
        }
        if (!failed.isEmpty()) {
            throw new DriverException("could not delete " + failed.size() + " topic(s), left behind: " + String.join("; ", failed));
        }
    }

    private List<String> deleteBatch(List<String> names, String which) {
        Map<String, KafkaFuture<Void>> results = admin.deleteTopics(names,
                new DeleteTopicsOptions().timeoutMs((int) TimeUnit.SECONDS.toMillis(DELETE_TIMEOUT_SECONDS))).topicNameValues();
        List<String> failed = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DELETE_TIMEOUT_SECONDS + 1);
        for (String name : names) {
            try {
                results.get(name).get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    failed.add(name + ": " + e.getCause().getMessage() + which);
                }
            } catch (TimeoutException e) {
                failed.add(name + ": no answer within " + DELETE_TIMEOUT_SECONDS + " s" + which);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DriverException("interrupted while deleting topics", e);
            }
        }
        return failed;
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
