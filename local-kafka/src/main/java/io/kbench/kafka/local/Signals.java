package io.kbench.kafka.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * SIGSTOP and SIGCONT for a node JVM. Java can only send SIGTERM and SIGKILL
 * ({@link ProcessHandle#destroy()}, {@link ProcessHandle#destroyForcibly()}), so these run the
 * shell's {@code kill}: Linux (and other Unix) only.
 */
final class Signals {

    private static final String SH = "/bin/sh";
    private static final long KILL_TIMEOUT_MS = 10_000;

    private Signals() {
    }

    /** Sends SIGSTOP: every thread of the process stops until {@link #resume}. */
    static void pause(long pid) throws IOException {
        signal("STOP", pid);
    }

    /** Sends SIGCONT. */
    static void resume(long pid) throws IOException {
        signal("CONT", pid);
    }

    /**
     * Starts a small process that sends SIGCONT to {@code pid} after {@code delay}. A process,
     * not a timer in this JVM: if this JVM dies during the pause (even by SIGKILL) the node is
     * still resumed, so it reads the end of its stdin and stops instead of staying stopped forever.
     * Destroy it to cancel the resume.
     */
    static Process resumeLater(long pid, Duration delay) throws IOException {
        String seconds = String.format(Locale.ROOT, "%d.%03d", delay.toSeconds(), delay.toMillisPart());
        return new ProcessBuilder(SH, "-c", "sleep \"$1\" && exec kill -CONT \"$2\"", "kbench-resume",
                seconds, String.valueOf(pid))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    private static void signal(String signal, long pid) throws IOException {
        Process p = new ProcessBuilder(List.of(SH, "-c", "kill -" + signal + " \"$1\"", "kbench-signal", String.valueOf(pid)))
                .redirectErrorStream(true)
                .start();
        try {
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(KILL_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new IOException("kill -" + signal + " " + pid + " did not finish");
            }
            if (p.exitValue() != 0) {
                throw new IOException("kill -" + signal + " " + pid + " failed: " + new String(out, StandardCharsets.UTF_8).trim());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while sending SIG" + signal + " to " + pid, e);
        }
    }
}
