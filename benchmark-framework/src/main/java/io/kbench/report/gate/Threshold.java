package io.kbench.report.gate;

import io.kbench.driver.NearestName;
import io.kbench.report.ReportInputException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One term of {@code --fail-on}: a figure and how far it may move the worse way before the gate fails, e.g.
 * {@code publish.p99>+10%} (a rise of more than 10 %) or {@code throughput<-5%} (a fall of more than 5 %).
 *
 * @param figure the figure
 * @param percent how far it may move, in percent, signed the worse way (+10 for a latency, -5 for a throughput)
 */
public record Threshold(GateFigure figure, double percent) {

    private static final Pattern TERM = Pattern.compile("\\s*([A-Za-z0-9_.]+)\\s*([<>])\\s*([+-]?)\\s*([0-9]+(?:\\.[0-9]+)?)\\s*%\\s*");

    /** The comparisons a term may make, for messages. */
    static final String FORMS = "'>+N%' (fail when the figure rises more than N%: latencies, cpu.per.message) or '<-N%' (fail when it "
            + "falls more than N%: throughput, consume.throughput)";

    /** Whether {@code effectPercent} (the candidate against the baseline) went past this threshold. */
    public boolean passedBy(double effectPercent) {
        return percent >= 0 ? effectPercent > percent : effectPercent < percent;
    }

    /** As written: {@code publish.p99 > +10%}. */
    public String describe() {
        String number = BigDecimal.valueOf(Math.abs(percent)).stripTrailingZeros().toPlainString();
        return figure.label() + (percent >= 0 ? " > +" : " < -") + number + "%";
    }

    /** The comparison alone: {@code > +10%}. */
    public String comparison() {
        return describe().substring(figure.label().length() + 1);
    }

    /**
     * Parses {@code publish.p99>+10%,throughput<-5%}; null or blank is none.
     *
     * @throws ReportInputException naming the term, the unknown figure or comparison, and the valid ones
     */
    public static List<Threshold> parse(String text) {
        List<Threshold> out = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return out;
        }
        for (String term : text.split(",")) {
            Matcher m = TERM.matcher(term);
            String name = term.trim().split("[<>=!\\s]", 2)[0];
            GateFigure figure = GateFigure.named(name);
            if (figure == null) {
                String nearest = NearestName.find(name, Arrays.stream(GateFigure.values()).map(GateFigure::label).toList()).orElse(null);
                throw new ReportInputException("--fail-on '" + term.trim() + "': unknown figure '" + name + "'"
                        + (nearest == null ? "" : " (did you mean " + nearest + "?)") + "; the figures are " + GateFigure.names());
            }
            if (!m.matches()) {
                throw new ReportInputException("--fail-on '" + term.trim() + "': unknown comparison; write " + figure.label()
                        + (figure.higherIsBetter() ? "<-N%" : ">+N%") + ", where the comparisons are " + FORMS);
            }
            boolean rise = m.group(2).equals(">");
            String sign = m.group(3);
            double value = Double.parseDouble(m.group(4));
            if ((rise && sign.equals("-")) || (!rise && sign.equals("+")) || (!rise && sign.isEmpty() && value != 0)) {
                throw new ReportInputException("--fail-on '" + term.trim() + "': a comparison is " + FORMS + ", e.g. "
                        + figure.label() + (figure.higherIsBetter() ? "<-5%" : ">+10%"));
            }
            if (rise == figure.higherIsBetter()) {
                throw new ReportInputException("--fail-on '" + term.trim() + "': " + figure.label() + " is better "
                        + (figure.higherIsBetter() ? "higher, so a regression is a fall: write " + figure.label() + "<-" + m.group(4) + "%"
                                : "lower, so a regression is a rise: write " + figure.label() + ">+" + m.group(4) + "%"));
            }
            if (out.stream().anyMatch(t -> t.figure() == figure)) {
                throw new ReportInputException("--fail-on '" + text.trim() + "': " + figure.label() + " is given twice");
            }
            out.add(new Threshold(figure, rise ? value : -value));
        }
        return out;
    }
}
