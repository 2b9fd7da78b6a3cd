package io.kbench.features.consumerevents;

import io.kbench.workload.Choice;
import io.kbench.workload.ConsumerEventSpec;
import io.kbench.workload.ConsumerEventSpec.Kind;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * What a consumer event does, one record per shape: some consumers join, leave or crash; one worker's restart; or, read
 * from a result a later version wrote, an event of a kind this one does not know.
 */
public sealed interface EventAction {

    /** Its kind, e.g. {@code consumer-crash}, as the result names it. */
    Choice<Kind> type();

    /** "consumer-crash of 2", "worker-restart": for the report's headings and marks. */
    String label();

    /** " of 2", " of worker 1" or "": what the final line says after the kind. */
    String detail();

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
        public Choice<Kind> type() {
            return new Choice.Known<>(kind, kind.label());
        }

        @Override
        public String label() {
            return kind.label() + detail();
        }

        @Override
        public String detail() {
            return " of " + count;
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
        public Choice<Kind> type() {
            return new Choice.Known<>(Kind.WORKER_RESTART, Kind.WORKER_RESTART.label());
        }

        @Override
        public String label() {
            return Kind.WORKER_RESTART.label();
        }

        @Override
        public String detail() {
            return worker.isPresent() ? " of worker " + worker.getAsInt() : "";
        }
    }

    /**
     * An event of a kind this version does not know, read from a result: shown as the result gives it.
     *
     * @param written its kind as the result names it
     */
    record Unrecognised(String written, OptionalInt count, OptionalInt worker) implements EventAction {
        public Unrecognised {
            Objects.requireNonNull(written, "written");
            Objects.requireNonNull(count, "count");
            Objects.requireNonNull(worker, "worker");
        }

        @Override
        public Choice<Kind> type() {
            return new Choice.Unknown<>(written);
        }

        @Override
        public String label() {
            return written + (count.isPresent() ? " of " + count.getAsInt() : "");
        }

        @Override
        public String detail() {
            return count.isPresent() ? " of " + count.getAsInt() : worker.isPresent() ? " of worker " + worker.getAsInt() : "";
        }
    }

    /** What a validated event of the workload does. */
    static EventAction of(ConsumerEventSpec e) {
        return e.kind() == Kind.WORKER_RESTART
                ? new WorkerRestart(e.worker() == null ? OptionalInt.empty() : OptionalInt.of(e.worker()))
                : new Consumers(e.kind(), e.countOrDefault());
    }
}
