package io.kbench.coordinator.live;

import io.kbench.coordinator.RunListener;
import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Listens to one run and keeps its {@link LiveFigures}: the coordinator's thread writes, Prometheus's scrapes read
 * (one immutable snapshot swapped at a time, so a scrape never sees half a period).
 */
public final class LiveRun implements RunListener {

    static final String SETUP = "setup";
    static final String DONE = "done";

    /** Every value the phase label takes, so that a dashboard's phase panel has all its series from the start. */
    static final List<String> PHASES = phases();

    private final AtomicReference<LiveFigures> figures;
    private final LiveDrift drift = new LiveDrift();
    private final AtomicReference<LiveDrift.Snapshot> driftSoFar = new AtomicReference<>(LiveDrift.Snapshot.NONE);
    /** Failed sends as the periods' rates times their lengths: a sum of doubles, rounded when shown. */
    private double sendErrors;

    LiveRun(String runId, String workload, String driver) {
        figures = new AtomicReference<>(LiveFigures.starting(runId, workload, driver));
    }

    public LiveFigures figures() {
        return figures.get();
    }

    /** The drift so far of the measured periods: one trend per figure, computed at most once per period. */
    List<FigureTrend> drift() {
        return driftSoFar.get().trends();
    }

    @Override
    public void phaseStarted(Phase phase, String message) {
        drift.phase(phase);
        figures.updateAndGet(f -> f.inPhase(phase.label()));
    }

    @Override
    public void progress(PeriodSummary p, String line) {
        sendErrors += p.publishErrorRate() * p.durationMicros() / 1e6;
        drift.add(p);
        // Only the points are copied here; the trends are left to the first scrape that asks for them.
        driftSoFar.set(drift.snapshot());
        LiveFigures f = figures.get();
        figures.set(new LiveFigures(f.runId(), f.workload(), f.driver(), p.phase().label(), p.requestedRate(),
                p.publishRate(), p.consumeRate(), p.publishLatency().p50Micros(), p.publishLatency().p99Micros(),
                p.publishLatency().p999Micros(), p.endToEndLatency().p50Micros(), p.endToEndLatency().p99Micros(),
                p.endToEndLatency().p999Micros(), p.backlogMessages(), Math.round(sendErrors), f.periods() + 1));
    }

    /** The run is over (its result is being written): the figures stay, the phase says so. */
    public void ended() {
        figures.updateAndGet(f -> f.inPhase(DONE));
    }

    private static List<String> phases() {
        List<String> all = new ArrayList<>();
        all.add(SETUP);
        for (Phase p : Phase.values()) {
            all.add(p.label());
        }
        all.add(DONE);
        return List.copyOf(all);
    }
}
