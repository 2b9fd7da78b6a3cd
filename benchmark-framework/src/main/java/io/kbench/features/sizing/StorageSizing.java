package io.kbench.features.sizing;

import io.kbench.model.Units;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Storage per broker for one topic, worked out as the MSK sizing study does it, so a user can check each line by
 * hand: ingress, storage for the retention, with replication, per broker.
 *
 * <p>Each line starts from the figure shown on the line above, rounded the way the study rounds:
 * ingress in KB/s to 3 significant figures (10,000 × 2,560 B = 25,000 KB/s), storage
 * to 2 decimals (13.74 TB), the per-broker answer to 3 significant figures (10.305 → 10.3 TB). Where
 * that differs from the figure computed without rounding, the unrounded one is shown next to it.
 * Throughput and storage units are powers of 1,024 (KB = 1,024 bytes, TB = 1,024⁴ bytes), for
 * record sizes too (2.5KB is 2,560 bytes), as everywhere in kbench.
 *
 * @param rate events per second
 * @param recordBytes average record size in bytes
 * @param recordSizeText the record size as given, e.g. 2.5KB
 * @param retention how long data is kept
 * @param retentionText the retention as given, e.g. 7d
 * @param replicationFactor copies of each partition
 * @param brokers brokers sharing the replicas evenly
 */
