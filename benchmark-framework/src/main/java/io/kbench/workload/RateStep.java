package io.kbench.workload;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;

/**
 * One entry of a workload's {@code producerRateSteps}: {@code rate} messages per second in all,
 * {@code for} this long (the last step's rate holds to the end of the run).
 */
public record RateStep(Double rate, @JsonProperty("for") Duration duration) {}
