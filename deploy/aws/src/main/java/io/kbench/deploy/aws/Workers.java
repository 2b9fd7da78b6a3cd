package io.kbench.deploy.aws;

import com.pulumi.aws.ec2.Ec2Functions;
import com.pulumi.aws.ec2.Instance;
import com.pulumi.aws.ec2.InstanceArgs;
import com.pulumi.aws.ec2.inputs.GetAmiArgs;
import com.pulumi.aws.ec2.inputs.GetAmiFilterArgs;
import com.pulumi.aws.ec2.inputs.InstanceMetadataOptionsArgs;
import com.pulumi.aws.ec2.inputs.InstanceRootBlockDeviceArgs;
import com.pulumi.aws.ec2.outputs.GetAmiResult;
import com.pulumi.core.Output;
import com.pulumi.resources.CustomResourceOptions;
import com.pulumi.resources.Resource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The worker instances: {@code workerCount} alike, each running the kbench-worker service from its boot script. */
final class Workers {

    final List<Instance> instances;

    private Workers(List<Instance> instances) {
        this.instances = instances;
    }

    static Workers create(String prefix, DeployConfig config, Network network, WorkerIamRole role, String envParameterName,
            List<Resource> bootDependencies, Map<String, String> tags) {
        Output<String> ami = config.ami().map(Output::of).orElseGet(() -> latestAmazonLinux2023(config.architecture()));
        List<Instance> instances = new ArrayList<>();
        for (int i = 1; i <= config.workerCount(); i++) {
            String name = prefix + "-worker-" + i;
            var args = InstanceArgs.builder()
                    .ami(ami)
                    .instanceType(config.instanceType())
                    .subnetId(network.workerSubnetId)
                    .vpcSecurityGroupIds(network.workerSecurityGroup.id().applyValue(List::of))
                    .associatePublicIpAddress(config.publicIp())
                    .iamInstanceProfile(role.instanceProfile.name())
                    .userData(UserData.render("worker-" + i, envParameterName, config.source(), config.javaOpts()))
                    .userDataReplaceOnChange(true)
                    .metadataOptions(InstanceMetadataOptionsArgs.builder()
                            .httpEndpoint("enabled").httpTokens("required").build())
                    .rootBlockDevice(InstanceRootBlockDeviceArgs.builder()
                            .volumeType("gp3").volumeSize(config.rootVolumeGb()).encrypted(true).deleteOnTermination(true)
                            .build())
                    .tags(Network.with(tags, "Name", name));
            config.keyName().ifPresent(args::keyName);
            instances.add(new Instance(name, args.build(),
                    CustomResourceOptions.builder().dependsOn(bootDependencies).build()));
        }
        return new Workers(instances);
    }

    Output<List<String>> privateIps() {
        return Output.all(instances.stream().map(Instance::privateIp).toList());
    }

    Output<List<String>> publicIps() {
        return Output.all(instances.stream().map(Instance::publicIp).toList());
    }

    /** The newest Amazon Linux 2023 (standard, not minimal: it has the AWS CLI and curl) for the architecture. */
    static Output<String> latestAmazonLinux2023(String architecture) {
        return Ec2Functions.getAmi(GetAmiArgs.builder()
                        .mostRecent(true)
                        .owners("amazon")
                        .filters(
                                GetAmiFilterArgs.builder().name("name").values("al2023-ami-2023.*-" + architecture).build(),
                                GetAmiFilterArgs.builder().name("architecture").values(architecture).build(),
                                GetAmiFilterArgs.builder().name("virtualization-type").values("hvm").build())
                        .build())
                .applyValue(GetAmiResult::id);
    }
}
