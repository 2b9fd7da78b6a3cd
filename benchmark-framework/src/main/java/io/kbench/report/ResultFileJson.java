package io.kbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * One result file as read: its path, its JSON and which tool wrote it.
 *
 * @param file the file as given or found
 * @param root the whole document
 * @param format kbench's or OMB's
 */
public record ResultFileJson(Path file, JsonNode root, ResultFormat format) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Reads a result file; anything else is a {@link ReportInputException} naming the file and what is wrong. */
    public static ResultFileJson read(Path file) {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new ReportInputException(file + ": no such file");
        } catch (JsonProcessingException e) {
            throw new ReportInputException(file + " is not a kbench or OpenMessaging Benchmark result: it is not JSON ("
                    + e.getOriginalMessage() + " at line " + e.getLocation().getLineNr() + ")");
        } catch (IOException e) {
            throw new ReportInputException(file + ": cannot read it: " + e.getMessage(), e);
        }
        ResultFormat format = ResultFormat.detect(root);
        if (format == null) {
            throw new ReportInputException(file + " is not a kbench or OpenMessaging Benchmark result: it has neither kbench's"
                    + " 'measurement' nor OMB's 'publishRate' list with 'aggregatedPublishLatency*' figures."
                    + " Give result files written by bin/benchmark (or OMB), or a directory of them");
        }
        return new ResultFileJson(file, root, format);
    }

    public String workload() {
        String name = root.path("workload").asText("");
        return name.isBlank() ? root.path("workloadConfig").path("name").asText("(unnamed workload)") : name;
    }

    public String driver() {
        return root.path("driver").asText("");
    }

    /** completed, degraded, failed, interrupted; OMB files have no status and count as completed. */
    public String status() {
        return format == ResultFormat.OMB ? "completed" : root.path("status").asText("unknown");
    }

    /** The file name without {@code .json}: short, and unique within a directory. */
    public String stem() {
        String name = file.getFileName().toString();
        return name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
    }
}
