package io.kbench.deploy.aws;

import com.pulumi.aws.ec2.Ec2Functions;
import com.pulumi.aws.ec2.SecurityGroup;
import com.pulumi.aws.ec2.SecurityGroupArgs;
import com.pulumi.aws.ec2.inputs.GetSubnetsArgs;
import com.pulumi.aws.ec2.inputs.GetSubnetsFilterArgs;
import com.pulumi.aws.ec2.inputs.GetVpcArgs;
import com.pulumi.aws.ec2.inputs.SecurityGroupEgressArgs;
import com.pulumi.aws.ec2.inputs.SecurityGroupIngressArgs;
import com.pulumi.aws.ec2.outputs.GetVpcResult;
import com.pulumi.core.Output;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the workers live: the VPC (the default one unless {@code vpcId}), their subnet, the default
 * subnets (one per availability zone) for MSK, and the workers' security group: the agent port and
 * the metrics port from {@code allowedCidr} only, SSH only with a key pair, all egress.
 */
final class Network {

    final Output<String> vpcId;
    final Output<String> workerSubnetId;
    /** The VPC's default subnets, sorted by id; empty when the subnets were given. */
    final Output<List<String>> defaultSubnetIds;
    final SecurityGroup workerSecurityGroup;

    private Network(Output<String> vpcId, Output<String> workerSubnetId, Output<List<String>> defaultSubnetIds, SecurityGroup sg) {
        this.vpcId = vpcId;
        this.workerSubnetId = workerSubnetId;
        this.defaultSubnetIds = defaultSubnetIds;
        this.workerSecurityGroup = sg;
    }

    static Network create(String prefix, DeployConfig config, Map<String, String> tags) {
        Output<String> vpcId;
        Output<String> subnetId;
        Output<List<String>> defaults;
        if (config.vpcId().isPresent()) {
            vpcId = Output.of(config.vpcId().get());
            subnetId = Output.of(config.subnetId().orElseThrow());
            defaults = Output.of(List.of());
        } else {
            vpcId = Ec2Functions.getVpc(GetVpcArgs.builder().default_(true).build()).applyValue(GetVpcResult::id);
            defaults = Ec2Functions.getSubnets(GetSubnetsArgs.builder()
                            .filters(GetSubnetsFilterArgs.builder().name("default-for-az").values("true").build())
                            .build())
                    .applyValue(result -> result.ids().stream().sorted().toList());
            subnetId = defaults.applyValue(ids -> {
                if (ids.isEmpty()) {
                    throw new IllegalStateException("the default VPC has no default subnets: set vpcId and subnetId");
                }
                return ids.get(0);
            });
        }
        SecurityGroup sg = new SecurityGroup(prefix + "-workers", SecurityGroupArgs.builder()
                .description("kbench workers: agent and metrics ports from allowedCidr only")
                .vpcId(vpcId)
                .ingress(ingressRules(config))
                .egress(SecurityGroupEgressArgs.builder()
                        .description("all egress: Kafka, package and Maven repositories, SSM")
                        .protocol("-1").fromPort(0).toPort(0)
                        .cidrBlocks("0.0.0.0/0").ipv6CidrBlocks("::/0")
                        .build())
                .tags(with(tags, "Name", prefix + "-workers"))
                .build());
        return new Network(vpcId, subnetId, defaults, sg);
    }

    static List<SecurityGroupIngressArgs> ingressRules(DeployConfig config) {
        List<SecurityGroupIngressArgs> rules = new ArrayList<>();
        rules.add(tcp(DeployConfig.WORKER_PORT, "kbench worker agent (bearer token)", config.allowedCidrs()));
        rules.add(tcp(DeployConfig.METRICS_PORT, "kbench worker Prometheus metrics", config.allowedCidrs()));
        if (config.keyName().isPresent()) {
            rules.add(tcp(22, "SSH (key pair " + config.keyName().get() + ")", config.allowedCidrs()));
        }
        return rules;
    }

    private static SecurityGroupIngressArgs tcp(int port, String description, List<String> cidrs) {
        return SecurityGroupIngressArgs.builder()
                .description(description).protocol("tcp").fromPort(port).toPort(port).cidrBlocks(cidrs)
                .build();
    }

    static Map<String, String> with(Map<String, String> tags, String key, String value) {
        var all = new LinkedHashMap<>(tags);
        all.put(key, value);
        return all;
    }
}
