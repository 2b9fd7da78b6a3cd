/**
 * Consumers that read the past: consume-only runs of existing topics (from the earliest record, an age or the end,
 * until the end offsets seen at the start or a set time), and catch-up groups that join once the measurement has begun
 * and read a backlog while the other groups tail, the producers keeping their rate, running at one of their own or
 * stopped. Each group keeps its own figures (records and bytes read, lag over time, time to catch up, end-to-end latency
 * from kbench's stamps or, for records kbench did not write, from their CreateTime), and the catch-up's effect on the
 * producers and the tailing groups (KAFKA-7504) is measured before and during it.
 *
 * <p>Glossary: a <em>catch-up group</em> reads the past; a <em>tailing group</em> reads what is written as it is
 * written; a group's <em>lag</em> is what it has still to read, in records: each partition's end now minus the next
 * position the group reads there.
 */
package io.kbench.features.readpast;
