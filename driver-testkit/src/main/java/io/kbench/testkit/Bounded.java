package io.kbench.testkit;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.opentest4j.AssertionFailedError;

/**
 * Driver calls with a time limit. Each call runs on a daemon thread of its own, so a driver that
 * hangs (even one that ignores interrupts) fails the test with the call's name and the stuck
 * thread's stack, instead of hanging the build.
 */
final class Bounded {

    /** Threads of the suite itself start with this; the thread check ignores them. */
    static final String THREAD_PREFIX = "kbench-conformance-";

    @FunctionalInterface
    interface Call<T> {
        T call() throws Exception;
    }

    @FunctionalInterface
    interface Action {
        void run() throws Exception;
    }

    private Bounded() {}

    /**
     * Runs {@code call} and returns its result. An unchecked exception is rethrown as it is (tests
     * look at its type); a checked one fails the test naming the call.
     */
    static <T> T call(String what, Duration limit, Call<T> call) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                result.complete(call.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, THREAD_PREFIX + "call");
        thread.setDaemon(true);
        thread.start();
        try {
            return result.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            String stack = stackOf(thread);
            thread.interrupt();
            throw new AssertionFailedError(what + " did not return within " + seconds(limit) + ": a driver call must not hang."
                    + stack);
        } catch (ExecutionException e) {
            throw rethrow(what, e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionFailedError("interrupted while waiting for " + what);
        }
    }

    static void run(String what, Duration limit, Action action) {
        call(what, limit, () -> {
            action.run();
            return null;
        });
    }

    /**
     * Waits for a future the driver returned. A future that fails or never completes fails the
     * test, naming the call and the cause.
     */
    static <T> T await(String what, Duration limit, Future<T> future) {
        if (future == null) {
            throw new AssertionFailedError(what + " returned null instead of a future");
        }
        try {
            return future.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new AssertionFailedError(what + " did not complete within " + seconds(limit));
        } catch (ExecutionException e) {
            throw new AssertionFailedError(what + " completed exceptionally: " + describe(e.getCause()), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionFailedError("interrupted while waiting for " + what);
        }
    }

    /**
     * The error a future failed with (unwrapped), or null when it completed normally. Never
     * completing within the limit fails the test.
     */
    static Throwable failureOf(String what, Duration limit, Future<?> future) {
        if (future == null) {
            throw new AssertionFailedError(what + " returned null instead of a future");
        }
        try {
            future.get(limit.toMillis(), TimeUnit.MILLISECONDS);
            return null;
        } catch (TimeoutException e) {
            throw new AssertionFailedError(what + " did not complete within " + seconds(limit));
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            while (cause instanceof CompletionException && cause.getCause() != null) {
                cause = cause.getCause();
            }
            return cause;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionFailedError("interrupted while waiting for " + what);
        }
    }

    /** Polls {@code condition} every 20 ms; fails with {@code evidence} when it does not hold within the limit. */
    static void until(Duration limit, BooleanSupplier condition, Supplier<AssertionFailedError> failure) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw failure.get();
            }
            pause(Duration.ofMillis(20));
        }
    }

    /** Sleeps; the suite's waits for something not to happen. */
    static void pause(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionFailedError("interrupted");
        }
    }

    static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }

    static String describe(Throwable t) {
        return t == null ? "null" : t.getClass().getName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
    }

    /** Throws an unchecked exception or error as it is; a checked one fails the test naming the call. */
    private static RuntimeException rethrow(String what, Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new AssertionFailedError(what + " threw " + describe(t), t);
    }

    private static String stackOf(Thread thread) {
        StackTraceElement[] stack = thread.getStackTrace();
        StringBuilder b = new StringBuilder(stack.length == 0 ? "" : " It is stuck at:");
        for (int i = 0; i < Math.min(stack.length, 12); i++) {
            b.append("\n\tat ").append(stack[i]);
        }
        return b.toString();
    }
}
