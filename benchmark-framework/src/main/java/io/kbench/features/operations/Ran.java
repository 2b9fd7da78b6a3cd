package io.kbench.features.operations;

import io.kbench.time.Attempt;
import io.kbench.workload.OperationSpec;
import java.util.List;

/**
 * One operation as the runner left it, before the run's end judges its windows and puts its changes back.
 *
 * @param spec what was planned
 * @param attempt when it started; null when it never did
 * @param doneElapsedMicros when the cluster said it was done or the wait ended, from the start of the load; null when
 *     it never started
 * @param status what became of it
 * @param target what it acted on, in words
 * @param outcome in one line
 * @param steps step by step
 * @param changeKeys the journal keys of the changes it made that the run's end puts back
 * @param putBackNote what the run's end says of it when it made no change to put back, or null
 * @param partitionsMoved for a reassignment; null otherwise
 * @param bytesMoved for a reassignment, when known; null otherwise
 * @param newPartitionsWrittenAfterMillis for add-partitions, when known and reached; null otherwise
 * @param newPartitionsConsumedAfterMillis for add-partitions, when known and reached; null otherwise
 */
record Ran(OperationSpec spec, Attempt attempt, Long doneElapsedMicros, OperationStatus status, String target, String outcome,
           List<String> steps, List<String> changeKeys, String putBackNote, Integer partitionsMoved, Long bytesMoved,
           Long newPartitionsWrittenAfterMillis, Long newPartitionsConsumedAfterMillis) {

    static Ran notRun(OperationSpec spec, String why) {
        return new Ran(spec, null, null, OperationStatus.NOT_RUN, "", why, List.of(), List.of(), null, null, null, null, null);
    }
}
