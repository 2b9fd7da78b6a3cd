package io.kbench.workload.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorpusTest {

    @TempDir
    Path dir;

    private static List<String> texts(Corpus.Read r) {
        return r.payloads().stream().map(b -> new String(b, StandardCharsets.UTF_8)).toList();
    }

    @Test
    void filesAFolderOrADelimitedFileGiveOnePayloadEach() throws Exception {
        Files.writeString(dir.resolve("b.json"), "{\"b\":2}");
        Files.writeString(dir.resolve("a.json"), "{\"a\":1}");
        Files.createDirectory(dir.resolve("sub"));
        assertEquals(List.of("{\"a\":1}", "{\"b\":2}"), texts(Corpus.read(new CorpusSpec(null, ".", null, null), List.of(dir), 1000)),
                "the folder's files in name order, not its sub-folders");
        assertEquals(List.of("{\"b\":2}"), texts(Corpus.read(new CorpusSpec(List.of("b.json"), null, null, null), List.of(dir), 1000)));
        Files.writeString(dir.resolve("events.ndjson"), "one\ntwo\n\nthree");
        assertEquals(List.of("one", "two", "three"),
                texts(Corpus.read(new CorpusSpec(null, null, "events.ndjson", null), List.of(dir), 1000)), "empty records skipped");
        Files.writeString(dir.resolve("events.txt"), "one||two||");
        assertEquals(List.of("one", "two"), texts(Corpus.read(new CorpusSpec(null, null, "events.txt", "||"), List.of(dir), 1000)));
    }

    @Test
    void anEmptyFolderAMissingFileOrTooManyBytesIsOneLine() throws Exception {
        Path empty = Files.createDirectory(dir.resolve("empty"));
        assertEquals(List.of(new Issue("directory", "payloads.directory " + empty + " has no files: put one payload per file in it")),
                Corpus.read(new CorpusSpec(null, "empty", null, null), List.of(dir), 1000).issues());
        assertEquals(List.of(new Issue("files", "payloads.files: nope.json not found (looked in " + dir + ")")),
                Corpus.read(new CorpusSpec(List.of("nope.json"), null, null, null), List.of(dir), 1000).issues());
        Files.write(dir.resolve("big"), new byte[2000]);
        Issue over = Corpus.read(new CorpusSpec(List.of("big"), null, null, null), List.of(dir), 1000).issues().get(0);
        assertTrue(over.message().startsWith("payloads: the corpus is over 1,000 bytes by " + dir.resolve("big")), over.message());
        assertEquals("payloads needs exactly one of files (a list of payload files), directory (a folder of them) or delimitedFile (one "
                + "file, a payload per record): it gives 2", Corpus.read(new CorpusSpec(List.of("big"), "empty", null, null), List.of(dir),
                1000).issues().get(0).message());
    }
}
