package io.kbench.secret;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a secret from a file or an environment variable; never from the command line, where `ps` shows it. */
public final class Secrets {

    private Secrets() {}

    /**
     * @return the file's content (trimmed) if {@code file} is given, else the variable's value, else null
     * @throws IllegalArgumentException naming the option (never the secret) when the file cannot be read or is empty
     */
    public static String read(String envVariable, Path file, String option) {
        if (file != null) {
            try {
                String value = Files.readString(file, StandardCharsets.UTF_8).trim();
                if (value.isEmpty()) {
                    throw new IllegalArgumentException(option + " " + file + " is empty");
                }
                return value;
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read " + option + " " + file + ": " + e.getMessage(), e);
            }
        }
        String value = System.getenv(envVariable);
        return value == null || value.isBlank() ? null : value.trim();
    }
}
