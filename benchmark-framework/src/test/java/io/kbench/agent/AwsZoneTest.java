package io.kbench.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code --zone aws} against a stand-in for EC2's instance metadata service (AWS cannot run here), over real HTTP on
 * 127.0.0.1: it answers as IMDSv2 does, a token for a PUT with a TTL, the zone id only for a GET carrying that token.
 */
class AwsZoneTest {

    private static final String TOKEN = "AQAEAtokenvalue==";
    private final List<String> calls = new ArrayList<>();
    private HttpServer imds;

    private URI stub(String zoneId, int tokenStatus) throws IOException {
        imds = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        imds.createContext("/latest/api/token", ex -> {
            calls.add(ex.getRequestMethod() + " token ttl=" + ex.getRequestHeaders().getFirst("X-aws-ec2-metadata-token-ttl-seconds"));
            boolean ok = ex.getRequestMethod().equals("PUT") && ex.getRequestHeaders().containsKey("X-aws-ec2-metadata-token-ttl-seconds");
            reply(ex, ok ? tokenStatus : 400, ok && tokenStatus == 200 ? TOKEN : "");
        });
        imds.createContext("/latest/meta-data/placement/availability-zone-id", ex -> {
            calls.add(ex.getRequestMethod() + " zone");
            boolean ok = ex.getRequestMethod().equals("GET") && TOKEN.equals(ex.getRequestHeaders().getFirst("X-aws-ec2-metadata-token"));
            reply(ex, ok ? 200 : 401, ok ? zoneId : "");
        });
        imds.start();
        return URI.create("http://127.0.0.1:" + imds.getAddress().getPort() + "/");
    }

    private static void reply(com.sun.net.httpserver.HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            ex.getResponseBody().write(bytes);
        }
        ex.close();
    }

    @AfterEach
    void stop() {
        if (imds != null) {
            imds.stop(0);
        }
    }

    @Test
    void theZoneIdComesFromTheMetadataServiceWithASessionToken() throws Exception {
        assertEquals("use1-az4", AwsZone.read(stub("use1-az4\n", 200), Duration.ofSeconds(2)));
        assertEquals(List.of("PUT token ttl=60", "GET zone"), calls);
    }

    @Test
    void aRefusedTokenOrNoServiceIsOneSentenceSayingWhatToDo() throws Exception {
        AgentStartException refused = assertThrows(AgentStartException.class, () -> AwsZone.read(stub("use1-az4", 403),
                Duration.ofSeconds(2)));
        assertTrue(refused.getMessage().startsWith("--zone aws: the instance metadata service at http://127.0.0.1:"), refused.getMessage());
        assertTrue(refused.getMessage().contains("a session token was refused (HTTP 403)"), refused.getMessage());
        assertTrue(refused.getMessage().endsWith("or name the zone, e.g. --zone use1-az1"), refused.getMessage());

        int closed = imds.getAddress().getPort();
        imds.stop(0);
        imds = null;
        AgentStartException silent = assertThrows(AgentStartException.class, () -> AwsZone.read(URI.create("http://127.0.0.1:" + closed),
                Duration.ofMillis(500)));
        assertTrue(silent.getMessage().contains("it did not answer"), silent.getMessage());
    }

    @Test
    void theSdksVariableMovesTheEndpoint() {
        assertEquals(AwsZone.DEFAULT_ENDPOINT, AwsZone.endpoint(null));
        assertEquals(URI.create("http://[fd00:ec2::254]"), AwsZone.endpoint(" http://[fd00:ec2::254] "));
    }
}
