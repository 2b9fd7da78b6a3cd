package io.kbench.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KbenchCommitTest {

    private static final String COMMIT = "2ec668334b4cb5afaee7f113e7df67a2062d7b9f";

    @TempDir
    Path dir;

    @Test
    void readsTheBranchHeadOfTheCheckoutHoldingTheClasses() throws Exception {
        Path git = Files.createDirectories(dir.resolve("repo/.git/refs/heads"));
        Files.writeString(dir.resolve("repo/.git/HEAD"), "ref: refs/heads/main\n");
        Files.writeString(git.resolve("main"), COMMIT + "\n");
        Path classes = Files.createDirectories(dir.resolve("repo/benchmark-framework/target/classes"));
        assertEquals(COMMIT, KbenchCommit.head(classes));
    }

    @Test
    void readsPackedRefsAWorktreeAndADetachedHead() throws Exception {
        Path main = Files.createDirectories(dir.resolve("main/.git/worktrees/wt"));
        Files.writeString(dir.resolve("main/.git/packed-refs"), "# pack-refs with: peeled\n" + COMMIT + " refs/heads/feature\n");
        Files.writeString(main.resolve("HEAD"), "ref: refs/heads/feature\n");
        Files.writeString(main.resolve("commondir"), "../..\n");
        Path wt = Files.createDirectories(dir.resolve("wt"));
        Files.writeString(wt.resolve(".git"), "gitdir: " + main + "\n");
        assertEquals(COMMIT, KbenchCommit.head(wt.resolve("sub")));

        Path detached = Files.createDirectories(dir.resolve("d/.git"));
        Files.writeString(detached.resolve("HEAD"), COMMIT + "\n");
        assertEquals(COMMIT, KbenchCommit.head(dir.resolve("d")));
    }

    @Test
    void outsideACheckoutThereIsNone() {
        assertNull(KbenchCommit.head(dir.resolve("nowhere")));
    }
}
