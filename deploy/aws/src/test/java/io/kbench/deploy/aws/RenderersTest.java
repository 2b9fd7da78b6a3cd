package io.kbench.deploy.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** The small pure pieces: environment file, workers file, IAM policies, MSK zones, names. */
class RenderersTest {

    @Test
    void environmentFile() {
        assertEquals("KBENCH_WORKER_TOKEN=abcdefghijklmnop\n", WorkerEnvironment.render("abcdefghijklmnop", Optional.empty()));
        assertEquals("KBENCH_WORKER_TOKEN=abcdefghijklmnop\nKAFKA_BOOTSTRAP_SERVERS=b-1:9098,b-2:9098\n",
                WorkerEnvironment.render("abcdefghijklmnop", Optional.of("b-1:9098,b-2:9098")));
        var e = assertThrows(IllegalArgumentException.class, () -> WorkerEnvironment.render("bad token\nX=1", Optional.empty()));
        assertFalse(e.getMessage().contains("bad token"), "the value is never shown");
    }

    @Test
    void workersFileInKbenchFormat() {
        List<String> urls = WorkersYaml.urls(List.of("10.0.0.5", "10.0.0.6"));
        assertEquals(List.of("http://10.0.0.5:8080", "http://10.0.0.6:8080"), urls);
        String yaml = WorkersYaml.render(urls);
        assertEquals("workers:\n  - http://10.0.0.5:8080\n  - http://10.0.0.6:8080\n", yaml);
        assertEquals(Map.of("workers", urls), new Yaml().load(yaml));
        assertThrows(IllegalArgumentException.class, () -> WorkersYaml.render(List.of()));
    }

    @Test
    void policies() {
        String read = WorkerIamRole.readParameterPolicy("arn:aws:ssm:eu-west-1:1:parameter/kbench/p/s/worker.env");
        Map<String, Object> parsed = new Yaml().load(read); // JSON is YAML
        assertEquals("2012-10-17", parsed.get("Version"));
        assertTrue(read.contains("\"Action\":\"ssm:GetParameter\""));
        assertFalse(read.contains("*"), "one parameter, no wildcard");

        String msk = WorkerIamRole.mskPolicy("arn:aws:kafka:eu-west-1:1:cluster/kbench-dev/uuid-1");
        assertTrue(msk.contains("\"arn:aws:kafka:eu-west-1:1:cluster/kbench-dev/uuid-1\""));
        assertTrue(msk.contains("\"arn:aws:kafka:eu-west-1:1:topic/kbench-dev/uuid-1/*\""));
        assertTrue(msk.contains("\"arn:aws:kafka:eu-west-1:1:group/kbench-dev/uuid-1/*\""));
        assertTrue(msk.contains("\"arn:aws:kafka:eu-west-1:1:transactional-id/kbench-dev/uuid-1/*\""));
        new Yaml().load(msk);
        assertThrows(IllegalArgumentException.class, () -> WorkerIamRole.mskPolicy("arn:aws:s3:::bucket"));
        new Yaml().load(WorkerIamRole.EC2_TRUST);
    }

    @Test
    void mskZones() {
        List<String> subnets = List.of("subnet-a", "subnet-b", "subnet-c", "subnet-d");
        assertEquals(List.of("subnet-a", "subnet-b", "subnet-c"), Msk.zones(subnets, 3));
        assertEquals(List.of("subnet-a", "subnet-b", "subnet-c"), Msk.zones(subnets, 6));
        assertEquals(List.of("subnet-a", "subnet-b"), Msk.zones(subnets, 4));
        var e = assertThrows(IllegalStateException.class, () -> Msk.zones(List.of("subnet-a", "subnet-b"), 3));
        assertTrue(e.getMessage().contains("set mskSubnetIds"));
    }

    @Test
    void clusterNames() {
        assertEquals("kbench-dev", KbenchWorkers.clusterName("dev"));
        assertEquals("kbench-my-stack-1", KbenchWorkers.clusterName("my_stack.1"));
        assertEquals(64, KbenchWorkers.clusterName("x".repeat(100)).length());
    }
}
