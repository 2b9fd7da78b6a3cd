package io.kbench.sweep;

import java.util.List;

/**
 * Mean and sample standard deviation of one figure across a combination's repeats.
 *
 * @param n how many values
 * @param mean their mean (NaN without values)
 * @param stddev sample standard deviation (n − 1 in the denominator); NaN with fewer than 2 values
 */
public record Stats(int n, double mean, double stddev) {

    public static Stats of(List<Double> values) {
        int n = values.size();
        if (n == 0) {
            return new Stats(0, Double.NaN, Double.NaN);
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        double mean = sum / n;
        if (n == 1) {
            return new Stats(1, mean, Double.NaN);
        }
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        return new Stats(n, mean, Math.sqrt(squares / (n - 1)));
    }
}
