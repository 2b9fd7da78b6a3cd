package io.kbench.deploy.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Value;
import com.pulumi.test.PulumiTest;
import com.pulumi.test.TestOptions;
import com.pulumi.test.TestResult;
import com.pulumi.test.internal.PulumiTestInternal;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The whole program ({@link App#stack}) against Pulumi's mocks, with the stack config as
 * {@code pulumi config set} would give it. Pulumi's public {@code PulumiTest} runs with an empty
 * config, so the runs go through its test builder, which takes one (and the secret keys).
 */
class KbenchWorkersTest {

    static final String PROJECT = "kbench-workers";
    static final String TOKEN = "s3cret-token-0123456789abcdef";
    static final String CIDR = "203.0.113.7/32";
    static final String IMAGE = "registry.example.com/kbench:0.1.0";

    static final String INSTANCE = "aws:ec2/instance:Instance";
    static final String SECURITY_GROUP = "aws:ec2/securityGroup:SecurityGroup";
    static final String MSK_CLUSTER = "aws:msk/cluster:Cluster";
    static final String PARAMETER = "aws:ssm/parameter:Parameter";
    static final String ROLE_POLICY = "aws:iam/rolePolicy:RolePolicy";

    record Run(TestResult result, AwsMocks mocks, WireRecorder wire) {

        Object output(String name) {
            return PulumiTestInternal.extractOutputData(result.outputs().get(name)).getValueNullable();
        }

        boolean outputIsSecret(String name) {
            return PulumiTestInternal.extractOutputData(result.outputs().get(name)).isSecret();
        }

        @SuppressWarnings("unchecked")
        <T> T input(com.pulumi.test.Mocks.ResourceArgs resource, String name) {
            return (T) resource.inputs.get(name);
        }
    }

    static Map<String, String> baseConfig() {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("allowedCidr", CIDR);
        config.put("workerToken", TOKEN);
        config.put("containerImage", IMAGE);
        return config;
    }

    static Run run(Map<String, String> config) {
        AwsMocks mocks = new AwsMocks();
        WireRecorder[] wire = new WireRecorder[1];
        Map<String, String> full = new HashMap<>();
        config.forEach((k, v) -> full.put(PROJECT + ":" + k, v));
        TestResult result = PulumiTestInternal.builder()
                .options(TestOptions.builder().projectName(PROJECT).stackName("bench").build())
                .mocks(mocks)
                .monitorDecorator(ignored -> wire[0] = new WireRecorder(mocks))
                .config(full, Set.of(PROJECT + ":workerToken"))
                .build()
                .runTest(App::stack);
        return new Run(result, mocks, wire[0]);
    }

    static Run runOk(Map<String, String> config) {
        Run run = run(config);
        assertTrue(run.result().exceptions().isEmpty(), () -> "the program failed: " + run.result().exceptions());
        assertTrue(run.result().errors().isEmpty(), () -> "the program logged errors: " + run.result().errors());
        return run;
    }

    @AfterEach
    void cleanup() {
        PulumiTest.cleanup();
    }

    @Test
    void instanceCountFollowsWorkerCount() {
        assertEquals(2, runOk(baseConfig()).mocks().ofType(INSTANCE).size(), "default");
        PulumiTest.cleanup();
        Map<String, String> config = baseConfig();
        config.put("workerCount", "5");
        Run run = runOk(config);
        assertEquals(5, run.mocks().ofType(INSTANCE).size());
        assertEquals(Set.of("c6i.xlarge"), run.mocks().ofType(INSTANCE).stream()
                .map(i -> (String) i.inputs.get("instanceType")).collect(Collectors.toSet()));
    }

    @Test
    void securityGroupOpensWorkerAndMetricsPortsToAllowedCidrOnly() {
        Run run = runOk(baseConfig());
        var sg = run.mocks().ofType(SECURITY_GROUP).get(0);
        List<Map<String, Object>> ingress = run.input(sg, "ingress");
        assertEquals(Set.of(8080, 8081), ingress.stream().map(r -> ((Number) r.get("fromPort")).intValue()).collect(Collectors.toSet()),
                "no SSH without keyName");
        for (Map<String, Object> rule : ingress) {
            assertEquals("tcp", rule.get("protocol"));
            assertEquals(rule.get("fromPort"), rule.get("toPort"));
            assertEquals(List.of(CIDR), rule.get("cidrBlocks"));
        }
        List<Map<String, Object>> egress = run.input(sg, "egress");
        assertEquals("-1", egress.get(0).get("protocol"), "all egress");
        assertNoOpenIngress(run);
        // every instance is in it
        run.mocks().ofType(INSTANCE).forEach(i -> assertEquals(List.of("sg-kbench-workers"), i.inputs.get("vpcSecurityGroupIds")));
    }

    @Test
    void sshOnlyWithAKeyPairAndOnlyFromAllowedCidrs() {
        Map<String, String> config = baseConfig();
        config.put("keyName", "bench-key");
        config.put("allowedCidr", "203.0.113.7/32, 10.20.0.0/16");
        Run run = runOk(config);
        List<Map<String, Object>> ingress = run.input(run.mocks().ofType(SECURITY_GROUP).get(0), "ingress");
        assertEquals(Set.of(22, 8080, 8081), ingress.stream().map(r -> ((Number) r.get("fromPort")).intValue()).collect(Collectors.toSet()));
        ingress.forEach(rule -> assertEquals(List.of("203.0.113.7/32", "10.20.0.0/16"), rule.get("cidrBlocks")));
        run.mocks().ofType(INSTANCE).forEach(i -> assertEquals("bench-key", i.inputs.get("keyName")));
        assertNoOpenIngress(run);
    }

    @Test
    void userDataRunsTheWorkerOn8080WithTheTokenFromItsEnvironmentFile() {
        Run run = runOk(baseConfig());
        String parameterName = (String) run.output("workerEnvParameter");
        assertEquals(2, run.mocks().ofType(INSTANCE).size());
        for (var instance : run.mocks().ofType(INSTANCE)) {
            String n = instance.name.substring("kbench-worker-".length()); // resources register in any order
            String userData = (String) instance.inputs.get("userData");
            assertTrue(userData.contains("--network host --env-file /etc/kbench/worker.env \"--env=JAVA_TOOL_OPTIONS=-XX:MaxRAMPercentage=60\""
                    + " --ulimit nofile=1048576:1048576 " + IMAGE + " worker --bind 0.0.0.0 --port 8080 --stats-port 8081 --id worker-" + n),
                    userData);
            assertFalse(userData.contains("git clone") || userData.contains("mvn "), "nothing is built at boot");
            assertTrue(userData.contains("EnvironmentFile=/etc/kbench/worker.env"));
            assertTrue(userData.contains("--name '" + parameterName + "' --with-decryption"));
            assertTrue(userData.contains("systemctl enable --now kbench-worker"));
            assertFalse(userData.contains(TOKEN), "the token never travels in user data");
            assertEquals(Map.of("httpEndpoint", "enabled", "httpTokens", "required"), instance.inputs.get("metadataOptions"));
            assertEquals("kbench-worker-profile", instance.inputs.get("iamInstanceProfile"));
        }
        // the environment file they fetch: a SecureString whose value leaves the program as a secret
        var parameter = run.wire().only(PARAMETER);
        assertEquals("SecureString", parameter.inputs().getFieldsOrThrow("type").getStringValue());
        assertEquals(parameterName, parameter.inputs().getFieldsOrThrow("name").getStringValue());
        Value value = parameter.inputs().getFieldsOrThrow("value");
        assertTrue(WireRecorder.isSecret(value), "the parameter's value is a Pulumi secret");
        assertEquals("KBENCH_WORKER_TOKEN=" + TOKEN + "\n", WireRecorder.secretText(value));
        // and the role may read exactly that parameter
        var policy = run.mocks().ofType(ROLE_POLICY).stream().filter(p -> p.name.equals("kbench-worker-env")).findFirst().orElseThrow();
        assertTrue(((String) policy.inputs.get("policy")).contains("\"ssm:GetParameter\",\"Resource\":\"arn:aws:ssm:us-east-1:123456789012:parameter"
                + parameterName + "\""), (String) policy.inputs.get("policy"));
    }

    @Test
    void theTokenIsSecretInOutputsAndNeverInClearAnywhere() {
        Map<String, String> config = baseConfig();
        config.put("createMsk", "true");
        Run run = runOk(config);
        assertTrue(run.outputIsSecret("workerToken"));
        assertEquals(TOKEN, run.output("workerToken"));
        run.result().outputs().forEach((name, output) -> {
            var data = PulumiTestInternal.extractOutputData(output);
            if (!data.isSecret()) {
                assertFalse(String.valueOf(data.getValueNullable()).contains(TOKEN), "output " + name + " shows the token");
            }
        });
        assertFalse(run.wire().registrations.isEmpty());
        for (var registration : run.wire().registrations) {
            assertFalse(WireRecorder.inClear(Value.newBuilder().setStructValue(registration.inputs()).build(), TOKEN),
                    registration.type() + " " + registration.name() + " has the token in clear");
        }
    }

    @Test
    void anImageInEcrIsPulledWithTheRoleAndNoOtherImageGetsThatRight() {
        Map<String, String> config = baseConfig();
        config.put("containerImage", "123456789012.dkr.ecr.us-east-1.amazonaws.com/kbench:0.1.0");
        Run run = runOk(config);
        var ecr = run.mocks().ofType(ROLE_POLICY).stream().filter(p -> p.name.equals("kbench-worker-ecr")).findFirst().orElseThrow();
        String policy = (String) ecr.inputs.get("policy");
        assertTrue(policy.contains("\"Resource\":\"arn:aws:ecr:us-east-1:123456789012:repository/kbench\""), policy);
        assertTrue(policy.contains("\"ecr:GetAuthorizationToken\""), policy);
        assertEquals(2, new Yaml().<Map<String, List<?>>>load(policy).get("Statement").size());
        for (var instance : run.mocks().ofType(INSTANCE)) {
            String userData = (String) instance.inputs.get("userData");
            assertTrue(userData.contains("aws ecr get-login-password --region us-east-1 | /usr/bin/docker login --username AWS "
                    + "--password-stdin 123456789012.dkr.ecr.us-east-1.amazonaws.com"), userData);
        }
        PulumiTest.cleanup();
        assertTrue(runOk(baseConfig()).mocks().ofType(ROLE_POLICY).stream().noneMatch(p -> p.name.equals("kbench-worker-ecr")),
                "an image elsewhere: no ECR rights");
    }

    @Test
    void fromAReleaseArchiveTheWorkersRunItsLauncherWithJava17() {
        Map<String, String> config = baseConfig();
        config.remove("containerImage");
        config.put("releaseArchiveUrl", "https://dl.example.com/kbench-0.1.0.tar.gz");
        config.put("releaseArchiveSha256", "cd".repeat(32));
        Run run = runOk(config);
        for (var instance : run.mocks().ofType(INSTANCE)) {
            String userData = (String) instance.inputs.get("userData");
            assertTrue(userData.contains("curl -fsSL --retry 5 -o /tmp/kbench.tar.gz 'https://dl.example.com/kbench-0.1.0.tar.gz'"), userData);
            assertTrue(userData.contains("sha256sum -c -"));
            assertTrue(userData.contains("ExecStart=/opt/kbench/bin/kbench worker --bind 0.0.0.0 --port 8080"), userData);
            assertFalse(userData.contains("docker"));
            assertFalse(userData.contains(TOKEN));
        }
    }

    @Test
    void workersYamlListsEveryWorkerUrl() {
        Map<String, String> config = baseConfig();
        config.put("workerCount", "3");
        Run run = runOk(config);
        List<String> expected = List.of("http://198.51.100.11:8080", "http://198.51.100.12:8080", "http://198.51.100.13:8080");
        assertEquals(expected, run.output("workerUrls"));
        Map<String, Object> file = new Yaml().load((String) run.output("workersYaml"));
        assertEquals(Map.of("workers", expected), file);
        Map<String, Object> privateFile = new Yaml().load((String) run.output("workersYamlPrivate"));
        assertEquals(Map.of("workers", List.of("http://10.0.1.11:8080", "http://10.0.1.12:8080", "http://10.0.1.13:8080")), privateFile);
        assertEquals(List.of("10.0.1.11", "10.0.1.12", "10.0.1.13"), run.output("workerPrivateIps"));
        assertEquals(List.of("198.51.100.11", "198.51.100.12", "198.51.100.13"), run.output("workerPublicIps"));
        assertEquals(List.of("198.51.100.11:8081", "198.51.100.12:8081", "198.51.100.13:8081"), run.output("metricsTargets"));
    }

    @Test
    void withoutPublicIpsTheWorkersFileUsesPrivateAddresses() {
        Map<String, String> config = baseConfig();
        config.put("publicIp", "false");
        Run run = runOk(config);
        assertFalse(run.result().outputs().containsKey("workerPublicIps"));
        assertEquals(List.of("http://10.0.1.11:8080", "http://10.0.1.12:8080"), run.output("workerUrls"));
        run.mocks().ofType(INSTANCE).forEach(i -> assertEquals(false, i.inputs.get("associatePublicIpAddress")));
    }

    @Test
    void noMskUnlessAskedFor() {
        Run run = runOk(baseConfig());
        assertTrue(run.mocks().ofType(MSK_CLUSTER).isEmpty());
        assertEquals(1, run.mocks().ofType(SECURITY_GROUP).size());
        assertFalse(run.result().outputs().containsKey("mskBootstrapBrokersIam"));
        assertFalse(run.result().outputs().containsKey("mskClusterArn"));
        assertTrue(run.mocks().ofType(ROLE_POLICY).stream().noneMatch(p -> p.name.equals("kbench-worker-msk")));
    }

    @Test
    void mskWithIamAuthInTheWorkersVpcReachableFromTheWorkers() {
        Map<String, String> config = baseConfig();
        config.put("createMsk", "true");
        Run run = runOk(config);
        List<com.pulumi.test.Mocks.ResourceArgs> clusters = run.mocks().ofType(MSK_CLUSTER);
        assertEquals(1, clusters.size());
        var cluster = clusters.get(0);
        assertEquals("kbench-bench", cluster.inputs.get("clusterName"));
        assertEquals("3.9.x", cluster.inputs.get("kafkaVersion"));
        assertEquals(3, ((Number) cluster.inputs.get("numberOfBrokerNodes")).intValue());
        assertEquals(Map.of("sasl", Map.of("iam", true), "unauthenticated", false), cluster.inputs.get("clientAuthentication"));
        Map<String, Object> brokers = run.input(cluster, "brokerNodeGroupInfo");
        assertEquals("kafka.m5.large", brokers.get("instanceType"));
        assertEquals(List.of("subnet-a", "subnet-b", "subnet-c"), brokers.get("clientSubnets"), "one broker per zone");
        assertEquals(List.of("sg-kbench-msk"), brokers.get("securityGroups"));

        var mskSg = run.mocks().ofType(SECURITY_GROUP).stream().filter(s -> s.name.equals("kbench-msk")).findFirst().orElseThrow();
        assertEquals("vpc-default", mskSg.inputs.get("vpcId"));
        List<Map<String, Object>> ingress = run.input(mskSg, "ingress");
        assertEquals(1, ingress.size());
        assertEquals(9098, ((Number) ingress.get(0).get("fromPort")).intValue());
        assertEquals(List.of("sg-kbench-workers"), ingress.get(0).get("securityGroups"), "from the workers' group only");
        assertNoOpenIngress(run);

        String bootstrap = (String) run.output("mskBootstrapBrokersIam");
        assertTrue(bootstrap.endsWith(":9098"), bootstrap);
        assertTrue(((String) run.output("mskClusterArn")).startsWith("arn:aws:kafka:"));
        // the workers get the bootstrap servers in their environment, and IAM access to the cluster
        Value env = run.wire().only(PARAMETER).inputs().getFieldsOrThrow("value");
        assertTrue(WireRecorder.secretText(env).contains("KAFKA_BOOTSTRAP_SERVERS=" + bootstrap + "\n"));
        var mskPolicy = run.mocks().ofType(ROLE_POLICY).stream().filter(p -> p.name.equals("kbench-worker-msk")).findFirst().orElseThrow();
        String policy = (String) mskPolicy.inputs.get("policy");
        assertTrue(policy.contains("\"" + run.output("mskClusterArn") + "\""), policy);
        assertTrue(policy.contains(":topic/kbench-bench/abcd-1234-5/*"), policy);
    }

    @Test
    void mskSettingsAreHonoured() {
        Map<String, String> config = baseConfig();
        config.put("createMsk", "true");
        config.put("mskBrokerCount", "4");
        config.put("mskInstanceType", "kafka.m7g.xlarge");
        config.put("mskKafkaVersion", "3.8.x");
        Run run = runOk(config);
        var cluster = run.mocks().ofType(MSK_CLUSTER).get(0);
        assertEquals(4, ((Number) cluster.inputs.get("numberOfBrokerNodes")).intValue());
        assertEquals("3.8.x", cluster.inputs.get("kafkaVersion"));
        Map<String, Object> brokers = run.input(cluster, "brokerNodeGroupInfo");
        assertEquals("kafka.m7g.xlarge", brokers.get("instanceType"));
        assertEquals(List.of("subnet-a", "subnet-b"), brokers.get("clientSubnets"), "4 brokers: 2 zones");
    }

    @Test
    void missingAllowedCidrFailsClearlyBeforeAnyResource() {
        Map<String, String> config = baseConfig();
        config.remove("allowedCidr");
        String message = failure(config);
        assertTrue(message.contains("allowedCidr is required"), message);
        assertTrue(message.contains("pulumi config set allowedCidr"), message);
    }

    @Test
    void missingWorkerTokenFailsClearlyBeforeAnyResource() {
        Map<String, String> config = baseConfig();
        config.remove("workerToken");
        String message = failure(config);
        assertTrue(message.contains("workerToken is required"), message);
        assertTrue(message.contains("pulumi config set --secret workerToken"), message);
    }

    @Test
    void everyMissingSettingIsReportedAtOnce() {
        String message = failure(Map.of());
        assertTrue(message.contains("3 problems"), message);
        assertTrue(message.contains("allowedCidr is required"), message);
        assertTrue(message.contains("workerToken is required"), message);
        assertTrue(message.contains("containerImage or releaseArchiveUrl is required"), message);
    }

    @Test
    void amazonLinux2023IsLookedUpUnlessAnAmiIsGiven() {
        Run run = runOk(baseConfig());
        var lookup = run.mocks().calls.stream().filter(c -> c.token.equals("aws:ec2/getAmi:getAmi")).findFirst().orElseThrow();
        assertEquals(List.of("amazon"), lookup.args.get("owners"));
        assertTrue(lookup.args.get("filters").toString().contains("al2023-ami-2023.*-x86_64"), lookup.args.toString());
        run.mocks().ofType(INSTANCE).forEach(i -> assertEquals("ami-0al2023", i.inputs.get("ami")));
        PulumiTest.cleanup();

        Map<String, String> graviton = baseConfig();
        graviton.put("instanceType", "c7g.xlarge");
        Run arm = runOk(graviton);
        assertTrue(arm.mocks().calls.stream().anyMatch(c -> c.token.equals("aws:ec2/getAmi:getAmi")
                && c.args.get("filters").toString().contains("al2023-ami-2023.*-arm64")));
        PulumiTest.cleanup();

        Map<String, String> pinned = baseConfig();
        pinned.put("ami", "ami-0123456789abcdef0");
        Run given = runOk(pinned);
        assertTrue(given.mocks().calls.stream().noneMatch(c -> c.token.equals("aws:ec2/getAmi:getAmi")));
        given.mocks().ofType(INSTANCE).forEach(i -> assertEquals("ami-0123456789abcdef0", i.inputs.get("ami")));
    }

    @Test
    void givenVpcAndSubnetAreUsedWithoutLookups() {
        Map<String, String> config = baseConfig();
        config.put("vpcId", "vpc-0mine");
        config.put("subnetId", "subnet-0mine");
        Run run = runOk(config);
        assertEquals("vpc-0mine", run.mocks().ofType(SECURITY_GROUP).get(0).inputs.get("vpcId"));
        run.mocks().ofType(INSTANCE).forEach(i -> assertEquals("subnet-0mine", i.inputs.get("subnetId")));
        assertTrue(run.mocks().calls.stream().noneMatch(c -> c.token.equals("aws:ec2/getVpc:getVpc")
                || c.token.equals("aws:ec2/getSubnets:getSubnets")));
    }

    /** Runs a config that must be refused; returns the message, checking nothing was declared. */
    private static String failure(Map<String, String> config) {
        Run run = run(config);
        assertFalse(run.result().exceptions().isEmpty(), "the program should have failed");
        assertTrue(run.mocks().resources.isEmpty(), "no resource before the config is valid");
        Throwable e = run.result().exceptions().get(0);
        while (!(e instanceof IllegalArgumentException) && e.getCause() != null) {
            e = e.getCause();
        }
        assertTrue(e instanceof IllegalArgumentException, () -> "unexpected failure: " + run.result().exceptions());
        assertNotNull(e.getMessage());
        assertFalse(e.getMessage().contains(TOKEN));
        return e.getMessage();
    }

    private static void assertNoOpenIngress(Run run) {
        for (var sg : run.mocks().ofType(SECURITY_GROUP)) {
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> ingress = (List<Map<String, Object>>) sg.inputs.get("ingress");
            for (Map<String, Object> rule : ingress) {
                assertFalse(String.valueOf(rule.get("cidrBlocks")).contains("0.0.0.0/0"), sg.name + " opens " + rule);
                assertFalse(String.valueOf(rule.get("ipv6CidrBlocks")).contains("::/0"), sg.name + " opens " + rule);
            }
        }
        assertTrue(run.mocks().resources.stream().noneMatch(r -> r.type.startsWith("aws:vpc/securityGroupIngressRule")));
    }

}
