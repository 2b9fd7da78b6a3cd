package io.kbench.deploy.aws;

import io.kbench.deploy.aws.DeployConfig.ContainerImage;
import io.kbench.deploy.aws.DeployConfig.EcrRepository;
import io.kbench.deploy.aws.DeployConfig.KbenchSource;
import io.kbench.deploy.aws.DeployConfig.ReleaseArchive;
import java.util.Objects;

/**
 * Renders a worker's boot script (EC2 user data, run once by cloud-init as root): installs what the
 * worker runs on (docker for the kbench image, or Java 17 for the release archive, unpacked into
 * {@value #HOME}), fetches the worker's environment file from SSM Parameter Store, and runs
 * {@code kbench worker --bind 0.0.0.0 --port 8080} as the systemd service {@code kbench-worker}.
 * Nothing is cloned or built at boot.
 *
 * <p>The script holds no secret: the token reaches the instance only through the SSM SecureString
 * parameter, which the instance's role may read, into a root-only file that systemd (and docker)
 * hand to the worker as its environment. An image in ECR is pulled with the role's credentials. A
 * pure function, so it is tested as text.
 */
public final class UserData {

    /** Where the service reads {@code KBENCH_WORKER_TOKEN} (and {@code KAFKA_BOOTSTRAP_SERVERS}) from. */
    public static final String ENV_FILE = "/etc/kbench/worker.env";
    public static final String SERVICE = "kbench-worker";
    /** Where the release archive is unpacked: {@code bin/kbench} there runs the worker. */
    public static final String HOME = "/opt/kbench";

    private UserData() {}

    /**
     * @param workerId the worker's name in plans and results ({@code --id})
     * @param envParameter name of the SSM SecureString parameter holding the environment file
     * @param source what the worker runs
     * @param javaOpts JVM options, already checked to be free of quotes and line breaks
     */
    public static String render(String workerId, String envParameter, KbenchSource source, String javaOpts) {
        Objects.requireNonNull(workerId, "workerId");
        Objects.requireNonNull(envParameter, "envParameter");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(javaOpts, "javaOpts");
        String workerArgs = "worker --bind 0.0.0.0 --port " + DeployConfig.WORKER_PORT + " --stats-port " + DeployConfig.METRICS_PORT
                + " --id " + workerId;
        return """
                #!/bin/bash
                # kbench worker boot script, rendered by deploy/aws (io.kbench.deploy.aws.UserData). Runs once, as root.
                # Its log: /var/log/kbench-bootstrap.log. The worker: systemctl status %1$s; journalctl -u %1$s
                set -euo pipefail
                exec >>/var/log/kbench-bootstrap.log 2>&1
                echo "kbench bootstrap started $(date -Is)"
                install -d -m 0755 /etc/kbench

                %2$s
                echo "== the worker's environment (token, bootstrap servers) from SSM"
                cat > /usr/local/bin/kbench-fetch-env <<'KBENCH_EOF'
                #!/bin/bash
                # Writes %3$s (root only) from the SSM SecureString parameter %4$s.
                # After changing the stack's workerToken: pulumi up; then on each worker run this and restart %1$s.
                set -euo pipefail
                umask 077
                for attempt in $(seq 1 30); do
                  imds=$(curl -fsS -X PUT http://169.254.169.254/latest/api/token -H 'X-aws-ec2-metadata-token-ttl-seconds: 60') &&
                  region=$(curl -fsS -H "X-aws-ec2-metadata-token: $imds" http://169.254.169.254/latest/meta-data/placement/region) &&
                  aws ssm get-parameter --region "$region" --name '%4$s' --with-decryption \\
                      --query Parameter.Value --output text > %3$s.new && break
                  echo "SSM parameter %4$s not readable yet (attempt $attempt); retrying" >&2
                  sleep 5
                done
                test -s %3$s.new
                mv %3$s.new %3$s
                KBENCH_EOF
                chmod 0755 /usr/local/bin/kbench-fetch-env
                /usr/local/bin/kbench-fetch-env

                echo "== the %1$s service"
                cat > /etc/systemd/system/%1$s.service <<'KBENCH_EOF'
                [Unit]
                Description=kbench worker agent (kbench worker), driven by a coordinator over HTTP
                Wants=network-online.target
                After=network-online.target %5$s

                [Service]
                Type=simple
                EnvironmentFile=%3$s
                # fail closed: never listen on 0.0.0.0 without a token
                ExecStartPre=/bin/sh -c 'test -n "$${KBENCH_WORKER_TOKEN:-}" || { echo "KBENCH_WORKER_TOKEN is empty in %3$s: not starting" >&2; exit 1; }'
                %6$s
                Restart=on-failure
                RestartSec=5
                LimitNOFILE=1048576
                TimeoutStartSec=15min

                [Install]
                WantedBy=multi-user.target
                KBENCH_EOF
                systemctl daemon-reload
                systemctl enable --now %1$s
                echo "kbench bootstrap done $(date -Is)"
                """.formatted(SERVICE, install(source), ENV_FILE, envParameter,
                source instanceof ContainerImage ? "docker.service" : "", service(source, workerArgs, javaOpts));
    }

