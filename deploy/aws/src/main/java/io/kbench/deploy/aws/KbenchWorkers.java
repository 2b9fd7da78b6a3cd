package io.kbench.deploy.aws;

import com.pulumi.Context;
import com.pulumi.aws.ssm.Parameter;
import com.pulumi.aws.ssm.ParameterArgs;
import com.pulumi.core.Output;
import com.pulumi.resources.Resource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The whole stack: network and security group, the workers' environment parameter (token), their
 * role, the optional MSK cluster, the workers, and the stack outputs a coordinator needs.
 */
public final class KbenchWorkers {

    static final String PREFIX = "kbench";

    private KbenchWorkers() {}

    public static void define(Context ctx, DeployConfig config) {
        Map<String, String> tags = Map.of("Project", "kbench", "kbench-stack", ctx.stackName());
        Network network = Network.create(PREFIX, config, tags);

        Optional<Msk> msk = config.msk().map(settings ->
                Msk.create(PREFIX, clusterName(ctx.stackName()), settings, network, tags));

        Output<Optional<String>> bootstrap = msk
                .map(m -> m.cluster.bootstrapBrokersSaslIam().applyValue(Optional::of))
                .orElse(Output.of(config.kafkaBootstrapServers()));
        Output<String> environment = Output.tuple(Output.ofSecret(config.workerToken()), bootstrap)
                .applyValue(t -> WorkerEnvironment.render(t.t1, t.t2))
                .asSecret();
        String parameterName = "/kbench/" + safe(ctx.projectName()) + "/" + safe(ctx.stackName()) + "/worker.env";
        Parameter parameter = new Parameter(PREFIX + "-worker-env", ParameterArgs.builder()
                .name(parameterName)
                .description("kbench workers' environment file (KBENCH_WORKER_TOKEN, KAFKA_BOOTSTRAP_SERVERS)")
                .type("SecureString")
                .value(environment)
                .tags(tags)
                .build());

        Optional<Output<String>> mskArn = msk.map(m -> m.cluster.arn())
                .or(() -> config.mskClusterArn().map(Output::of));
        Optional<DeployConfig.EcrRepository> ecr = config.source() instanceof DeployConfig.ContainerImage image
                ? image.ecr() : Optional.empty();
        WorkerIamRole role = WorkerIamRole.create(PREFIX, parameter.arn(), mskArn, ecr, tags);

        List<Resource> bootDependencies = new ArrayList<>(role.policies);
        bootDependencies.add(parameter);
        Workers workers = Workers.create(PREFIX, config, network, role, parameterName, bootDependencies, tags);

        Output<List<String>> privateIps = workers.privateIps();
        Output<List<String>> reachable = config.publicIp() ? workers.publicIps() : privateIps;
        ctx.export("workerPrivateIps", privateIps);
        if (config.publicIp()) {
            ctx.export("workerPublicIps", workers.publicIps());
        }
        ctx.export("workerUrls", reachable.applyValue(WorkersYaml::urls));
        ctx.export("workersYaml", reachable.applyValue(ips -> WorkersYaml.render(WorkersYaml.urls(ips))));
        ctx.export("workerUrlsPrivate", privateIps.applyValue(WorkersYaml::urls));
        ctx.export("workersYamlPrivate", privateIps.applyValue(ips -> WorkersYaml.render(WorkersYaml.urls(ips))));
        ctx.export("metricsTargets", reachable.applyValue(ips -> ips.stream().map(ip -> ip + ":" + DeployConfig.METRICS_PORT).toList()));
        ctx.export("workerToken", Output.ofSecret(config.workerToken()));
        ctx.export("workerEnvParameter", Output.of(parameterName));
        ctx.export("workerSecurityGroupId", network.workerSecurityGroup.id());
        msk.ifPresent(m -> {
            ctx.export("mskClusterArn", m.cluster.arn());
            ctx.export("mskBootstrapBrokersIam", m.cluster.bootstrapBrokersSaslIam());
        });
    }

    /** MSK cluster names: letters, digits and hyphens, at most 64. */
    static String clusterName(String stack) {
        String name = "kbench-" + stack.replaceAll("[^A-Za-z0-9-]", "-");
        return name.length() > 64 ? name.substring(0, 64) : name;
    }

    private static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9_.-]", "-");
    }
}
