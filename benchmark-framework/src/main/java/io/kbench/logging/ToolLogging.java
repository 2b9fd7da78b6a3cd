package io.kbench.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;
import io.kbench.secret.RedactingLayout;
import io.kbench.secret.Redactor;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.LoggerFactory;

/**
 * Where the tools' log events go (logback, configured in code at start):
 * <ul>
 *   <li>every WARN and ERROR event is counted in {@link ClientWarnings} ({@link SummaryAppender});</li>
 *   <li>a log file holds the events in full, stack traces included ({@link #openFile});</li>
 *   <li>the console gets the tool's own informational lines, and with --verbose every event as logged
 *       ({@link #console}).</li>
 * </ul>
 * Everything written passes through {@link Redactor#process()} (or the redactor it is given). Libraries log at WARN
 * unless {@value #LEVEL_PROPERTY} says otherwise (e.g. {@code -Dkbench.log.level=INFO}); a
 * {@code -Dlogback.configurationFile} given by the user replaces the levels and appenders set here.
 */
public final class ToolLogging {

    /** System property: the libraries' level (TRACE, DEBUG, INFO, WARN, ERROR). */
    public static final String LEVEL_PROPERTY = "kbench.log.level";

    static final String FILE_PATTERN = "%d{yyyy-MM-dd HH:mm:ss.SSS} %-5level [%thread] %logger - %msg%n";
    static final String VERBOSE_CONSOLE_PATTERN = "%d{HH:mm:ss.SSS} %-5level %logger - %msg%n";
    static final String OWN_LINE_PATTERN = "%d{HH:mm:ss.SSS} %msg%n%nopex";

    private static final AtomicInteger CONSOLES = new AtomicInteger();
    private static final AtomicBoolean OTHER_PROVIDER_REPORTED = new AtomicBoolean();

    private final LoggerContext context;
    private final ClientWarnings warnings;
    private final Redactor redactor;

    public ToolLogging(LoggerContext context, ClientWarnings warnings) {
        this(context, warnings, Redactor.process());
    }

    /** @param redactor masks what the log file, the console and the warning summary get */
    public ToolLogging(LoggerContext context, ClientWarnings warnings, Redactor redactor) {
        this.context = context;
        this.warnings = warnings;
        this.redactor = redactor;
    }

    /** The counts of the warnings this logging sees. */
    public ClientWarnings warnings() {
        return warnings;
    }

    /** This process's logging and {@link ClientWarnings#global()}. */
    public static ToolLogging process() {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
            return new ToolLogging(context, ClientWarnings.global());
        }
        // Another SLF4J provider won (a jar left over, or added by hand): leave it alone, count nothing.
        if (!OTHER_PROVIDER_REPORTED.getAndSet(true)) {
            System.err.println("note: logging goes through " + LoggerFactory.getILoggerFactory().getClass().getName()
                    + ", not logback: library warnings are neither summarised nor written to log files. Remove the other"
                    + " SLF4J provider from the class path (e.g. delete the modules' target/lib and rebuild).");
        }
        return new ToolLogging(new LoggerContext(), ClientWarnings.global());
    }

    /** An appender attached to the root logger; {@link #close()} detaches and stops it. */
    public interface Attachment extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Replaces the class path's default configuration (WARN to stderr): nothing reaches the console
     * until {@link #console} says so; every WARN and ERROR event is counted. Call first thing in main.
     *
     * @param ownLevel the level of the tool's own loggers ({@code io.kbench}); the libraries' level
     *                 comes from {@value #LEVEL_PROPERTY} (default WARN)
     */
    public void configure(Level ownLevel) {
        if (System.getProperty("logback.configurationFile") == null) {
            context.reset();
            Level libraries = Level.toLevel(System.getProperty(LEVEL_PROPERTY), Level.WARN);
            root().setLevel(libraries);
            context.getLogger("io.kbench").setLevel(libraries.toInt() < ownLevel.toInt() ? libraries : ownLevel);
            // The AWS libraries log every credential retry with a stack trace; their failures reach the user anyway.
            context.getLogger("software.amazon").setLevel(Level.ERROR);
        }
        attachSummary();
    }

    /** Counts WARN and ERROR events in the {@link ClientWarnings}; does nothing if that is done already. */
    public void attachSummary() {
        Logger root = root();
        synchronized (context) {
            if (root.getAppender(SummaryAppender.NAME) == null) {
                SummaryAppender summary = new SummaryAppender(warnings, redactor);
                summary.setContext(context);
                summary.start();
                root.addAppender(summary);
            }
        }
    }

    /**
     * Shows log events on a console stream until closed.
     *
     * @param verbose every event as logged, with its logger and stack trace; else only the tool's own
     *                informational lines ({@code io.kbench} below WARN), its warnings being counted
     *                like any other
     */
    public Attachment console(OutputStream stream, boolean verbose) {
        attachSummary();
        OutputStreamAppender<ILoggingEvent> appender = new OutputStreamAppender<>();
        appender.setName("kbench-console-" + CONSOLES.incrementAndGet());
        appender.setContext(context);
        appender.setEncoder(encoder(verbose ? VERBOSE_CONSOLE_PATTERN : OWN_LINE_PATTERN));
        appender.setOutputStream(new NonClosing(stream));
        if (!verbose) {
            appender.addFilter(new Filter<>() {
                @Override
                public FilterReply decide(ILoggingEvent event) {
                    return event.getLoggerName().startsWith("io.kbench") && !event.getLevel().isGreaterOrEqual(Level.WARN)
                            ? FilterReply.NEUTRAL : FilterReply.DENY;
                }
            });
        }
        return attach(appender);
    }

    /**
     * Appends every log event that passes the levels to {@code file}, in full, until closed.
     *
     * @param header written first, as is (e.g. what the file is), or null
     * @throws IOException if the file cannot be created or written
     */
    public Attachment openFile(Path file, String header) throws IOException {
        attachSummary();
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, header == null ? "" : header, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        FileAppender<ILoggingEvent> appender = new FileAppender<>();
        appender.setName("kbench-file:" + file.toAbsolutePath());
        appender.setContext(context);
        appender.setFile(file.toAbsolutePath().toString());
        appender.setAppend(true);
        appender.setEncoder(encoder(FILE_PATTERN));
        return attach(appender);
    }

    private Attachment attach(OutputStreamAppender<ILoggingEvent> appender) {
        appender.start();
        Logger root = root();
        root.addAppender(appender);
        return () -> {
            root.detachAppender(appender);
            appender.stop();
        };
    }

    private LayoutWrappingEncoder<ILoggingEvent> encoder(String pattern) {
        RedactingLayout layout = new RedactingLayout(context, pattern, redactor);
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        encoder.setLayout(layout);
        encoder.setCharset(StandardCharsets.UTF_8);
        encoder.start();
        return encoder;
    }

    private Logger root() {
        return context.getLogger(Logger.ROOT_LOGGER_NAME);
    }

    /** Whether an appender of this name is attached to the root logger (for tests). */
    boolean attached(String name) {
        Appender<ILoggingEvent> a = root().getAppender(name);
        return a != null && a.isStarted();
    }

    /** Stopping a console appender closes its stream: keep System.out/err (and test streams) open. */
    private static final class NonClosing extends FilterOutputStream {
        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
