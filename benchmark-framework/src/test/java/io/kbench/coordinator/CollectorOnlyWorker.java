package io.kbench.coordinator;

import io.kbench.driver.TopicSpec;
import io.kbench.stats.CumulativeStats;
import io.kbench.plan.ConsumerSpec;
import io.kbench.plan.LoadSpec;
import io.kbench.plan.ProducerSpec;
import io.kbench.worker.WorkerSetup;
import io.kbench.worker.Worker;
import io.kbench.worker.WorkerFindings;
import java.util.List;
import java.util.Map;

/** A simulated worker for a period collector's tests: every call it does not override is unsupported. */
abstract class CollectorOnlyWorker implements Worker {

    @Override
    public void startRun(WorkerSetup setup) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void createTopics(List<TopicSpec> topics) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void deleteTopics(List<String> topics) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Map<String, Integer> describeTopics(List<String> topics) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void createConsumers(List<ConsumerSpec> consumers) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Map<String, Integer> assignedPartitions() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void createProducers(List<ProducerSpec> producers) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void startLoad(LoadSpec load) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void changeRate(double ratePerSecond) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void restartSchedule(double ratePerSecond) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void pauseConsumers() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void resumeConsumers() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void resetStats() {
        throw new UnsupportedOperationException();
    }

    @Override
    public List<CumulativeStats> cumulativeStats() {
        throw new UnsupportedOperationException();
    }

    @Override
    public List<WorkerFindings> findings() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void stopProducers() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void stopClients() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void stopRun() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void close() {
    }
}
