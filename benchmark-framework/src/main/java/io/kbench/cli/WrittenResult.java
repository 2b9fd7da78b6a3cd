package io.kbench.cli;

import io.kbench.result.RunResult;
import java.nio.file.Path;

/** What one run left behind: its result and the file it was written to (null if writing failed). */
public record WrittenResult(RunResult result, Path file) {}
