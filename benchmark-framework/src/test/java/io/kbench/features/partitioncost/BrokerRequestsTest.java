package io.kbench.features.partitioncost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BrokerRequestsTest {

    private static Map<String, Double> reading(double count, double mean, double cpuNanos, double epochMillis) {
        Map<String, Double> m = new HashMap<>();
        for (String part : new String[] {"TotalTimeMs", "RequestQueueTimeMs", "LocalTimeMs", "RemoteTimeMs", "ThrottleTimeMs",
                "ResponseQueueTimeMs", "ResponseSendTimeMs"}) {
            m.put("Produce." + part + ".count", count);
            m.put("Produce." + part + ".mean", part.equals("TotalTimeMs") ? mean : part.equals("LocalTimeMs") ? mean / 2 : 0);
        }
        m.put("partitions", 5_010.0);
        m.put("cpuNanos", cpuNanos);
        m.put("epochMillis", epochMillis);
        return m;
    }

    @Test
    void theWindowsMeansComeFromTheCountsAndMeansSinceTheStart() {
        // 100 requests at 2 ms before the window, then 300 more averaging 10 ms: the window's mean is 10 ms, not 8.
        BrokerRequests b = BrokerRequests.between(reading(100, 2, 1e9, 1_000_000), reading(400, 8, 21e9, 1_020_000));

        BrokerRequests.RequestTime produce = b.request("Produce");
        assertEquals(300, produce.count());
        assertEquals(10.0, produce.totalMillisAvg(), 1e-9);
        assertEquals(5.0, produce.localMillisAvg(), 1e-9);
        assertEquals(20_000, b.windowMillis());
        assertEquals(1.0, b.brokerCpuCores(), 1e-9, "20 s of CPU in 20 s: one core");
        assertEquals(5_010, b.partitions());
        assertNull(b.request("FetchConsumer"), "no fetch was handled");
        assertEquals("Produce: 300 requests, 10.0 ms avg at the brokers (request queue 0.0, local 5.0, remote 0.0, throttled 0.0, "
                + "response queue 0.0, send 0.0 ms)", produce.line());
    }

    @Test
    void noReadingOrNoRequestIsNoSection() {
        assertNull(BrokerRequests.between(Map.of(), reading(1, 1, 1, 1)));
        assertNull(BrokerRequests.between(null, reading(1, 1, 1, 1)));
        assertNull(BrokerRequests.between(reading(5, 1, 1, 1), reading(5, 1, 2, 2)));
    }
}
