package io.kbench.worker;

/**
 * A driver YAML file as text, so it can travel to remote workers unchanged and be parsed where the
 * driver runs (placeholders such as {@code ${env:NAME}} resolve there).
 *
 * @param name the path as the user gave it, for error messages
 * @param text the file's content
 * @param baseDir the file's directory for relative {@code ${file:...}} placeholders, or null
 */
public record DriverFile(String name, String text, String baseDir) {}
