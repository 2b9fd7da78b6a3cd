package io.kbench.features.partitioncost;

import io.kbench.model.ResultSection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The brokers' own request times over the measurement, for a cluster the run started (the local
 * cluster): read from the brokers' metrics when the measurement window opened and closed. Kafka
 * splits a request's time into parts: waiting in the request queue for a handler thread, handled
 * (appending to or reading the log), waiting for others (acks=all replication, a fetch's wait for
 * data), throttled, waiting in the response queue, and sending the response. Each figure is a mean
 * over the requests the brokers handled in the window, in milliseconds.
 *
 * @param windowMillis how long the window was, as the brokers' clocks saw it
 * @param partitions the partitions the brokers held at its end (replicas included)
 * @param brokerCpuCores the CPU the broker JVMs used over the window, in cores (1.0: one core busy all the time), or null
 * @param requests one entry per kind of request handled in the window
 */
public record BrokerRequests(long windowMillis, long partitions, Double brokerCpuCores, List<RequestTime> requests)
        implements ResultSection {

    public BrokerRequests {
        requests = requests == null ? List.of() : List.copyOf(requests);
    }

    /**
     * One kind of request over the window.
     *
     * @param request Kafka's name: {@code Produce}, or {@code FetchConsumer} (consumers' fetches)
     * @param count requests handled in the window
     * @param totalMillisAvg the whole time, from receiving the request to sending the response
     * @param requestQueueMillisAvg waiting for a request handler thread
     * @param localMillisAvg handled by the broker itself
     * @param remoteMillisAvg waiting for others: followers (acks=all) or data (a fetch's wait)
     * @param throttleMillisAvg held back by a quota
     * @param responseQueueMillisAvg waiting for a network thread to send the response
     * @param responseSendMillisAvg sending the response
     */
    public record RequestTime(String request, long count, double totalMillisAvg, double requestQueueMillisAvg,
                              double localMillisAvg, double remoteMillisAvg, double throttleMillisAvg,
                              double responseQueueMillisAvg, double responseSendMillisAvg) {

        /** "Produce: 1,234 requests, 0.8 ms avg (request queue 0.1, local 0.5, remote 0.0, response queue 0.1, send 0.1)". */
        public String line() {
            return String.format(Locale.ROOT, "%s: %,d requests, %.1f ms avg at the brokers (request queue %.1f, local %.1f, "
                    + "remote %.1f, throttled %.1f, response queue %.1f, send %.1f ms)", request, count, totalMillisAvg,
                    requestQueueMillisAvg, localMillisAvg, remoteMillisAvg, throttleMillisAvg, responseQueueMillisAvg,
                    responseSendMillisAvg);
        }
    }

    /** Parts of a request's time, in the order of {@link RequestTime}'s fields after the total, as Kafka names them. */
    static final List<String> PARTS = List.of("RequestQueueTimeMs", "LocalTimeMs", "RemoteTimeMs", "ThrottleTimeMs",
            "ResponseQueueTimeMs", "ResponseSendTimeMs");

    /** The request of this kind, or null when none was handled in the window. */
    public RequestTime request(String name) {
        return requests.stream().filter(r -> r.request().equals(name)).findFirst().orElse(null);
    }

    /**
     * The window between two readings of the cluster's metrics (counts and means since the brokers started);
     * null when either reading is empty or no request was handled between them.
     */
    public static BrokerRequests between(Map<String, Double> open, Map<String, Double> close) {
        if (open == null || close == null || open.isEmpty() || close.isEmpty()) {
            return null;
        }
        List<RequestTime> requests = new ArrayList<>();
        for (String request : List.of("Produce", "FetchConsumer")) {
            long count = Math.round(delta(open, close, request + ".TotalTimeMs.count"));
            if (count <= 0) {
                continue;
            }
            double[] parts = new double[PARTS.size()];
            for (int i = 0; i < parts.length; i++) {
                parts[i] = windowMean(open, close, request + "." + PARTS.get(i));
            }
            requests.add(new RequestTime(request, count, windowMean(open, close, request + ".TotalTimeMs"), parts[0], parts[1],
                    parts[2], parts[3], parts[4], parts[5]));
        }
        if (requests.isEmpty()) {
            return null;
        }
        long millis = Math.round(delta(open, close, "epochMillis"));
        Double cpu = open.containsKey("cpuNanos") && close.containsKey("cpuNanos") && millis > 0
                ? delta(open, close, "cpuNanos") / 1e6 / millis : null;
        return new BrokerRequests(millis, Math.round(close.getOrDefault("partitions", 0.0)), cpu, requests);
    }

    private static double delta(Map<String, Double> open, Map<String, Double> close, String key) {
        return close.getOrDefault(key, 0.0) - open.getOrDefault(key, 0.0);
    }

    /** The mean of the values recorded between the readings, from the counts and means since the start. */
    private static double windowMean(Map<String, Double> open, Map<String, Double> close, String metric) {
        double c1 = open.getOrDefault(metric + ".count", 0.0);
        double c2 = close.getOrDefault(metric + ".count", 0.0);
        if (c2 <= c1) {
            return 0;
        }
        double sum = c2 * close.getOrDefault(metric + ".mean", 0.0) - c1 * open.getOrDefault(metric + ".mean", 0.0);
        return Math.max(0, sum / (c2 - c1));
    }
}
