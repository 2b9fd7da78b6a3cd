package io.kbench.remote;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.worker.WorkerSetup;
import io.kbench.worker.WorkerException;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.client.WebClient;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A worker that stops answering mid-run (a network partition) holds a run's quick calls at most for
 * the lease, and a renewal at most half of it, however long the general call timeout: found with
 * a worker container cut off its network, whose 15 s timeouts let the other workers' leases run out.
 */
class HttpWorkerLeaseBoundTest {

    private final Vertx vertx = Vertx.vertx();
    private final WebClient client = WebClient.create(vertx);

    @AfterEach
    void close() {
        client.close();
        vertx.close().await();
    }

    /** An agent that accepts a run and then never answers again. */
    private int silentAfterStart() {
        HttpServer server = vertx.createHttpServer().requestHandler(request -> {
            if (request.path().endsWith("/start")) {
                request.response().setStatusCode(204).end();
            }
            // every other request is left without an answer, as across a cut network
        });
        return server.listen(0, "127.0.0.1").await().actualPort();
    }

    @Test
    @Timeout(30)
    void renewalsAndStatsCallsOfARunWaitNoLongerThanItsLease() {
        int port = silentAfterStart();
        HttpWorker worker = new HttpWorker("http://127.0.0.1:" + port, client, null, Duration.ofSeconds(20), null);
        worker.startRun(new WorkerSetup("r1", null, "test", 1_500, 0));

        long start = System.nanoTime();
        assertThrows(WorkerException.class, worker::renewLease);
        double renewSeconds = (System.nanoTime() - start) / 1e9;
        // Half the 1.5 s lease, not the 20 s call timeout (generous bound for a busy machine).
        assertTrue(renewSeconds < 8, "the renewal waited " + renewSeconds + " s");
    }

    @Test
    @Timeout(30)
    void statsCallsOfARunWaitNoLongerThanItsLease() {
        int port = silentAfterStart();
        HttpWorker worker = new HttpWorker("http://127.0.0.1:" + port, client, null, Duration.ofSeconds(20), null);
        worker.startRun(new WorkerSetup("r1", null, "test", 1_500, 0));

        long start = System.nanoTime();
        assertThrows(WorkerException.class, worker::periodStats);
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(seconds < 10, "the stats call waited " + seconds + " s");
    }
}
