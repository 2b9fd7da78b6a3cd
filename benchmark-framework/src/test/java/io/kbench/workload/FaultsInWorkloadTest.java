package io.kbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.config.ConfigException;
import io.kbench.config.PlaceholderResolver;
import io.kbench.driver.FaultType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workload's faults: bound like Trogdor's specs, checked before anything runs, errors with file and line. */
class FaultsInWorkloadTest {

    @TempDir
    Path dir;

    private static final String BASE = "messageSize: 100\nproducerRate: 100\ntestDuration: 60s\n";

    private LoadedWorkload load(String yaml) throws IOException {
        Path f = Files.writeString(dir.resolve("w.yaml"), yaml);
        return new WorkloadLoader(new PlaceholderResolver()).load(f, WorkloadOverrides.NONE);
    }

    private ConfigException fails(String yaml) {
        return assertThrows(ConfigException.class, () -> load(yaml));
    }

    @Test
    void faultsBindWithTheirTimesAndTheLineOfTheList() throws IOException {
        LoadedWorkload w = load(BASE + """
                faults:
                  - after: 20s
                    type: broker-kill
                    broker: 1
                  - {after: 40s, type: broker-restart, broker: 1}
                  - {after: 30s, type: broker-pause, duration: 5s}
                  - {after: 50s, type: network-freeze, duration: 2s}
                """);
        assertEquals(4, w.workload().faults().size());
        FaultSpec kill = w.workload().faults().get(0);
        assertEquals(Duration.ofSeconds(20), kill.after());
        assertEquals(FaultType.BROKER_KILL, kill.faultType());
        assertEquals(1, kill.broker());
        assertEquals(Duration.ofSeconds(5), w.workload().faults().get(2).duration());
        assertEquals(4, w.faultsLine());
    }

    @Test
    void anUnknownTypeNamesTheLineTheNearestTypeAndEveryAllowedOne() {
        ConfigException e = fails(BASE + "faults:\n  - after: 20s\n    type: broker-kil\n");
        assertEquals(6, e.line());
        assertTrue(e.problem().contains("faults[0].type 'broker-kil' is unknown; did you mean 'broker-kill'? Allowed: "
                + "broker-kill, broker-restart, broker-pause, network-freeze, network-delay"), e.problem());
    }

    @Test
    void aFaultAfterTheEndOfTheMeasurementIsRefused() {
        ConfigException e = fails(BASE + "faults:\n  - {after: 90s, type: broker-kill}\n");
        assertTrue(e.problem().contains("faults[0].after 1m30s is not within the measurement (testDuration 1m)"), e.problem());
        assertEquals(5, e.line());
    }

    @Test
    void pausesAndFreezesNeedADurationAndKillsTakeNone() {
        ConfigException e = fails(BASE + "faults:\n  - {after: 5s, type: broker-pause}\n  - {after: 6s, type: broker-kill, duration: 3s}\n"
                + "  - {after: 7s, type: network-freeze, duration: 1s, broker: 0}\n");
        assertTrue(e.getMessage().contains("broker-pause needs a duration longer than zero"), e.getMessage());
        assertTrue(e.getMessage().contains("broker-kill takes no duration"), e.getMessage());
        assertTrue(e.getMessage().contains("network-freeze affects every broker: remove broker"), e.getMessage());
    }

    @Test
    void aNetworkDelayHasADelayAndADuration() throws IOException {
        LoadedWorkload w = load(BASE + "faults:\n  - {after: 10s, type: network-delay, delay: 50ms, duration: 5s}\n");
        FaultSpec delay = w.workload().faults().get(0);
        assertEquals(FaultType.NETWORK_DELAY, delay.faultType());
        assertEquals(Duration.ofMillis(50), delay.delay());
        assertEquals(Duration.ofSeconds(5), delay.duration());
        assertEquals(Duration.ofMillis(50), delay.toFault("t").delay());
        assertEquals("network-delay of 50ms at 10s for 5s", delay.describe());
    }

    @Test
    void aNetworkDelayOutOfRangeOrMissingNamesTheFieldAndTheRange() {
        ConfigException absurd = fails(BASE + "faults:\n  - {after: 10s, type: network-delay, delay: 1h, duration: 5s}\n");
        assertTrue(absurd.problem().contains("faults[0].delay 1h is out of range: from 1ms to 5s each way"), absurd.problem());
        assertEquals(5, absurd.line());
        ConfigException zero = fails(BASE + "faults:\n  - {after: 10s, type: network-delay, delay: 0s, duration: 5s}\n");
        assertTrue(zero.problem().contains("faults[0].delay 0s is out of range: from 1ms to 5s each way"), zero.problem());
        ConfigException negative = fails(BASE + "faults:\n  - {after: 10s, type: network-delay, delay: -50ms, duration: 5s}\n");
        assertTrue(negative.problem().contains("faults[0].delay -50ms is out of range: from 1ms to 5s each way"), negative.problem());
        ConfigException missing = fails(BASE + "faults:\n  - {after: 10s, type: network-delay, duration: 5s}\n");
        assertTrue(missing.problem().contains("faults[0]: network-delay needs a delay, how long each byte is held each way, from 1ms "
                + "to 5s, e.g. delay: 50ms"), missing.problem());
        ConfigException noDuration = fails(BASE + "faults:\n  - {after: 10s, type: network-delay, delay: 50ms}\n");
        assertTrue(noDuration.problem().contains("network-delay needs a duration longer than zero"), noDuration.problem());
        ConfigException elsewhere = fails(BASE + "faults:\n  - {after: 10s, type: network-freeze, delay: 50ms, duration: 5s}\n");
        assertTrue(elsewhere.problem().contains("network-freeze takes no delay (only network-delay does): remove it"), elsewhere.problem());
    }

    @Test
    void aNetworkDelayMayRampToAnotherDelayOverItsDuration() throws IOException {
        FaultSpec f = load(BASE + "faults:\n  - {after: 0s, type: network-delay, delay: 1ms, to: 40ms, duration: 30s}\n").workload()
                .faults().get(0);
        assertEquals(Duration.ofMillis(40), f.to());
        assertEquals(Duration.ofMillis(40), f.toFault("t").toDelay());
        assertEquals("network-delay of 1ms to 40ms at 0s for 30s", f.describe());
        assertTrue(fails(BASE + "faults:\n  - {after: 0s, type: network-delay, delay: 1ms, to: 1h, duration: 30s}\n").problem()
                .contains("faults[0].to 1h is out of range: from 1ms to 5s each way (the delay at the fault's end)"));
        assertTrue(fails(BASE + "faults:\n  - {after: 0s, type: network-freeze, to: 40ms, duration: 30s}\n").problem()
                .contains("faults[0]: network-freeze takes no to (only network-delay's delay ramps): remove it"));
    }

    @Test
    void faultsNeedATimedRun() {
        ConfigException e = fails("messageSize: 100\nproducerRate: -1\nmessageCount: 1000\nfaults:\n  - {after: 1s, type: broker-kill}\n");
        assertTrue(e.problem().contains("faults happen at times during the measurement, so they need a timed run"), e.problem());
    }
}
