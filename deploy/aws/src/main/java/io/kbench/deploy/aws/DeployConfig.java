package io.kbench.deploy.aws;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The stack's settings, read from Pulumi config ({@code pulumi config set KEY VALUE}) and checked
 * before any resource is declared. Every problem is reported at once, each naming the key and what
 * to set.
 *
 * @param workerCount number of worker instances (1 to 100)
 * @param instanceType EC2 instance type of the workers
 * @param ami AMI id; empty: the newest Amazon Linux 2023 for the instance type's architecture
 * @param vpcId VPC id; empty: the region's default VPC
 * @param subnetId subnet of the workers; empty: the first default subnet of the VPC
 * @param keyName EC2 key pair for SSH; empty: no key and no SSH rule
 * @param allowedCidrs who may reach the workers' ports (IPv4 CIDRs)
 * @param workerToken the bearer token every coordinator call must carry (a Pulumi secret)
 * @param publicIp whether the workers get public IPv4 addresses
 * @param source what the workers run: the kbench image, or a release archive
 * @param javaOpts the worker JVM's options ({@code JAVA_TOOL_OPTIONS} in the container, {@code KBENCH_JAVA_OPTS} for the archive)
 * @param rootVolumeGb size of each worker's root volume
 * @param kafkaBootstrapServers {@code KAFKA_BOOTSTRAP_SERVERS} for the workers (ignored with MSK)
 * @param mskClusterArn an existing MSK cluster the workers may use with IAM auth; empty: none
 * @param msk the MSK cluster to create; empty: none
 */
