package io.kbench.agent;

import ch.qos.logback.classic.Level;
import io.kbench.logging.ToolLogging;
import io.kbench.util.Errors;
import io.kbench.secret.RedactingOutputStream;
import picocli.CommandLine;

/** Entry point of {@code bin/benchmark-worker}. */
public final class WorkerMain {

    private WorkerMain() {}

    public static void main(String[] args) {
        RedactingOutputStream.install(); // worker logs never show a secret from a driver file
        ToolLogging.process().configure(Level.INFO);
        CommandLine cmd = new CommandLine(new WorkerCommand(System.out));
        cmd.setExecutionExceptionHandler((error, commandLine, parseResult) -> {
            commandLine.getErr().println("error: " + Errors.describeForUser(error));
            return 2;
        });
        int code = cmd.execute(args);
        System.exit(code);
    }
}
