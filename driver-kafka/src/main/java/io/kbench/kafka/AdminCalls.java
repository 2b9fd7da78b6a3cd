package io.kbench.kafka;

import io.kbench.driver.DriverException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.ApiException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.PolicyViolationException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.common.protocol.Errors;

/**
 * Admin API calls that end by a deadline, and the cluster's refusals as one line each: the cluster's own words and
 * the kind of error, with what an authorization, unsupported-request or policy error means for the call
 * ("not authorized to alter partition reassignments: Cluster authorization failed. (ClusterAuthorizationException)").
 * Never a stack trace, and a failure is never thrown as anything but a {@link DriverException}.
 */
final class AdminCalls {

    private AdminCalls() {}

    /** A deadline {@code timeoutMillis} from now, in {@link System#nanoTime()}'s terms. */
    static long deadline(long timeoutMillis) {
        return System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    }

    /**
     * Makes the call and waits for its answer until {@code deadlineNanos}.
     *
     * @param action what was asked, to follow "not authorized to": "describe topics [t1]"
     */
    static <T> T await(String action, long deadlineNanos, Supplier<KafkaFuture<T>> call) {
        return await(action, deadlineNanos, request(action, call));
    }

    /**
     * Makes a call, whose refusal before any answer (a request the client cannot build) becomes a DriverException too;
     * for calls that answer in several futures (one per topic or partition), each then awaited.
     */
    static <T> T request(String action, Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            throw refusal(action, e);
        }
    }

    /** Waits for the answer to a call already made, until {@code deadlineNanos}. */
    static <T> T await(String action, long deadlineNanos, KafkaFuture<T> future) {
        long waitNanos = Math.max(0, deadlineNanos - System.nanoTime());
        try {
            return future.get(waitNanos, TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw refusal(action, e.getCause() == null ? e : e.getCause());
        } catch (java.util.concurrent.TimeoutException e) {
            future.cancel(true);
            throw new DriverException("no answer from Kafka within " + KafkaClusterOperations.CALL_TIMEOUT_MS / 1_000
                    + " s when asked to " + action);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while asking Kafka to " + action);
        }
    }

    /** The cluster's refusal of {@code action}, in one line, keeping {@code failure} as the cause. */
    static DriverException refusal(String action, Throwable failure) {
        String reason = oneLine(reason(failure));
        String message;
        if (failure instanceof AuthorizationException) {
            message = "not authorized to " + action + ": " + reason;
        } else if (failure instanceof UnsupportedVersionException) {
            message = "the cluster does not support the request to " + action + " (its version or the service does not "
                    + "offer it): " + reason;
        } else if (failure instanceof PolicyViolationException) {
            message = "a policy of the cluster refused to " + action + ": " + reason;
        } else if (failure instanceof org.apache.kafka.common.errors.TimeoutException) {
            message = "no answer from Kafka when asked to " + action + ": " + reason;
        } else {
            message = "Kafka refused to " + action + ": " + reason;
        }
        return new DriverException(message, failure);
    }

    /**
     * The innermost cause's message and the kind of error: "The topic t currently has 2 partition(s); 1 would not be an
     * increase. (InvalidPartitionsException)". An error the cluster sent without words (an unknown topic, for one) gets
     * the protocol's own for its code.
     */
    static String reason(Throwable failure) {
        String message = KafkaBenchmarkDriver.rootMessage(failure);
        if (failure instanceof ApiException && message.equals(failure.getClass().getSimpleName())) {
            Errors code = Errors.forException(failure);
            message = code == Errors.UNKNOWN_SERVER_ERROR ? message : code.message();
        }
        return message + " (" + failure.getClass().getSimpleName() + ")";
    }

    /** Brokers' messages rarely span lines, but a refusal must not. */
    private static String oneLine(String text) {
        return text.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }
}
