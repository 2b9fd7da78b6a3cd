package io.kbench.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PayloadAndKeysTest {

    @Test
    void defaultPayloadIsRandomCapitalLettersLikeKafkaPerfTest() {
        List<byte[]> payloads = new PayloadSpec(1_000, null, false, 0, 0, 7).materialize();
        assertEquals(1, payloads.size());
        byte[] p = payloads.get(0);
        assertEquals(1_000, p.length);
        Set<Byte> letters = new HashSet<>();
        for (byte b : p) {
            assertTrue(b >= 'A' && b <= 'Z', "byte " + b);
            letters.add(b);
        }
        assertEquals(26, letters.size(), "1000 random letters use the whole alphabet");
        assertArrayEquals(p, new PayloadSpec(1_000, null, false, 0, 0, 7).materialize().get(0), "same seed, same bytes");
        assertFalse(Arrays.equals(p, new PayloadSpec(1_000, null, false, 0, 0, 8).materialize().get(0)));
    }

    @Test
    void fileContentIsUsedAsIs() {
        byte[] content = {9, 8, 7};
        List<byte[]> payloads = new PayloadSpec(3, content, false, 0, 0, 1).materialize();
        assertEquals(1, payloads.size());
        assertSame(content, payloads.get(0));
    }

    @Test
    void randomizedPoolHasRandomHeadsAndZeroTails() {
        List<byte[]> pool = new PayloadSpec(100, null, true, 0.3, 50, 11).materialize();
        assertEquals(50, pool.size());
        Set<String> distinct = new HashSet<>();
        for (byte[] p : pool) {
            assertEquals(100, p.length);
            for (int i = 30; i < 100; i++) {
                assertEquals(0, p[i], "byte " + i + " is past the random 30%");
            }
            long nonZeroHead = 0;
            for (int i = 0; i < 30; i++) {
                nonZeroHead += p[i] != 0 ? 1 : 0;
            }
            assertTrue(nonZeroHead >= 20, "random head: " + Arrays.toString(p));
            distinct.add(Arrays.toString(p));
        }
        assertEquals(50, distinct.size(), "every payload of the pool differs");
        List<byte[]> again = new PayloadSpec(100, null, true, 0.3, 50, 11).materialize();
        for (int i = 0; i < 50; i++) {
            assertArrayEquals(pool.get(i), again.get(i), "remote workers build the same pool");
        }
        byte[] allZero = new PayloadSpec(10, null, true, 0.0, 2, 11).materialize().get(1);
        assertArrayEquals(new byte[10], allZero);
        byte[] allRandom = new PayloadSpec(8, null, true, 1.0, 1, 11).materialize().get(0);
        assertTrue(allRandom[7] != 0 || allRandom[6] != 0);
    }

    @Test
    void payloadSpecFollowsTheWorkload() {
        Workload w = Workloads.parse("messageSize: 20\nuseRandomizedPayloads: true\nrandomBytesRatio: 0.5\n"
                + "randomizedPayloadPoolSize: 3\n");
        PayloadSpec p = PayloadSpec.of(w, null);
        assertEquals(new PayloadSpec(20, null, true, 0.5, 3, p.seed()).messageSize(), p.messageSize());
        assertTrue(p.randomized());
        assertEquals(0.5, p.randomBytesRatio());
        assertEquals(3, p.materialize().size());
    }

    @Test
    void noKeyGivesNull() {
        KeyPool keys = new KeyPool(KeyDistributorType.NO_KEY, 1);
        assertNull(keys.nextKey(0));
        assertNull(keys.nextKey(123));
    }

    @Test
    void roundRobinCyclesThroughTenThousandKeys() {
        KeyPool keys = new KeyPool(KeyDistributorType.KEY_ROUND_ROBIN, 5);
        Set<String> seen = new HashSet<>();
        byte[] first = keys.nextKey(0);
        seen.add(new String(first));
        for (int i = 1; i < KeyPool.POOL_SIZE; i++) {
            seen.add(new String(keys.nextKey(i)));
        }
        assertEquals(KeyPool.POOL_SIZE, seen.size(), "10,000 distinct keys in turn");
        assertSame(first, keys.nextKey(0), "then the cycle starts over");
    }

    @Test
    void randomNanoPicksByTime() {
        KeyPool keys = new KeyPool(KeyDistributorType.RANDOM_NANO, 5);
        assertSame(keys.nextKey(42), keys.nextKey(42 + KeyPool.POOL_SIZE));
        assertSame(keys.nextKey(-1), keys.nextKey(KeyPool.POOL_SIZE - 1), "negative times wrap too");
        KeyPool roundRobin = new KeyPool(KeyDistributorType.KEY_ROUND_ROBIN, 5);
        assertArrayEquals(roundRobin.nextKey(0), keys.nextKey(0), "the same pool for the same seed");
        assertFalse(Arrays.equals(keys.nextKey(0), new KeyPool(KeyDistributorType.RANDOM_NANO, 6).nextKey(0)));
    }
}
