package io.kbench.features.search;

import java.util.Locale;

/**
 * Decides the rate of each step of a max-rate search from the verdicts so far; pure logic, no
 * clock, so it is tested against a simulated cluster. It grows the rate geometrically from the seed
 * until a step fails, bisects between the last rate that passed and the first that failed until
 * they are within the precision, then confirms the rate found with a full-length step; a confirm
 * that fails steps down by the precision and confirms again. A client-bound step ends the climb: the
 * clients, not the cluster, set that limit. The search then bisects between the best rate that passed
 * and what the clients reached at that step (not the rate the step asked for, which they could not
 * send), so that the answer comes within the precision of the clients' reach; it is a lower bound for
 * the cluster (it sustained at least that). A confirmation the clients fall short of steps down, as a
 * failed one does: their reach varies from step to step on a busy machine.
 *
 * <p>A seed the user gave that fails ends the search (their rate is already too high). A seed
 * estimated by a probe is a guess, so while nothing has passed a failing step halves the rate, up
 * to {@value #MAX_HALVINGS} times.
 */
public final class MaxRateSearch {

    /** Where the search stands. */
    public enum Stage {
        GROW,
        BISECT,
        CONFIRM,
        DONE
    }

    static final double GROWTH = 2.0;
    static final int MAX_STEP_DOWNS = 5;
    static final int MAX_HALVINGS = 4;

    private final double seed;
    private final double precision;
    private final boolean halveBelowSeed;
    private int halvings;
    private Stage stage = Stage.GROW;
    private Double lastPass;
    private Double firstFail;
    private int stepDowns;
    private boolean confirmed;
    private boolean clientLimited;
    private ClientLimit clientLimit;
    private String conclusion;

    /**
     * The step at which the clients, not the cluster, were the limit.
     *
     * @param requestedRate the rate that step asked for, msg/s
     * @param reachedRate what the clients reached at it, msg/s (acknowledged over its measurement); null if unknown
     * @param reason the evidence, e.g. "the worker used 95% of its cores"
     */
    public record ClientLimit(double requestedRate, Double reachedRate, String reason) {

        /** "the clients reached about 1,460,000 msg/s when 2,735,488 msg/s was asked (the worker used ...)". */
        public String describe() {
            return figures() + " (" + reason + ")";
        }

        /** "the clients reached about 1,460,000 msg/s when 2,735,488 msg/s was asked": the measured figure, not the asked one. */
        public String figures() {
            String reached = reachedRate == null ? "fell short"
                    : String.format(Locale.ROOT, "reached about %,.0f msg/s", reachedRate);
            return String.format(Locale.ROOT, "the clients %s when %,.0f msg/s was asked", reached, requestedRate);
        }
    }

    /**
     * @param seed the first rate tried, messages per second
     * @param precision the bisection stops when the bounds are this close, as a share of the lower (0.05: 5%)
     */
    public MaxRateSearch(double seed, double precision) {
        this(seed, precision, false);
    }

    /**
     * @param halveBelowSeed the seed is an estimate: while no step passed, a failing one halves the rate
     */
    public MaxRateSearch(double seed, double precision, boolean halveBelowSeed) {
        if (!(seed > 0) || !(precision > 0 && precision < 1)) {
            throw new IllegalArgumentException("seed must be above 0 and precision between 0 and 1");
        }
        this.seed = seed;
        this.precision = precision;
        this.halveBelowSeed = halveBelowSeed;
    }

    public Stage stage() {
        return stage;
    }

    /** The rate of the next step, or null when the search is over. */
    public Double nextRate() {
        return switch (stage) {
            case GROW -> lastPass != null ? lastPass * GROWTH : firstFail != null ? firstFail / GROWTH : seed;
            case BISECT -> (lastPass + firstFail) / 2;
            case CONFIRM -> lastPass;
            case DONE -> null;
        };
    }

    /**
     * Takes a step's verdict.
     *
     * @param rate the rate the step ran at
     * @param why the reason it failed, or null when it passed
     */
    public void record(double rate, boolean passed, boolean clientBound, String why) {
        record(rate, Double.NaN, passed, clientBound, why);
    }

