package io.kbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.result.ResultJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Result fields that only some results have (degraded status, delivery accounting, integrity, diagnosis,
 * faults, client metrics) are shown when present; secrets in driver settings stay masked.
 */
class OptionalResultFieldsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void optionalFieldsAreShownWhenPresent() throws Exception {
        ObjectNode r = (ObjectNode) ResultJson.tree(HundredWorkerReportTest.result(2, 12));
        r.put("status", "degraded");
        r.put("failureReason", "3 messages were not delivered");
        r.putArray("warnings").add("</script><script>window.pwned=1</script>");
        r.set("delivery", JSON.readTree("""
                {"sentMessages": 1000, "ackedMessages": 995, "failedMessages": 2, "undeliveredMessages": 3, "unsentDueMessages": 0,
                 "errorsByClass": [{"errorClass": "org.apache.kafka.common.errors.TimeoutException", "count": 2, "example": "Expiring 2 record(s)"}]}"""));
        r.set("integrity", JSON.readTree("""
                {"checkedMessages": 995, "lostMessages": 0, "duplicateMessages": 4, "outOfOrderMessages": 0, "notChecked": null}"""));
        r.set("diagnosis", JSON.readTree("{\"verdict\": \"cluster-bound\", \"reasons\": [\"acks stalled for 4.1 s\"]}"));
        r.set("faults", JSON.readTree("""
                [{"type": "kill", "broker": 1, "durationMillis": 4000, "plannedAfterMillis": 12000,
                  "appliedElapsedMicros": 12500000, "appliedAt": "2026-11-23T01:00:12.500Z", "outcome": "applied"},
                 {"type": "pause", "broker": 2, "durationMillis": 1000, "plannedAfterMillis": 90000, "outcome": "not applied: run ended"}]"""));
        r.set("clientMetrics", JSON.readTree("{\"producer-metrics:batch-size-avg\": 16384.5}"));
        ObjectNode driver = JSON.createObjectNode();
        driver.put("name", "Kafka (test)");
        driver.put("commonConfig", "bootstrap.servers=b:9092\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule"
                + " required username=\"u\" password=\"hunter2-secret\";\nssl.truststore.password=s3cr3t-store\n");
        ((ObjectNode) r.get("driverInfo")).set("config", driver);
        ((ObjectNode) r.get("driverInfo")).set("settingGroups", JSON.readTree("""
                [{"prefix": "common", "path": ["commonConfig"], "shape": "PROPERTIES_TEXT", "description": "client settings",
                  "exampleKey": "client.id"}]"""));
        Path file = Files.writeString(dir.resolve("degraded.json"), r.toPrettyString());
        ObjectNode other = r.deepCopy();
        ((ObjectNode) other.get("driverInfo").get("config")).put("commonConfig", "bootstrap.servers=c:9092\nsasl.jaas.config=x password=\"other-secret\";\n");
        Path second = Files.writeString(dir.resolve("second.json"), other.toPrettyString());

        Path html = HtmlReport.write(List.of(file, second), null, dir.resolve("r.html"), "kbench test").file();
        JsonNode page = ReportPages.data(html);
        JsonNode summary = ReportPages.table(page, "Summary");
        JsonNode status = ReportPages.row(summary, "status").get(1);
        assertEquals("degraded: 3 messages were not delivered", status.get("t").asText());
        assertEquals("warn", status.get("c").asText());
        assertEquals("sent 1,000; acked 995; failed 2; undelivered 3; due but unsent 0",
                ReportPages.text(ReportPages.row(summary, "delivery").get(1)));
        assertEquals("checked 995: lost 0, duplicated 4, out of order 0", ReportPages.text(ReportPages.row(summary, "integrity").get(1)));
        assertEquals("cluster-bound: acks stalled for 4.1 s", ReportPages.text(ReportPages.row(summary, "diagnosis").get(1)));

        JsonNode faults = ReportPages.table(page, "Faults");
        assertEquals(2, faults.get("rows").size());
        assertEquals("12.5", ReportPages.text(faults.get("rows").get(0).get(3)), "seconds on the periods' time axis");
        JsonNode rates = ReportPages.charts(page, t -> t.equals("Publish and consume rate")).get(0);
        JsonNode marker = ReportPages.series(rates, "fault: kill broker 1 for 4,000 ms");
        assertEquals("marker", marker.get("kind").asText());
        List<Double> x = new ArrayList<>();
        rates.get("x").get("values").forEach(v -> x.add(v.asDouble()));
        assertEquals(1.0, marker.get("values").get(x.indexOf(12.5)).asDouble(), "marked where it was applied");
        assertEquals(1, ReportPages.charts(page, t -> t.equals("Publish and consume rate")).get(0).get("series").findValues("kind")
                .stream().filter(k -> k.asText().equals("marker")).count(), "the fault not applied is listed, not marked");
        assertEquals("org.apache.kafka.common.errors.TimeoutException",
                ReportPages.text(ReportPages.table(page, "Errors").get("rows").get(0).get(0)));
        assertEquals("16,384.500", ReportPages.text(ReportPages.table(page, "Client metrics").get("rows").get(0).get(1)));

        JsonNode settings = ReportPages.table(page, "Settings that differ");
        assertEquals("b:9092", ReportPages.text(ReportPages.row(settings, "common.bootstrap.servers").get(1)));
        assertEquals(2, settings.get("rows").size(), "the JAAS configs differ only in their (masked) passwords: " + settings);
        assertEquals("******", ReportPages.text(ReportPages.row(settings, "common.ssl.truststore.password").get(1)));
        String text = Files.readString(html);
        for (String secret : List.of("hunter2-secret", "s3cr3t-store", "other-secret")) {
            assertFalse(text.contains(secret), secret + " leaked into the report");
        }
        assertFalse(text.contains("</script><script>window.pwned"), "data cannot close its script element");
        assertTrue(ReportPages.text(ReportPages.row(summary, "warnings").get(1)).contains("</script><script>window.pwned=1</script>"),
                "and reads back intact");
    }
}
