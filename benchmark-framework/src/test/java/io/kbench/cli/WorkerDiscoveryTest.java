package io.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.time.ManualClock;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The lookup-and-wait logic against a scripted name service and scripted workers, on a manual clock. */
class WorkerDiscoveryTest {

    static final WorkersDns DNS = WorkersDns.parse("kbench-worker.kbench.svc.cluster.local:8080");

    final ManualClock clock = new ManualClock();
    final long start = clock.nanoTime();
    final List<String> progress = new ArrayList<>();
    /** Addresses the name has from a given second on (index = second). */
    final List<List<String>> records = new ArrayList<>();
    /** Workers that answer, by URL. */
    final Set<String> up = new HashSet<>();
    int lookups;

    double seconds() {
        return (clock.nanoTime() - start) / 1e9;
    }

    List<InetAddress> lookup(String host) throws UnknownHostException {
        assertEquals("kbench-worker.kbench.svc.cluster.local", host);
        lookups++;
        int second = (int) Math.min(records.size() - 1, TimeUnit.NANOSECONDS.toSeconds(clock.nanoTime() - start));
        List<String> now = records.isEmpty() ? List.of() : records.get(second);
        if (now.isEmpty()) {
            throw new UnknownHostException(host + ": Name or service not known");
        }
        List<InetAddress> addresses = new ArrayList<>();
        for (String a : now) {
            addresses.add(InetAddress.getByName(a)); // literals: no lookup
        }
        return addresses;
    }

    WorkerDiscovery discovery() {
        return new WorkerDiscovery(this::lookup, url -> up.contains(url) ? null : "could not describe itself: Connection refused",
                clock, progress::add);
    }

    /** The name has {@code addresses} from {@code second} on. */
    void from(int second, String... addresses) {
        while (records.size() <= second) {
            records.add(records.isEmpty() ? List.of() : records.get(records.size() - 1));
        }
        records.set(second, List.of(addresses));
    }

    @Test
    void withoutACountEveryAddressOfTheFirstLookupIsAWorker() throws Exception {
        from(0, "10.0.0.7", "10.0.0.5", "fd00::9");
        List<String> found = discovery().find(DNS, null, Duration.ZERO);
        assertEquals(List.of("http://10.0.0.5:8080", "http://10.0.0.7:8080", "http://[fd00:0:0:0:0:0:0:9]:8080"), found);
        assertEquals(1, lookups);
        assertEquals(0, seconds());
    }

    @Test
    void waitsUntilTheExpectedNumberAnswerAsPodsBecomeReady() throws Exception {
        from(0);                                         // no pod ready: NXDOMAIN
        from(5, "10.0.0.5");
        from(9, "10.0.0.5", "10.0.0.6", "10.0.0.7");     // all three in DNS, one not answering yet
        up.add("http://10.0.0.5:8080");
        up.add("http://10.0.0.6:8080");
        WorkerDiscovery d = discovery();
        // 10.0.0.7 starts answering at 20 s: the probe is scripted by time
        d = new WorkerDiscovery(this::lookup, url -> up.contains(url) || (url.equals("http://10.0.0.7:8080") && seconds() >= 20)
                ? null : "could not describe itself: Connection refused", clock, progress::add);
        List<String> found = d.find(DNS, 3, Duration.ofMinutes(5));

        assertEquals(List.of("http://10.0.0.5:8080", "http://10.0.0.6:8080", "http://10.0.0.7:8080"), found);
        assertEquals(20, seconds(), 0.001, "found on the first poll at or after 20 s (every 2 s)");
        assertEquals(11, lookups, "looked up again on every poll");
        String printed = String.join("\n", progress);
        assertTrue(printed.startsWith("Looking for 3 worker(s) at kbench-worker.kbench.svc.cluster.local:8080 (waiting up to 5m)..."),
                printed);
        assertTrue(printed.contains("no address yet"), printed);
        assertTrue(printed.contains("1 of 3 expected worker(s) answer (1 address(es))"), printed);
        assertTrue(printed.contains("2 of 3 expected worker(s) answer (3 address(es))"), printed);
        assertTrue(printed.endsWith("3 worker(s) at kbench-worker.kbench.svc.cluster.local:8080 answer: http://10.0.0.5:8080, "
                + "http://10.0.0.6:8080, http://10.0.0.7:8080"), printed);
    }

    @Test
    void progressComesWhenCountsChangeAndEveryTenSecondsOtherwise() throws Exception {
        from(0, "10.0.0.5");
        WorkerDiscovery.NotFound e = assertThrows(WorkerDiscovery.NotFound.class, () -> discovery().find(DNS, 1, Duration.ofSeconds(30)));
        long waiting = progress.stream().filter(l -> l.contains("0 of 1 expected worker(s) answer")).count();
        assertEquals(3, waiting, "at 0, 10 and 20 s: " + progress);
        assertFalse(e.nothingResolved());
    }

