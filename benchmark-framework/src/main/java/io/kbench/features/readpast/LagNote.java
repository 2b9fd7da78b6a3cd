package io.kbench.features.readpast;

import io.kbench.model.PeriodSummary;
import io.kbench.model.ProgressNote;
import java.util.List;
import java.util.Locale;

/** The reading groups' part of a progress line: their lag (the largest, and how many have caught up). */
final class LagNote implements ProgressNote {

    private final ReadingRun run;

    LagNote(ReadingRun run) {
        this.run = run;
    }

    @Override
    public String describe(PeriodSummary previous, PeriodSummary current) {
        List<GroupLedger> readers = run.readers().stream().filter(GroupLedger::started).toList();
        if (readers.isEmpty()) {
            return "";
        }
        long max = readers.stream().mapToLong(g -> Math.max(0, g.lagNow())).max().orElse(0);
        long caughtUp = readers.stream().filter(GroupLedger::hasCaughtUp).count();
        String who = readers.size() == 1 ? readers.get(0).group : readers.size() + " groups";
        return String.format(Locale.ROOT, "%s: lag %,d records%s", who, max,
                run.past.consumeOnly() || caughtUp == 0 ? "" : String.format(Locale.ROOT, ", %d caught up", caughtUp));
    }
}
