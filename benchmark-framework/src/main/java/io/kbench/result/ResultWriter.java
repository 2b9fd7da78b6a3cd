package io.kbench.result;

import io.kbench.secret.Redactor;
import io.kbench.driver.SweepTarget;
import io.kbench.model.RunStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * Writes result files without ever replacing one: when the chosen name exists, a numbered
 * suffix is added ({@code name-1.json}, {@code name-2.json}, ...).
 */
public final class ResultWriter {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    /** The directory, beside the good results, that failed and interrupted runs' results go to. */
    public static final String FAILED_DIRECTORY = "failed";
    /** How their file names start. */
    public static final String FAILED_PREFIX = "failed-";

    private ResultWriter() {}

    /**
     * Where a result named {@code planned} by default goes: there when the run completed or was degraded;
     * for a failed or interrupted run, {@code failed/failed-<name>} beside it. The OMB forks' chart and
     * comparison scripts take every {@code *.json} of a directory, or walk a tree for names that start
     * with the workload's shape, and crash on the empty lists of a run that measured nothing; a
     * subdirectory and a prefix keep such results out of both, and {@code report} still finds them
     * (it searches subdirectories).
     */
    public static Path placeFor(RunResult result, Path planned) {
        RunStatus status = result.outcome().status();
        if (status != RunStatus.FAILED && status != RunStatus.INTERRUPTED) {
            return planned;
        }
        return failedPlace(planned);
    }

    /** Where a failed or interrupted run's result goes instead of {@code planned}: failed/failed-NAME next to it. */
    public static Path failedPlace(Path planned) {
        return planned.resolveSibling(FAILED_DIRECTORY).resolve(FAILED_PREFIX + planned.getFileName());
    }

    /**
     * @param target the file asked for, or null to name one in {@code directory}
     * @param directory where generated names go
     * @return the file written
     */
    public static Path write(RunResult result, Path target, Path directory) throws IOException {
        return write(result, List.of(), target, directory);
    }

    /**
     * @param settingGroups what the run's driver lets a sweep set, from the run's driver session
     * @param target the file asked for, or null to name one in {@code directory}
     * @param directory where generated names go
     * @return the file written
     */
    public static Path write(RunResult result, List<SweepTarget> settingGroups, Path target, Path directory) throws IOException {
        return write(result, settingGroups, Redactor.process(), target, directory);
    }

    /** @param redactor masks every secret the run learnt, wherever it appears in the document */
    public static Path write(RunResult result, List<SweepTarget> settingGroups, Redactor redactor, Path target, Path directory)
            throws IOException {
        Path wanted = target != null ? target : directory.resolve(defaultName(result));
        Path parent = wanted.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        byte[] bytes = redactor.redactSecrets(ResultJson.text(settingGroups.isEmpty() ? result : result.withSettingGroups(settingGroups))).getBytes(StandardCharsets.UTF_8);
        for (int n = 0; ; n++) {
            Path candidate = n == 0 ? wanted : numbered(wanted, n);
            try {
                Files.write(candidate, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                return candidate;
            } catch (FileAlreadyExistsException e) {
                // keep the earlier result; try the next number
            }
        }
    }

    static String defaultName(RunResult result) {
        return defaultName(result.identity().workload().name(), result.identity().driverInfo().name(),
                result.timeline().startTime().toEpochMilli());
    }

    /** The generated name of a result: workload, driver and start time (UTC), e.g. {@code simple-kafka-local-20261120-224937.json}. */
    public static String defaultName(String workloadName, String driverName, long startEpochMillis) {
        return slug(workloadName) + "-" + slug(driverName) + "-" + STAMP.format(Instant.ofEpochMilli(startEpochMillis)) + ".json";
    }

    static String slug(String text) {
        String s = text == null ? "run" : text.toLowerCase().replaceAll("[^a-z0-9]+", "-").replaceAll("(^-+|-+$)", "");
        return s.isEmpty() ? "run" : s;
    }

    private static Path numbered(Path path, int n) {
        String name = path.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String numbered = dot > 0 ? name.substring(0, dot) + "-" + n + name.substring(dot) : name + "-" + n;
        return path.resolveSibling(numbered);
    }
}
