package io.kbench.config;

import static io.kbench.config.Messages.assertContains;
import static io.kbench.config.Messages.assertUserFacing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlaceholderResolverTest {

    private static final Map<String, String> ENV = Map.of(
            "HOST", "broker-1",
            "PORT", "9092",
            "PASSWORD", "hunter2",
            "EMPTY", "");

    private final PlaceholderResolver resolver = new PlaceholderResolver(ENV::get);
    private final ConfigSource source = ConfigSource.of("drivers/msk.yaml", "a: 1\n");

    private String resolve(String value) {
        return resolver.resolve(value, source, 1, "commonConfig");
    }

    @Test
    void plainTextIsUntouched() {
        String text = "no placeholders, costs $5";
        assertSame(text, resolve(text));
        assertNull(resolve(null));
        assertEquals("$HOST and $ alone", resolve("$HOST and $ alone"));
        assertTrue(resolver.substitutedValues().isEmpty());
    }

    @Test
    void allEnvironmentForms() {
        assertEquals("broker-1", resolve("${HOST}"));
        assertEquals("broker-1", resolve("${env:HOST}"));
        assertEquals("9092", resolve("${PORT:-1234}"));
        assertEquals("9092", resolve("${env:PORT:-1234}"));
        assertEquals("1234", resolve("${NOPE:-1234}"));
        assertEquals("host:9092", resolve("${env:NOPE:-host:9092}"));
        assertEquals("", resolve("${NOPE:-}"));
    }

    @Test
    void emptyVariableUsesDefaultOnlyWhenOneIsGiven() {
        assertEquals("fallback", resolve("${EMPTY:-fallback}"));
        assertEquals("", resolve("${EMPTY}"));
    }

    @Test
    void severalPlaceholdersWithTextAround() {
        assertEquals("bootstrap.servers=broker-1:9092,broker-2:9093;",
                resolve("bootstrap.servers=${HOST}:${env:PORT},broker-2:${OTHER:-9093};"));
    }

    @Test
    void doubleDollarIsALiteral() {
        assertEquals("${HOST} costs $$ and broker-1", resolve("$${HOST} costs $$ and ${HOST}"));
        assertEquals("${not closed", resolve("$${not closed"));
    }

    @Test
    void escapesFollowTheSameRuleWithOrWithoutAClosingBrace() {
        assertEquals("$${HOST} and ${HOST} broker-1", resolve("$$${HOST} and $${HOST} ${HOST}"));
        assertEquals("$${open", resolve("$$${open"));
        assertEquals("${a broker-1", resolve("$${a ${HOST}"));
    }

    @Test
    void keepUnsetLeavesUnsetVariablesAsWrittenAndNamesThem() {
        var lenient = new PlaceholderResolver(ENV::get, true);
        assertEquals("broker-1:${NOPE} ${env:ALSO_NOT} d", lenient.resolve("${HOST}:${NOPE} ${env:ALSO_NOT} ${X:-d}", source, 1, "f"));
        assertEquals(Set.of("NOPE", "ALSO_NOT"), lenient.unsetVariables());
    }

    @Test
    void recordsSubstitutedValuesButNotDefaults() {
        resolve("${HOST}:${PORT} ${NOPE:-default-value} ${EMPTY:-x}");
        assertEquals(Set.of("broker-1", "9092"), resolver.substitutedValues());
        assertThrows(UnsupportedOperationException.class, () -> resolver.substitutedValues().add("x"));
    }

    @Test
    void missingVariableNamesVariableFieldFileAndHowToFix() {
        var e = assertThrows(ConfigException.class,
                () -> resolver.resolve("${env:KAFKA_BOOTSTRAP_SERVERS}", source, 7, "commonConfig"));
        assertEquals("drivers/msk.yaml:7: environment variable KAFKA_BOOTSTRAP_SERVERS is not set "
                + "(used in field 'commonConfig'). Set it, or give a default: ${env:KAFKA_BOOTSTRAP_SERVERS:-value}",
                e.getMessage());
        assertEquals(7, e.line());
        assertEquals("commonConfig", e.field());

        var plain = assertThrows(ConfigException.class, () -> resolve("x ${NOPE} y"));
        assertContains(plain.getMessage(), "environment variable NOPE is not set", "${NOPE:-value}");
    }

    @Test
    void errorsPointAtThePlaceholderLineInsideAMultiLineValue() {
        ConfigSource multi = ConfigSource.of("drivers/msk.yaml",
                "name: msk\ncommonConfig: |\n  acks=all\n  bootstrap.servers=${KAFKA_SERVERS}\n");
        var e = assertThrows(ConfigException.class, () -> resolver.resolve(
                "acks=all\nbootstrap.servers=${KAFKA_SERVERS}\n", multi, 2, "commonConfig"));
        assertEquals(4, e.line());
    }

    @Test
    void malformedPlaceholders() {
        var unterminated = assertThrows(ConfigException.class, () -> resolve("${HOST"));
        assertContains(unterminated.getMessage(), "unterminated placeholder '${HOST'", "$${");
        var kind = assertThrows(ConfigException.class, () -> resolve("${vault:secret/kafka}"));
        assertContains(kind.getMessage(), "unknown placeholder type 'vault:'", "${env:NAME}", "${file:path}");
        var empty = assertThrows(ConfigException.class, () -> resolve("${}"));
        assertContains(empty.getMessage(), "invalid placeholder ${}");
        var spaces = assertThrows(ConfigException.class, () -> resolve("${not a name}"));
        assertContains(spaces.getMessage(), "'not a name' is not a variable name");
    }

    @Test
    void filePlaceholderRelativeToBaseDirStripsOneNewline(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("password.txt"), "s3cret\n\n");
        Files.createDirectories(dir.resolve("sub"));
        Files.writeString(dir.resolve("sub/token"), "tok\r\n");
        ConfigSource fromFile = new ConfigSource("drivers/msk.yaml", "", dir);
        assertEquals("pw=s3cret\n!", resolver.resolve("pw=${file:password.txt}!", fromFile, 3, "commonConfig"));
        assertEquals("tok", resolver.resolve("${file:sub/token}", fromFile, 3, "x"));
        assertEquals("tok", resolver.resolve("${file:" + dir.resolve("sub/token") + "}", source, 3, "x"));
        assertEquals(Set.of("s3cret\n", "tok"), resolver.substitutedValues());
    }

    @Test
    void missingFileNamesThePathNotTheContents(@TempDir Path dir) throws Exception {
        ConfigSource fromFile = new ConfigSource("drivers/msk.yaml", "", dir);
        var e = assertThrows(ConfigException.class,
                () -> resolver.resolve("${file:nope.txt}", fromFile, 5, "saslJaasConfig"));
        assertEquals("drivers/msk.yaml:5: file " + dir.resolve("nope.txt").toAbsolutePath().normalize()
                + " not found (used in field 'saslJaasConfig') via ${file:nope.txt}", e.getMessage());

        var isDir = assertThrows(ConfigException.class, () -> resolver.resolve("${file:.}", fromFile, 5, "x"));
        assertContains(isDir.getMessage(), "is a directory");

        Files.write(dir.resolve("binary"), new byte[] {(byte) 0xC3, (byte) 0x28, 's', 'e', 'c', 'r', 'e', 't'});
        var notText = assertThrows(ConfigException.class, () -> resolver.resolve("${file:binary}", fromFile, 5, "x"));
        assertContains(notText.getMessage(), "is not UTF-8 text");
        assertFalse(notText.getMessage().contains("secret"));
        assertUserFacing(notText);
        assertTrue(resolver.substitutedValues().isEmpty());
    }

    @Test
    void worksWithoutSourceOrLine() {
        var e = assertThrows(ConfigException.class, () -> resolver.resolve("${NOPE}", null, null, null));
        assertEquals("environment variable NOPE is not set. Set it, or give a default: ${NOPE:-value}", e.getMessage());
        assertEquals("x", new PlaceholderResolver(name -> "x").resolve("${ANY}", null, null, null));
    }
}
