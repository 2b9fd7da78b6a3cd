package io.kbench.features.consumerevents;

import io.kbench.workload.ConsumerEventSpec;
import io.kbench.workload.ConsumerEventSpec.Kind;
import java.util.Objects;
import java.util.OptionalInt;

/** What a consumer event does, one record per shape: some consumers join, leave or crash; or one worker's restart. */
public sealed interface EventAction {

    /** Its kind, e.g. {@link Kind#CONSUMER_CRASH}. */
    Kind kind();

    /** "consumer-crash of 2", "worker-restart of worker 1", "worker-restart": for the report's headings and marks. */
    String label();

    /**
     * {@code count} consumers join, leave or crash.
     *
     * @param kind {@link Kind#CONSUMER_JOIN}, {@link Kind#CONSUMER_LEAVE} or {@link Kind#CONSUMER_CRASH}
     */
    record Consumers(Kind kind, int count) implements EventAction {
        public Consumers {
            Objects.requireNonNull(kind, "kind");
            if (kind == Kind.WORKER_RESTART) {
                throw new IllegalArgumentException("a worker-restart is a WorkerRestart");
            }
        }

        @Override
        public String label() {
            return kind.label() + " of " + count;
        }
    }

    /**
     * Every consumer of one worker closes and comes back.
     *
     * @param worker the worker's index as the workload gives it; empty when not given (worker 0)
     */
    record WorkerRestart(OptionalInt worker) implements EventAction {
        public WorkerRestart {
            Objects.requireNonNull(worker, "worker");
        }

        @Override
        public Kind kind() {
            return Kind.WORKER_RESTART;
        }

        @Override
        public String label() {
            return kind().label();
        }
    }

    /** What a validated event of the workload does. */
    static EventAction of(ConsumerEventSpec e) {
        return e.kind() == Kind.WORKER_RESTART
                ? new WorkerRestart(e.worker() == null ? OptionalInt.empty() : OptionalInt.of(e.worker()))
                : new Consumers(e.kind(), e.countOrDefault());
    }
}