    @Test
    void fewerThanExpectedWhenTheWaitRunsOutNamesTheNameTheCountAndThoseThatAnswered() {
        from(0, "10.0.0.5", "10.0.0.6");
        up.add("http://10.0.0.5:8080");
        WorkerDiscovery.NotFound e = assertThrows(WorkerDiscovery.NotFound.class, () -> discovery().find(DNS, 3, Duration.ofSeconds(30)));
        assertEquals("--workers-dns kbench-worker.kbench.svc.cluster.local:8080: 1 of 3 worker(s) expected answered GET /v1/info"
                + " within 30s: http://10.0.0.5:8080; not answering: http://10.0.0.6:8080 (could not describe itself: Connection"
                + " refused)", e.getMessage());
        assertFalse(e.nothingResolved());
        assertEquals(30, seconds(), 0.001, "waited exactly the wait");
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void aNameThatNeverResolvesSaysSoAndIsBadInput() {
        WorkerDiscovery.NotFound once = assertThrows(WorkerDiscovery.NotFound.class, () -> discovery().find(DNS, null, Duration.ZERO));
        assertTrue(once.nothingResolved());
        assertEquals("--workers-dns kbench-worker.kbench.svc.cluster.local:8080: the name resolved to no address (at least 1 worker"
                + " expected, 0 answered; unknown host): check the name, and that the workers run and are ready", once.getMessage());
        assertEquals(1, lookups);

        WorkerDiscovery.NotFound waited = assertThrows(WorkerDiscovery.NotFound.class, () -> discovery().find(DNS, 3, Duration.ofMinutes(1)));
        assertTrue(waited.nothingResolved());
        assertTrue(waited.getMessage().contains("resolved to no address within 1m (3 worker(s) expected, 0 answered"), waited.getMessage());
    }

    @Test
    void workersThatWentAwayAreNotCountedAndTheMessageSaysTheNameIsEmptyNow() {
        from(0, "10.0.0.5");
        from(4);
        up.add("http://10.0.0.5:8080");
        WorkerDiscovery.NotFound e = assertThrows(WorkerDiscovery.NotFound.class, () -> discovery().find(DNS, 2, Duration.ofSeconds(10)));
        assertFalse(e.nothingResolved(), "it did resolve once");
        assertTrue(e.getMessage().endsWith("0 of 2 worker(s) expected answered GET /v1/info within 10s; the name resolves to no address now"),
                e.getMessage());
    }

    @Test
    void moreThanExpectedAreAllUsed() throws Exception {
        from(0, "10.0.0.5", "10.0.0.6");
        up.add("http://10.0.0.5:8080");
        up.add("http://10.0.0.6:8080");
        assertEquals(2, discovery().find(DNS, 1, Duration.ofMinutes(1)).size());
        assertTrue(progress.get(progress.size() - 1).contains("(1 expected: using all)"), progress.toString());
    }

    @Test
    void theFormsOfTheOption() {
        assertEquals(new WorkersDns("http", "kbench-worker", 8080), WorkersDns.parse("kbench-worker:8080"));
        assertEquals(new WorkersDns("https", "w.example.com.", 443), WorkersDns.parse("https://w.example.com.:443"));
        assertEquals("https://w:1", WorkersDns.parse("HTTPS://w:1").toString());
        for (String bad : List.of("kbench-worker", "http://w", "w:0", "w:99999", "w:80:90", "-w:80", "ftp://w:80", "")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorkersDns.parse(bad), bad);
            assertTrue(e.getMessage().startsWith("--workers-dns '" + bad + "'"), e.getMessage());
        }
    }

    @Test
    void optionsThatNeedTheNameOrAreOutOfRangeAreBadInput() {
        CommandRun noName = CommandRun.of("--expect-workers", "3", "workload.yaml");
        assertEquals(2, noName.code());
        assertEquals("--expect-workers goes with --workers-dns NAME:PORT (the name whose addresses are the workers)",
                noName.err().strip());
        CommandRun zero = CommandRun.of("--workers-dns", "w:8080", "--expect-workers", "0", "workload.yaml");
        assertEquals(2, zero.code());
        assertEquals("--expect-workers must be at least 1, got 0", zero.err().strip());
        CommandRun badForm = CommandRun.of("--workers-dns", "w", "workload.yaml");
        assertEquals(2, badForm.code());
        assertTrue(badForm.err().startsWith("--workers-dns 'w' is not NAME:PORT"), badForm.err());
    }
}
