package io.kbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.config.ConfigException;
import io.kbench.config.PlaceholderResolver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The compatibility fields: the reference's table is the class's list; ignored fields get a note, refused ones a line. */
class WorkloadCompatibilityTest {

    static final Path DOC = Path.of("..", "docs", "workload-reference.md");

    @TempDir
    Path dir;

    @Test
    void theReferenceTableIsTheClassList() throws IOException {
        List<String> rows = Files.readAllLines(DOC).stream()
                .dropWhile(l -> !l.equals("## Fields accepted only for compatibility"))
                .skip(1).takeWhile(l -> !l.startsWith("## "))
                .filter(l -> l.startsWith("| `")).toList();
        assertEquals(WorkloadCompatibility.markdownRows(), rows,
                "docs/workload-reference.md's compatibility table differs from WorkloadCompatibility.FIELDS");
    }

    @Test
    void everyFieldOfTheListExistsInTheWorkloadAndEveryIgnoredOneHasANote() {
        List<String> components = java.util.Arrays.stream(Workload.class.getRecordComponents()).map(c -> c.getName()).toList();
        for (WorkloadCompatibility.Field f : WorkloadCompatibility.FIELDS) {
            assertTrue(components.contains(f.name()), f.name());
            assertEquals(f.fate() == WorkloadCompatibility.Fate.IGNORED, f.note() != null, f.name());
        }
    }

    @Test
    void ignoredFieldsTheFileGivesAreNamedInNotes() throws IOException {
        Path f = Files.writeString(dir.resolve("w.yaml"), "messageSize: 100\nproducerRate: 10\ntestDuration: 5s\n"
                + "randomTopicNames: true\nacceptableBacklog: 0\nlogIntervalMillis: 10000\nproducerIncrementSeconds: 10\n");
        LoadedWorkload w = new WorkloadLoader(new PlaceholderResolver()).load(f, WorkloadOverrides.NONE);
        assertEquals(4, w.notes().size(), w.notes().toString());
        assertTrue(w.notes().get(0).startsWith("logIntervalMillis (OpenMessaging Benchmark's progress interval) is ignored"));
    }

    @Test
    void aRefusedValueIsOneLineNamingTheAlternative() throws IOException {
        Path f = Files.writeString(dir.resolve("w.yaml"), "messageSize: 100\nproducerRate: 10\ntestDuration: 5s\n"
                + "producerPauseDuringDrain: 5\n");
        try {
            new WorkloadLoader(new PlaceholderResolver()).load(f, WorkloadOverrides.NONE);
        } catch (ConfigException e) {
            assertEquals(4, e.line());
            assertEquals("producerPauseDuringDrain is not supported: neither OMB, nor its Redpanda fork, nor any fork found defines "
                    + "it, so it has no meaning to honour; to stop the producers while a backlog drains, use drainProducerRate: 0 "
                    + "(or consumerOnly: true)", e.problem());
            return;
        }
        throw new AssertionError("not refused");
    }
}
