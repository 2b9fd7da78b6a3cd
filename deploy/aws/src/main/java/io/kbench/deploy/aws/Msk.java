package io.kbench.deploy.aws;

import com.pulumi.aws.ec2.SecurityGroup;
import com.pulumi.aws.ec2.SecurityGroupArgs;
import com.pulumi.aws.ec2.inputs.SecurityGroupEgressArgs;
import com.pulumi.aws.ec2.inputs.SecurityGroupIngressArgs;
import com.pulumi.aws.msk.Cluster;
import com.pulumi.aws.msk.ClusterArgs;
import com.pulumi.aws.msk.inputs.ClusterBrokerNodeGroupInfoArgs;
import com.pulumi.aws.msk.inputs.ClusterBrokerNodeGroupInfoStorageInfoArgs;
import com.pulumi.aws.msk.inputs.ClusterBrokerNodeGroupInfoStorageInfoEbsStorageInfoArgs;
import com.pulumi.aws.msk.inputs.ClusterClientAuthenticationArgs;
import com.pulumi.aws.msk.inputs.ClusterClientAuthenticationSaslArgs;
import com.pulumi.aws.msk.inputs.ClusterEncryptionInfoArgs;
import com.pulumi.aws.msk.inputs.ClusterEncryptionInfoEncryptionInTransitArgs;
import com.pulumi.core.Output;
import io.kbench.deploy.aws.DeployConfig.MskSettings;
import java.util.List;
import java.util.Map;

/**
 * An MSK cluster for the workers: IAM authentication over TLS only (port {@value #IAM_PORT}), in the
 * workers' VPC, reachable from the workers' security group only.
 */
final class Msk {

    /** MSK's port for IAM-authenticated clients inside the VPC. */
    static final int IAM_PORT = 9098;

    final Cluster cluster;
    final SecurityGroup securityGroup;

    private Msk(Cluster cluster, SecurityGroup securityGroup) {
        this.cluster = cluster;
        this.securityGroup = securityGroup;
    }

    static Msk create(String prefix, String clusterName, MskSettings settings, Network network, Map<String, String> tags) {
        SecurityGroup sg = new SecurityGroup(prefix + "-msk", SecurityGroupArgs.builder()
                .description("kbench MSK brokers: IAM port from the kbench workers only")
                .vpcId(network.vpcId)
                .ingress(SecurityGroupIngressArgs.builder()
                        .description("Kafka over TLS with IAM auth, from the kbench workers")
                        .protocol("tcp").fromPort(IAM_PORT).toPort(IAM_PORT)
                        .securityGroups(network.workerSecurityGroup.id().applyValue(List::of))
                        .build())
                .egress(SecurityGroupEgressArgs.builder()
                        .protocol("-1").fromPort(0).toPort(0).cidrBlocks("0.0.0.0/0")
                        .build())
                .tags(Network.with(tags, "Name", prefix + "-msk"))
                .build());
        Output<List<String>> subnets = settings.subnetIds().map(Output::of)
                .orElseGet(() -> network.defaultSubnetIds.applyValue(ids -> zones(ids, settings.brokerCount())));
        var brokers = ClusterBrokerNodeGroupInfoArgs.builder()
                .instanceType(settings.instanceType())
                .clientSubnets(subnets)
                .securityGroups(sg.id().applyValue(List::of));
        if (!settings.instanceType().startsWith("express.")) { // Express brokers have no EBS volumes to size
            brokers.storageInfo(ClusterBrokerNodeGroupInfoStorageInfoArgs.builder()
                    .ebsStorageInfo(ClusterBrokerNodeGroupInfoStorageInfoEbsStorageInfoArgs.builder()
                            .volumeSize(settings.volumeGb()).build())
                    .build());
        }
        Cluster cluster = new Cluster(prefix + "-msk", ClusterArgs.builder()
                .clusterName(clusterName)
                .kafkaVersion(settings.kafkaVersion())
                .numberOfBrokerNodes(settings.brokerCount())
                .brokerNodeGroupInfo(brokers.build())
                .clientAuthentication(ClusterClientAuthenticationArgs.builder()
                        .sasl(ClusterClientAuthenticationSaslArgs.builder().iam(true).build())
                        .unauthenticated(false)
                        .build())
                .encryptionInfo(ClusterEncryptionInfoArgs.builder()
                        .encryptionInTransit(ClusterEncryptionInfoEncryptionInTransitArgs.builder()
                                .clientBroker("TLS").inCluster(true).build())
                        .build())
                .tags(tags)
                .build());
        return new Msk(cluster, sg);
    }

    /** The first 3 default subnets (one per zone) when the broker count divides by 3, else the first 2. */
    static List<String> zones(List<String> defaultSubnets, int brokerCount) {
        int zones = brokerCount % 3 == 0 ? 3 : 2;
        if (defaultSubnets.size() < zones) {
            throw new IllegalStateException("MSK with " + brokerCount + " brokers needs " + zones
                    + " subnets in different availability zones; the default VPC has " + defaultSubnets.size()
                    + ": set mskSubnetIds");
        }
        return defaultSubnets.subList(0, zones);
    }
}
