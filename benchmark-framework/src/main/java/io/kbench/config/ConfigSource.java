package io.kbench.config;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Configuration text and where it came from.
 *
 * @param name    what error messages show: the path as the user typed it, or a descriptive name
 * @param text    the whole document
 * @param baseDir directory against which relative paths in the document resolve (payload files,
 *                {@code ${file:...}} placeholders); null for text that did not come from a file
 */
public record ConfigSource(String name, String text, Path baseDir) {

    public ConfigSource {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(text, "text");
    }

    /** Text that did not come from a local file (e.g. received over the network). */
    public static ConfigSource of(String name, String text) {
        return new ConfigSource(name, text, null);
    }

    /**
     * Reads a UTF-8 file. Errors name the path as given and, for a missing file, the absolute path looked at.
     *
     * @throws ConfigException if the file is missing, a directory, unreadable, or not UTF-8 text
     */
    public static ConfigSource read(Path file) {
        String name = file.toString();
        Path absolute = file.toAbsolutePath().normalize();
        byte[] bytes = readBytes(name, absolute);
        String text = decodeUtf8(name, bytes);
        return new ConfigSource(name, text, absolute.getParent());
    }

    /** The file's name without its extension ("simple" for workloads/simple.yaml): the default name of what it holds. */
    public static String baseName(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    private static byte[] readBytes(String name, Path absolute) {
        if (Files.isDirectory(absolute)) {
            throw ConfigException.of(name, "is a directory, expected a file (" + absolute + ")");
        }
        if (!Files.exists(absolute)) {
            throw ConfigException.of(name, "file not found (looked at " + absolute + ")");
        }
        try {
            return Files.readAllBytes(absolute);
        } catch (NoSuchFileException e) {
            throw ConfigException.of(name, "file not found (looked at " + absolute + ")");
        } catch (AccessDeniedException e) {
            throw ConfigException.of(name, "cannot read file: permission denied (" + absolute + ")");
        } catch (IOException e) {
            String why = e.getMessage() == null ? "I/O error" : e.getMessage();
            throw ConfigException.of(name, "cannot read file: " + why);
        } catch (OutOfMemoryError e) {
            throw ConfigException.of(name, "file is too large to read (" + absolute + ")");
        }
    }

    private static String decodeUtf8(String name, byte[] bytes) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw ConfigException.of(name, "is not UTF-8 text (invalid byte sequence at offset "
                    + firstInvalidOffset(bytes) + "); save it as UTF-8");
        }
        if (text.indexOf('\0') >= 0) {
            throw ConfigException.of(name, "looks like a binary file (contains NUL bytes), expected UTF-8 text");
        }
        if (!text.isEmpty() && text.charAt(0) == '\uFEFF') {
            text = text.substring(1);
        }
        return text;
    }

    /** Offset of the first byte that does not start a valid UTF-8 sequence (best effort, for the message). */
    private static int firstInvalidOffset(byte[] bytes) {
        var decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        var out = CharBuffer.allocate(Math.max(16, bytes.length));
        var result = decoder.decode(in, out, true);
        return result.isError() ? in.position() : bytes.length;
    }
}
