package io.kbench.features;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.model.ConsumerMetrics;
import io.kbench.model.Delivery;
import io.kbench.model.Diagnosis;
import io.kbench.model.Measurement;
import io.kbench.model.PeriodSummary;
import io.kbench.model.ResultSection;
import io.kbench.model.RunStatus;
import io.kbench.workload.Workload;
import java.util.List;

/**
 * What a feature sees of a finished run, to print its lines and draw its report parts: the run's
 * core figures and the sections. A result file read back gives the same view as the run that wrote it.
 */
public interface RunView {

    /** The workload as the run used it. */
    Workload workload();

    RunStatus status();

    Diagnosis diagnosis();

    /** The measured window, or null when nothing was measured. */
    Measurement measurement();

    /** The consumers' figures in kafka-consumer-perf-test's terms, or null without consumers. */
    ConsumerMetrics consumer();

    /** What became of every message, or null when nothing was collected. */
    Delivery delivery();

    /** The periods the result keeps, one per sample interval, oldest first. */
    List<PeriodSummary> periods();

    /** The section of this type, or null when the run has none. */
    <T extends ResultSection> T section(Class<T> type);

    /**
     * Another feature's section as JSON, by its key, or null: for a feature that shows a detail of
     * another one without depending on its types (features never import one another).
     */
    JsonNode sectionJson(String key);
}
