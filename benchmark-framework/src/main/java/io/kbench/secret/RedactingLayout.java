package io.kbench.secret;

import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Context;
import ch.qos.logback.core.LayoutBase;

/**
 * A logback pattern layout whose output, stack traces included, passes through
 * {@link Redactor#global()}: no secret the process knows reaches a log file or the console.
 */
public final class RedactingLayout extends LayoutBase<ILoggingEvent> {

    private final PatternLayout pattern = new PatternLayout();

    public RedactingLayout(Context context, String pattern) {
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
        return Redactor.global().redactSecrets(pattern.doLayout(event));
    }
}
