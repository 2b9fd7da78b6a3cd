package io.kbench.features.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.DoublePredicate;
import org.junit.jupiter.api.Test;

/**
 * The search against a simulated cluster on a manual clock: each step takes its settle and
 * measurement time on the clock, the cluster passes a step when the rate is within its capacity,
 * which noise lowers by up to 4% from step to step.
 */
class MaxRateSearchTest {

    private static final double CAPACITY = 50_000;
    private static final double PRECISION = 0.05;
    private static final Duration STEP = Duration.ofSeconds(40);
    private static final Duration CONFIRM = Duration.ofSeconds(90);

    /** Runs a search to its end; returns the rates tried. */
    private static List<Double> run(MaxRateSearch search, DoublePredicate cluster, ManualClock clock, Duration budget) {
        SearchBudget limit = new SearchBudget(clock, budget);
        List<Double> rates = new ArrayList<>();
        for (Double rate = search.nextRate(); rate != null; rate = search.nextRate()) {
            Duration length = search.stage() == MaxRateSearch.Stage.CONFIRM ? CONFIRM : STEP;
            if (!limit.allows(length)) {
                search.giveUp("the time budget ran out");
                break;
            }
            clock.advanceNanos(length.toNanos());
            rates.add(rate);
            boolean pass = cluster.test(rate);
            search.record(rate, pass, false, pass ? null : "achieved less than 99% of it");
        }
        return rates;
    }

    private static DoublePredicate noisyCluster(long seed) {
        Random noise = new Random(seed);
        return rate -> rate <= CAPACITY * (1 - 0.04 * noise.nextDouble());
    }

    @Test
    void itGrowsBisectsAndConfirmsWithinThePrecisionNeverAboveCapacity() {
        MaxRateSearch search = new MaxRateSearch(1_000, PRECISION);
        List<Double> rates = run(search, noisyCluster(7), new ManualClock(), Duration.ofMinutes(30));

        assertTrue(search.confirmed(), search.conclusion());
        assertEquals(List.of(1_000.0, 2_000.0, 4_000.0, 8_000.0, 16_000.0, 32_000.0, 64_000.0), rates.subList(0, 7), "doubling");
        double found = search.lastPass();
        assertTrue(found <= CAPACITY, "found " + found);
        assertTrue(found >= CAPACITY * (1 - 2 * PRECISION - 0.04), "found " + found + " for a capacity of " + CAPACITY);
        assertTrue((search.firstFail() - found) / found <= PRECISION * 1.0001 || search.stepDowns() > 0);
        assertTrue(rates.size() <= 14, "steps " + rates);
    }

    @Test
    void noSeedOfNoiseEverMakesItReportARateAboveCapacity() {
        for (long seed = 0; seed < 300; seed++) {
            MaxRateSearch search = new MaxRateSearch(777 + seed * 13, PRECISION);
            run(search, noisyCluster(seed), new ManualClock(), Duration.ofHours(2));
            if (search.confirmed()) {
                assertTrue(search.lastPass() <= CAPACITY, "seed " + seed + " found " + search.lastPass());
            }
        }
    }

    @Test
    void aSpuriousFailureBelowCapacitySendsTheBisectionLowerButItStillConvergesBelowCapacity() {
        // The 8,000 step fails though 4,000 passed and 16,000 would: a non-monotonic, noisy step.
        MaxRateSearch search = new MaxRateSearch(1_000, PRECISION);
        DoublePredicate cluster = rate -> rate != 8_000 && rate <= CAPACITY;
        run(search, cluster, new ManualClock(), Duration.ofMinutes(30));

        assertTrue(search.confirmed(), search.conclusion());
        assertTrue(search.lastPass() >= 4_000 && search.lastPass() < 8_000, "found " + search.lastPass());
        assertTrue((search.firstFail() - search.lastPass()) / search.lastPass() <= PRECISION * 1.0001);
    }

