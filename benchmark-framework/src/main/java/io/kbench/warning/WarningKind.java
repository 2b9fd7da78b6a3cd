package io.kbench.warning;

/**
 * What a warning is about.
 *
 * @param key      warnings with the same key are counted together (numbers and ids normalised away
 *                 where they vary from one repeat to the next)
 * @param sentence what the user reads, one line
 */
public record WarningKind(String key, String sentence) {

    /** A kind whose sentence is its own key. */
    public static WarningKind of(String sentence) {
        return new WarningKind(sentence, sentence);
    }
}
