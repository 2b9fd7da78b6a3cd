package io.kbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.config.PlaceholderResolver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shipped workloads that read the past are valid, and each reads the past as its comment says. */
class ReadPastWorkloadFilesTest {

    @Test
    void theShippedWorkloadsThatReadThePastAreValid() throws Exception {
        try (var files = Files.list(Path.of("..", "workloads", "read-past"))) {
            List<Path> all = files.sorted().toList();
            assertEquals(4, all.size(), all.toString());
            for (Path f : all) {
                Workload w = new WorkloadLoader(new PlaceholderResolver()).load(f, WorkloadOverrides.NONE).workload();
                assertEquals(List.of(), WorkloadValidator.validate(w), f.toString());
                assertTrue(w.pastReads().isPresent(), f + " reads the past");
                assertTrue(Files.readString(f).startsWith("# "), f + " starts with a comment saying what it measures");
            }
        }
        Workload existing = new WorkloadLoader(new PlaceholderResolver(name -> null))
                .load(Path.of("..", "workloads", "read-past", "consume-existing-topic.yaml"), WorkloadOverrides.NONE).workload();
        assertEquals(List.of("orders"), existing.allExistingTopics());
        assertTrue(existing.consumesExistingOnly());
    }
}