    @Test
    void aFailedConfirmationStepsDownAndConfirmsAgain() {
        MaxRateSearch search = new MaxRateSearch(10_000, PRECISION);
        // Short steps pass up to 50,000; the long confirmation holds only 45,000 (e.g. a log segment roll).
        List<Double> rates = new ArrayList<>();
        for (Double rate = search.nextRate(); rate != null; rate = search.nextRate()) {
            rates.add(rate);
            boolean confirming = search.stage() == MaxRateSearch.Stage.CONFIRM;
            boolean pass = rate <= (confirming ? 45_000 : CAPACITY);
            search.record(rate, pass, false, pass ? null : "publish p99 over the objective");
        }
        assertTrue(search.confirmed(), search.conclusion());
        assertTrue(search.stepDowns() >= 1);
        assertTrue(search.lastPass() <= 45_000, "confirmed " + search.lastPass());
    }

    @Test
    void aSeedThatFailsEndsTheSearchSayingSo() {
        MaxRateSearch search = new MaxRateSearch(100_000, PRECISION);
        search.record(search.nextRate(), false, false, "achieved 48,000 of 100,000 msg/s");
        assertEquals(MaxRateSearch.Stage.DONE, search.stage());
        assertNull(search.lastPass());
        assertFalse(search.confirmed());
        assertEquals("no rate passed: even the seed rate of 100,000 msg/s failed (achieved 48,000 of 100,000 msg/s)",
                search.conclusion());
    }

    @Test
    void aClientBoundStepEndsTheClimbAndTheSearchBisectsUpToWhatTheClientsReached() {
        MaxRateSearch search = new MaxRateSearch(10_000, PRECISION);
        search.record(10_000, 10_000, true, false, null);
        search.record(20_000, 14_600, false, true, "the worker used 95% of its cores");
        assertTrue(search.clientLimited());
        // Before: the search confirmed 10,000 msg/s here, when the clients had reached 14,600.
        assertEquals(MaxRateSearch.Stage.BISECT, search.stage());
        assertEquals(14_600.0, search.firstFail(), "the clients' reach bounds the search, not the 20,000 they could not send");
        assertEquals(12_300.0, search.nextRate());
        search.record(12_300, 12_300, true, false, null);
        assertEquals(13_450.0, search.nextRate());
        search.record(13_450, 13_450, true, false, null);
        assertEquals(14_025.0, search.nextRate());
        search.record(14_025, 14_025, true, false, null);
        assertEquals(MaxRateSearch.Stage.CONFIRM, search.stage(), "within 5% of the clients' reach");
        assertEquals(14_025.0, search.nextRate());
        search.record(14_025, 14_025, true, false, null);
        assertTrue(search.confirmed());
        assertEquals("the cluster sustained at least 14,025 msg/s (confirmed); the clients, not the cluster, set this bound: "
                + "the clients reached about 14,600 msg/s when 20,000 msg/s was asked (the worker used 95% of its cores)",
                search.conclusion());
        assertEquals(14_600.0, search.clientLimit().reachedRate());
        assertTrue((14_600 - search.lastPass()) / 14_600 <= 0.15, "within 15% of what the clients reached");
    }

    @Test
    void aClientBoundBisectionStepLowersTheBoundToWhatTheClientsReachedThen() {
        MaxRateSearch search = new MaxRateSearch(10_000, PRECISION);
        search.record(10_000, 10_000, true, false, null);
        search.record(20_000, 14_600, false, true, "the worker used 95% of its cores");
        search.record(12_300, 11_000, false, true, "the worker used 97% of its cores");
        assertEquals(11_000.0, search.firstFail());
        assertEquals(11_000.0, search.clientLimit().reachedRate(), "the latest client-bound step is the one reported");
        search.record(10_500, 10_500, true, false, null);
        assertEquals(MaxRateSearch.Stage.CONFIRM, search.stage());
    }

    @Test
    void aClientBoundStepThatReachedNoMoreThanThePassIsBoundedByItsOwnRate() {
        MaxRateSearch search = new MaxRateSearch(10_000, PRECISION);
        search.record(10_000, 10_000, true, false, null);
        search.record(20_000, 9_000, false, true, "a burst of GC");
        assertEquals(20_000.0, search.firstFail());
        assertEquals(15_000.0, search.nextRate());
    }

