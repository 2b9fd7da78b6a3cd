package io.kbench.report.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.report.ReportInputException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThresholdTest {

    @Test
    void parsesRisesOfLatencyAndFallsOfThroughput() {
        List<Threshold> t = Threshold.parse(" publish.p99 > +10% , throughput<-5%,e2e.p99.9>20%");
        assertEquals(List.of(new Threshold(GateFigure.PUBLISH_P99, 10), new Threshold(GateFigure.THROUGHPUT, -5),
                new Threshold(GateFigure.E2E_P999, 20)), t);
        assertTrue(t.get(0).passedBy(10.5));
        assertFalse(t.get(0).passedBy(9.9));
        assertTrue(t.get(1).passedBy(-5.1));
        assertFalse(t.get(1).passedBy(3));
        assertEquals("publish.p99 > +10%", t.get(0).describe());
        assertEquals("< -5%", t.get(1).comparison());
        assertEquals(List.of(), Threshold.parse(null));
    }

    @Test
    void anUnknownFigureIsNamedWithTheValidOnes() {
        ReportInputException e = assertThrows(ReportInputException.class, () -> Threshold.parse("publsh.p99>+10%"));
        assertEquals("--fail-on 'publsh.p99>+10%': unknown figure 'publsh.p99' (did you mean publish.p99?); the figures are "
                + GateFigure.names(), e.getMessage());
        assertTrue(e.getMessage().contains("throughput, consume.throughput, publish.p50"), e.getMessage());
    }

    @Test
    void anUnknownComparisonOrTheWrongDirectionIsExplained() {
        assertTrue(assertThrows(ReportInputException.class, () -> Threshold.parse("publish.p99>=10ms")).getMessage()
                .startsWith("--fail-on 'publish.p99>=10ms': unknown comparison; write publish.p99>+N%, where the comparisons are '>+N%'"));
        assertEquals("--fail-on 'throughput>+5%': throughput is better higher, so a regression is a fall: write throughput<-5%",
                assertThrows(ReportInputException.class, () -> Threshold.parse("throughput>+5%")).getMessage());
        assertEquals("--fail-on 'publish.p99<-10%': publish.p99 is better lower, so a regression is a rise: write publish.p99>+10%",
                assertThrows(ReportInputException.class, () -> Threshold.parse("publish.p99<-10%")).getMessage());
        assertTrue(assertThrows(ReportInputException.class, () -> Threshold.parse("throughput<5%")).getMessage()
                .contains("e.g. throughput<-5%"));
        assertTrue(assertThrows(ReportInputException.class, () -> Threshold.parse("throughput<-5%,throughput<-1%")).getMessage()
                .endsWith("throughput is given twice"));
    }
}
