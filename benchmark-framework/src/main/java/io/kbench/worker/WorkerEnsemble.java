package io.kbench.worker;

import io.kbench.driver.DriverException;
import io.kbench.driver.ClusterDescription;
import io.kbench.driver.TopicOffsets;
import io.kbench.driver.TopicSpec;
import io.kbench.stats.CumulativeStats;
import io.kbench.stats.PeriodStats;
import io.kbench.util.Errors;
import io.kbench.plan.LoadSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

import io.kbench.plan.ProducerSpec;
import io.kbench.plan.ConsumerSpec;
/**
 * Many workers behind the {@link Worker} interface: splits producers and consumers over them,
 * sends every other call to all of them in parallel, and returns their stats side by side.
 * A local run is an ensemble of one {@link LocalWorker}, so it takes the same path as a 40-worker run.
 */
public final class WorkerEnsemble implements WorkerGroup {

    private final List<Worker> members;
    private final Assignment assignment;
    private final ExecutorService pool;

    public WorkerEnsemble(List<Worker> members, List<WorkerRole> roles) {
        if (members.isEmpty() || members.size() != roles.size()) {
            throw new IllegalArgumentException("need one role per worker, and at least one worker");
        }
        this.members = List.copyOf(members);
        this.assignment = new Assignment(List.copyOf(roles));
        this.pool = Executors.newFixedThreadPool(Math.min(members.size(), 64), r -> {
            Thread t = new Thread(r, "kbench-ensemble");
            t.setDaemon(true);
            return t;
        });
    }

    public static WorkerEnsemble of(List<Worker> members) {
        List<WorkerRole> roles = new ArrayList<>();
        members.forEach(m -> roles.add(WorkerRole.ANY));
        return new WorkerEnsemble(members, roles);
    }

    @Override
    public String id() {
        return members.size() == 1 ? members.get(0).id() : members.size() + " workers";
    }

    @Override
    public List<Worker> members() {
        return members;
    }

    @Override
    public List<WorkerPlan> plan(LoadSpec load) {
        List<WorkerPlan> plans = new ArrayList<>();
        for (int i = 0; i < members.size(); i++) {
            List<ProducerSpec> producers = assignment.producersOf(i);
            double rate = load.throttled() ? load.totalRatePerSecond() * producers.size() / load.totalProducers() : -1;
            plans.add(new WorkerPlan(members.get(i).id(), producers, assignment.consumersOf(i), rate));
        }
        return plans;
    }

    @Override
    public void startRun(WorkerSetup setup) {
        forAll("start the run", w -> w.startRun(setup));
    }

    /** Topics are created once, through the first worker. */
    @Override
    public void createTopics(List<TopicSpec> topics) {
        members.get(0).createTopics(topics);
    }

    /** Through the first worker that manages it: any of them can reach the cluster. */
    @Override
    public void deleteTopics(List<String> topics) {
        RuntimeException last = null;
        for (Worker w : members) {
            try {
                w.deleteTopics(topics);
                return;
            } catch (RuntimeException e) {
                last = e;
            }
        }
        throw last;
    }

    /** Through the first worker: any of them sees the cluster. */
    @Override
    public Map<String, Integer> describeTopics(List<String> topics) {
        return members.get(0).describeTopics(topics);
    }

    /** Through the first worker: any of them sees the cluster. */
    @Override
    public Map<String, TopicOffsets> topicOffsets(List<String> topics) {
        return members.get(0).topicOffsets(topics);
    }

    /** Through the first worker: any of them sees the cluster. */
    @Override
    public Map<String, Long> topicRetentionMillis(List<String> topics) {
        return members.get(0).topicRetentionMillis(topics);
    }

    @Override
    public Optional<ClusterDescription> describeCluster(List<String> topics) {
        return members.get(0).describeCluster(topics);
    }

    @Override
    public void renewLease() {
        forAll("renew their leases", Worker::renewLease);
    }

    @Override
    public void createConsumers(List<ConsumerSpec> consumers) {
        List<List<ConsumerSpec>> split = assignment.assignConsumers(consumers);
        forEachIndexed("create consumers", (i, w) -> {
            if (!split.get(i).isEmpty()) {
                w.createConsumers(split.get(i));
            }
        });
    }

