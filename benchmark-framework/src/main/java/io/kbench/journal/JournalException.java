package io.kbench.journal;

/** A journal that cannot be read, in one line naming the file and what to do. */
public final class JournalException extends RuntimeException {

    public JournalException(String message) {
        super(message);
    }
}
