package io.kbench.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kbench.warning.WarningSummary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FirstWarningLineTest {

    @Test
    void oneLineNamingTheLogFile() {
        List<String> console = new ArrayList<>();
        FirstWarningLine line = new FirstWarningLine(console::add);
        WarningSummary w = new WarningSummary("broker 127.0.0.1:39447 unreachable", 1, 0, 0, "WARN ... raw");
        line.accept(w);
        line.logFile(Path.of("results/simple.log"));
        line.accept(w);
        assertEquals(List.of("warning: broker 127.0.0.1:39447 unreachable; repeats are counted",
                "warning: broker 127.0.0.1:39447 unreachable; repeats are counted, all of them in results/simple.log"), console);
    }
}
