package io.kbench.util;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/** Describes exceptions in one line for users, without stack traces. */
public final class Errors {

    private Errors() {}

    /**
     * The message of this tool's own exceptions (written for users), else {@link #describe}.
     */
    public static String describeForUser(Throwable error) {
        if (error.getClass().getName().startsWith("io.kbench.") && error.getMessage() != null) {
            return error.getMessage();
        }
        return describe(error);
    }

    /**
     * Why a file operation failed, in words: java.nio's exceptions often carry only the path as their
     * message (e.g. "permission denied on /var/log/x.log" rather than "/var/log/x.log").
     */
    public static String describeIo(IOException e) {
        if (e instanceof AccessDeniedException a) {
            return "permission denied on " + a.getFile();
        }
        if (e instanceof NoSuchFileException n) {
            return "no such file or directory: " + n.getFile();
        }
        if (e instanceof FileAlreadyExistsException f) {
            return "a file is in the way: " + f.getFile();
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason() + (f.getFile() == null ? "" : ": " + f.getFile());
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** "SimpleName: message" of the innermost cause that has a message (the most specific one). */
    public static String describe(Throwable error) {
        Throwable best = error;
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                best = t;
            }
        }
        String message = best.getMessage();
        return best.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
