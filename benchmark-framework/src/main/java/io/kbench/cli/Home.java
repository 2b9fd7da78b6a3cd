package io.kbench.cli;

import java.nio.file.Path;

/** The tool's installation directory (the repository root): bin/benchmark passes it as kbench.home. */
final class Home {

    private Home() {}

    static Path path() {
        String home = System.getProperty("kbench.home");
        return home == null ? Path.of("") : Path.of(home);
    }
}
