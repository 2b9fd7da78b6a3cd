package io.kbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.result.OmbResult;
import io.kbench.journal.Journal;
import io.kbench.journal.JournalException;
import io.kbench.journal.JournalRecovery;
import io.kbench.journal.RunJournal;
import io.kbench.result.ResultJson;
import io.kbench.result.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * One result file as read: kbench's, bound to the result's own classes, or OpenMessaging Benchmark's
 * (or a fork's: the same field names, no histograms; its percentile curves come from the
 * {@code aggregated*Quantiles} maps, and its {@code publishLatency} is ack − send, our send latency).
 *
 * @param file the file as given or found
 * @param kbench the result, for a kbench file (else null)
 * @param omb the result, for an OMB file (else null)
 */
public record ResultFile(Path file, RunResult kbench, OmbResult omb) {

    /**
     * Reads a result file, or a run journal (a run whose coordinator was lost: its periods so far, marked failed);
     * anything else is a {@link ReportInputException} naming the file and what is wrong.
     */
    public static ResultFile read(Path file) {
        if (RunJournal.isJournal(file)) {
            try {
                return new ResultFile(file, JournalRecovery.toResult(Journal.read(file)), null);
            } catch (JournalException e) {
                throw new ReportInputException(e.getMessage(), e);
            }
        }
        JsonNode root;
        try {
            root = ResultJson.MAPPER.readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new ReportInputException(file + ": no such file");
        } catch (JsonProcessingException e) {
            throw new ReportInputException(file + " is not a kbench or OpenMessaging Benchmark result: it is not JSON ("
                    + e.getOriginalMessage() + " at line " + e.getLocation().getLineNr() + ")");
        } catch (IOException e) {
            throw new ReportInputException(file + ": cannot read it: " + e.getMessage(), e);
        }
        Boolean kbench = isKbench(root);
        if (kbench == null) {
            throw new ReportInputException(file + " is not a kbench or OpenMessaging Benchmark result: it has neither kbench's"
                    + " 'measurement' nor OMB's 'publishRate' list with 'aggregatedPublishLatency*' figures."
                    + " Give result files written by bin/benchmark (or OMB), or a directory of them");
        }
        int version = root.path("schemaVersion").asInt(1);
        if (kbench && version > RunResult.SCHEMA_VERSION) {
            throw new ReportInputException(file + " has result schema version " + version + ", newer than this kbench reads ("
                    + RunResult.SCHEMA_VERSION + "): report it with the kbench that wrote it, or a newer one");
        }
        try {
            return kbench ? new ResultFile(file, ResultJson.read(root), null)
                    : new ResultFile(file, null, ResultJson.readOmb(root));
        } catch (IllegalArgumentException e) {
            throw new ReportInputException(file + " is not a readable " + (kbench ? "kbench" : "OMB")
                    + " result: " + e.getMessage(), e);
        }
    }

    /** True for kbench's result, false for OMB's, null for neither (the caller names the file). */
    private static Boolean isKbench(JsonNode root) {
        if (root == null || !root.isObject()) {
            return null;
        }
        if (root.path("measurement").isObject() || (root.has("runId") && root.has("status"))) {
            return true;
        }
        boolean ombSeries = root.path("publishRate").isArray();
        boolean ombAggregates = root.path("aggregatedPublishLatency50pct").isNumber()
                || root.path("aggregatedPublishLatencyQuantiles").isObject();
        return ombSeries && ombAggregates ? false : null;
    }

    public String workload() {
        String name = kbench != null ? kbench.identity().workload().name() : omb.workload();
        return name == null || name.isBlank() ? "(unnamed workload)" : name;
    }

    public String driver() {
        String name = kbench != null ? kbench.identity().driverInfo().name() : omb.driver();
        return name == null ? "" : name;
    }

    /** completed, degraded, failed, interrupted; OMB files have no status and count as completed. */
    public String status() {
        return kbench == null ? "completed" : kbench.outcome().status().label();
    }

    /** The file name without {@code .json}: short, and unique within a directory. */
    public String stem() {
        String name = file.getFileName().toString();
        return name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
    }
}
