package io.kbench.cli;

import io.kbench.coordinator.StopSignal;
import io.kbench.time.BenchmarkClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** bin/benchmark's command line run in this JVM, with what it printed and its exit status. */
public record CommandRun(int code, String out, String err) {

    /** On the system clock. */
    public static CommandRun of(String... args) {
        return on(BenchmarkClock.system(), args);
    }

    /** Its runs on {@code clock} (a test's stepped clock). */
    public static CommandRun on(BenchmarkClock clock, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = BenchmarkCommand.commandLine(new CommandEnv(o, e, new StopSignal(), clock)).execute(args);
        }
        return new CommandRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The last result file the command said it wrote ("Result written to ..."); fails the test when it wrote none. */
    public Path resultFile() {
        Matcher m = Pattern.compile("Result written to (.+\\.json)").matcher(out);
        Path last = null;
        while (m.find()) {
            last = Path.of(m.group(1).trim());
        }
        if (last == null) {
            throw new AssertionError("no result file was written:\n" + all());
        }
        return last;
    }

    public String all() {
        return out + "\n" + err;
    }
}