    @Override
    public Map<String, Integer> assignedPartitions() {
        Map<String, Integer> total = new HashMap<>();
        for (Map<String, Integer> one : callAll("read consumer assignments", Worker::assignedPartitions)) {
            one.forEach((k, v) -> total.merge(k, v, Integer::sum));
        }
        return total;
    }

    /** From the workers holding the most of the subscription's consumers first, so that the others stay spread. */
    @Override
    public int removeConsumers(String subscription, int count, boolean crash) {
        int[] taken = assignment.takeConsumers(subscription, count);
        int removed = 0;
        for (int i = 0; i < taken.length; i++) {
            if (taken[i] > 0) {
                removed += members.get(i).removeConsumers(subscription, taken[i], crash);
            }
        }
        return removed;
    }

    /** Not for a group: the coordinator restarts one member's consumers. */
    @Override
    public int restartConsumers() {
        throw new WorkerException("restart the consumers of one member of " + id() + ", not of all");
    }

    @Override
    public Map<String, List<Integer>> memberAssignments() {
        Map<String, List<Integer>> all = new HashMap<>();
        for (Map<String, List<Integer>> one : callAll("read each consumer's assignment", Worker::memberAssignments)) {
            one.forEach((k, v) -> all.computeIfAbsent(k, x -> new ArrayList<>()).addAll(v));
        }
        return all;
    }

    @Override
    public void createProducers(List<ProducerSpec> producers) {
        List<List<ProducerSpec>> split = assignment.assignProducers(producers);
        forEachIndexed("create producers", (i, w) -> {
            if (!split.get(i).isEmpty()) {
                w.createProducers(split.get(i));
            }
        });
    }

    @Override
    public void startLoad(LoadSpec load) {
        forAll("start the load", w -> w.startLoad(load));
    }

    @Override
    public void changeRate(double ratePerSecond) {
        forAll("change the rate", w -> w.changeRate(ratePerSecond));
    }

    @Override
    public void restartSchedule(double ratePerSecond) {
        forAll("restart the schedule", w -> w.restartSchedule(ratePerSecond));
    }

    @Override
    public void pauseConsumers() {
        forAll("pause consumers", Worker::pauseConsumers);
    }

    @Override
    public void resumeConsumers() {
        forAll("resume consumers", Worker::resumeConsumers);
    }

    @Override
    public void resetStats() {
        forAll("reset stats", Worker::resetStats);
    }

    @Override
    public List<PeriodStats> periodStats() {
        return flat(callAll("collect period stats", Worker::periodStats));
    }

    @Override
    public List<CumulativeStats> cumulativeStats() {
        return flat(callAll("collect cumulative stats", Worker::cumulativeStats));
    }

    @Override
    public List<WorkerFindings> findings() {
        return flat(callAll("report integrity data and client metrics", Worker::findings));
    }

    @Override
    public List<WorkerFindings> progress(String feature) {
        return flat(callAll("report " + feature + "'s progress", w -> w.progress(feature)));
    }

    @Override
    public List<WorkerFindings> tryFindings(Map<String, String> failures) {
        return flat(tryCallAll("report integrity data and client metrics", Worker::findings, failures::putIfAbsent));
    }

    @Override
    public void stopProducers() {
        forAll("stop producers", Worker::stopProducers);
    }

    @Override
    public void stopClients() {
        forAll("close producers and consumers", Worker::stopClients);
    }

    /** Stops every worker's run; one failure does not keep the others running. */
    @Override
    public void stopRun() {
        List<String> failures = tryForAll("stop the run", Worker::stopRun);
        if (!failures.isEmpty()) {
            throw new WorkerException(String.join("; ", failures));
        }
    }

    @Override
    public List<String> tryForAll(String what, Consumer<Worker> call) {
        List<String> failures = new ArrayList<>();
        tryCallAll(what, w -> {
            call.accept(w);
            return Boolean.TRUE;
        }, (id, message) -> failures.add(message));
        return failures;
    }

