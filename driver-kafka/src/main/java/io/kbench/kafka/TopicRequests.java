package io.kbench.kafka;

import io.kbench.driver.TopicSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits the creation of topics into requests a KRaft controller accepts. Pure: no client, no
 * clock, so the split is tested on its own.
 *
 * <p>What the controller of Kafka 4.3.1 refuses (read in its source, {@code QuorumController} and
 * {@code ReplicationControlManager}):
 * <ul>
 *   <li>an operation that would write more than {@value #MAX_RECORDS} metadata records
 *       ({@code MAX_RECORDS_PER_USER_OP}; "Unable to perform excessively large batch operation").
 *       Creating a topic writes one record for the topic, one per topic config given, and one per
 *       partition: the replicas of a partition sit in its one record, so the replication factor adds
 *       none. Growing a topic writes one record per new partition;</li>
 *   <li>a CreateTopics request asking for more than {@value #MAX_PARTITIONS} partitions in all
 *       ("Excessively large number of partitions per request").</li>
 * </ul>
 * So topics are packed into CreateTopics requests by their records, not by their number, and a
 * topic larger than one request allows is created with as many partitions as fit, then grown
 * with CreatePartitions requests of at most {@value #MAX_RECORDS} new partitions each.
 *
 * @param recordBudget the most records one request may write
 * @param partitionBudget the most partitions one CreateTopics request may ask for
 */
record TopicRequests(int recordBudget, int partitionBudget) {

    /** {@code QuorumController.MAX_RECORDS_PER_USER_OP} in Kafka 4.3.1. */
    static final int MAX_RECORDS = 10_000;
    /** The partitions one CreateTopics request may ask for in Kafka 4.3.1 ({@code validateTotalNumberOfPartitions}). */
    static final int MAX_PARTITIONS = 10_000;
    /** The smallest budget a cluster that refuses more is tried with. */
    static final int MIN_BUDGET = 64;

    static final TopicRequests KAFKA = new TopicRequests(MAX_RECORDS, MAX_PARTITIONS);

    TopicRequests {
        if (recordBudget < MIN_BUDGET || partitionBudget < MIN_BUDGET) {
            throw new IllegalArgumentException("budgets must be at least " + MIN_BUDGET);
        }
    }

    /** Half the budgets, for a cluster that refused a request as too large: null when they cannot shrink further. */
    TopicRequests halved() {
        if (recordBudget <= MIN_BUDGET && partitionBudget <= MIN_BUDGET) {
            return null;
        }
        return new TopicRequests(Math.max(MIN_BUDGET, recordBudget / 2), Math.max(MIN_BUDGET, partitionBudget / 2));
    }

    /**
     * A topic as far as it was created.
     *
     * @param spec the topic as asked for
     * @param existing its partitions on the cluster so far: 0 when it is not created yet
     */
    record Need(TopicSpec spec, int existing) {

        boolean done() {
            return existing >= spec.partitions();
        }
    }

    /** One request to the cluster. */
    sealed interface Request permits Create, Grow {

        /** The metadata records the controller writes for it. */
        int records();
    }

    /**
     * A CreateTopics request.
     *
     * @param topics each topic with the partitions it is created with (fewer than asked for a topic grown later)
     * @param configs the topic configs given with each topic
     */
    record Create(List<TopicSpec> topics, int configs) implements Request {

        Create {
            topics = List.copyOf(topics);
        }

        int partitions() {
            return topics.stream().mapToInt(TopicSpec::partitions).sum();
        }

        @Override
        public int records() {
            return topics.size() * (1 + configs) + partitions();
        }

        /** "3 topics (kbench-x-03 to kbench-x-05), 3,000 partitions". */
        String describe() {
            String names = topics.size() == 1 ? "topic " + topics.get(0).name()
                    : String.format(Locale.ROOT, "%d topics (%s to %s)", topics.size(), topics.get(0).name(),
                            topics.get(topics.size() - 1).name());
            return String.format(Locale.ROOT, "%s, %,d partitions", names, partitions());
        }
    }

    /** A CreatePartitions request growing one topic from {@code from} to {@code to} partitions. */
    record Grow(String topic, int from, int to) implements Request {

        @Override
        public int records() {
            return to - from;
        }
    }

    /** The most partitions a topic can be created with in one request, with {@code configs} topic configs. */
    int firstPartitions(int configs) {
        return Math.max(1, Math.min(partitionBudget, recordBudget - 1 - configs));
    }

    /**
     * The requests that create what is missing: CreateTopics requests packed in order, then the
     * CreatePartitions steps of the topics too large for one request.
     *
     * @param needs the topics, each as far as it was created
     * @param configs the topic configs given with each topic
     */
    List<Request> plan(List<Need> needs, int configs) {
        List<Request> creates = new ArrayList<>();
        List<Request> grows = new ArrayList<>();
        List<TopicSpec> batch = new ArrayList<>();
        int batchRecords = 0;
        int batchPartitions = 0;
        int first = firstPartitions(configs);
        for (Need n : needs) {
            if (n.done()) {
                continue;
            }
            int from = n.existing();
            if (from == 0) {
                int partitions = Math.min(n.spec().partitions(), first);
                int records = 1 + configs + partitions;
                if (!batch.isEmpty() && (batchRecords + records > recordBudget || batchPartitions + partitions > partitionBudget)) {
                    creates.add(new Create(batch, configs));
                    batch = new ArrayList<>();
                    batchRecords = 0;
                    batchPartitions = 0;
                }
                batch.add(new TopicSpec(n.spec().name(), partitions));
                batchRecords += records;
                batchPartitions += partitions;
                from = partitions;
            }
            while (from < n.spec().partitions()) {
                int to = (int) Math.min(n.spec().partitions(), (long) from + recordBudget);
                grows.add(new Grow(n.spec().name(), from, to));
                from = to;
            }
        }
        if (!batch.isEmpty()) {
            creates.add(new Create(batch, configs));
        }
        List<Request> all = new ArrayList<>(creates);
        all.addAll(grows);
        return List.copyOf(all);
    }

    /** Whether the cluster refused a request for its size, in the words of Kafka 4.3.1's controller. */
    static boolean tooLarge(Throwable refusal) {
        String m = refusal == null || refusal.getMessage() == null ? "" : refusal.getMessage().toLowerCase(Locale.ROOT);
        return m.contains("excessively large");
    }
}
