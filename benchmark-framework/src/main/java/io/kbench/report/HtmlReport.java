package io.kbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the self-contained HTML report of some results: {@code bin/benchmark report}, and the report
 * each run and sweep leaves next to its results.
 */
public final class HtmlReport {

    /** What was written. */
    public record Written(Path file, long bytes, int runs, long millis) {}

    private HtmlReport() {}

    /**
     * @param inputs result files and directories of them
     * @param baseline the run to compare against (added to the report if not among the inputs), or null
     * @param output the HTML file to write (replaced if it exists: reports are derived and can be rewritten)
     * @param tool names the tool in the page, e.g. "kbench 0.1.0"
     * @throws ReportInputException naming the file or directory that cannot be used
     */
    public static Written write(List<Path> inputs, Path baseline, Path output, String tool) throws IOException {
        long start = System.nanoTime();
        List<Path> files = new ArrayList<>(ResultFiles.expand(inputs));
        int baseIndex = -1;
        if (baseline != null) {
            baseIndex = indexOf(files, baseline);
            if (baseIndex < 0) {
                files.add(0, baseline.normalize());
                baseIndex = 0;
            }
        }
        List<ResultFile> runs = new ArrayList<>();
        for (Path f : files) {
            runs.add(ResultFile.read(f));
        }
        ResultFile base = baseIndex < 0 ? null : runs.get(baseIndex);
        String html = HtmlPage.render(ReportModel.build(runs, base, tool));
        byte[] bytes = html.getBytes(StandardCharsets.UTF_8);
        Path parent = output.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        // Written whole, then moved: a reader never sees half a report.
        Path tmp = output.resolveSibling(output.getFileName() + ".tmp");
        Files.write(tmp, bytes);
        Files.move(tmp, output, StandardCopyOption.REPLACE_EXISTING);
        return new Written(output, bytes.length, runs.size(), (System.nanoTime() - start) / 1_000_000);
    }

    /** Where {@code file} is among {@code files}, however each is spelt (relative, absolute, via links); -1 if absent. */
    private static int indexOf(List<Path> files, Path file) throws IOException {
        for (int i = 0; i < files.size(); i++) {
            if (Files.exists(files.get(i)) && Files.exists(file) && Files.isSameFile(files.get(i), file)) {
                return i;
            }
        }
        return -1;
    }
}
