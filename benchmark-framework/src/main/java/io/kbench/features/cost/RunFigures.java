package io.kbench.features.cost;

import java.time.Duration;

/**
 * What a cost needs of one run, read from its result ({@link ResultReader}).
 *
 * @param file the result file, as given
 * @param workload the workload's name
 * @param status the run's status
 * @param sustainedMBps the rate the cost is divided by: the measured publish MB/s, or a search's confirmed MB/s; null
 *     when there is none (a search that confirmed no rate)
 * @param sustainedFrom where that rate comes from, in words
 * @param consumeMBps the measured consume MB/s, or 0 without consumers
 * @param brokerCount the brokers the cluster listed (provenance), or null
 * @param clientHosts the client machines the workers ran on (provenance: distinct hosts), or null
 * @param cku the CKUs the run was checked against, or null
 * @param replicationFactor the run's replication factor (the driver file's), or null
 * @param retention how long the topics keep data, or null when unknown or unbounded
 * @param retentionFrom where that retention comes from, or why it is not known
 * @param crossZoneBytesPerSecond the clients' bytes (produce and fetch) that crossed a zone boundary per second, measured,
 *     or null when zones are unknown
 * @param crossZoneReplicationBytesPerSecond the brokers' replication bytes that crossed a zone boundary per second, or null
 */
public record RunFigures(String file, String workload, String status, Double sustainedMBps, String sustainedFrom,
                         double consumeMBps, Integer brokerCount, Integer clientHosts, Integer cku, Integer replicationFactor, Duration retention,
                         String retentionFrom, Double crossZoneBytesPerSecond,
                         Double crossZoneReplicationBytesPerSecond) {}
