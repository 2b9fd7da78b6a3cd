package io.kbench.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import io.kbench.secret.Redactor;
import io.kbench.warning.WarningClassifier;
import io.kbench.warning.WarningKind;
import java.util.ArrayList;
import java.util.List;

/** Counts every WARN and ERROR event in a {@link ClientWarnings}, by the kind {@link WarningClassifier} gives it. */
public final class SummaryAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {

    /** Name under which {@link ToolLogging} attaches it to the root logger. */
    public static final String NAME = "kbench-summary";

    private final ClientWarnings warnings;

    private final Redactor redactor;

    public SummaryAppender(ClientWarnings warnings, Redactor redactor) {
        this.warnings = warnings;
        this.redactor = redactor;
        setName(NAME);
    }

    @Override
    protected void append(ILoggingEvent event) {
        if (!event.getLevel().isGreaterOrEqual(Level.WARN)) {
            return;
        }
        String message = redactor.redactSecrets(event.getFormattedMessage());
        List<String> causes = new ArrayList<>();
        IThrowableProxy t = event.getThrowableProxy();
        for (int depth = 0; t != null && depth < 10; depth++, t = t.getCause()) {
            causes.add(redactor.redactSecrets(t.getClassName() + (t.getMessage() == null ? "" : ": " + t.getMessage())));
        }
        WarningKind kind = WarningClassifier.classify(message, causes);
        String raw = event.getLevel() + " " + event.getLoggerName() + " - " + message
                + (causes.isEmpty() ? "" : " (" + String.join("; caused by ", causes) + ")");
        warnings.record(new WarningKind(kind.key(), redactor.redactSecrets(kind.sentence())), raw);
    }
}
