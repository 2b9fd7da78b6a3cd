package io.kbench.features.timeline;

import com.sun.management.GarbageCollectionNotificationInfo;
import io.kbench.time.BenchmarkClock;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Listens to this JVM's collectors for their stop-the-world pauses, on the JVM's own notification thread (never the
 * records'), until closed. Counted as pauses: the "end of minor/major GC" actions of the generational collectors (G1,
 * Parallel, Serial), and for ZGC and Shenandoah only their "Pauses" beans (their "Cycles" run beside the application).
 */
final class GcWatch implements AutoCloseable {

    private final BenchmarkClock clock;
    private final String workerId;
    private final GcPauseLog log;
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final NotificationListener listener = this::handle;

    private GcWatch(BenchmarkClock clock, String workerId, GcPauseLog log) {
        this.clock = clock;
        this.workerId = workerId;
        this.log = log;
    }

    /**
     * Each worker's open watch: a run that failed before its findings were asked never closed its own, and a worker's
     * next run closes it, so an agent that outlives many runs keeps one listener per worker, not one per run.
     */
    private static final java.util.Map<String, GcWatch> OPEN = new java.util.HashMap<>();

    /** Starts listening; a JVM without notifying collector beans gives a watch that records nothing. */
    static GcWatch start(BenchmarkClock clock, String workerId, int kept) {
        GcWatch watch = new GcWatch(clock, workerId, new GcPauseLog(kept));
        GcWatch previous;
        synchronized (OPEN) {
            previous = OPEN.put(workerId, watch);
        }
        if (previous != null) {
            previous.close();
        }
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (bean instanceof NotificationEmitter emitter && !isConcurrentCycles(bean.getName())) {
                emitter.addNotificationListener(watch.listener, null, null);
                watch.emitters.add(emitter);
            }
        }
        return watch;
    }

    /** ZGC's and Shenandoah's "Cycles" beans time concurrent work, not pauses. */
    static boolean isConcurrentCycles(String beanName) {
        return beanName.endsWith("Cycles");
    }

    /** Whether a notification of this bean and action is a pause. */
    static boolean isPause(String beanName, String action) {
        if (isConcurrentCycles(beanName)) {
            return false;
        }
        return beanName.endsWith("Pauses") || action.startsWith("end of minor GC") || action.startsWith("end of major GC");
    }

    private void handle(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        if (!isPause(info.getGcName(), info.getGcAction())) {
            return;
        }
        long durationMicros = info.getGcInfo().getDuration() * 1_000; // the JVM gives milliseconds
        // Stamped on arrival minus the duration: the JVM's own start is on its uptime clock, not the run's.
        log.add(new GcPause(clock.epochMicros() - durationMicros, durationMicros, workerId, info.getGcName(), info.getGcCause()));
    }

    GcPauses pauses() {
        return log.snapshot();
    }

    @Override
    public synchronized void close() {
        synchronized (OPEN) {
            OPEN.remove(workerId, this);
        }
        for (NotificationEmitter e : emitters) {
            try {
                e.removeNotificationListener(listener);
            } catch (ListenerNotFoundException ex) {
                // already gone
            }
        }
        emitters.clear();
    }
}
