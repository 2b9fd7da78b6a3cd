package io.kbench.testkit;

import java.util.function.Supplier;
import org.opentest4j.AssertionFailedError;

/**
 * Failure messages that name the promise of driver-api a driver broke, then the evidence, so a
 * driver author reads what to fix without opening the suite: {@code Broken promise (SendCompletion):
 * each send completes exactly once. Message 17 completed 2 times.}
 */
final class Promises {

    private Promises() {}

    /** Fails the test: {@code where} names the SPI type or method, {@code promise} what it promises. */
    static AssertionFailedError broken(String where, String promise, String evidence) {
        return new AssertionFailedError(message(where, promise, evidence));
    }

    static AssertionFailedError broken(String where, String promise, String evidence, Throwable cause) {
        return new AssertionFailedError(message(where, promise, evidence), cause);
    }

    private static String message(String where, String promise, String evidence) {
        String sentence = evidence.isEmpty() ? evidence : Character.toUpperCase(evidence.charAt(0)) + evidence.substring(1);
        return "Broken promise (" + where + "): " + promise + ". " + sentence + (sentence.endsWith(".") ? "" : ".");
    }

    /** Fails unless {@code kept}; the evidence is built only on failure. */
    static void check(boolean kept, String where, String promise, Supplier<String> evidence) {
        if (!kept) {
            throw broken(where, promise, evidence.get());
        }
    }
}
