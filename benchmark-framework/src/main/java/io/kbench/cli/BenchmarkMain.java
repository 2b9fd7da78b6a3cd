package io.kbench.cli;

import ch.qos.logback.classic.Level;
import io.kbench.coordinator.StopSignal;
import io.kbench.logging.ToolLogging;
import io.kbench.secret.RedactingOutputStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Entry point of {@code bin/benchmark}. Ctrl-C asks the run to stop; the run then stops the
 * producers, deletes its topics and writes its partial result, marked interrupted, before the JVM exits.
 */
public final class BenchmarkMain {

    /** Longest the Ctrl-C handler waits for the run to clean up and write its result. */
    static final long CLEANUP_SECONDS = 90;

    private BenchmarkMain() {}

    public static void main(String[] args) {
        RedactingOutputStream.install(); // before anything can print a secret
        WorkerDiscovery.shortenDnsCaching(); // before the first lookup
        ToolLogging.process().configure(Level.WARN);
        StopSignal stop = new StopSignal();
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stop.request("Ctrl-C");
            try {
                finished.await(CLEANUP_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "kbench-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        int code;
        try {
            code = BenchmarkCommand.commandLine(System.out, System.err, stop).execute(args);
        } finally {
            finished.countDown();
        }
        if (!stop.requested()) {
            System.exit(code); // during shutdown, exit would block: the JVM ends when the hook returns
        }
    }
}
