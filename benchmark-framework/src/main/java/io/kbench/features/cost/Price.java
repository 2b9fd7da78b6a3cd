package io.kbench.features.cost;

/**
 * One price of a price file.
 *
 * @param usd the price in the file's currency, per its unit (per hour, per GB-month, per GB); never negative
 * @param source where it was published, as the file says
 */
public record Price(double usd, String source) {}
