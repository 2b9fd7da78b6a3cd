package io.kbench.model;


/** What a phase adds to its progress lines besides the figures every line has (a backlog's target and ETA). */
public interface ProgressNote {

    /**
     * @param previous the period printed before this one (possibly of an earlier phase), or null for the run's first
     * @param current the period being printed
     */
    String describe(PeriodSummary previous, PeriodSummary current);
}