    @Test
    void aClientBoundSeedEndsTheSearchWithWhatTheClientsReached() {
        MaxRateSearch search = new MaxRateSearch(20_000, PRECISION);
        search.record(20_000, 14_600, false, true, "the worker used 95% of its cores");
        assertEquals(MaxRateSearch.Stage.DONE, search.stage());
        assertFalse(search.confirmed());
        assertEquals("no rate passed: the clients reached about 14,600 msg/s when 20,000 msg/s was asked (the worker used "
                + "95% of its cores); add producers or workers to measure the cluster", search.conclusion());
    }

    @Test
    void aClientBoundConfirmationStepsDownAsAFailedOneDoes() {
        MaxRateSearch search = new MaxRateSearch(10_000, PRECISION);
        search.record(10_000, 10_000, true, false, null);
        search.record(20_000, 10_400, false, true, "the worker used 95% of its cores");
        assertEquals(MaxRateSearch.Stage.CONFIRM, search.stage(), "the clients reached 4% above what passed: close enough");
        search.record(10_000, 9_000, false, true, "the worker used 97% of its cores");
        assertEquals(MaxRateSearch.Stage.CONFIRM, search.stage(), "their reach varies: a lower rate is confirmed");
        assertEquals(9_500.0, search.nextRate());
        search.record(9_500, 9_500, true, false, null);
        assertTrue(search.confirmed());
        assertEquals(9_000.0, search.clientLimit().reachedRate(), "what they reached last");
    }

    @Test
    void aClientBoundConfirmationEndsTheSearchUnconfirmedOnceTheStepDownsAreSpent() {
        MaxRateSearch search = new MaxRateSearch(10_000, PRECISION);
        search.record(10_000, 10_000, true, false, null);
        search.record(20_000, 10_400, false, true, "the worker used 95% of its cores");
        for (int i = 0; i <= MaxRateSearch.MAX_STEP_DOWNS; i++) {
            search.record(search.nextRate(), 1_000, false, true, "the worker used 97% of its cores");
        }
        assertEquals(MaxRateSearch.Stage.DONE, search.stage());
        assertFalse(search.confirmed());
        assertTrue(search.conclusion().startsWith("the confirmation was limited by the clients: the clients reached about "
                + "1,000 msg/s when "), search.conclusion());
    }

    @Test
    void whenTheBudgetRunsOutTheBestBoundsSoFarAreKept() {
        MaxRateSearch search = new MaxRateSearch(1_000, PRECISION);
        List<Double> rates = run(search, noisyCluster(3), new ManualClock(), Duration.ofMinutes(5));
        assertEquals(7, rates.size(), "five minutes hold seven 40 s steps");
        assertFalse(search.confirmed());
        assertEquals("the time budget ran out", search.conclusion());
        assertEquals(32_000.0, search.lastPass());
        assertEquals(64_000.0, search.firstFail());
    }

    @Test
    void aProbedSeedThatFailsIsHalvedUntilAStepPassesThenTheSearchGoesOn() {
        // A probe overestimated: the seed is 4x the capacity. Halving finds a passing rate, then the
        // search bisects between it and the last failure.
        MaxRateSearch search = new MaxRateSearch(4 * CAPACITY, PRECISION, true);
        List<Double> rates = run(search, rate -> rate <= CAPACITY, new ManualClock(), Duration.ofMinutes(30));

        assertEquals(List.of(200_000.0, 100_000.0, 50_000.0, 75_000.0), rates.subList(0, 4), "halving, then bisecting");
        assertTrue(search.confirmed(), search.conclusion());
        assertEquals(CAPACITY, search.lastPass(), 1e-9, "50,000 passed and everything above failed");
    }

    @Test
    void aProbedSeedGivesUpAfterFourHalvings() {
        MaxRateSearch search = new MaxRateSearch(16_000, PRECISION, true);
        List<Double> rates = run(search, rate -> false, new ManualClock(), Duration.ofMinutes(30));

        assertEquals(List.of(16_000.0, 8_000.0, 4_000.0, 2_000.0, 1_000.0), rates);
        assertFalse(search.confirmed());
        assertNull(search.lastPass());
        assertTrue(search.conclusion().startsWith("no rate passed: even the lowest rate tried of 1,000 msg/s failed"),
                search.conclusion());
    }
}
