package io.kbench.workload.spec;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The settings of features that a workload turns on by a field of its own.
 *
 * @param cku Confluent Cloud capacity units of the cluster under test (the CKU check); empty when off
 * @param tieredStorage the past is to be read from a remote storage tier
 * @param sampleInterval the length of the periods the result keeps, when the file says (sampleRateMillis)
 */
public record FeatureSettings(OptionalInt cku, boolean tieredStorage, Optional<Duration> sampleInterval) {}
