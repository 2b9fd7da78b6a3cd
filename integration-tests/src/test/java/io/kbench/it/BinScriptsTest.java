package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every bin/ script works on a fresh clone whose local Maven repository has no io.kbench artifacts:
 * runs .ci/check-bin-scripts (a copy of the tracked files, --help of each script, bench-merge and a
 * short in-memory run), so that `mvn verify` covers it and .ci/run stays the README's test command.
 */
class BinScriptsTest {

    @Test
    @Timeout(value = 8, unit = TimeUnit.MINUTES)
    void everyBinScriptWorksFromAFreshClone() throws Exception {
        Path script = Cli.HOME.resolve(".ci/check-bin-scripts");
        assertTrue(Files.isExecutable(script), script + " is missing");
        Path log = Files.createTempFile("kbench-bin-scripts", ".log");
        Process p = new ProcessBuilder(script.toString()).directory(Cli.HOME.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        try {
            if (!p.waitFor(7, TimeUnit.MINUTES)) {
                p.descendants().forEach(ProcessHandle::destroy);
                p.destroy();
                throw new AssertionError("check-bin-scripts took over 7 minutes; its output:\n" + Files.readString(log));
            }
            String out = Files.readString(log, StandardCharsets.UTF_8);
            System.out.println(out); // for the test report
            assertEquals(0, p.exitValue(), out);
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
