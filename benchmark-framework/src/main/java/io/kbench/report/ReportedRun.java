package io.kbench.report;

/**
 * A run as the report shows it: its file, a short label for legends and headers, its figures and curves.
 *
 * @param run the result as read
 * @param number 1-based, in the order of the report's inputs within its workload group
 * @param label {@code #2 messageSize=100} or {@code #2 simple-kafka-local-20261123-014549}
 * @param figures headline figures
 * @param curves latency percentile curves
 * @param parts what the features add to the run's part of the report
 */
record ReportedRun(ResultFile run, int number, String label, ReportFigures figures, PercentileCurves curves, FeatureParts parts) {

    static ReportedRun of(ResultFile run, int number, String distinguishing) {
        String label = "#" + number + " " + (distinguishing == null || distinguishing.isBlank() ? run.stem() : distinguishing);
        PercentileCurves curves = run.kbench() != null ? PercentileCurves.fromKbench(run.kbench().measurement())
                : PercentileCurves.fromOmb(run.omb());
        return new ReportedRun(run, number, label, ReportFigures.of(run), curves,
                run.kbench() != null ? FeatureParts.of(run.kbench()) : FeatureParts.NONE);
    }

    boolean omb() {
        return run.omb() != null;
    }

    /** Runs whose figures describe the whole measurement (not cut short). */
    boolean usable() {
        String s = run.status();
        return s.equals("completed") || s.equals("degraded");
    }
}
