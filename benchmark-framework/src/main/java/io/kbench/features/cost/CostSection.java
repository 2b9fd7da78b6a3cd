package io.kbench.features.cost;

import io.kbench.model.ResultSection;
import java.util.List;

/**
 * The cost of a run given {@code --prices} (result key {@code cost}): each part per hour or "not priced", with the
 * price file and its date. The same figures as {@code bin/benchmark cost} prints for the result.
 *
 * @param priceFile the price file as given
 * @param priceName what the prices are for
 * @param priceDate the day the prices were read, YYYY-MM-DD
 * @param priceWarning the warning of a price file more than a year old, or null
 * @param parts each part of the cost
 * @param usdPerHour the priced parts' sum per hour
 * @param usdPerMonth the same per month of 730 hours
 * @param notPriced the parts left out of the totals
 * @param sustainedMBps the rate the cost is divided by, or null
 * @param sustainedFrom where that rate comes from
 * @param usdPerMBpsMonth dollars per sustained MB/s for a month, or null
 * @param usdPerTbIngested dollars per TB ingested at that rate, or null
 * @param trafficShare the traffic's share of the priced total (0 to 1), or null when some traffic was not priced
 * @param line the summary line
 */
public record CostSection(String priceFile, String priceName, String priceDate, String priceWarning, List<PartCost> parts,
                          double usdPerHour, double usdPerMonth, List<String> notPriced, Double sustainedMBps,
                          String sustainedFrom, Double usdPerMBpsMonth, Double usdPerTbIngested, Double trafficShare,
                          String line) implements ResultSection {

    /**
     * One part.
     *
     * @param name cluster, clients, storage, cross-zone or data out
     * @param usdPerHour what it costs per hour, or null when not priced
     * @param detail how it was priced, or why not
     */
    public record PartCost(String name, Double usdPerHour, String detail) {}

    static CostSection of(RunCost cost, String warning) {
        PriceFile p = cost.prices();
        return new CostSection(p.file(), p.name(), p.date().toString(), warning,
                cost.parts().stream().map(x -> new PartCost(x.name(), x.usdPerHour(), x.detail())).toList(), cost.usdPerHour(),
                cost.usdPerMonth(), cost.notPriced(), cost.figures().sustainedMBps(), cost.figures().sustainedFrom(),
                cost.usdPerMBpsMonth(), cost.usdPerTbIngested(), cost.trafficShare(), cost.summaryLine());
    }
}
