package io.kbench.config;

import static io.kbench.config.Messages.assertContains;
import static io.kbench.config.Messages.assertUserFacing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigSourceTest {

    @TempDir
    Path dir;

    @Test
    void readsFileKeepingTheNameAsGiven() throws Exception {
        Path file = dir.resolve("simple.yaml");
        Files.writeString(file, "name: simple\n");
        ConfigSource source = ConfigSource.read(file);
        assertEquals(file.toString(), source.name());
        assertEquals("name: simple\n", source.text());
        assertEquals(dir.toAbsolutePath().normalize(), source.baseDir());
    }

    @Test
    void relativePathKeepsRelativeName() {
        ConfigSource source = ConfigSource.read(Path.of("pom.xml"));
        assertEquals("pom.xml", source.name());
        assertEquals(Path.of("").toAbsolutePath().normalize(), source.baseDir());
    }

    @Test
    void stripsByteOrderMark() throws Exception {
        Path file = dir.resolve("bom.yaml");
        Files.write(file, new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'a', ':', ' ', '1'});
        assertEquals("a: 1", ConfigSource.read(file).text());
    }

    @Test
    void missingFileShowsNameAndWhereItLooked() {
        Path file = Path.of("workloads", "no-such-workload.yaml");
        var e = assertThrows(ConfigException.class, () -> ConfigSource.read(file));
        assertEquals(file + ": file not found (looked at " + file.toAbsolutePath().normalize() + ")", e.getMessage());
        assertEquals(file.toString(), e.source());
        assertNull(e.line());
    }

    @Test
    void directoryIsRejected() {
        var e = assertThrows(ConfigException.class, () -> ConfigSource.read(dir));
        assertContains(e.getMessage(), dir.toString() + ": is a directory, expected a file");
    }

    @Test
    void nonUtf8IsRejected() throws Exception {
        Path file = dir.resolve("latin1.yaml");
        Files.write(file, new byte[] {'n', 'a', 'm', 'e', ':', ' ', (byte) 0xE9, 't', 'e'});
        var e = assertThrows(ConfigException.class, () -> ConfigSource.read(file));
        assertContains(e.getMessage(), file + ": is not UTF-8 text (invalid byte sequence at offset 6)");
        assertUserFacing(e);
    }

    @Test
    void binaryIsRejected() throws Exception {
        Path file = dir.resolve("data.bin");
        Files.write(file, new byte[] {'a', 0, 'b'});
        var e = assertThrows(ConfigException.class, () -> ConfigSource.read(file));
        assertContains(e.getMessage(), "binary file");
    }

    @Test
    void unreadableFileSaysPermissionDenied() throws Exception {
        Path file = dir.resolve("secret.yaml");
        Files.writeString(file, "a: 1\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));
        try {
            Assumptions.assumeFalse(Files.isReadable(file), "running as a user who can read anything (root)");
            var e = assertThrows(ConfigException.class, () -> ConfigSource.read(file));
            assertContains(e.getMessage(), file + ": cannot read file: permission denied");
        } finally {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        }
    }

    @Test
    void ofHasNoBaseDir() {
        ConfigSource source = ConfigSource.of("workload from coordinator", "a: 1");
        assertNull(source.baseDir());
        assertEquals("workload from coordinator", source.name());
    }
}
