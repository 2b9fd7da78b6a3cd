package io.kbench.features.readpast;

import io.kbench.model.ResultSection;
import io.kbench.stats.LatencySummary;
import java.util.List;

/**
 * What the groups that read the past did, and what their reading did to the others: the result's {@code readPast}.
 * Records and positions are counted as the driver gives them (Kafka: offsets, so transaction markers count in a lag);
 * bytes are payload bytes; MB = 1,048,576 bytes; rates are per second of the window they name; latencies in µs.
 *
 * @param mode {@code consume-only} (a run of existing topics that produces nothing) or {@code catch-up} (groups that
 *     join once the measurement has begun, beside the tailing ones)
 * @param groups every group of the run, with its role
 * @param recordsToRead consume-only: the records between the earliest and the end offsets of the read topics when the
 *     run started, summed over the groups that read from the earliest record; null otherwise
 * @param endedBy what ended the reading: {@code end offsets} (every group reached the end offsets seen at the start),
 *     {@code test duration}, {@code caught up} (every catch-up group's lag at or below its bound), or {@code no progress}
 *     (the groups read nothing new for the drain timeout)
 * @param impact the catch-up's effect on the producers and the tailing groups (KAFKA-7504), or null without a window
 *     before it to compare with
 * @param remoteTier what the cluster the run started read from its remote tier, or null when it has none
 * @param catchUpStartSeconds when the catch-up groups joined, seconds since the load started; null for none
 * @param caughtUpSeconds when the last catch-up group caught up, seconds since the load started; null if one never did
 * @param endToEndFromCreateTime consume − CreateTime of every record not written by kbench that the reading groups read
 *     (all groups together): on the producers' clocks; null when there was none
 */
public record ReadPast(String mode, List<Group> groups, Long recordsToRead, String endedBy, Impact impact, RemoteTier remoteTier,
                       Double catchUpStartSeconds, Double caughtUpSeconds, LatencySummary endToEndFromCreateTime)
        implements ResultSection {

    public ReadPast {
        groups = List.copyOf(groups);
    }

    /**
     * One group's own figures.
     *
     * @param group the consumer group
     * @param topic the topic it read
     * @param role {@code catch-up}, {@code tailing} or {@code consume-only}
     * @param from where it started: {@code earliest}, {@code end} or an age (tailing groups: {@code end of the run's writes})
     * @param recordsRead records it read in the run
     * @param bytesRead their payload bytes
     * @param ownRecords records this run wrote (kbench's stamp): integrity and end-to-end latency are checked on these
     * @param notWrittenByKbench records written by others (or by other runs): not checked
     * @param createTimeRecords of those, records whose timestamp is their CreateTime (end-to-end latency from it)
     * @param logAppendTimeRecords of those, records stamped when the broker stored them (no end-to-end latency)
     * @param untimedRecords of those, records with no timestamp (no end-to-end latency)
     * @param lagAtStartRecords what it had to read when it started (catch-up and consume-only groups), records
     * @param lagAtEndRecords what it still had to read at its last poll, records
     * @param catchUpMillis from its start until its lag was at or below the bound; null if it never was
     * @param catchUpRecords records it read in that time
     * @param catchUpRecordsPerSecond those per second of that time
     * @param catchUpMBps their payload MB per second of that time
     * @param endToEndLatency consume − intended send of this run's records it read (for a catch-up group, mostly how
     *     long they had waited)
     * @param endToEndFromCreateTime consume − the record's CreateTime, for records others wrote: on the producers' clocks
     * @param clampedSamples latency samples outside 0 to 24 h, recorded at the nearest bound
     * @param lagOverTime its lag, about once a second from its start (catch-up and consume-only groups)
     */
    public record Group(String group, String topic, String role, String from, long recordsRead, long bytesRead, long ownRecords,
                        long notWrittenByKbench, long createTimeRecords, long logAppendTimeRecords, long untimedRecords,
                        Long lagAtStartRecords, Long lagAtEndRecords, Long catchUpMillis, Long catchUpRecords,
                        Double catchUpRecordsPerSecond, Double catchUpMBps, LatencySummary endToEndLatency,
                        LatencySummary endToEndFromCreateTime, long clampedSamples, List<LagSample> lagOverTime) {

        public Group {
            lagOverTime = lagOverTime == null ? List.of() : List.copyOf(lagOverTime);
        }

        /** Whether it is a group that reads the past. */
        public boolean readsThePast() {
            return !"tailing".equals(role);
        }
    }

    /** @param atSeconds since the group started; @param lagRecords what it had still to read then */
    public record LagSample(double atSeconds, long lagRecords) {}

    /**
     * The same figures before the catch-up groups joined and while they caught up: the effect of a catch-up read on
     * writes and on tailing reads of the same brokers (KAFKA-7504).
     *
     * @param beforeMillis the window before: from the start of the measurement until the catch-up groups joined
     * @param duringMillis the window during: until every catch-up group caught up (or the catch-up ended)
     * @param requestedRateBefore the producers' requested rate before, msg/s (-1 unthrottled)
     * @param requestedRateDuring their requested rate during (drainProducerRate, 0 when stopped), msg/s
     * @param publishRateBefore acknowledged messages per second before
     * @param publishRateDuring acknowledged messages per second during
     * @param publishLatencyBefore publish latency (ack − intended send) of the messages acknowledged before
     * @param publishLatencyDuring the same during
     * @param tailingEndToEndBefore end-to-end latency of the records the tailing groups read before
     * @param tailingEndToEndDuring the same during
     */
    public record Impact(long beforeMillis, long duringMillis, double requestedRateBefore, double requestedRateDuring,
                         double publishRateBefore, double publishRateDuring, LatencySummary publishLatencyBefore,
                         LatencySummary publishLatencyDuring, LatencySummary tailingEndToEndBefore,
                         LatencySummary tailingEndToEndDuring) {}

    /**
     * What the cluster the run started read from and wrote to its remote tier (its brokers' own counters).
     *
     * @param bytesReadDuringReading bytes read from the remote tier while the groups read the past (the catch-up, or
     *     a consume-only run's reading)
     * @param bytesReadInRun bytes read from it from the start of the load to the end of the reading
     * @param bytesCopiedInRun bytes copied to it from the start of the load to the end of the reading
     * @param source where the figures come from
     */
    public record RemoteTier(long bytesReadDuringReading, long bytesReadInRun, long bytesCopiedInRun, String source) {}
}
