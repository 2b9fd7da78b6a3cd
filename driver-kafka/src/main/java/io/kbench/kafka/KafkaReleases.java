package io.kbench.kafka;

/**
 * Which Kafka release a broker runs, told from the newest {@code metadata.version} level it supports
 * (the Admin API names no broker version; the feature levels of Kafka's MetadataVersion do).
 */
final class KafkaReleases {

    /** The newest metadata.version level of each release from 3.3 on: 3.3 is level 7, 4.4 level 31. */
    private static final int[] LAST_LEVEL = {7, 8, 11, 14, 19, 20, 21, 25, 27, 29, 30, 31};
    private static final String[] RELEASE = {"3.3", "3.4", "3.5", "3.6", "3.7", "3.8", "3.9", "4.0", "4.1", "4.2", "4.3", "4.4"};

    private KafkaReleases() {}

    /** E.g. "Kafka 4.1 (metadata.version up to 27)"; "a Kafka release newer than 4.4" past the table. */
    static String describe(int newestMetadataVersionLevel) {
        for (int i = 0; i < LAST_LEVEL.length; i++) {
            if (newestMetadataVersionLevel <= LAST_LEVEL[i]) {
                return "Kafka " + (newestMetadataVersionLevel < LAST_LEVEL[0] ? "older than 3.3" : RELEASE[i])
                        + " (metadata.version up to " + newestMetadataVersionLevel + ")";
            }
        }
        return "a Kafka release newer than 4.4 (metadata.version up to " + newestMetadataVersionLevel + ")";
    }
}
