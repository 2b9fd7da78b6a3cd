package io.kbench.kafka.local;

import com.sun.management.GarbageCollectionNotificationInfo;
import io.kbench.driver.BrokerActivity;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * The stop-the-world pauses of a node JVM's collectors, from the JVM's GC notifications (on the JVM's own notification
 * thread): every pause counted and totalled, the longest {@link #KEPT} kept, so a broker that runs for days holds a
 * bounded log. Counted as pauses: the "end of minor/major GC" actions of G1, Parallel and Serial, and for ZGC and
 * Shenandoah only their "Pauses" beans (their "Cycles" run beside the broker's threads).
 */
final class NodeGcLog {

    /** How many pauses are kept, the longest. */
    static final int KEPT = 100;

    static final Comparator<BrokerActivity.GcPause> LONGEST_FIRST = Comparator.comparingLong(BrokerActivity.GcPause::durationMicros)
            .reversed().thenComparingLong(BrokerActivity.GcPause::startEpochMicros);

    // the shortest kept pause on top, to drop it when a longer one comes
    private final PriorityQueue<BrokerActivity.GcPause> longest = new PriorityQueue<>(LONGEST_FIRST.reversed());
    private long count;
    private long totalMicros;

    /** A log that listens to this JVM's collectors from now on, for the JVM's life. */
    static NodeGcLog listening() {
        NodeGcLog log = new NodeGcLog();
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (bean instanceof NotificationEmitter emitter && !bean.getName().endsWith("Cycles")) {
                emitter.addNotificationListener((n, handback) -> log.handle(n), null, null);
            }
        }
        return log;
    }

    /** Whether a notification of this bean and action is a pause (ZGC's and Shenandoah's "Cycles" time concurrent work). */
    static boolean isPause(String beanName, String action) {
        if (beanName.endsWith("Cycles")) {
            return false;
        }
        return beanName.endsWith("Pauses") || action.startsWith("end of minor GC") || action.startsWith("end of major GC");
    }

    private void handle(Notification n) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        if (isPause(info.getGcName(), info.getGcAction())) {
            long durationMicros = info.getGcInfo().getDuration() * 1_000; // the JVM gives milliseconds
            // Stamped on arrival minus the duration: the JVM's own start is on its uptime clock, not the wall clock.
            add(new BrokerActivity.GcPause(NodeActivity.nowEpochMicros() - durationMicros, durationMicros, info.getGcName(),
                    info.getGcCause()));
        }
    }

    synchronized void add(BrokerActivity.GcPause pause) {
        count++;
        totalMicros += pause.durationMicros();
        longest.add(pause);
        if (longest.size() > KEPT) {
            longest.poll();
        }
    }

    synchronized long count() {
        return count;
    }

    synchronized long totalMicros() {
        return totalMicros;
    }

    /** The kept pauses, longest first. */
    synchronized List<BrokerActivity.GcPause> longest() {
        List<BrokerActivity.GcPause> out = new ArrayList<>(longest);
        out.sort(LONGEST_FIRST);
        return out;
    }
}