public record DeployConfig(
        int workerCount,
        String instanceType,
        Optional<String> ami,
        Optional<String> vpcId,
        Optional<String> subnetId,
        Optional<String> keyName,
        List<String> allowedCidrs,
        String workerToken,
        boolean publicIp,
        KbenchSource source,
        String javaOpts,
        int rootVolumeGb,
        Optional<String> kafkaBootstrapServers,
        Optional<String> mskClusterArn,
        Optional<MskSettings> msk) {

    public static final int WORKER_PORT = 8080;
    public static final int METRICS_PORT = WORKER_PORT + 1;
    public static final String DEFAULT_INSTANCE_TYPE = "c6i.xlarge";

    /** What a worker runs: the kbench image (with docker), or the release archive (with Java 17); nothing is built at boot. */
    public sealed interface KbenchSource permits ContainerImage, ReleaseArchive {}

    /**
     * The kbench image, e.g. {@code registry.example.com/kbench:0.1.0}; from Amazon ECR the workers
     * pull it with their role ({@link #ecr()}).
     */
    public record ContainerImage(String image) implements KbenchSource {

        private static final Pattern ECR = Pattern.compile("(\\d{12})\\.dkr\\.ecr\\.([a-z0-9-]+)\\.amazonaws\\.com(\\.cn)?/([^:@]+).*");

        /** The ECR repository the image is in, if it is in one. */
        public Optional<EcrRepository> ecr() {
            var m = ECR.matcher(image);
            if (!m.matches()) {
                return Optional.empty();
            }
            String registry = image.substring(0, image.indexOf('/'));
            return Optional.of(new EcrRepository(m.group(3) == null ? "aws" : "aws-cn", m.group(2), m.group(1), m.group(4), registry));
        }
    }

    /** An ECR repository: where the workers log in ({@code registry}) and what their role may pull ({@link #arn()}). */
    public record EcrRepository(String partition, String region, String account, String repository, String registry) {
        public String arn() {
            return "arn:" + partition + ":ecr:" + region + ":" + account + ":repository/" + repository;
        }
    }

    /**
     * The release archive the build makes (a {@code .tar.gz} with {@code bin/}, {@code lib/}, the driver
     * presets and the workloads, under one top directory or none), checked against {@code sha256} if given.
     */
    public record ReleaseArchive(String url, Optional<String> sha256) implements KbenchSource {}

    /** The MSK cluster to create (IAM authentication, TLS, in the workers' VPC). */
    public record MskSettings(int brokerCount, String instanceType, String kafkaVersion, int volumeGb, Optional<List<String>> subnetIds) {}

    private static final Pattern IPV4_CIDR = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})/(\\d{1,2})");
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9._~+/=-]{16,}");
    private static final Pattern KAFKA_VERSION = Pattern.compile("[34]\\.\\d+\\.(\\d+|x)(\\.kraft)?");
    /** An image reference: [registry[:port]/]name[:tag][@sha256:digest], nothing a shell or a unit file would read. */
    private static final Pattern IMAGE = Pattern.compile("[a-z0-9][a-z0-9._-]*(:[0-9]+)?(/[a-z0-9][a-z0-9._-]*)*(:[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?"
            + "(@sha256:[0-9a-f]{64})?");
    private static final Pattern SHA256 = Pattern.compile("[0-9a-fA-F]{64}");
    /** Characters that survive a systemd environment file and a shell script unchanged. */
    private static final Pattern SAFE_VALUE = Pattern.compile("[^\\s'\"\\\\$`]+");

    /**
     * Reads and checks the settings.
     *
     * @param get the project's config: key (without the project prefix) to value
     * @throws IllegalArgumentException listing every problem, each with the key to set
     */
    public static DeployConfig parse(Function<String, Optional<String>> get) {
        List<String> problems = new ArrayList<>();
        Reader in = new Reader(get, problems);

        int workerCount = in.integer("workerCount", 2, 1, 100);
        String instanceType = in.string("instanceType").orElse(DEFAULT_INSTANCE_TYPE);
        Optional<String> ami = in.string("ami");
        ami.filter(a -> !a.startsWith("ami-")).ifPresent(a -> problems.add("ami: '" + a + "' is not an AMI id (ami-...)"));
        Optional<String> vpcId = in.string("vpcId");
        Optional<String> subnetId = in.string("subnetId");
        Optional<String> keyName = in.string("keyName");
        if (vpcId.isPresent() != subnetId.isPresent()) {
            problems.add("vpcId and subnetId go together: set both (the workers' subnet must be in the VPC), or neither for"
                    + " the default VPC");
        }

        List<String> cidrs = List.of();
        Optional<String> allowed = in.string("allowedCidr");
        if (allowed.isEmpty()) {
            problems.add("allowedCidr is required: the IPv4 CIDR(s) allowed to reach the workers' ports " + WORKER_PORT + " and "
                    + METRICS_PORT + " (your coordinator and Prometheus), e.g. pulumi config set allowedCidr 203.0.113.7/32"
                    + " (several: comma-separated)");
        } else {
            cidrs = cidrs(allowed.get(), problems);
        }

        String token = null;
        Optional<String> rawToken = in.string("workerToken");
        if (rawToken.isEmpty()) {
            problems.add("workerToken is required: the bearer token of the workers, kept as a secret:"
                    + " pulumi config set --secret workerToken \"$(openssl rand -hex 32)\"");
        } else if (!TOKEN.matcher(rawToken.get()).matches()) {
            // never echo the value: it is a secret
            problems.add("workerToken must be at least 16 characters of A-Z a-z 0-9 . _ ~ + / = - (e.g. openssl rand -hex 32)");
        } else {
            token = rawToken.get();
        }

        boolean publicIp = in.bool("publicIp", true);
        KbenchSource source = source(in, problems);
        String javaOpts = in.string("workerJavaOpts").orElse("-XX:MaxRAMPercentage=60");
        if (javaOpts.chars().anyMatch(c -> c == '\n' || c == '\r' || c == '"' || c == '\'' || c == '\\' || c == '$' || c == '`')) {
            problems.add("workerJavaOpts: JVM options without quotes, backslashes, $ or line breaks, e.g. -Xms2g -Xmx6g");
        }
        int rootVolumeGb = in.integer("rootVolumeGb", 30, 8, 16384);
        Optional<String> bootstrap = in.string("kafkaBootstrapServers");
        bootstrap.filter(b -> !SAFE_VALUE.matcher(b).matches())
                .ifPresent(b -> problems.add("kafkaBootstrapServers: host:port[,host:port...] without spaces or quotes"));
        Optional<String> mskClusterArn = in.string("mskClusterArn");
        mskClusterArn.filter(a -> !a.startsWith("arn:") || !a.contains(":cluster/"))
                .ifPresent(a -> problems.add("mskClusterArn: '" + a + "' is not an MSK cluster ARN (arn:aws:kafka:REGION:ACCOUNT:cluster/NAME/UUID)"));

        Optional<MskSettings> msk = Optional.empty();
        if (in.bool("createMsk", false)) {
            msk = Optional.of(msk(in, problems));
            if (vpcId.isPresent() && msk.get().subnetIds().isEmpty()) {
                problems.add("createMsk with vpcId: set mskSubnetIds too (2 or 3 subnets of that VPC in different availability zones)");
            }
            if (mskClusterArn.isPresent()) {
                problems.add("mskClusterArn names an existing cluster but createMsk is true: choose one");
            }
        }

        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(problems.size() == 1 ? "kbench workers config: " + problems.get(0)
                    : "kbench workers config: " + problems.size() + " problems:\n  " + String.join("\n  ", problems));
        }
        return new DeployConfig(workerCount, instanceType, ami, vpcId, subnetId, keyName, cidrs, token, publicIp, source,
                javaOpts, rootVolumeGb, bootstrap, mskClusterArn, msk);
    }

    /** AL2023 image architecture for an instance type: Graviton families (c7g, m6gd, t4g, ...) are arm64. */
    public String architecture() {
        return Pattern.compile("[a-z]+\\d+g.*").matcher(instanceType.substring(0, Math.max(0, instanceType.indexOf('.'))))
                .matches() ? "arm64" : "x86_64";
    }

    /** Never shows the token. */
    @Override
    public String toString() {
        return "DeployConfig[workerCount=" + workerCount + ", instanceType=" + instanceType + ", ami=" + ami + ", vpcId=" + vpcId
                + ", subnetId=" + subnetId + ", keyName=" + keyName + ", allowedCidrs=" + allowedCidrs + ", workerToken=****"
                + ", publicIp=" + publicIp + ", source=" + source + ", javaOpts=" + javaOpts + ", rootVolumeGb=" + rootVolumeGb
                + ", kafkaBootstrapServers=" + kafkaBootstrapServers + ", mskClusterArn=" + mskClusterArn + ", msk=" + msk + "]";
    }

    private static List<String> cidrs(String value, List<String> problems) {
        List<String> cidrs = new ArrayList<>();
        for (String part : value.split(",")) {
            String cidr = part.trim();
            var m = IPV4_CIDR.matcher(cidr);
            boolean valid = m.matches();
            for (int i = 1; valid && i <= 4; i++) {
                valid = Integer.parseInt(m.group(i)) <= 255;
            }
            if (!valid || Integer.parseInt(m.group(5)) > 32) {
                problems.add("allowedCidr: '" + cidr + "' is not an IPv4 CIDR like 203.0.113.7/32");
            } else if (m.group(5).equals("0")) {
                problems.add("allowedCidr: " + cidr + " would open the workers to the whole internet; give your coordinator's"
                        + " address (e.g. its public IP/32) or your VPC's CIDR");
            } else {
                cidrs.add(cidr);
            }
        }
        return cidrs;
    }

    private static KbenchSource source(Reader in, List<String> problems) {
        for (String gone : List.of("kbenchGitUrl", "kbenchGitRef", "kbenchTarballUrl", "kbenchTarballSha256")) {
            in.string(gone).ifPresent(v -> problems.add(gone + " is no longer used: workers no longer clone and build kbench at"
                    + " boot; remove it (pulumi config rm " + gone + ") and set containerImage (the kbench image) or"
                    + " releaseArchiveUrl (the release archive)"));
        }
        Optional<String> image = in.string("containerImage");
        Optional<String> archive = in.string("releaseArchiveUrl");
        Optional<String> sha256 = in.string("releaseArchiveSha256");
        if (image.isEmpty() && archive.isEmpty()) {
            problems.add("containerImage or releaseArchiveUrl is required: what the workers run, e.g."
                    + " pulumi config set containerImage 123456789012.dkr.ecr.us-east-1.amazonaws.com/kbench:0.1.0 (mvn -Pimage"
                    + " package -Dimage=... pushes it), or pulumi config set releaseArchiveUrl https://.../kbench-0.1.0.tar.gz");
        }
        if (image.isPresent() && archive.isPresent()) {
            problems.add("containerImage and releaseArchiveUrl are both set: choose one");
        }
        image.filter(i -> !IMAGE.matcher(i).matches())
                .ifPresent(i -> problems.add("containerImage: '" + i + "' is not an image reference like registry.example.com/kbench:0.1.0"));
        archive.filter(u -> !u.startsWith("https://") && !u.startsWith("http://"))
                .ifPresent(u -> problems.add("releaseArchiveUrl: '" + u + "' is not an http(s) URL"));
        sha256.filter(x -> !SHA256.matcher(x).matches())
                .ifPresent(x -> problems.add("releaseArchiveSha256: 64 hex digits (sha256sum of the archive)"));
        if (sha256.isPresent() && archive.isEmpty()) {
            problems.add("releaseArchiveSha256 is set but releaseArchiveUrl is not");
        }
        if (image.isPresent()) {
            return new ContainerImage(image.get());
        }
        return new ReleaseArchive(archive.orElse(""), sha256.map(x -> x.toLowerCase(Locale.ROOT)));
    }

    private static MskSettings msk(Reader in, List<String> problems) {
        int brokers = in.integer("mskBrokerCount", 3, 2, 30);
        String type = in.string("mskInstanceType").orElse("kafka.m5.large");
        if (!type.startsWith("kafka.") && !type.startsWith("express.")) {
            problems.add("mskInstanceType: '" + type + "' is not an MSK broker type (kafka.m5.large, kafka.m7g.large, ...)");
        }
        String version = in.string("mskKafkaVersion").orElse("3.9.x");
        if (!KAFKA_VERSION.matcher(version).matches()) {
            problems.add("mskKafkaVersion: '" + version + "' is not an MSK Kafka 3.x/4.x version such as 3.8.x, 3.9.x, 3.7.x.kraft"
                    + " or 4.0.x (aws kafka list-kafka-versions lists your region's)");
        }
        int volume = in.integer("mskVolumeGb", 100, 1, 16384);
        Optional<List<String>> subnets = in.string("mskSubnetIds")
                .map(s -> List.of(s.split(",")).stream().map(String::trim).filter(x -> !x.isEmpty()).toList());
        subnets.filter(l -> l.size() < 2 || l.size() > 3)
                .ifPresent(l -> problems.add("mskSubnetIds: 2 or 3 subnets in different availability zones, comma-separated"));
        int zones = subnets.map(List::size).orElse(brokers % 3 == 0 ? 3 : 2);
        if (brokers % zones != 0) {
            problems.add("mskBrokerCount: " + brokers + " brokers cannot spread evenly over " + zones
                    + " subnets; MSK wants a multiple of the subnet count");
        }
        return new MskSettings(brokers, type, version, volume, subnets);
    }

    /** Typed access to the config with the key named in every complaint. */
    private record Reader(Function<String, Optional<String>> get, List<String> problems) {

        Optional<String> string(String key) {
            return get.apply(key).map(String::trim).filter(v -> !v.isEmpty());
        }

        int integer(String key, int defaultValue, int min, int max) {
            Optional<String> value = string(key);
            if (value.isEmpty()) {
                return defaultValue;
            }
            try {
                int n = Integer.parseInt(value.get());
                if (n >= min && n <= max) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            problems.add(key + ": '" + value.get() + "' is not a whole number from " + min + " to " + max);
            return defaultValue;
        }

        boolean bool(String key, boolean defaultValue) {
            Optional<String> value = string(key);
            if (value.isEmpty()) {
                return defaultValue;
            }
            return switch (value.get().toLowerCase(Locale.ROOT)) {
                case "true" -> true;
                case "false" -> false;
                default -> {
                    problems.add(key + ": '" + value.get() + "' is not true or false");
                    yield defaultValue;
                }
            };
        }
    }
}