    /** The lines that install what the worker runs on. */
    static String install(KbenchSource source) {
        if (source instanceof ContainerImage image) {
            return """
                    echo "== docker, for the kbench image %s"
                    dnf install -y docker
                    systemctl enable --now docker
                    """.formatted(image.image());
        }
        ReleaseArchive archive = (ReleaseArchive) source;
        String check = archive.sha256().map(sha -> "echo " + Shell.quote(sha + "  /tmp/kbench.tar.gz") + " | sha256sum -c -\n").orElse("");
        return """
                echo "== Java 17, and the kbench release into %1$s"
                dnf install -y java-17-amazon-corretto-headless tar gzip
                JAVA_HOME=$(ls -d /usr/lib/jvm/java-17-amazon-corretto* | head -n 1)
                echo "JAVA_HOME=$JAVA_HOME" > /etc/kbench/java.env
                id kbench >/dev/null 2>&1 || useradd --system --create-home --home-dir /var/lib/kbench --shell /sbin/nologin kbench
                curl -fsSL --retry 5 -o /tmp/kbench.tar.gz %2$s
                %3$srm -rf %1$s %1$s.unpack
                mkdir -p %1$s.unpack
                tar -xzf /tmp/kbench.tar.gz -C %1$s.unpack
                # kbench-0.1.0/bin/... or bin/... at the top: either way bin/kbench ends up in %1$s
                set -- %1$s.unpack/*
                if [ "$#" -eq 1 ] && [ -d "$1" ]; then mv "$1" %1$s && rmdir %1$s.unpack; else mv %1$s.unpack %1$s; fi
                test -x %1$s/bin/kbench || { echo "the release archive has no bin/kbench" >&2; exit 1; }
                chown -R root:root %1$s
                """.formatted(HOME, Shell.quote(archive.url()), check);
    }

    /** The unit's lines that start and stop the worker. */
    static String service(KbenchSource source, String workerArgs, String javaOpts) {
        if (source instanceof ContainerImage image) {
            String login = image.ecr().map(UserData::ecrLogin).orElse("");
            return """
                    # the image's entry point is kbench; the host's network, so the worker listens on the instance's addresses
                    ExecStartPre=-/usr/bin/docker rm -f %1$s
                    %2$sExecStartPre=/usr/bin/docker pull %3$s
                    ExecStart=/usr/bin/docker run --rm --name %1$s --network host --env-file %4$s "--env=JAVA_TOOL_OPTIONS=%5$s" --ulimit nofile=1048576:1048576 %3$s %6$s
                    ExecStop=/usr/bin/docker stop --time 20 %1$s""".formatted(SERVICE, login, image.image(), ENV_FILE, javaOpts, workerArgs);
        }
        return """
                User=kbench
                Group=kbench
                WorkingDirectory=%1$s
                EnvironmentFile=/etc/kbench/java.env
                Environment="KBENCH_JAVA_OPTS=%2$s"
                ExecStart=%1$s/bin/kbench %3$s""".formatted(HOME, javaOpts, workerArgs);
    }

    /** Logs docker in to the image's ECR registry with the instance role (the password goes through a pipe, never an argument). */
    static String ecrLogin(EcrRepository ecr) {
        return "ExecStartPre=/bin/sh -c 'aws ecr get-login-password --region " + ecr.region()
                + " | /usr/bin/docker login --username AWS --password-stdin " + ecr.registry() + "'\n";
    }

    /** POSIX shell quoting. */
    static final class Shell {
        private Shell() {}

        static String quote(String value) {
            return "'" + value.replace("'", "'\\''") + "'";
        }
    }
}
