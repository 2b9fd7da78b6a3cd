package io.kbench.features.sharegroup;

import io.kbench.driver.Acknowledgement;
import io.kbench.driver.AcknowledgementCommit;
import io.kbench.stats.Histograms;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What the members of one share group on one worker did with their records, since the measurement
 * started ({@link #reset}). The rules:
 * <ul>
 *   <li>every delivery is counted once, when its member acknowledges it: delivered = accepted + released + rejected;</li>
 *   <li>a delivery with a delivery count above 1 is a redelivery (the record was released, its lock ran out,
 *       or its member went away);</li>
 *   <li>a release on the last delivery the limit allows archives the record: counted as released and archived;</li>
 *   <li>records of a commit that failed because their acquisition lock had run out are lock expiries (they
 *       come back); records of another failed commit are failed acknowledgements;</li>
 *   <li>end-to-end latency to first delivery is taken on deliveries with count 1, when the member gets the
 *       record; to acceptance, when the member accepts it (after processing), on whichever delivery that is.</li>
 * </ul>
 * Members call it on their own threads, hence the lock.
 */
public final class ShareTally {

    /** Kafka's and the in-memory driver's delivery count limit when the workload sets none. */
    public static final int DEFAULT_DELIVERY_COUNT_LIMIT = 5;

    private final String group;
    private final String topic;
    private final int deliveryCountLimit;
    private long delivered;
    private long accepted;
    private long released;
    private long rejected;
    private long redeliveries;
    private long archived;
    private long lockExpiries;
    private long failedAcknowledgements;
    private long commits;
    private long acceptedBytes;
    private long sinceEpochMicros;
    private long firstDeliveryEpochMicros;
    private long[] deliveriesByCount = new long[2];
    private final java.util.Set<Object> membersReceiving = new java.util.HashSet<>();
    private long lastAcceptEpochMicros;
    private long clampedSamples;
    private Histogram commitMicros = Histograms.newHistogram();
    private Histogram firstDeliveryMicros = Histograms.newHistogram();
    private Histogram acceptedMicros = Histograms.newHistogram();

    /**
     * @param deliveryCountLimit the group's limit, or null for the default ({@value #DEFAULT_DELIVERY_COUNT_LIMIT})
     * @param sinceEpochMicros when counting starts
     */
    public ShareTally(String group, String topic, Integer deliveryCountLimit, long sinceEpochMicros) {
        this.group = group;
        this.topic = topic;
        this.deliveryCountLimit = deliveryCountLimit == null ? DEFAULT_DELIVERY_COUNT_LIMIT : deliveryCountLimit;
        this.sinceEpochMicros = sinceEpochMicros;
    }

    public String group() {
        return group;
    }

    /**
     * One delivery, acknowledged.
     *
     * @param firstDeliveryMicros end-to-end latency when the member got the record, or {@link Long#MIN_VALUE} when unknown
     * @param acknowledgedMicros end-to-end latency when the member acknowledged it, or {@link Long#MIN_VALUE} when unknown
     * @param deliveredEpochMicros when the member got the record
     * @param acknowledgedEpochMicros when the member acknowledged it
     * @param member the member that got it (any object that stays the same for the member)
     * @return true when the record is settled: accepted, rejected, or archived by this release
     */
    public synchronized boolean acknowledged(Acknowledgement ack, int deliveryCount, int payloadBytes, long firstDeliveryMicros,
                                             long acknowledgedMicros, long deliveredEpochMicros, long acknowledgedEpochMicros,
                                             Object member) {
        delivered++;
        if (firstDeliveryEpochMicros == 0 || deliveredEpochMicros < firstDeliveryEpochMicros) {
            firstDeliveryEpochMicros = deliveredEpochMicros;
        }
        membersReceiving.add(member);
        int slot = Math.max(0, Math.min(deliveryCount, 64));
        if (slot >= deliveriesByCount.length) {
            deliveriesByCount = java.util.Arrays.copyOf(deliveriesByCount, slot + 1);
        }
        deliveriesByCount[slot]++;
        if (deliveryCount > 1) {
            redeliveries++;
        } else if (firstDeliveryMicros != Long.MIN_VALUE) {
            record(firstDeliveryMicros, this.firstDeliveryMicros);
        }
        switch (ack) {
            case ACCEPT -> {
                accepted++;
                acceptedBytes += payloadBytes;
                lastAcceptEpochMicros = Math.max(lastAcceptEpochMicros, acknowledgedEpochMicros);
                if (acknowledgedMicros != Long.MIN_VALUE) {
                    record(acknowledgedMicros, acceptedMicros);
                }
                return true;
            }
            case REJECT -> {
                rejected++;
                return true;
            }
            case RELEASE -> {
                released++;
                if (deliveryCount >= deliveryCountLimit) {
                    archived++;
                    return true;
                }
                return false;
            }
            default -> throw new IllegalArgumentException("unknown acknowledgement " + ack);
        }
    }

    /** The system answered a commit of acknowledgements. */
    public synchronized void committed(AcknowledgementCommit commit) {
        commits++;
        record(commit.commitMicros(), commitMicros);
        if (commit.lockExpired()) {
            lockExpiries += commit.records();
        } else if (!commit.succeeded()) {
            failedAcknowledgements += commit.records();
        }
    }

    private void record(long micros, Histogram into) {
        if (micros < 0 || micros > Histograms.MAX_MICROS) {
            clampedSamples++;
            micros = micros < 0 ? 0 : Histograms.MAX_MICROS;
        }
        into.recordValue(micros);
    }

    /** The measurement starts: what was counted so far (the warmup) is dropped. */
    public synchronized void reset(long epochMicros) {
        delivered = accepted = released = rejected = redeliveries = archived = lockExpiries = failedAcknowledgements = commits = 0;
        acceptedBytes = 0;
        clampedSamples = 0;
        lastAcceptEpochMicros = 0;
        firstDeliveryEpochMicros = 0;
        deliveriesByCount = new long[2];
        membersReceiving.clear();
        sinceEpochMicros = epochMicros;
        commitMicros = Histograms.newHistogram();
        firstDeliveryMicros = Histograms.newHistogram();
        acceptedMicros = Histograms.newHistogram();
    }

    /** The figures so far (histograms copied), of {@code consumers} members on worker {@code workerId}. */
    public synchronized ShareFigures figures(String workerId, int consumers) {
        List<Long> byCount = new ArrayList<>();
        for (int i = 1; i < deliveriesByCount.length; i++) {
            byCount.add(deliveriesByCount[i]);
        }
        return new ShareFigures(workerId, group, topic, consumers, membersReceiving.size(), delivered, accepted, released, rejected, redeliveries, archived,
                lockExpiries, failedAcknowledgements, commits, acceptedBytes, sinceEpochMicros, firstDeliveryEpochMicros, lastAcceptEpochMicros,
                clampedSamples, byCount,
                commitMicros.copy(), firstDeliveryMicros.copy(), acceptedMicros.copy());
    }
}
