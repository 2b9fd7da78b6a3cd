package io.kbench.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.remote.Protocol;
import io.kbench.remote.RunRoute;
import io.kbench.time.BenchmarkClock;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every call {@code HttpWorker} can send (it names them only through {@link RunRoute}) reaches a
 * handler of the agent with the same method and path, rather than the agent's "no such call".
 * An idle agent answers each call about a run with "no run", which only a served route says.
 */
@Timeout(30)
class WorkerAgentRoutesTest {

    private final WorkerAgent agent = WorkerAgent.start(
            new AgentOptions("127.0.0.1", 0, "w1", null, null, null, null), BenchmarkClock.system());
    private final Vertx vertx = Vertx.vertx();
    private final WebClient client = WebClient.create(vertx);

    @AfterEach
    void close() throws Exception {
        agent.close();
        client.close();
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void everyRouteIsServed() throws Exception {
        for (RunRoute route : RunRoute.values()) {
            HttpResponse<Buffer> response = client.requestAbs(route.method(), agent.url() + route.path("r1"))
                    .putHeader(Protocol.VERSION_HEADER, Integer.toString(Protocol.VERSION))
                    .send().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            String body = response.bodyAsString();
            if (route == RunRoute.START) { // served, and refused for want of a run setup
                assertEquals(400, response.statusCode(), body);
                assertTrue(body.contains("needs a JSON body"), body);
            } else {
                assertEquals(404, response.statusCode(), route + ": " + body);
                assertTrue(body.contains("no run r1 on worker w1"), route + ": " + body);
            }
        }
    }

    @Test
    void anUnknownCallIsNotServed() throws Exception {
        HttpResponse<Buffer> response = client.getAbs(agent.url() + Protocol.run("r1", "no-such-call"))
                .putHeader(Protocol.VERSION_HEADER, Integer.toString(Protocol.VERSION))
                .send().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertEquals(404, response.statusCode());
        assertTrue(response.bodyAsString().contains("no such call"), response.bodyAsString());
    }
}
