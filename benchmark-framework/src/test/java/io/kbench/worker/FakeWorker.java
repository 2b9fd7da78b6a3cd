package io.kbench.worker;

import io.kbench.driver.TopicSpec;
import io.kbench.stats.CumulativeStats;
import io.kbench.stats.PeriodStats;
import io.kbench.plan.LoadSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import io.kbench.plan.ProducerSpec;
import io.kbench.plan.ConsumerSpec;
/** A worker that records the calls it gets and answers with canned values, or fails. */
final class FakeWorker implements Worker {

    final String id;
    final List<String> calls = Collections.synchronizedList(new ArrayList<>());
    final List<ConsumerSpec> consumers = Collections.synchronizedList(new ArrayList<>());
    final List<ProducerSpec> producers = Collections.synchronizedList(new ArrayList<>());
    volatile Map<String, Integer> assigned = Map.of();
    volatile List<PeriodStats> period = List.of();
    volatile List<CumulativeStats> cumulative = List.of();
    volatile List<WorkerFindings> findings = List.of();
    /** Thrown by every call but id() when set. */
    volatile RuntimeException failure;

    FakeWorker(String id) {
        this.id = id;
    }

    private void call(String name) {
        calls.add(name);
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public void startRun(WorkerSetup setup) {
        call("startRun " + setup.runId());
    }

    @Override
    public void createTopics(List<TopicSpec> topics) {
        call("createTopics " + topics.size());
    }

    @Override
    public void deleteTopics(List<String> topics) {
        call("deleteTopics " + topics);
    }

    @Override
    public Map<String, Integer> describeTopics(List<String> topics) {
        call("describeTopics " + topics);
        return java.util.Map.of();
    }

    @Override
    public void createConsumers(List<ConsumerSpec> specs) {
        call("createConsumers");
        consumers.addAll(specs);
    }

    @Override
    public Map<String, Integer> assignedPartitions() {
        call("assignedPartitions");
        return assigned;
    }

    @Override
    public void createProducers(List<ProducerSpec> specs) {
        call("createProducers");
        producers.addAll(specs);
    }

    @Override
    public void startLoad(LoadSpec load) {
        call("startLoad");
    }

    @Override
    public List<WorkerFindings> findings() {
        call("findings");
        return findings;
    }

    @Override
    public void changeRate(double ratePerSecond) {
        call("changeRate " + ratePerSecond);
    }

    @Override
    public void restartSchedule(double ratePerSecond) {
        call("restartSchedule " + ratePerSecond);
    }

    @Override
    public void pauseConsumers() {
        call("pauseConsumers");
    }

    @Override
    public void resumeConsumers() {
        call("resumeConsumers");
    }

    @Override
    public void resetStats() {
        call("resetStats");
    }

    @Override
    public List<PeriodStats> periodStats() {
        call("periodStats");
        return period;
    }

    @Override
    public List<CumulativeStats> cumulativeStats() {
        call("cumulativeStats");
        return cumulative;
    }

    @Override
    public void stopProducers() {
        call("stopProducers");
    }

    @Override
    public void stopClients() {
        call("stopClients");
    }

    @Override
    public void stopRun() {
        call("stopRun");
    }

    @Override
    public void close() {
        calls.add("close");
    }
}
