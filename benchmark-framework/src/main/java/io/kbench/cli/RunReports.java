package io.kbench.cli;

import io.kbench.coordinator.Console;
import io.kbench.report.HtmlReport;
import io.kbench.util.Errors;
import java.nio.file.Path;
import java.util.List;

/** The HTML report a run leaves next to its result, and a sweep next to its table (unless --no-report). */
final class RunReports {

    private RunReports() {}

    /** {@code results/x.json} → {@code results/x.html}. */
    static Path htmlNextTo(Path result) {
        String name = result.getFileName().toString();
        String stem = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
        return result.resolveSibling(stem + ".html");
    }

    /** Writes {@code html} from {@code inputs}; a failure is printed, never fails the run (its result is written). */
    static void write(List<Path> inputs, Path html, Console console) {
        try {
            HtmlReport.Written w = HtmlReport.write(inputs, null, html, "kbench " + Versions.tool());
            console.line("Report written to %s (%,d KB)", w.file(), (w.bytes() + 1023) / 1024);
        } catch (Exception e) {
            console.line("Could not write the HTML report %s: %s (the result is written; try bin/benchmark report)",
                    html, Errors.describeForUser(e));
        }
    }
}
