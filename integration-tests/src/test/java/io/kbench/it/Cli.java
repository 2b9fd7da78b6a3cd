package io.kbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.cli.BenchmarkCommand;
import io.kbench.coordinator.StopSignal;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Runs bin/benchmark's command in this JVM and captures what it prints and writes. */
final class Cli {

    /** The repository root, where workloads/ and driver-kafka/ live. */
    static final Path HOME = Path.of(System.getProperty("kbench.home", "..")).toAbsolutePath().normalize();

    static final ObjectMapper JSON = new ObjectMapper();

    private Cli() {}

    record Outcome(int exitCode, String out, String err, Path resultFile) {
        JsonNode result() throws IOException {
            if (resultFile == null) {
                throw new AssertionError("no result file was written; output:\n" + out + "\nerrors:\n" + err);
            }
            return JSON.readTree(resultFile.toFile());
        }

        String all() {
            return out + "\n" + err;
        }
    }

    static Outcome run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = BenchmarkCommand.commandLine(o, e, new StopSignal()).execute(args);
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        return new Outcome(code, printed, err.toString(StandardCharsets.UTF_8), resultFile(printed));
    }

    static Path resultFile(String printed) {
        Matcher m = Pattern.compile("Result written to (.+\\.json)").matcher(printed);
        Path last = null;
        while (m.find()) {
            last = Path.of(m.group(1).trim());
        }
        return last;
    }

    /** A driver file for the shared broker, with extra lines appended (e.g. producerConfig). */
    static Path driverFile(Path dir, String name, String extra) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, "name: Kafka (test)\n"
                + "driverClass: io.kbench.kafka.KafkaBenchmarkDriver\n"
                + "replicationFactor: 1\n"
                + "commonConfig: |\n  bootstrap.servers=" + SharedKafka.bootstrap() + "\n"
                + extra);
        return file;
    }

    static Path write(Path dir, String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return file;
    }

    static List<Path> files(Path dir) throws IOException {
        // Recursive: a failed run's result, log and report go to failed/ beside the others.
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        }
    }
}