public record StorageSizing(BigDecimal rate, BigDecimal recordBytes, String recordSizeText, Duration retention,
                            String retentionText, int replicationFactor, int brokers) {

    static final BigDecimal K = BigDecimal.valueOf((long) Units.BYTES_PER_KB);
    private static final MathContext THREE_FIGURES = new MathContext(3, RoundingMode.HALF_UP);
    private static final MathContext WIDE = MathContext.DECIMAL128;
    private static final String[] UNITS = {"KB", "MB", "GB", "TB", "PB"};

    public BigDecimal bytesPerSecond() {
        return rate.multiply(recordBytes);
    }

    /** Ingress in KB/s, unrounded. */
    public BigDecimal kbPerSecondExact() {
        return bytesPerSecond().divide(K, WIDE);
    }

    /** Ingress in KB/s as shown: 3 significant figures. */
    public BigDecimal kbPerSecond() {
        return kbPerSecondExact().round(THREE_FIGURES);
    }

    /** Ingress in MB/s from the KB/s shown, 3 significant figures. */
    public BigDecimal mbPerSecond() {
        return kbPerSecond().divide(K, WIDE).round(THREE_FIGURES);
    }

    /** Ingress in MB/s, unrounded (for partition counts). */
    public double mbPerSecondExact() {
        return Units.mb(bytesPerSecond().doubleValue());
    }

    public BigDecimal retentionSeconds() {
        return BigDecimal.valueOf(retention.toNanos()).movePointLeft(9);
    }

    /** Storage for one copy in KB, from the KB/s shown. */
    public BigDecimal storageKB() {
        return kbPerSecond().multiply(retentionSeconds());
    }

    /** The storage unit's power of 1,024 above KB: 0 KB, 1 MB, 2 GB, 3 TB, 4 PB. */
    int unitPower() {
        int power = 0;
        BigDecimal kb = kbPerSecondExact().multiply(retentionSeconds());
        while (power < UNITS.length - 1 && kb.compareTo(K.pow(power + 1)) >= 0) {
            power++;
        }
        return power;
    }

    public String unit() {
        return UNITS[unitPower()];
    }

    private BigDecimal inUnit(BigDecimal kb) {
        return kb.divide(K.pow(unitPower()), WIDE);
    }

    /** One copy, in {@link #unit()}, 2 decimals. */
    public BigDecimal storage() {
        return inUnit(storageKB()).setScale(2, RoundingMode.HALF_UP);
    }

    /** Replication factor × the storage shown. */
    public BigDecimal replicated() {
        return storage().multiply(BigDecimal.valueOf(replicationFactor));
    }

    /** The replicated storage shown, divided by the brokers (at most 4 decimals). */
    public BigDecimal perBrokerQuotient() {
        return replicated().divide(BigDecimal.valueOf(brokers), 4, RoundingMode.HALF_UP).stripTrailingZeros();
    }

    /** The answer: storage per broker, 3 significant figures. */
    public BigDecimal perBroker() {
        return perBrokerQuotient().round(THREE_FIGURES);
    }

    BigDecimal storageUnrounded() {
        return inUnit(kbPerSecondExact().multiply(retentionSeconds()));
    }

    BigDecimal replicatedUnrounded() {
        return storageUnrounded().multiply(BigDecimal.valueOf(replicationFactor));
    }

    BigDecimal perBrokerUnrounded() {
        return replicatedUnrounded().divide(BigDecimal.valueOf(brokers), WIDE);
    }

    /** The worked calculation, one step per line. */
    public List<String> lines() {
        String u = unit();
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "Storage for %s events/s of %s records kept %s, replication factor %d, %d broker%s",
                Figures.group(rate), recordSizeText, retentionText, replicationFactor, brokers, brokers == 1 ? "" : "s"));
        lines.add("(The MSK sizing study's method. Record sizes, throughput and storage alike: KB = 1,024 bytes, "
                + "MB = 1,024 KB, GB = 1,024 MB, TB = 1,024 GB, as everywhere in kbench; KiB, MiB are the same.)");
        boolean bare = recordSizeText.chars().allMatch(c -> Character.isDigit(c) || c == '.' || c == ',');
        lines.add(step("record size", bare ? Figures.group(recordBytes) + " B" : recordSizeText + " = " + Figures.group(recordBytes) + " B"));
        String mb = "MB/s";
        BigDecimal mbps = mbPerSecond();
        String about = mbps.compareTo(BigDecimal.TEN) >= 0 && mbps.stripTrailingZeros().scale() > 0
                ? ", about " + Figures.group(mbps.setScale(0, RoundingMode.HALF_UP)) + " " + mb : "";
        lines.add(step("ingress", Figures.group(rate) + " events/s × " + Figures.group(recordBytes) + " B = "
                + Figures.group(bytesPerSecond()) + " B/s = " + Figures.group(readable(kbPerSecondExact()))
                + " KB/s"));
        lines.add(step("", approx(kbPerSecondExact(), kbPerSecond()) + " " + Figures.group(kbPerSecond())
                + " KB/s (3 significant figures) " + approx(kbPerSecond().divide(K, WIDE), mbps) + " "
                + Figures.group(mbps) + " " + mb + about));
        lines.add(step("retention", retentionText + " = " + Figures.group(retentionSeconds()) + " s"));
        lines.add(step("storage, 1 copy", Figures.group(kbPerSecond()) + " KB/s × " + Figures.group(retentionSeconds())
                + " s = " + Figures.group(storageKB()) + " KB " + approx(inUnit(storageKB()), storage()) + " "
                + Figures.group(storage()) + " " + u + unrounded(storage(), storageUnrounded(), 2, u)));
        lines.add(step("with replication", replicationFactor + " × " + Figures.group(storage()) + " " + u + " = "
                + Figures.group(replicated()) + " " + u + unrounded(replicated(), replicatedUnrounded(), 2, u)));
        String quotient = Figures.group(replicated()) + " " + u + " / " + brokers + " broker" + (brokers == 1 ? "" : "s") + " = "
                + Figures.group(perBrokerQuotient()) + " " + u;
        if (perBroker().compareTo(perBrokerQuotient()) != 0) {
            quotient += " ~ " + Figures.group(perBroker()) + " " + u;
        }
        lines.add(step("per broker", quotient + unrounded(perBroker(), perBrokerUnrounded(), 2, u)));
        lines.add("Each line starts from the figure shown on the line above, rounded as the MSK sizing study rounds (ingress to 3 "
                + "significant figures, storage to 2 decimals, the answer to 3 significant figures), so every step can be "
                + "checked by hand; [unrounded] figures start from " + Figures.group(bytesPerSecond()) + " B/s.");
        lines.add("Storage per broker: " + Figures.group(perBroker()) + " " + u + " for this topic alone; other topics, "
                + "growth and free-space headroom come on top.");
        return lines;
    }

    /** An unrounded figure for display: 2 decimals, or 5 significant figures when that shows more. */
    private static BigDecimal readable(BigDecimal v) {
        int wholeDigits = Math.max(0, v.precision() - v.scale());
        return v.round(new MathContext(Math.max(5, wholeDigits + 2), RoundingMode.HALF_UP));
    }

    private static String step(String name, String text) {
        return String.format(Locale.ROOT, "  %-18s %s", name, text);
    }

    /** "=" when the shown figure is the value itself, "~" when it is rounded. */
    private static String approx(BigDecimal value, BigDecimal shown) {
        return value.compareTo(shown) == 0 ? "=" : "~";
    }

    /** "[unrounded: x]" when the unrounded value, to {@code scale} decimals, differs from the shown figure. */
    private static String unrounded(BigDecimal shown, BigDecimal exact, int scale, String unit) {
        BigDecimal e = exact.setScale(Math.max(scale, shown.stripTrailingZeros().scale()), RoundingMode.HALF_UP);
        return e.compareTo(shown) == 0 ? "" : "   [unrounded: " + Figures.group(e) + " " + unit + "]";
    }
}
