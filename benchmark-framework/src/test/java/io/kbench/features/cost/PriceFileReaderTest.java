package io.kbench.features.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class PriceFileReaderTest {

    private static PriceFile parse(String yaml) throws IOException {
        return PriceFileReader.parse("p.yaml", new ObjectMapper(new YAMLFactory()).readTree(yaml));
    }

    private static String problem(String yaml) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(yaml));
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        return e.getMessage();
    }

    private static final String HEAD = "name: n\ndate: 2026-11-01\n";

    @Test
    void everyShippedFileReadsAndCitesItsSources() throws IOException {
        try (Stream<Path> files = Files.list(CostCalculatorTest.shipped(""))) {
            long count = files.filter(f -> f.toString().endsWith(".yaml")).peek(f -> {
                PriceFile p = PriceFileReader.read(f);
                assertTrue(p.note().contains("check before use"), f + ": " + p.note());
                Stream.concat(Stream.concat(p.brokers().values().stream(), p.clients().values().stream()),
                                Stream.of(p.ckuPerHour(), p.storagePerGbMonth(), p.crossZonePerGbEachDirection(), p.dataOutPerGb()))
                        .filter(java.util.Objects::nonNull)
                        .forEach(price -> assertTrue(price.source().startsWith("https://"), f + ": " + price));
                assertTrue(f.getFileName().toString().contains(p.date().toString().substring(0, 7)),
                        f + " is named by the month of its date " + p.date());
            }).count();
            assertEquals(3, count);
        }
    }

    @Test
    void aNegativePriceIsOneLineNamingTheField() {
        assertEquals("p.yaml: brokers.kafka.m7g.large.perHour must be at least 0; got -0.2",
                problem(HEAD + "brokers:\n  kafka.m7g.large: {perHour: -0.2, source: x}\n"));
    }

    @Test
    void aPriceWrittenAsTextIsOneLineWithTheValue() {
        assertEquals("p.yaml: storage.perGbMonth must be a number of USD, at least 0; got 'ten cents'",
                problem(HEAD + "storage: {perGbMonth: ten cents, source: x}\n"));
        assertEquals("p.yaml: clients.c7g.xlarge.perHour must be a number of USD, at least 0; got '0.145'",
                problem(HEAD + "clients:\n  c7g.xlarge: {perHour: \"0.145\", source: x}\n"));
    }

    @Test
    void aPriceWithoutItsSourceOrAFileWithoutItsDateIsRefused() {
        assertTrue(problem(HEAD + "crossZone: {perGbEachDirection: 0.01}\n")
                .startsWith("p.yaml: crossZone.source is missing"));
        assertTrue(problem("name: n\nbrokers: {}\n").startsWith("p.yaml: date is missing"));
        assertTrue(problem("name: n\ndate: November 2026\n").contains("date must be the day the prices were read, as "
                + "YYYY-MM-DD; got 'November 2026'"));
        assertTrue(problem(HEAD + "brokrs: {}\n").startsWith("p.yaml: unknown field 'brokrs'; allowed: "));
    }

    @Test
    void aFileOlderThanAYearIsWarnedOfWithItsDate() throws IOException {
        PriceFile prices = parse(HEAD);
        Clock yearLater = Clock.fixed(Instant.parse("2027-11-01T12:00:00Z"), ZoneOffset.UTC);
        Clock dayAfter = Clock.fixed(Instant.parse("2027-11-02T12:00:00Z"), ZoneOffset.UTC);
        assertFalse(PriceFileReader.ageWarning(prices, yearLater).isPresent(), "a year to the day is not older");
        String warning = PriceFileReader.ageWarning(prices, dayAfter).orElseThrow();
        assertEquals("warning: p.yaml is dated 2026-11-01, more than a year before today (2027-11-02): prices change; check "
                + "them at their sources or use a newer file", warning);
    }

    @Test
    void zeroIsAPriceWhenTheFileSaysSo() throws IOException {
        // A known $0 (traffic a provider includes) is not an unknown: the file states it with its source.
        assertEquals(0.0, parse(HEAD + "crossZone: {perGbEachDirection: 0, source: included}\n")
                .crossZonePerGbEachDirection().usd());
    }
}
