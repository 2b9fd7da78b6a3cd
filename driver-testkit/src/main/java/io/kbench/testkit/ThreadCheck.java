package io.kbench.testkit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/** The threads alive at one moment, to find the threads started after it that are still alive. */
final class ThreadCheck {

    private final Set<Thread> before;

    private ThreadCheck(Set<Thread> before) {
        this.before = before;
    }

    static ThreadCheck snapshot() {
        Set<Thread> alive = Collections.newSetFromMap(new IdentityHashMap<>());
        alive.addAll(Thread.getAllStackTraces().keySet());
        return new ThreadCheck(alive);
    }

    /** Threads started since the snapshot, still alive, and not ignored. */
    List<Thread> startedSince(Predicate<Thread> ignored) {
        List<Thread> out = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.isAlive() && !before.contains(t) && !ignored.test(t)) {
                out.add(t);
            }
        }
        return out;
    }

    /** Waits up to {@code limit} for the threads started since the snapshot to end; returns those left. */
    List<Thread> awaitEnded(Duration limit, Predicate<Thread> ignored) {
        long deadline = System.nanoTime() + limit.toNanos();
        List<Thread> left = startedSince(ignored);
        while (!left.isEmpty() && System.nanoTime() - deadline < 0) {
            Bounded.pause(Duration.ofMillis(50));
            left = startedSince(ignored);
        }
        return left;
    }

    /** One line per thread: its name, state and where it is. */
    static String describe(List<Thread> threads) {
        StringBuilder b = new StringBuilder();
        for (Thread t : threads) {
            StackTraceElement[] stack = t.getStackTrace();
            b.append("\n\t'").append(t.getName()).append("' (").append(t.getState()).append(t.isDaemon() ? ", daemon" : "")
                    .append(")");
            for (int i = 0; i < Math.min(stack.length, 4); i++) {
                b.append("\n\t\tat ").append(stack[i]);
            }
        }
        return b.toString();
    }
}
