package io.kbench.provenance;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The commit kbench runs from: {@code -Dkbench.commit} or {@code KBENCH_COMMIT} when given (an image build sets
 * it), else the HEAD of the git checkout its classes were built in (bin/benchmark runs from one), read from the
 * {@code .git} directory without running git. Uncommitted changes are not told.
 */
final class KbenchCommit {

    static final String PROPERTY = "kbench.commit";
    static final String VARIABLE = "KBENCH_COMMIT";

    private KbenchCommit() {}

    /** The commit, or null when not available. */
    static String find(Map<String, String> env) {
        String given = System.getProperty(PROPERTY, env.get(VARIABLE));
        if (given != null && !given.isBlank()) {
            return given.trim();
        }
        try {
            Path code = Path.of(KbenchCommit.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return head(code);
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /** The HEAD commit of the checkout holding {@code start}, or null when it is in none. */
    static String head(Path start) {
        for (Path dir = start.toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path dotGit = dir.resolve(".git");
            try {
                if (Files.isDirectory(dotGit)) {
                    return resolve(dotGit, dotGit);
                }
                if (Files.isRegularFile(dotGit)) { // a worktree: "gitdir: <its directory under the main .git/worktrees>"
                    String line = Files.readString(dotGit).strip();
                    if (line.startsWith("gitdir:")) {
                        Path gitDir = dir.resolve(line.substring("gitdir:".length()).trim()).normalize();
                        Path common = Files.isRegularFile(gitDir.resolve("commondir"))
                                ? gitDir.resolve(Files.readString(gitDir.resolve("commondir")).strip()).normalize() : gitDir;
                        return resolve(gitDir, common);
                    }
                }
            } catch (IOException e) {
                return null;
            }
        }
        return null;
    }

    private static String resolve(Path gitDir, Path common) throws IOException {
        String head = Files.readString(gitDir.resolve("HEAD")).strip();
        if (!head.startsWith("ref:")) {
            return head; // a detached HEAD holds the commit itself
        }
        String ref = head.substring(4).trim();
        for (Path dir : new Path[] {gitDir, common}) {
            Path loose = dir.resolve(ref);
            if (Files.isRegularFile(loose)) {
                return Files.readString(loose).strip();
            }
        }
        Path packed = common.resolve("packed-refs");
        if (Files.isRegularFile(packed)) {
            for (String line : Files.readAllLines(packed)) {
                if (line.endsWith(" " + ref)) {
                    return line.substring(0, line.indexOf(' '));
                }
            }
        }
        return null;
    }
}
