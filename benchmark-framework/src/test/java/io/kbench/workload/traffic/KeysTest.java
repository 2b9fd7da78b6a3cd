package io.kbench.workload.traffic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeysTest {

    private static List<String> messages(KeySpec spec) {
        return KeyShapes.issues(spec).stream().map(Issue::message).toList();
    }

    @Test
    void zipfWeighsTheKeyOfRankIByOneOverIToTheExponent() {
        double[] p = KeyTable.of(new KeySpec("zipf", 100, null, 1.1, null, null)).probabilities();
        double h = 0;
        for (int i = 1; i <= 100; i++) {
            h += Math.pow(i, -1.1);
        }
        assertEquals(1 / h, p[0], 1e-9);
        assertEquals(Math.pow(50, -1.1) / h, p[49], 1e-9);
    }

    @Test
    void aHotSetPutsItsShareOfMessagesOnItsShareOfKeys() {
        double[] p = KeyTable.of(new KeySpec("hot-set", 1000, null, null, 1.0, 90.0)).probabilities();
        double hot = 0;
        for (int i = 0; i < 10; i++) {
            hot += p[i];
        }
        assertEquals(0.9, hot, 1e-9, "10 hot keys take 90%");
        assertEquals(0.1 / 990, p[500], 1e-12, "the rest evenly");
        double[] u = KeyTable.of(new KeySpec("uniform", 4, null, null, null, null)).probabilities();
        assertArrayEquals(new double[] {0.25, 0.25, 0.25, 0.25}, u, 1e-12);
    }

    @Test
    void keysAreDistinctOfTheirSizeAndTheSameOnEveryWorker() {
        KeyTable a = KeyTable.of(new KeySpec("uniform", 50_000, 8, null, null, null));
        KeyTable b = KeyTable.of(new KeySpec("uniform", 50_000, 8, null, null, null));
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < a.count(); i++) {
            assertEquals(8, a.key(i).length);
            assertTrue(seen.add(new String(a.key(i))), "key " + i + " is unique");
            assertArrayEquals(a.key(i), b.key(i), "the same key " + i + " everywhere, so it lands in the same partition");
        }
        assertEquals(4, KeyTable.minSizeBytes(50_000), "3 base-36 digits hold 46,656 keys, 4 more");
    }

    @Test
    void aChooserDrawsPrecomputedKeysAndTheSameSeedDrawsTheSameOnes() {
        KeyTable t = KeyTable.of(new KeySpec("zipf", 1000, 16, 1.1, null, null));
        KeySource a = t.chooser(7);
        KeySource b = t.chooser(7);
        for (int i = 0; i < 1000; i++) {
            byte[] k = a.nextKey(0);
            assertSame(k, b.nextKey(0), "the same seed draws the same key, and the key is the table's own array: nothing made per message");
        }
        KeySource c = t.chooser(7);
        KeySource d = t.chooser(8);
        int same = 0;
        for (int i = 0; i < 1000; i++) {
            same += c.nextKey(0) == d.nextKey(0) ? 1 : 0;
        }
        assertTrue(same < 500, "another seed draws other keys (the hottest key alone is drawn about 18% of the time): " + same);
    }

    @Test
    void badKeySectionsAreOneLineEachNamingTheField() {
        assertEquals(List.of("keys.exponent must be above 0 and at most 100 (e.g. 1.1: a few keys hot), got 0.0"),
                messages(new KeySpec("zipf", 100, null, 0.0, null, null)));
        assertEquals(List.of("keys.exponent must be above 0 and at most 100 (e.g. 1.1: a few keys hot), got -1.0"),
                messages(new KeySpec("zipf", 100, null, -1.0, null, null)));
        assertEquals(List.of("keys.distribution 'zipff' is unknown; did you mean 'zipf'? Allowed: uniform, zipf, hot-set"),
                messages(new KeySpec("zipff", 100, null, null, null, null)));
        assertEquals(List.of("keys.exponent is not a parameter of uniform keys (it takes none): remove it"),
                messages(new KeySpec("uniform", 100, null, 1.1, null, null)));
        assertEquals(List.of("keys.hotMessagesPercent (5.0) must be above hotKeysPercent (10.0): otherwise the hot keys are not hot"),
                messages(new KeySpec("hot-set", 100, null, null, 10.0, 5.0)));
        assertEquals(List.of("keys.sizeBytes must be from 4 (the digits 50000 distinct keys need) to 1048576, got 2"),
                messages(new KeySpec("uniform", 50_000, 2, null, null, null)));
        assertEquals(List.of("keys.count must be from 1 to 1000000 (every worker holds every key), got 0"),
                messages(new KeySpec("uniform", 0, null, null, null, null)));
    }
}