    /**
     * Takes a step's verdict, with what the step achieved.
     *
     * @param rate the rate the step ran at
     * @param achievedRate what it achieved (acknowledged msg/s over its measurement), or NaN if unknown
     * @param why the reason it failed, or null when it passed
     */
    public void record(double rate, double achievedRate, boolean passed, boolean clientBound, String why) {
        if (stage == Stage.DONE) {
            throw new IllegalStateException("the search is over");
        }
        if (clientBound) {
            clientLimited = true;
            clientLimit = new ClientLimit(rate, Double.isNaN(achievedRate) ? null : achievedRate, why);
            if (stage != Stage.CONFIRM && lastPass != null) {
                // Going higher tests the clients, not the cluster; below what they reached the cluster may still pass:
                // bisect up to their reach (or to the step's rate, if they reached no more than what passed).
                double reach = !Double.isNaN(achievedRate) && achievedRate > lastPass ? achievedRate : rate;
                firstFail = firstFail == null ? reach : Math.min(firstFail, reach);
                stage = Stage.BISECT;
                settleIfClose();
                return;
            }
            if (stage == Stage.CONFIRM && ++stepDowns <= MAX_STEP_DOWNS) {
                // The bound sits near what the clients reach, and their reach varies (a busy machine): step down, as
                // after a failed confirmation, rather than give up with no answer.
                firstFail = rate;
                lastPass = rate * (1 - precision);
                return;
            }
            stage = Stage.DONE;
            conclusion = lastPass == null
                    ? String.format(Locale.ROOT, "no rate passed: %s; add producers or workers to measure the cluster",
                            clientLimit.describe())
                    : String.format(Locale.ROOT, "the confirmation was limited by the clients: %s; add producers or workers "
                            + "to measure the cluster", clientLimit.describe());
            return;
        }
        switch (stage) {
            case GROW -> {
                if (passed) {
                    lastPass = rate;
                    if (firstFail != null) {
                        stage = Stage.BISECT; // a halved seed passed: the failure above bounds the search already
                    }
                } else {
                    firstFail = rate;
                    if (lastPass == null && halveBelowSeed && halvings < MAX_HALVINGS) {
                        halvings++;
                        return; // the probe's estimate was too high: try half
                    }
                    if (lastPass == null) {
                        stage = Stage.DONE;
                        conclusion = String.format(Locale.ROOT, "no rate passed: even %s of %,.0f msg/s failed (%s)",
                                halvings > 0 ? "the lowest rate tried" : "the seed rate", rate, why);
                        return;
                    }
                    stage = Stage.BISECT;
                }
                settleIfClose();
            }
            case BISECT -> {
                if (passed) {
                    lastPass = rate;
                } else {
                    firstFail = rate;
                }
                settleIfClose();
            }
            case CONFIRM -> {
                if (passed) {
                    confirmed = true;
                    stage = Stage.DONE;
                    conclusion = clientLimit == null ? String.format(Locale.ROOT, "confirmed at %,.0f msg/s", rate)
                            : String.format(Locale.ROOT, "the cluster sustained at least %,.0f msg/s (confirmed); the clients, "
                                    + "not the cluster, set this bound: %s", rate, clientLimit.describe());
                } else if (++stepDowns > MAX_STEP_DOWNS) {
                    stage = Stage.DONE;
                    conclusion = String.format(Locale.ROOT, "no rate could be confirmed: the last confirmation, at %,.0f msg/s, "
                            + "failed (%s)", rate, why);
                } else {
                    firstFail = rate;
                    lastPass = rate * (1 - precision);
                }
            }
            default -> throw new IllegalStateException(stage.name());
        }
    }

    private void settleIfClose() {
        if (stage == Stage.BISECT && (firstFail - lastPass) / lastPass <= precision) {
            stage = Stage.CONFIRM;
        }
    }

    /** Ends the search early (the time budget ran out, or a drain gave up), keeping the bounds found so far. */
    public void giveUp(String why) {
        if (stage != Stage.DONE) {
            stage = Stage.DONE;
            conclusion = why;
        }
    }

    /** The highest rate that passed, or null. */
    public Double lastPass() {
        return lastPass;
    }

    /** The lowest rate that failed above it, or null. */
    public Double firstFail() {
        return firstFail;
    }

    /** The search ended with a confirmed rate. */
    public boolean confirmed() {
        return confirmed;
    }

    public boolean clientLimited() {
        return clientLimited;
    }

    /** Where the clients were the limit, or null when they never were. */
    public ClientLimit clientLimit() {
        return clientLimit;
    }

    /** How the search ended, in words; null while it goes on. */
    public String conclusion() {
        return conclusion;
    }

    public int stepDowns() {
        return stepDowns;
    }
}
