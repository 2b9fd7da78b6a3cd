package io.kbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostCpuMeterTest {

    @TempDir
    Path dir;

    private static String stat(long user, long nice, long system, long idle, long iowait, long irq, long softirq, long steal) {
        return "cpu  %d %d %d %d %d %d %d %d 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\ncpu1 1 2 3 4 5 6 7 8 0 0\nintr 12345\nctxt 99\n"
                .formatted(user, nice, system, idle, iowait, irq, softirq, steal);
    }

    @Test
    void busyIsEverythingButIdleAndIowaitStealIncluded() {
        HostCpuMeter.Reading before = HostCpuMeter.parse(stat(100, 0, 50, 800, 50, 0, 0, 0));
        HostCpuMeter.Reading after = HostCpuMeter.parse(stat(700, 0, 150, 900, 50, 10, 10, 130));
        assertEquals(2, after.cpus());
        HostCpuUse use = HostCpuMeter.between(before, after, 5_000);
        // 1,000 ticks passed: 600 user + 100 system + 10 irq + 10 softirq + 130 steal = 850 busy, 100 idle, 0 iowait... of 950
        assertEquals(850.0 / 950, use.busyShare(), 1e-9);
        assertEquals(130.0 / 950, use.stealShare(), 1e-9);
        assertEquals(2, use.cpus());
        assertEquals(5_000, use.millis());
    }

    @Test
    void noReadingOrNoTimeIsNoFigure() throws Exception {
        assertNull(new HostCpuMeter(dir.resolve("missing")).read());
        assertNull(HostCpuMeter.parse("intr 1\n"));
        HostCpuMeter.Reading r = HostCpuMeter.parse(stat(1, 1, 1, 1, 1, 1, 1, 1));
        assertNull(HostCpuMeter.between(r, r, 10));
        assertNull(HostCpuMeter.between(null, r, 10));
        Path file = Files.writeString(dir.resolve("stat"), stat(1, 2, 3, 4, 5, 6, 7, 8));
        assertEquals(new HostCpuMeter.Reading(1 + 2 + 3 + 6 + 7 + 8, 8, 36, 2), new HostCpuMeter(file).read());
    }

    @Test
    void readsThisHostOnLinux() {
        if (Files.isReadable(HostCpuMeter.PROC_STAT)) {
            HostCpuMeter.Reading r = HostCpuMeter.system().read();
            assertEquals(true, r.totalTicks() > 0 && r.cpus() >= 1, r.toString());
        }
    }
}
