package io.kbench.features.cost;

import java.time.LocalDate;
import java.util.Map;
import java.util.Optional;

/**
 * A price file, read and checked ({@link PriceFileReader}). Prices are inputs, not truths: every output names the file
 * and its date.
 *
 * @param file the file as given
 * @param name what the prices are for, e.g. {@code AWS us-east-1 (MSK, EC2)}
 * @param date when the prices were read from their sources
 * @param currency e.g. USD
 * @param note what the file says of itself (e.g. "check before use"), or null
 * @param brokers per hour, by broker instance type (e.g. {@code kafka.m7g.large})
 * @param ckuPerHour the price of one CKU-hour (Confluent Cloud), or null
 * @param clients per hour, by client instance type (e.g. {@code c7g.xlarge})
 * @param storagePerGbMonth storage per GB-month, or null
 * @param storageCountsReplicas whether storage is billed for every replica (MSK: each broker's volume) or for the data
 *     once, before replication (Confluent Cloud)
 * @param crossZonePerGbEachDirection traffic between zones per GB, charged once leaving a zone and once entering the
 *     other, or null
 * @param dataOutPerGb traffic out of the cloud per GB, or null
 */
public record PriceFile(String file, String name, LocalDate date, String currency, String note, Map<String, Price> brokers,
                        Price ckuPerHour, Map<String, Price> clients, Price storagePerGbMonth, boolean storageCountsReplicas,
                        Price crossZonePerGbEachDirection, Price dataOutPerGb) {

    public PriceFile {
        brokers = Map.copyOf(brokers);
        clients = Map.copyOf(clients);
    }

    public Optional<Price> broker(String type) {
        return Optional.ofNullable(brokers.get(type));
    }

    public Optional<Price> client(String type) {
        return Optional.ofNullable(clients.get(type));
    }

    /** The file and its date, as every output names them: {@code prices/aws-us-east-1-2026-11.yaml (AWS us-east-1, 2026-11-01)}. */
    public String label() {
        return file + " (" + name + ", dated " + date + ")";
    }
}
