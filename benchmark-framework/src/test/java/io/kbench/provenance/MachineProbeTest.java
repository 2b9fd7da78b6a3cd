package io.kbench.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MachineProbeTest {

    @TempDir
    Path dir;

    @Test
    void readsTheHostFromTheKernelsFiles() throws Exception {
        Path proc = dir.resolve("proc");
        Files.createDirectories(proc.resolve("sys/kernel/random"));
        Files.writeString(proc.resolve("sys/kernel/random/boot_id"), "6f1c2d3e-aaaa-bbbb-cccc-000000000001\n");
        Files.writeString(proc.resolve("stat"), "cpu  1 2 3 4 5 6 7 8 0 0\ncpu0 1 1 1 1 1 1 1 1\ncpu1 1 1 1 1 1 1 1 1\n"
                + "cpu2 1 1 1 1 1 1 1 1\ncpu3 1 1 1 1 1 1 1 1\n");
        Files.writeString(proc.resolve("cpuinfo"), "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC   7R13 Processor\n");
        ClientMachine m = MachineProbe.read(Map.of(MachineProbe.HOST_NAME_VARIABLE, "node-7"), proc);
        assertEquals("node-7", m.host());
        assertEquals("6f1c2d3e-aaaa-bbbb-cccc-000000000001", m.hostId());
        assertEquals(4, m.cpus());
        assertEquals("AMD EPYC 7R13 Processor", m.cpuModel());
        assertTrue(m.jvm().contains(System.getProperty("java.version")), m.jvm());
    }

    @Test
    void withoutTheKernelsFilesTheHostNameIsItsId() {
        ClientMachine m = MachineProbe.read(Map.of(), dir.resolve("no-proc"));
        assertEquals(m.host(), m.hostId());
        assertNull(m.cpuModel());
        assertEquals(Runtime.getRuntime().availableProcessors(), m.cpus());
    }

    @Test
    void armCpusNameTheirModelToo() throws Exception {
        Path cpuinfo = Files.writeString(dir.resolve("cpuinfo"), "processor\t: 0\nBogoMIPS\t: 243.75\nCPU part\t: 0xd0c\n");
        assertEquals("0xd0c", MachineProbe.cpuModel(cpuinfo));
    }
}
