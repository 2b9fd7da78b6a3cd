package io.kbench.secret;

import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Context;
import ch.qos.logback.core.LayoutBase;

/**
 * A logback pattern layout whose output, stack traces included, passes through
 * the redactor it is given: no secret the process knows reaches a log file or the console.
 */
public final class RedactingLayout extends LayoutBase<ILoggingEvent> {

    private final PatternLayout pattern = new PatternLayout();

    private final Redactor redactor;

    public RedactingLayout(Context context, String pattern, Redactor redactor) {
        this.redactor = redactor;
        setContext(context);
        this.pattern.setContext(context);
        this.pattern.setPattern(pattern);
    }

    @Override
    public void start() {
        pattern.start();
        super.start();
    }

    @Override
    public void stop() {
        pattern.stop();
        super.stop();
    }

    @Override
    public String doLayout(ILoggingEvent event) {
        return redactor.redactSecrets(pattern.doLayout(event));
    }
}
