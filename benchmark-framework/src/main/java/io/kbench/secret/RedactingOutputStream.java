package io.kbench.secret;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Passes text through {@link Redactor#process()} line by line before it reaches the real stream,
 * so no secret printed by this tool or a library (client logs, exception messages) reaches the
 * console or a log file. Process-wide because System.out and System.err are: any class may print.
 */
public final class RedactingOutputStream extends OutputStream {

    private final OutputStream target;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);

    public RedactingOutputStream(OutputStream target) {
        this.target = target;
    }

    /** Replaces System.out and System.err with redacting streams. Call first thing in main. */
    public static void install() {
        System.setOut(new PrintStream(new RedactingOutputStream(System.out), true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(new RedactingOutputStream(System.err), true, StandardCharsets.UTF_8));
    }

    @Override
    public synchronized void write(int b) throws IOException {
        line.write(b);
        if (b == '\n') {
            emit();
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        for (int i = off; i < off + len; i++) {
            write(b[i]);
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        emit();
        target.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        flush();
        target.close();
    }

    private void emit() throws IOException {
        if (line.size() == 0) {
            return;
        }
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        target.write(Redactor.process().redactSecrets(text).getBytes(StandardCharsets.UTF_8));
    }
}
