package io.kbench.deploy.aws;

import com.pulumi.test.Mocks;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Stands in for AWS: every resource is "created" with its inputs as state plus the few computed
 * properties the program reads (IPs, ARNs, bootstrap brokers); the three lookups answer as a
 * region with a default VPC of three subnets would. Records what the program asked for.
 */
final class AwsMocks implements Mocks {

    final List<ResourceArgs> resources = new CopyOnWriteArrayList<>();
    final List<CallArgs> calls = new CopyOnWriteArrayList<>();

    @Override
    public CompletableFuture<ResourceResult> newResourceAsync(ResourceArgs args) {
        resources.add(args);
        Map<String, Object> state = new HashMap<>(args.inputs);
        String id = args.name + "-id";
        switch (args.type) {
            case "aws:ec2/instance:Instance" -> {
                int n = Integer.parseInt(args.name.substring(args.name.lastIndexOf('-') + 1));
                state.put("privateIp", "10.0.1." + (10 + n));
                state.put("publicIp", "198.51.100." + (10 + n));
                id = "i-0000" + n;
            }
            case "aws:msk/cluster:Cluster" -> {
                state.put("arn", "arn:aws:kafka:us-east-1:123456789012:cluster/" + args.inputs.get("clusterName") + "/abcd-1234-5");
                state.put("bootstrapBrokersSaslIam", "b-1.kbench.abc.c2.kafka.us-east-1.amazonaws.com:9098,"
                        + "b-2.kbench.abc.c2.kafka.us-east-1.amazonaws.com:9098");
            }
            case "aws:ssm/parameter:Parameter" ->
                    state.put("arn", "arn:aws:ssm:us-east-1:123456789012:parameter" + args.inputs.get("name"));
            case "aws:iam/role:Role" -> {
                state.put("name", args.name + "-role");
                state.put("arn", "arn:aws:iam::123456789012:role/" + args.name);
            }
            case "aws:iam/instanceProfile:InstanceProfile" -> state.put("name", args.name + "-profile");
            case "aws:ec2/securityGroup:SecurityGroup" -> id = "sg-" + args.name;
            default -> { }
        }
        return CompletableFuture.completedFuture(ResourceResult.of(Optional.of(id), state));
    }

    @Override
    public CompletableFuture<Map<String, Object>> callAsync(CallArgs args) {
        calls.add(args);
        Map<String, Object> result = new HashMap<>();
        switch (args.token) {
            case "aws:ec2/getAmi:getAmi" -> {
                result.put("id", "ami-0al2023");
                result.put("architecture", "x86_64");
                result.put("name", "al2023-ami-2023.9.20251110.0-kernel-6.1-x86_64");
            }
            case "aws:ec2/getVpc:getVpc" -> result.put("id", "vpc-default");
            case "aws:ec2/getSubnets:getSubnets" -> {
                result.put("id", "us-east-1");
                result.put("ids", new ArrayList<>(List.of("subnet-c", "subnet-a", "subnet-b")));
            }
            default -> throw new IllegalArgumentException("unexpected call " + args.token);
        }
        return CompletableFuture.completedFuture(result);
    }

    List<ResourceArgs> ofType(String type) {
        return resources.stream().filter(r -> r.type.equals(type)).toList();
    }
}
