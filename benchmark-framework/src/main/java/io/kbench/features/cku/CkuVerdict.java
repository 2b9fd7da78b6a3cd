package io.kbench.features.cku;

import io.kbench.model.Diagnosis;
import io.kbench.model.Measurement;
import io.kbench.model.CheckVerdict;
import io.kbench.model.ResultSection;
import io.kbench.model.RunStatus;
import io.kbench.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The CKU check after a run: PASS when the measured bandwidth reaches {@link CkuLimits#PASS_RATIO}
 * of what the CKUs are stated to sustain, in each direction the workload uses. Ingress is the
 * measured publish MB/s against 50 MB/s × CKUs; egress the measured consume MB/s against 50 MB/s ×
 * CKUs × subscriptionsPerTopic, at most 150 MB/s × CKUs. Measured figures count payload bytes
 * only, so the check is slightly conservative. A run that did not complete does not pass.
 *
 * @param cku the CKU count
 * @param verdict PASS when every check passed and the run completed, else FAIL
 * @param passRatio the share of the expected bandwidth a direction must reach ({@link CkuLimits#PASS_RATIO})
 * @param ingress the ingress check, or null when nothing is produced during the measurement
 * @param egress the egress check, or null without consumers
 * @param limitWarnings the CKU limits the workload breaks (as warned before the run)
 * @param notes what else qualifies the verdict
 */
public record CkuVerdict(int cku, String verdict, double passRatio, Check ingress, Check egress, List<String> limitWarnings,
                         List<String> notes) implements ResultSection, CheckVerdict {

    /**
     * One direction: expected and measured MB/s, their ratio, whether it reaches the pass ratio.
     *
     * @param expectedFrom where the expectation comes from, e.g. "50 MB/s × 2 CKUs"
     */
    public record Check(double expectedMBps, String expectedFrom, double measuredMBps, double ratio, boolean pass) {
        static Check of(double expected, double measured, String expectedFrom) {
            double ratio = expected > 0 ? measured / expected : 0;
            return new Check(expected, expectedFrom, measured, ratio, ratio >= CkuLimits.PASS_RATIO);
        }
    }

    /**
     * @param m the measurement, or null when nothing was measured
     * @param diagnosis what limited the run (qualifies a FAIL)
     */
    public static CkuVerdict of(Workload w, Measurement m, RunStatus status, Diagnosis diagnosis) {
        int n = w.cku();
        List<String> notes = new ArrayList<>();
        Check ingress = null;
        Check egress = null;
        if (m == null) {
            notes.add("nothing was measured");
        } else {
            if (CkuPlan.produces(w)) {
                ingress = Check.of(CkuLimits.ingressMBps(n), m.publishMBps(),
                        CkuPlan.num(CkuLimits.INGRESS_MB_PER_SEC) + " MB/s × " + CkuPlan.ckus(n));
            }
            if (w.subscriptionsPerTopic() > 0) {
                egress = Check.of(CkuPlan.expectedEgressMBps(w), m.consumeMBps(), CkuPlan.num(CkuLimits.ingressMBps(n))
                        + " MB/s in × " + CkuPlan.count(w.subscriptionsPerTopic(), "subscription") + ", at most "
                        + CkuPlan.num(CkuLimits.EGRESS_MB_PER_SEC) + " MB/s × " + CkuPlan.ckus(n));
            }
        }
        boolean pass = m != null && (ingress != null || egress != null)
                && (ingress == null || ingress.pass()) && (egress == null || egress.pass());
        if (status != RunStatus.COMPLETED) {
            notes.add("the run did not complete (" + status.name().toLowerCase(Locale.ROOT) + "): its figures are partial");
            pass = false;
        }
        double requested = CkuPlan.requestedIngressMBps(w);
        if (ingress != null && !Double.isNaN(requested) && requested < CkuLimits.PASS_RATIO * CkuLimits.ingressMBps(n)) {
            notes.add(lowRateNote(w, requested, CkuLimits.ingressMBps(n)));
        }
        if (!pass && diagnosis.clientBound()) {
            notes.add("the run was client-bound (see the warning): the clients, not necessarily the cluster, fell short");
        }
        if (diagnosis.verdict() == Diagnosis.Verdict.THROTTLED) {
            notes.add("the service enforced its limit: it throttled the clients (" + diagnosis.reason() + ")");
        }
        List<String> limits = CkuPlan.warnings(w).stream().filter(s -> s.startsWith("CKU limit")).toList();
        if (!pass && !limits.isEmpty()) {
            notes.add("the workload breaks " + limits.size() + " CKU limit(s): the CKU bandwidth is not promised then");
        }
        return new CkuVerdict(n, pass ? "PASS" : "FAIL", CkuLimits.PASS_RATIO, ingress, egress, limits, List.copyOf(notes));
    }

    /** Why the run asked for less than the CKUs' ingress, naming what lowered the rate: --scale, or a producerRate (or --rate). */
    static String lowRateNote(Workload w, double requestedMBps, double ingressMBps) {
        return String.format(Locale.ROOT, "the workload requested only %.2f MB/s of the CKUs' %s MB/s: %s", requestedMBps,
                CkuPlan.num(ingressMBps), CkuPlan.lowRateCause(w, requestedMBps, ingressMBps));
    }

    /** Every check passed and the run completed. */
    @Override
    public boolean passed() {
        return pass();
    }

    public boolean pass() {
        return "PASS".equals(verdict);
    }

    /** The lines printed after the run; the last one is the verdict. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "CKU check (%s; PASS at %.0f%% or more of the expected bandwidth, payload MB/s):",
                CkuPlan.ckus(cku), 100 * CkuLimits.PASS_RATIO));
        if (ingress != null) {
            lines.add(line("ingress", ingress));
        }
        if (egress != null) {
            lines.add(line("egress", egress));
        }
        for (String note : notes) {
            lines.add("  note: " + note);
        }
        lines.add("CKU check: " + verdict());
        return lines;
    }

    private static String line(String name, Check c) {
        return String.format(Locale.ROOT, "  %-8s measured %.2f MB/s vs expected %.2f MB/s (%s): %.1f%% %s", name,
                c.measuredMBps(), c.expectedMBps(), c.expectedFrom(), 100 * c.ratio(), c.pass() ? "PASS" : "FAIL");
    }
}
