package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.kbench.model.PeriodSummary;
import io.kbench.model.WarmupReport;
import io.kbench.time.ClockOffset;
import java.time.Instant;
import java.util.List;

/**
 * When a run happened and how it went over time: its start and end, the warmup, the consumers' join,
 * the workers' clocks and every sampled period.
 *
 * @param startTime when the run started
 * @param endTime when it ended
 * @param sampleIntervalMillis the length of the periods kept (the last of a phase may be shorter); written
 *     under the Redpanda fork's name
 * @param warmup how the warmup went, or null without one
 * @param rebalanceTimeMillis from creating the consumers to every partition being assigned
 * @param workerClocks each remote worker's clock offset and its error bound (empty for a local run)
 * @param periods every sampled period, all phases, oldest first
 */
public record RunTimeline(
        Instant startTime,
        Instant endTime,
        @JsonProperty("sampleRateMillis") long sampleIntervalMillis,
        WarmupReport warmup,
        long rebalanceTimeMillis,
        List<ClockOffset> workerClocks,
        List<PeriodSummary> periods) {

    public RunTimeline {
        workerClocks = workerClocks == null ? List.of() : List.copyOf(workerClocks);
        periods = periods == null ? List.of() : List.copyOf(periods);
    }

    /** The periods of the measured phases, as OMB's per-period lists have them. */
    public List<PeriodSummary> measuredPeriods() {
        return periods.stream().filter(p -> p.phase().measured()).toList();
    }

    /**
     * How far end-to-end latency can be off because of clock offsets: a message produced on one
     * worker and consumed on another carries both workers' estimate errors.
     */
    @JsonProperty(value = "endToEndErrorBoundMicros", access = JsonProperty.Access.READ_ONLY)
    public long endToEndErrorBoundMicros() {
        long worst = 0;
        long second = 0;
        for (ClockOffset c : workerClocks) {
            if (c.errorBoundMicros() > worst) {
                second = worst;
                worst = c.errorBoundMicros();
            } else if (c.errorBoundMicros() > second) {
                second = c.errorBoundMicros();
            }
        }
        return worst + second;
    }
}
