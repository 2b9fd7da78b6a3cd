package io.kbench.workload.traffic;

import java.util.List;

/**
 * The workload's {@code payloads} section: real payloads, each message taking one of them at random (seeded). Give
 * exactly one of {@code files}, {@code directory} or {@code delimitedFile}. Paths are relative to the workload file
 * (or its parent folder, or the working directory, as {@code payloadFile}).
 *
 * @param files payload files, one payload each
 * @param directory a folder whose regular files (not its sub-folders) are one payload each, in name order
 * @param delimitedFile one file holding many payloads, one per record, as kafka-producer-perf-test's
 *     {@code --payload-file} reads it
 * @param delimiter what ends each record of {@code delimitedFile} (default a newline, as {@code --payload-delimiter});
 *     empty records are skipped
 */
public record CorpusSpec(List<String> files, String directory, String delimitedFile, String delimiter) {

    public static final String DEFAULT_DELIMITER = "\n";

    public CorpusSpec {
        files = files == null ? null : List.copyOf(files);
    }

    /** What the corpus is made of, as the file names it. */
    public String describe() {
        return files != null ? files.size() + " file(s)" : directory != null ? "folder " + directory
                : "file " + delimitedFile + ", one payload per record";
    }
}
