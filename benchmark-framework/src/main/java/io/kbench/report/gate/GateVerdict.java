package io.kbench.report.gate;

import java.util.List;
import java.util.Map;

/**
 * What {@code bin/benchmark compare} concluded, as its JSON verdict holds it.
 *
 * @param verdict {@code passed} or {@code failed}
 * @param exitCode the command's exit status: 1 failed, 0 passed
 * @param summary one line: why it failed, or that it passed
 * @param workloadHash the compared runs' workload hash (the first baseline run's, with {@code --force})
 * @param baseline the baseline's result files
 * @param candidate the candidate's result files
 * @param method how the noise was told, in words
 * @param confidence the intervals' confidence, e.g. 0.95
 * @param resamples the bootstrap's resamples
 * @param seed its random seed
 * @param minEffectPercent the smallest change called improved or regressed
 * @param thresholds the {@code --fail-on} terms
 * @param figures one judgement per figure the runs have
 * @param differences what the runs were measured on that differs between the sides: name to {baseline values,
 *     candidate values} ({@code version.kbench}, {@code broker.num.io.threads}, ...)
 * @param warnings what the verdict needs said about it (different workloads compared with --force, degraded runs)
 */
public record GateVerdict(
        String verdict,
        int exitCode,
        String summary,
        String workloadHash,
        List<String> baseline,
        List<String> candidate,
        String method,
        double confidence,
        int resamples,
        long seed,
        double minEffectPercent,
        List<String> thresholds,
        List<FigureJudgement> figures,
        Map<String, List<String>> differences,
        List<String> warnings) {}
