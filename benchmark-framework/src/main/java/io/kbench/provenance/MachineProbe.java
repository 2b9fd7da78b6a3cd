package io.kbench.provenance;

import io.kbench.stats.HostCpuMeter;
import io.kbench.stats.HostCpuUse;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Describes the machine this process runs on: host name and id, CPUs and their model, memory, operating system,
 * Java runtime, and the kbench version and commit. The facts that do not change are read once per process.
 */
public final class MachineProbe {

    /** Names the host where its own name does not (e.g. a Kubernetes node, given to the pod from spec.nodeName). */
    public static final String HOST_NAME_VARIABLE = "KBENCH_HOST_NAME";

    private static volatile ClientMachine facts;

    private MachineProbe() {}

    /** This machine, as worker {@code workerId}, with its host's CPU use over the measurement (null when unknown). */
    public static ClientMachine describe(String workerId, HostCpuUse hostCpu) {
        ClientMachine f = facts;
        if (f == null) {
            f = read(System.getenv(), Path.of("/proc"));
            facts = f;
        }
        return new ClientMachine(workerId, f.host(), f.hostId(), f.cpus(), f.jvmCpus(), f.cpuModel(), f.memoryBytes(), f.os(),
                f.jvm(), f.kbenchVersion(), f.kbenchCommit(), hostCpu);
    }

    /** The facts of this process's machine, reading the kernel's files under {@code proc}. */
    static ClientMachine read(Map<String, String> env, Path proc) {
        String host = env.get(HOST_NAME_VARIABLE);
        if (host == null || host.isBlank()) {
            host = hostName(env);
        }
        String bootId = firstLine(proc.resolve("sys/kernel/random/boot_id"));
        HostCpuMeter.Reading cpu = new HostCpuMeter(proc.resolve("stat")).read();
        int jvmCpus = Runtime.getRuntime().availableProcessors();
        return new ClientMachine(null, host, bootId != null ? bootId : host, cpu != null ? cpu.cpus() : jvmCpus, jvmCpus,
                cpuModel(proc.resolve("cpuinfo")), memoryBytes(), System.getProperty("os.name") + " " + System.getProperty("os.version")
                + " " + System.getProperty("os.arch"), System.getProperty("java.vendor") + " " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.version"), version(), KbenchCommit.find(env), null);
    }

    static String version() {
        String v = MachineProbe.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    private static String hostName(Map<String, String> env) {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            String name = env.get("HOSTNAME");
            return name == null || name.isBlank() ? "unknown host" : name;
        }
    }

    /** The model name of the first CPU in {@code /proc/cpuinfo} (x86's "model name", or ARM's "Model"/"CPU part"). */
    static String cpuModel(Path cpuinfo) {
        String text = text(cpuinfo);
        if (text == null) {
            return null;
        }
        for (String key : new String[] {"model name", "Model", "Hardware", "CPU part"}) {
            for (String line : text.split("\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).trim().equals(key)) {
                    String value = line.substring(colon + 1).trim().replaceAll("\\s+", " ");
                    if (!value.isEmpty()) {
                        return value;
                    }
                }
            }
        }
        return null;
    }

    private static Long memoryBytes() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            long bytes = os.getTotalMemorySize();
            return bytes > 0 ? bytes : null;
        }
        return null;
    }

    private static String firstLine(Path file) {
        String text = text(file);
        return text == null || text.isBlank() ? null : text.strip().lines().findFirst().orElse(null);
    }

    private static String text(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Bytes as GiB, for lines of text, e.g. "15.5 GiB". */
    public static String gib(Long bytes) {
        return bytes == null ? "not available" : String.format(Locale.ROOT, "%.1f GiB", bytes / (1024.0 * 1024 * 1024));
    }
}
