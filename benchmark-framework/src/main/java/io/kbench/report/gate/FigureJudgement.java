package io.kbench.report.gate;

/**
 * The gate's judgement of one figure.
 *
 * @param figure its name, e.g. {@code publish.p99}
 * @param unit its unit
 * @param baseline the baseline's figure (the mean over its runs of each run's figure over its measured periods)
 * @param candidate the candidate's
 * @param effectPercent {@code 100 × (candidate / baseline − 1)}
 * @param lowPercent the interval's low end, or null when not judged
 * @param highPercent the interval's high end, or null when not judged
 * @param verdict {@code improved}, {@code regressed}, {@code within noise} or {@code not judged}
 * @param noise where the noise came from: {@code repeats} or {@code periods}; null when not judged
 * @param notJudged why it was not judged, or null
 * @param threshold the {@code --fail-on} term for it (e.g. {@code > +10%}), or null
 * @param failed it regressed past its threshold
 */
public record FigureJudgement(
        String figure,
        String unit,
        double baseline,
        double candidate,
        double effectPercent,
        Double lowPercent,
        Double highPercent,
        String verdict,
        String noise,
        String notJudged,
        String threshold,
        boolean failed) {

    public static final String IMPROVED = "improved";
    public static final String REGRESSED = "regressed";
    public static final String WITHIN_NOISE = "within noise";
    public static final String NOT_JUDGED = "not judged";
}
