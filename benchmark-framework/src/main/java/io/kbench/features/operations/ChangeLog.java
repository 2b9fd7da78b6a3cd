package io.kbench.features.operations;

import io.kbench.driver.ClusterOperations;
import io.kbench.features.RunControl;
import io.kbench.util.Errors;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The changes the run's operations made to the cluster and not yet put back, newest last: each journaled with how to
 * put it back before it is made, so that a coordinator that dies leaves them to {@code bin/benchmark recover}.
 * Used from the operations' thread and, at the end, the coordinator's: synchronized.
 */
final class ChangeLog {

    /** One change still in place. */
    record Open(String key, String description, Undo undo, boolean keep) {}

    private final RunControl control;
    private final String feature;
    private final List<Open> open = new ArrayList<>();
    private int made;

    ChangeLog(RunControl control, String feature) {
        this.control = control;
        this.feature = feature;
    }

    /** Journals a change about to be made; returns its key. {@code keep}: leave it in place when the run ends. */
    synchronized String before(String description, Undo undo, boolean keep) {
        String key = String.format(Locale.ROOT, "op-%d", ++made);
        control.changeMade(feature, key, description, undo);
        open.add(new Open(key, description, undo, keep));
        return key;
    }

    /** The change under {@code key} did not happen (the cluster refused it) or was put back by its operation. */
    synchronized void closed(String key, String outcome) {
        open.removeIf(o -> o.key().equals(key));
        control.changeUndone(key, outcome);
    }

    /** Puts back one change now (a throttle once its reassignment is done); returns what was done, or why not. */
    String putBack(String key, ClusterOperations cluster) {
        Open o;
        synchronized (this) {
            o = open.stream().filter(c -> c.key().equals(key)).findFirst().orElse(null);
        }
        if (o == null) {
            return "already put back";
        }
        try {
            String done = o.undo().apply(cluster);
            closed(key, done);
            return done;
        } catch (RuntimeException e) {
            return Operations.NOT_PUT_BACK + o.description() + ": " + Errors.describeForUser(e)
                    + " (the run journal keeps it: bin/benchmark recover puts it back)";
        }
    }

    /**
     * Puts back every change still in place, newest first, except those to keep; returns one line per change, by its
     * key. A change the cluster will not put back stays in the journal for {@code recover}, and its line says so.
     */
    java.util.Map<String, String> putBackAll(ClusterOperations cluster) {
        List<Open> todo;
        synchronized (this) {
            todo = new ArrayList<>(open);
        }
        java.util.Map<String, String> lines = new java.util.LinkedHashMap<>();
        for (int i = todo.size() - 1; i >= 0; i--) {
            Open o = todo.get(i);
            if (o.keep()) {
                closed(o.key(), "kept");
                lines.put(o.key(), "kept: " + o.description());
                continue;
            }
            lines.put(o.key(), putBack(o.key(), cluster));
        }
        return lines;
    }

    /** Whether a change is still in place that the run's end was to put back. */
    synchronized boolean anyLeft() {
        return open.stream().anyMatch(o -> !o.keep());
    }
}
