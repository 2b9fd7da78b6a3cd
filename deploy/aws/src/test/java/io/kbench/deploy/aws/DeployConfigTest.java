package io.kbench.deploy.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DeployConfigTest {

    static final String TOKEN = "0123456789abcdef0123456789abcdef";

    static Map<String, String> minimal() {
        Map<String, String> config = new HashMap<>();
        config.put("allowedCidr", "198.51.100.4/32");
        config.put("workerToken", TOKEN);
        config.put("containerImage", "registry.example.com/kbench:0.1.0");
        return config;
    }

    static DeployConfig parse(Map<String, String> config) {
        return DeployConfig.parse(key -> Optional.ofNullable(config.get(key)));
    }

    static String problem(Map<String, String> config) {
        return assertThrows(IllegalArgumentException.class, () -> parse(config)).getMessage();
    }

    @Test
    void defaults() {
        DeployConfig config = parse(minimal());
        assertEquals(2, config.workerCount());
        assertEquals("c6i.xlarge", config.instanceType());
        assertEquals("x86_64", config.architecture());
        assertEquals(List.of("198.51.100.4/32"), config.allowedCidrs());
        assertTrue(config.publicIp());
        assertEquals(new DeployConfig.ContainerImage("registry.example.com/kbench:0.1.0"), config.source());
        assertEquals(Optional.empty(), config.msk());
        assertEquals(Optional.empty(), config.ami());
        assertEquals(Optional.empty(), config.keyName());
        assertEquals(30, config.rootVolumeGb());
    }

    @Test
    void toStringNeverShowsTheToken() {
        String text = parse(minimal()).toString();
        assertFalse(text.contains(TOKEN), text);
        assertTrue(text.contains("workerToken=****"));
    }

    @Test
    void allowedCidrIsRequiredAndNeverTheWholeInternet() {
        Map<String, String> config = minimal();
        config.remove("allowedCidr");
        assertTrue(problem(config).contains("allowedCidr is required"));
        config.put("allowedCidr", "0.0.0.0/0");
        assertTrue(problem(config).contains("0.0.0.0/0 would open the workers to the whole internet"), problem(config));
        config.put("allowedCidr", "10.0.0.0/8,0.0.0.0/0");
        assertTrue(problem(config).contains("whole internet"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"198.51.100.4", "198.51.100.256/32", "198.51.100.4/33", "my-laptop", "2001:db8::/32"})
    void badCidrsAreNamed(String cidr) {
        Map<String, String> config = minimal();
        config.put("allowedCidr", cidr);
        assertTrue(problem(config).contains("'" + cidr + "' is not an IPv4 CIDR"), problem(config));
    }

    @Test
    void severalCidrs() {
        Map<String, String> config = minimal();
        config.put("allowedCidr", " 198.51.100.4/32 , 10.0.0.0/16");
        assertEquals(List.of("198.51.100.4/32", "10.0.0.0/16"), parse(config).allowedCidrs());
    }

    @Test
    void workerTokenIsRequiredLongEnoughAndNeverEchoed() {
        Map<String, String> config = minimal();
        config.remove("workerToken");
        assertTrue(problem(config).contains("workerToken is required"));
        assertTrue(problem(config).contains("pulumi config set --secret workerToken"));
        config.put("workerToken", "short");
        assertTrue(problem(config).contains("at least 16 characters"));
        assertFalse(problem(config).contains("short"));
        config.put("workerToken", "has a space in it and is long");
        assertFalse(problem(config).contains("has a space"));
    }

    @Test
    void anImageOrAReleaseArchiveIsRequiredAndOnlyOne() {
        Map<String, String> config = minimal();
        config.remove("containerImage");
        assertTrue(problem(config).contains("containerImage or releaseArchiveUrl is required"), problem(config));
        config.put("releaseArchiveUrl", "https://dl.example.com/kbench-0.1.0.tar.gz");
        config.put("releaseArchiveSha256", "A".repeat(64));
        assertEquals(new DeployConfig.ReleaseArchive("https://dl.example.com/kbench-0.1.0.tar.gz", Optional.of("a".repeat(64))),
                parse(config).source());
        config.put("containerImage", "kbench:0.1.0");
        assertTrue(problem(config).contains("both set: choose one"));
        config.remove("containerImage");
        config.put("releaseArchiveSha256", "abc");
        assertTrue(problem(config).contains("releaseArchiveSha256: 64 hex digits"));
        config.put("releaseArchiveUrl", "ftp://x/y.tgz");
        config.remove("releaseArchiveSha256");
        assertTrue(problem(config).contains("releaseArchiveUrl: 'ftp://x/y.tgz' is not an http(s) URL"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"kbench:0.1.0", "registry.example.com:5000/team/kbench:0.1.0", "kbench@sha256:" + "ab12ab12ab12ab12ab12ab12ab12ab12"
            + "ab12ab12ab12ab12ab12ab12ab12ab12", "123456789012.dkr.ecr.eu-west-1.amazonaws.com/kbench:v1"})
    void imageReferences(String image) {
        Map<String, String> config = minimal();
        config.put("containerImage", image);
        assertEquals(new DeployConfig.ContainerImage(image), parse(config).source());
    }

    @ParameterizedTest
    @ValueSource(strings = {"kbench:0.1.0; reboot", "Kbench", "kbench:0.1.0 --privileged", "$(id)", "kbench:'x'"})
    void imageReferencesThatCouldBreakTheUnitFileAreRefused(String image) {
        Map<String, String> config = minimal();
        config.put("containerImage", image);
        assertTrue(problem(config).contains("containerImage: '" + image + "' is not an image reference"), problem(config));
    }

    @Test
    void anImageInEcrIsPulledWithTheRole() {
        var ecr = new DeployConfig.ContainerImage("123456789012.dkr.ecr.eu-west-1.amazonaws.com/team/kbench:0.1.0").ecr().orElseThrow();
        assertEquals("arn:aws:ecr:eu-west-1:123456789012:repository/team/kbench", ecr.arn());
        assertEquals("123456789012.dkr.ecr.eu-west-1.amazonaws.com", ecr.registry());
        assertEquals("eu-west-1", ecr.region());
        assertEquals("arn:aws-cn:ecr:cn-north-1:123456789012:repository/kbench",
                new DeployConfig.ContainerImage("123456789012.dkr.ecr.cn-north-1.amazonaws.com.cn/kbench:1").ecr().orElseThrow().arn());
        assertEquals(Optional.empty(), new DeployConfig.ContainerImage("registry.example.com/kbench:0.1.0").ecr());
    }

    @Test
    void theOldBuildAtBootSettingsSayWhatReplacesThem() {
        Map<String, String> config = minimal();
        config.put("kbenchGitUrl", "https://git.example.com/kbench.git");
        assertTrue(problem(config).contains("kbenchGitUrl is no longer used: workers no longer clone and build kbench at boot; remove it"
                + " (pulumi config rm kbenchGitUrl) and set containerImage (the kbench image) or releaseArchiveUrl"), problem(config));
    }

    @Test
    void numbersAreChecked() {
        Map<String, String> config = minimal();
        config.put("workerCount", "0");
        assertTrue(problem(config).contains("workerCount: '0' is not a whole number from 1 to 100"));
        config.put("workerCount", "two");
        assertTrue(problem(config).contains("workerCount: 'two'"));
        config.put("workerCount", "8");
        assertEquals(8, parse(config).workerCount());
    }

    @Test
    void vpcAndSubnetGoTogether() {
        Map<String, String> config = minimal();
        config.put("vpcId", "vpc-1");
        assertTrue(problem(config).contains("vpcId and subnetId go together"));
        config.put("subnetId", "subnet-1");
        assertEquals(Optional.of("subnet-1"), parse(config).subnetId());
    }

    @Test
    void mskSettings() {
        Map<String, String> config = minimal();
        config.put("createMsk", "true");
        DeployConfig.MskSettings msk = parse(config).msk().orElseThrow();
        assertEquals(3, msk.brokerCount());
        assertEquals("kafka.m5.large", msk.instanceType());
        assertEquals("3.9.x", msk.kafkaVersion());
        assertEquals(100, msk.volumeGb());

        config.put("mskKafkaVersion", "2.8.1");
        assertTrue(problem(config).contains("not an MSK Kafka 3.x/4.x version"));
        for (String version : List.of("3.8.x", "3.7.x.kraft", "4.0.x", "4.0.x.kraft", "3.6.0")) {
            config.put("mskKafkaVersion", version);
            assertEquals(version, parse(config).msk().orElseThrow().kafkaVersion());
        }
        config.put("mskBrokerCount", "5");
        assertTrue(problem(config).contains("5 brokers cannot spread evenly over 2 subnets"));
        config.put("mskBrokerCount", "4");
        config.put("mskSubnetIds", "subnet-a,subnet-b,subnet-c");
        assertTrue(problem(config).contains("4 brokers cannot spread evenly over 3 subnets"));
        config.put("mskSubnetIds", "subnet-a, subnet-b");
        assertEquals(Optional.of(List.of("subnet-a", "subnet-b")), parse(config).msk().orElseThrow().subnetIds());
        config.put("createMsk", "maybe");
        assertTrue(problem(config).contains("createMsk: 'maybe' is not true or false"));
    }

    @Test
    void mskInACustomVpcNeedsItsSubnets() {
        Map<String, String> config = minimal();
        config.put("createMsk", "true");
        config.put("vpcId", "vpc-1");
        config.put("subnetId", "subnet-1");
        assertTrue(problem(config).contains("set mskSubnetIds too"));
    }

    @Test
    void anExistingClusterOrANewOneNotBoth() {
        Map<String, String> config = minimal();
        config.put("mskClusterArn", "arn:aws:kafka:us-east-1:123456789012:cluster/prod/abc-1");
        assertTrue(parse(config).mskClusterArn().isPresent());
        config.put("createMsk", "true");
        assertTrue(problem(config).contains("choose one"));
        config.remove("createMsk");
        config.put("mskClusterArn", "prod");
        assertTrue(problem(config).contains("not an MSK cluster ARN"));
    }

    @ParameterizedTest
    @CsvSource({"c6i.xlarge,x86_64", "c7g.2xlarge,arm64", "m6gd.large,arm64", "c7gn.xlarge,arm64", "t4g.small,arm64",
        "g5.xlarge,x86_64", "c7i.4xlarge,x86_64", "m7a.large,x86_64"})
    void architectureFollowsTheInstanceType(String type, String architecture) {
        Map<String, String> config = minimal();
        config.put("instanceType", type);
        assertEquals(architecture, parse(config).architecture());
    }

    @Test
    void javaOptionsCannotBreakTheUnitFile() {
        Map<String, String> config = minimal();
        config.put("workerJavaOpts", "-Xmx4g\" ; rm -rf /");
        assertTrue(problem(config).contains("workerJavaOpts"));
        config.put("workerJavaOpts", "-Xms2g -Xmx6g");
        assertEquals("-Xms2g -Xmx6g", parse(config).javaOpts());
    }
}
