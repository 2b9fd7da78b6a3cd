package io.kbench.driver;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * "Did you mean ...?" for misspelled names: config fields, settings, labels. Here rather than in the
 * framework so drivers suggest names (e.g. a Kafka client setting) by the same rule.
 */
public final class NearestName {

    private NearestName() {
    }

    /**
     * The candidate closest to {@code typed}, by Levenshtein distance ignoring case, '-' and '_'
     * ({@code partitions_per_topic} matches {@code partitionsPerTopic}); only if the distance is at most
     * {@code max(2, typed.length() / 3)}. Ties go to the earlier candidate.
     */
    public static Optional<String> find(String typed, Collection<String> candidates) {
        String a = normalize(typed);
        int limit = Math.max(2, typed.length() / 3);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            int d = distance(a, normalize(candidate));
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return best != null && bestDistance <= limit ? Optional.of(best) : Optional.empty();
    }

    /** Classic Levenshtein edit distance (insert, delete, substitute all cost 1). */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }

    private static String normalize(String name) {
        return name.toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
    }
}
