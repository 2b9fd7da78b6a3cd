package io.kbench.features.search;

import io.kbench.time.BenchmarkClock;
import java.time.Duration;

/** The time a search may take (--max-duration): whether there is room for one more step. */
public final class SearchBudget {

    private final BenchmarkClock clock;
    private final long deadlineNanos;

    public SearchBudget(BenchmarkClock clock, Duration budget) {
        this.clock = clock;
        this.deadlineNanos = clock.nanoTime() + budget.toNanos();
    }

    /** Whether a step of {@code step} still ends within the budget. */
    public boolean allows(Duration step) {
        return clock.nanoTime() + step.toNanos() <= deadlineNanos;
    }
}