    @Override
    public List<CumulativeStats> tryCumulativeStats(Map<String, String> failures) {
        return flat(tryCallAll("report cumulative stats", Worker::cumulativeStats, failures::putIfAbsent));
    }

    private static <T> List<T> flat(List<List<T>> lists) {
        return lists.stream().flatMap(List::stream).toList();
    }

    /** Calls every member; each failure goes to {@code failed} with the member's id and a message naming it. */
    private <T> List<T> tryCallAll(String what, Function<Worker, T> call, BiConsumer<String, String> failed) {
        List<T> results = new ArrayList<>();
        List<Outcome<T>> outcomes = fanOut(members, (i, w) -> call.apply(w));
        for (int i = 0; i < outcomes.size(); i++) {
            Outcome<T> o = outcomes.get(i);
            if (o.failure() == null) {
                results.add(o.value());
            } else {
                RuntimeException e = named(what, members.get(i), o.failure());
                String message = Errors.describeForUser(e);
                String id = members.get(i).id();
                failed.accept(id, message.startsWith("worker " + id) ? message : "worker " + id + " could not " + what + ": " + message);
            }
        }
        return results;
    }

    @Override
    public void close() {
        try {
            for (Worker w : members) {
                try {
                    w.close();
                } catch (RuntimeException e) {
                    // Closing is best effort; each worker also stops by itself when its lease ends.
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private interface IndexedCall {
        void call(int index, Worker worker);
    }

    private void forAll(String what, Consumer<Worker> call) {
        forEachIndexed(what, (i, w) -> call.accept(w));
    }

    private void forEachIndexed(String what, IndexedCall call) {
        callAll(what, members, (i, w) -> {
            call.call(i, w);
            return null;
        });
    }

    private <T> List<T> callAll(String what, Function<Worker, T> call) {
        return callAll(what, members, (i, w) -> call.apply(w));
    }

    private interface IndexedFunction<T> {
        T apply(int index, Worker worker);
    }

    private <T> List<T> callAll(String what, List<Worker> workers, IndexedFunction<T> call) {
        List<T> results = new ArrayList<>();
        List<Outcome<T>> outcomes = fanOut(workers, call);
        for (int i = 0; i < outcomes.size(); i++) {
            if (outcomes.get(i).failure() != null) {
                throw named(what, workers.get(i), outcomes.get(i).failure());
            }
            results.add(outcomes.get(i).value());
        }
        return results;
    }

    /** What one worker's call gave: a value, or the failure. */
    private record Outcome<T>(T value, Throwable failure) {}

    /** Calls every worker in parallel (in this thread for a single worker) and waits for all of them. */
    private <T> List<Outcome<T>> fanOut(List<Worker> workers, IndexedFunction<T> call) {
        if (workers.size() == 1) {
            try {
                return List.of(new Outcome<>(call.apply(0, workers.get(0)), null)); // no thread hop for the local run
            } catch (RuntimeException e) {
                return List.of(new Outcome<>(null, e));
            }
        }
        List<Future<T>> futures = new ArrayList<>();
        for (int i = 0; i < workers.size(); i++) {
            int index = i;
            futures.add(pool.submit(() -> call.apply(index, workers.get(index))));
        }
        List<Outcome<T>> outcomes = new ArrayList<>();
        for (Future<T> f : futures) {
            try {
                outcomes.add(new Outcome<>(f.get(), null));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                outcomes.add(new Outcome<>(null, new WorkerException("interrupted while waiting for the workers")));
            } catch (ExecutionException e) {
                outcomes.add(new Outcome<>(null, e.getCause()));
            }
        }
        return outcomes;
    }

    /** A member's failure as the interface promises it: its own worker or driver exception, else one naming it. */
    private static RuntimeException named(String what, Worker worker, Throwable cause) {
        if (cause instanceof WorkerException || cause instanceof DriverException) {
            return (RuntimeException) cause;
        }
        return new WorkerException("worker " + worker.id() + " failed to " + what + ": " + Errors.describe(cause), cause);
    }
}
