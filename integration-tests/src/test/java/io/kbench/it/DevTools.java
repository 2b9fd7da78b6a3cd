package io.kbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small client of the Chrome DevTools protocol over java.net.http's WebSocket: open a page in a new
 * tab, collect what its console and network report, evaluate a script, take a full-page screenshot.
 */
final class DevTools implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<JsonNode> events = new CopyOnWriteArrayList<>();

    private DevTools(WebSocket socket) {
        this.socket = socket;
    }

    static DevTools connect(String browserWebSocket) throws Exception {
        DevTools[] self = new DevTools[1];
        StringBuilder partial = new StringBuilder();
        WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(Duration.ofSeconds(20))
                .buildAsync(URI.create(browserWebSocket), new WebSocket.Listener() {
                    @Override
                    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                        partial.append(data);
                        if (last) {
                            String message = partial.toString();
                            partial.setLength(0);
                            self[0].receive(message);
                        }
                        webSocket.request(1);
                        return null;
                    }
                }).get(30, TimeUnit.SECONDS);
        self[0] = new DevTools(ws);
        return self[0];
    }

    private void receive(String message) {
        try {
            JsonNode m = JSON.readTree(message);
            if (m.has("id")) {
                CompletableFuture<JsonNode> f = pending.remove(m.get("id").asInt());
                if (f != null) {
                    if (m.has("error")) {
                        f.completeExceptionally(new IllegalStateException("DevTools error: " + m.get("error")));
                    } else {
                        f.complete(m.get("result"));
                    }
                }
            } else {
                events.add(m);
            }
        } catch (Exception e) {
            events.add(JSON.createObjectNode().put("method", "kbench.unreadable").put("text", message));
        }
    }

    JsonNode send(String sessionId, String method, ObjectNode params) throws Exception {
        int id = ids.incrementAndGet();
        ObjectNode m = JSON.createObjectNode().put("id", id).put("method", method);
        m.set("params", params == null ? JSON.createObjectNode() : params);
        if (sessionId != null) {
            m.put("sessionId", sessionId);
        }
        CompletableFuture<JsonNode> reply = new CompletableFuture<>();
        pending.put(id, reply);
        socket.sendText(m.toString(), true).get(10, TimeUnit.SECONDS);
        return reply.get(60, TimeUnit.SECONDS);
    }

    static ObjectNode params() {
        return JSON.createObjectNode();
    }

    /**
     * Opens {@code page} in a new tab of {@code width} CSS pixels, waits for it to load and settle,
     * runs {@code check} (a script whose value is returned), saves a full-page screenshot, and reports
     * the console errors, uncaught exceptions and every network request the page made.
     */
    JsonNode open(Path page, int width, String check, Path screenshot, List<String> errors, List<String> requests) throws Exception {
        String target = send(null, "Target.createTarget", params().put("url", "about:blank")).get("targetId").asText();
        String session = send(null, "Target.attachToTarget", params().put("targetId", target).put("flatten", true))
                .get("sessionId").asText();
        for (String domain : List.of("Runtime.enable", "Log.enable", "Network.enable", "Page.enable")) {
            send(session, domain, null);
        }
        send(session, "Emulation.setDeviceMetricsOverride", params().put("width", width).put("height", 1000)
                .put("deviceScaleFactor", 1).put("mobile", false));
        int seen = events.size();
        send(session, "Page.navigate", params().put("url", page.toUri().toString()));
        waitFor(session, "Page.loadEventFired", seen, 60_000);
        Thread.sleep(300); // let the charts' first frames settle
        JsonNode value = send(session, "Runtime.evaluate", params().put("expression", check).put("returnByValue", true)
                .put("awaitPromise", true));
        if (value.has("exceptionDetails")) {
            errors.add("the check script failed: " + value.get("exceptionDetails"));
        }
        JsonNode metrics = send(session, "Page.getLayoutMetrics", null);
        double height = Math.min(16_000, metrics.path("cssContentSize").path("height").asDouble(1000));
        send(session, "Emulation.setDeviceMetricsOverride", params().put("width", width).put("height", (int) Math.ceil(height))
                .put("deviceScaleFactor", 1).put("mobile", false));
        Thread.sleep(300);
        ObjectNode shot = params().put("format", "png").put("captureBeyondViewport", true);
        String png = send(session, "Page.captureScreenshot", shot).get("data").asText();
        Files.createDirectories(screenshot.getParent());
        Files.write(screenshot, Base64.getDecoder().decode(png));
        for (JsonNode e : events) {
            if (!session.equals(e.path("sessionId").asText())) {
                continue;
            }
            JsonNode p = e.path("params");
            switch (e.path("method").asText()) {
                case "Runtime.exceptionThrown" -> errors.add("exception: " + p.path("exceptionDetails"));
                case "Runtime.consoleAPICalled" -> {
                    String type = p.path("type").asText();
                    if (type.equals("error") || type.equals("assert")) {
                        errors.add("console." + type + ": " + p.path("args"));
                    }
                }
                case "Log.entryAdded" -> {
                    if (p.path("entry").path("level").asText().equals("error")) {
                        errors.add("log: " + p.path("entry").path("text").asText() + " " + p.path("entry").path("url").asText());
                    }
                }
                case "Network.requestWillBeSent" -> requests.add(p.path("request").path("url").asText());
                default -> { }
            }
        }
        send(null, "Target.closeTarget", params().put("targetId", target));
        return value.path("result").path("value");
    }

    private void waitFor(String session, String method, int from, long timeoutMillis) throws Exception {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (System.currentTimeMillis() < deadline) {
            List<JsonNode> snapshot = new ArrayList<>(events);
            for (int i = from; i < snapshot.size(); i++) {
                JsonNode e = snapshot.get(i);
                if (method.equals(e.path("method").asText()) && session.equals(e.path("sessionId").asText())) {
                    return;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no " + method + " within " + timeoutMillis + " ms");
    }

    @Override
    public void close() {
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "done");
    }
}
