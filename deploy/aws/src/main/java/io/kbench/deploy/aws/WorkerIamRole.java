package io.kbench.deploy.aws;

import com.pulumi.aws.iam.InstanceProfile;
import com.pulumi.aws.iam.InstanceProfileArgs;
import com.pulumi.aws.iam.Role;
import com.pulumi.aws.iam.RoleArgs;
import com.pulumi.aws.iam.RolePolicy;
import com.pulumi.aws.iam.RolePolicyArgs;
import com.pulumi.core.Output;
import com.pulumi.resources.Resource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The workers' instance role: may read their environment parameter (the token), pull the kbench
 * image when it is in ECR, and, when there is an MSK cluster, connect to it with IAM authentication
 * (what {@code driver-kafka/msk.yaml} uses). Nothing else.
 */
final class WorkerIamRole {

    final InstanceProfile instanceProfile;
    /** The role's policies: the instances wait for them, so the first boot can read the parameter. */
    final List<Resource> policies;

    private WorkerIamRole(InstanceProfile instanceProfile, List<Resource> policies) {
        this.instanceProfile = instanceProfile;
        this.policies = policies;
    }

    static WorkerIamRole create(String prefix, Output<String> envParameterArn, Optional<Output<String>> mskClusterArn,
            Optional<DeployConfig.EcrRepository> ecr, Map<String, String> tags) {
        Role role = new Role(prefix + "-worker", RoleArgs.builder()
                .description("kbench workers: read their environment parameter; MSK IAM access when configured")
                .assumeRolePolicy(EC2_TRUST)
                .tags(tags)
                .build());
        List<Resource> policies = new ArrayList<>();
        policies.add(new RolePolicy(prefix + "-worker-env", RolePolicyArgs.builder()
                .role(role.id())
                .policy(envParameterArn.applyValue(WorkerIamRole::readParameterPolicy))
                .build()));
        ecr.ifPresent(repository -> policies.add(new RolePolicy(prefix + "-worker-ecr", RolePolicyArgs.builder()
                .role(role.id())
                .policy(ecrPullPolicy(repository.arn()))
                .build())));
        mskClusterArn.ifPresent(arn -> policies.add(new RolePolicy(prefix + "-worker-msk", RolePolicyArgs.builder()
                .role(role.id())
                .policy(arn.applyValue(WorkerIamRole::mskPolicy))
                .build())));
        InstanceProfile profile = new InstanceProfile(prefix + "-worker", InstanceProfileArgs.builder()
                .role(role.name())
                .tags(tags)
                .build());
        return new WorkerIamRole(profile, policies);
    }

    static final String EC2_TRUST = """
            {"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"Service":"ec2.amazonaws.com"},"Action":"sts:AssumeRole"}]}""";

    static String readParameterPolicy(String parameterArn) {
        return """
                {"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"ssm:GetParameter","Resource":"%s"}]}"""
                .formatted(parameterArn);
    }

    /** Pulling one ECR repository's images: a login token (which ECR grants for no narrower resource) and the layers. */
    static String ecrPullPolicy(String repositoryArn) {
        return """
                {"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"ecr:GetAuthorizationToken","Resource":"*"},\
                {"Effect":"Allow","Action":["ecr:BatchGetImage","ecr:GetDownloadUrlForLayer","ecr:BatchCheckLayerAvailability"],\
                "Resource":"%s"}]}""".formatted(repositoryArn);
    }

    /** Every Kafka action on one cluster, its topics, groups and transactional ids: a benchmark creates and deletes topics. */
    static String mskPolicy(String clusterArn) {
        if (!clusterArn.contains(":cluster/")) {
            throw new IllegalArgumentException("not an MSK cluster ARN: " + clusterArn);
        }
        String topics = clusterArn.replace(":cluster/", ":topic/") + "/*";
        String groups = clusterArn.replace(":cluster/", ":group/") + "/*";
        String transactionalIds = clusterArn.replace(":cluster/", ":transactional-id/") + "/*";
        return """
                {"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"kafka-cluster:*","Resource":["%s","%s","%s","%s"]}]}"""
                .formatted(clusterArn, topics, groups, transactionalIds);
    }
}
