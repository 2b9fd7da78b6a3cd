package io.kbench.cli;

import io.kbench.config.DurationParser;
import io.kbench.time.BenchmarkClock;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.Security;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Finds the workers behind {@code --workers-dns}: resolves the name to all its addresses, and with
 * an expected count re-resolves and asks each address for {@code GET /v1/info} until that many
 * answer or the wait runs out. Workers that start late (pods becoming ready) are found on a later
 * lookup. The lookup, the probe and the clock are given, so the waiting is tested without sleeping.
 */
final class WorkerDiscovery {

    /** How often the name is looked up again and the workers asked, while fewer than expected answer. */
    static final Duration POLL_INTERVAL = Duration.ofSeconds(2);
    /** A progress line at least this often while waiting, and whenever the counts change. */
    static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(10);

    /** All addresses of a name (A and AAAA records); {@link InetAddress#getAllByName} in production. */
    @FunctionalInterface
    interface Lookup {
        List<InetAddress> addresses(String host) throws UnknownHostException;
    }

    /** Asks a worker for {@code GET /v1/info}: null when it answered, else why not (one short phrase). */
    @FunctionalInterface
    interface Probe {
        String problem(String url);
    }

    /** Not enough workers found; the message is one line for the user. */
    static final class NotFound extends Exception {
        private final boolean nothingResolved;

        NotFound(String message, boolean nothingResolved) {
            super(message, null, false, false);
            this.nothingResolved = nothingResolved;
        }

        /** The name never resolved to any address: bad input rather than workers that failed to come up. */
        boolean nothingResolved() {
            return nothingResolved;
        }
    }

    /**
     * Workers found by DNS come and go (pods become ready one by one): the JDK keeps a looked-up name for 30 s
     * (10 s when it did not resolve), so a worker could be seen that much later. Call first thing in
     * {@code main}: the JDK reads these once, at the first lookup. A value the user set (other than the JDK's
     * defaults) is kept.
     */
    static void shortenDnsCaching() {
        shorten("networkaddress.cache.ttl", "sun.net.inetaddr.ttl", null, "5");
        shorten("networkaddress.cache.negative.ttl", "sun.net.inetaddr.negative.ttl", "10", "1");
    }

    private static void shorten(String securityProperty, String systemProperty, String jdkDefault, String seconds) {
        String set = Security.getProperty(securityProperty);
        if ((set == null || set.trim().equals(jdkDefault)) && System.getProperty(systemProperty) == null) {
            Security.setProperty(securityProperty, seconds);
        }
    }

    private final Lookup lookup;
    private final Probe probe;
    private final BenchmarkClock clock;
    private final Consumer<String> progress;

    WorkerDiscovery(Lookup lookup, Probe probe, BenchmarkClock clock, Consumer<String> progress) {
        this.lookup = Objects.requireNonNull(lookup, "lookup");
        this.probe = Objects.requireNonNull(probe, "probe");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.progress = Objects.requireNonNull(progress, "progress");
    }

    /**
     * The workers' URLs, sorted.
     *
     * @param expected without it (null), every address of the name as soon as it resolves to at least one (the
     *     run's own check of each worker follows); with it, the addresses that answer, once at least this many do
     * @param wait how long to keep looking; zero: one lookup (and one round of probes)
     * @throws NotFound when the wait ran out first, naming the name, the count expected and those that answered
     */
    List<String> find(WorkersDns dns, Integer expected, Duration wait) throws NotFound {
        long start = clock.nanoTime();
        long deadline = start + wait.toNanos();
        if (!wait.isZero()) {
            progress.accept(String.format(Locale.ROOT, "Looking for %s at %s (waiting up to %s)...",
                    expected == null ? "workers" : expected + " worker(s)", dns, DurationParser.format(wait)));
        }
        boolean resolvedEver = false;
        String lookupProblem = null;
        String lastCounts = null;
        long lastProgress = start;
        while (true) {
            List<String> urls = new ArrayList<>();
            try {
                TreeSet<String> unique = new TreeSet<>();
                for (InetAddress address : lookup.addresses(dns.host())) {
                    unique.add(dns.urlOf(address));
                }
                urls.addAll(unique);
                lookupProblem = urls.isEmpty() ? "no address" : null;
            } catch (UnknownHostException e) {
                lookupProblem = "unknown host";
            }
            resolvedEver |= !urls.isEmpty();
            Map<String, String> notAnswering = new LinkedHashMap<>();
            List<String> answering = new ArrayList<>();
            if (expected != null) {
                for (String url : urls) {
                    String problem = probe.problem(url);
                    if (problem == null) {
                        answering.add(url);
                    } else {
                        notAnswering.put(url, problem);
                    }
                }
            }
            long now = clock.nanoTime();
            if (expected == null && !urls.isEmpty()) {
                progress.accept(String.format(Locale.ROOT, "%s resolves to %d address(es): %s", dns, urls.size(), String.join(", ", urls)));
                return urls;
            }
            if (expected != null && answering.size() >= expected) {
                progress.accept(String.format(Locale.ROOT, "%d worker(s) at %s answer%s: %s", answering.size(), dns,
                        answering.size() > expected ? " (" + expected + " expected: using all)" : "", String.join(", ", answering)));
                return answering;
            }
            if (now - deadline >= 0) {
                throw notFound(dns, expected, wait, resolvedEver, lookupProblem, answering, notAnswering);
            }
            String counts = urls.size() + "/" + answering.size();
            if (!counts.equals(lastCounts) || now - lastProgress >= PROGRESS_INTERVAL.toNanos()) {
                progress.accept(String.format(Locale.ROOT, "  %s: %s; %s waited, up to %s more", dns,
                        urls.isEmpty() ? "no address yet" : answering.size() + " of " + expected + " expected worker(s) answer ("
                                + urls.size() + " address(es))",
                        seconds(now - start), seconds(deadline - now)));
                lastCounts = counts;
                lastProgress = now;
            }
            try {
                clock.parkUntil(Math.min(deadline, now + POLL_INTERVAL.toNanos()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new NotFound(WorkersDns.OPTION + " " + dns + ": interrupted while waiting for the workers", false);
            }
        }
    }

    private static NotFound notFound(WorkersDns dns, Integer expected, Duration wait, boolean resolvedEver, String lookupProblem,
                                     List<String> answering, Map<String, String> notAnswering) {
        String within = wait.isZero() ? "" : " within " + DurationParser.format(wait);
        String expectedText = expected == null ? "at least 1 worker expected" : expected + " worker(s) expected";
        if (!resolvedEver) {
            return new NotFound(String.format(Locale.ROOT, "%s %s: the name resolved to no address%s (%s, 0 answered; %s): check the "
                    + "name, and that the workers run and are ready", WorkersDns.OPTION, dns, within, expectedText, lookupProblem), true);
        }
        StringBuilder message = new StringBuilder(String.format(Locale.ROOT, "%s %s: %d of %s answered GET /v1/info%s",
                WorkersDns.OPTION, dns, answering.size(), expectedText, within));
        message.append(answering.isEmpty() ? "" : ": " + String.join(", ", answering));
        if (!notAnswering.isEmpty()) {
            List<String> silent = new ArrayList<>();
            notAnswering.forEach((url, problem) -> silent.add(url + " (" + problem + ")"));
            message.append("; not answering: ").append(String.join(", ", silent));
        } else if (lookupProblem != null) {
            message.append("; the name resolves to no address now");
        }
        return new NotFound(message.toString(), false);
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.0f s", nanos / 1e9);
    }
}
