package io.kbench.agent;

import io.kbench.util.Errors;
import picocli.CommandLine;

/** Entry point of {@code bin/benchmark-worker}. */
public final class WorkerMain {

    private WorkerMain() {}

    public static void main(String[] args) {
        io.kbench.util.RedactingOutputStream.install(); // worker logs never show a secret from a driver file
        io.kbench.logging.ToolLogging.process().configure(ch.qos.logback.classic.Level.INFO);
        CommandLine cmd = new CommandLine(new WorkerCommand(System.out));
        cmd.setExecutionExceptionHandler((error, commandLine, parseResult) -> {
            commandLine.getErr().println("error: " + Errors.describeForUser(error));
            return 2;
        });
        int code = cmd.execute(args);
        System.exit(code);
    }
}
