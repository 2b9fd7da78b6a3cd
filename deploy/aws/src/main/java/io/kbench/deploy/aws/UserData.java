package io.kbench.deploy.aws;

import io.kbench.deploy.aws.DeployConfig.KbenchSource;
import java.util.Locale;
import java.util.Objects;

/**
 * Renders a worker's boot script (EC2 user data, run once by cloud-init as root): installs Java 17,
 * git and Maven, gets and builds kbench, fetches the worker's environment file from SSM Parameter
 * Store and runs {@code bin/benchmark-worker --bind 0.0.0.0 --port 8080} as the systemd service
 * {@code kbench-worker}.
 *
 * <p>The script holds no secret: the token reaches the instance only through the SSM SecureString
 * parameter, which the instance's role may read, into a root-only file that systemd hands to the
 * service as its environment. A pure function, so it is tested as text.
 */
public final class UserData {

    /** Where the service reads {@code KBENCH_WORKER_TOKEN} (and {@code KAFKA_BOOTSTRAP_SERVERS}) from. */
    public static final String ENV_FILE = "/etc/kbench/worker.env";
    public static final String SERVICE = "kbench-worker";
    public static final String HOME = "/opt/kbench";

    private UserData() {}

    /**
     * @param workerId the worker's name in plans and results ({@code --id})
     * @param envParameter name of the SSM SecureString parameter holding the environment file
     * @param source where kbench comes from
     * @param javaOpts {@code KBENCH_JAVA_OPTS}, already checked to be free of quotes and line breaks
     */
    public static String render(String workerId, String envParameter, KbenchSource source, String javaOpts) {
        Objects.requireNonNull(workerId, "workerId");
        Objects.requireNonNull(envParameter, "envParameter");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(javaOpts, "javaOpts");
        return """
                #!/bin/bash
                # kbench worker boot script, rendered by deploy/aws (io.kbench.deploy.aws.UserData). Runs once, as root.
                # Its log: /var/log/kbench-bootstrap.log. The worker: systemctl status %2$s; journalctl -u %2$s
                set -euo pipefail
                exec >>/var/log/kbench-bootstrap.log 2>&1
                echo "kbench bootstrap started $(date -Is)"

                echo "== Java 17, git, Maven"
                dnf install -y java-17-amazon-corretto-devel git tar gzip
                dnf install -y maven-amazon-corretto17 || dnf install -y maven
                JAVA_HOME=$(ls -d /usr/lib/jvm/java-17-amazon-corretto* | head -n 1)
                export JAVA_HOME

                echo "== kbench into %3$s"
                id kbench >/dev/null 2>&1 || useradd --system --create-home --home-dir /var/lib/kbench --shell /sbin/nologin kbench
                %4$s
                chown -R kbench:kbench %3$s
                if [ ! -f %3$s/benchmark-framework/target/.kbench-built ]; then
                  # what bin/benchmark-worker would build on first use (the tool and its drivers, not deploy/)
                  runuser -u kbench -- env JAVA_HOME="$JAVA_HOME" HOME=/var/lib/kbench bash -c \\
                    'cd %3$s && mvn -B -q -DskipTests -pl benchmark-framework,driver-kafka -am package && touch benchmark-framework/target/.kbench-built'
                fi

                echo "== the worker's environment (token, bootstrap servers) from SSM"
                install -d -m 0755 /etc/kbench
                echo "JAVA_HOME=$JAVA_HOME" > /etc/kbench/java.env
                cat > /usr/local/bin/kbench-fetch-env <<'KBENCH_EOF'
                #!/bin/bash
                # Writes %5$s (root only) from the SSM SecureString parameter %6$s.
                # After changing the stack's workerToken: pulumi up; then on each worker run this and restart %2$s.
                set -euo pipefail
                umask 077
                for attempt in $(seq 1 30); do
                  imds=$(curl -fsS -X PUT http://169.254.169.254/latest/api/token -H 'X-aws-ec2-metadata-token-ttl-seconds: 60') &&
                  region=$(curl -fsS -H "X-aws-ec2-metadata-token: $imds" http://169.254.169.254/latest/meta-data/placement/region) &&
                  aws ssm get-parameter --region "$region" --name '%6$s' --with-decryption \\
                      --query Parameter.Value --output text > %5$s.new && break
                  echo "SSM parameter %6$s not readable yet (attempt $attempt); retrying" >&2
                  sleep 5
                done
                test -s %5$s.new
                mv %5$s.new %5$s
                KBENCH_EOF
                chmod 0755 /usr/local/bin/kbench-fetch-env
                /usr/local/bin/kbench-fetch-env

                echo "== the %2$s service"
                cat > /etc/systemd/system/%2$s.service <<'KBENCH_EOF'
                [Unit]
                Description=kbench worker agent (bin/benchmark-worker), driven by a coordinator over HTTP
                Wants=network-online.target
                After=network-online.target

                [Service]
                Type=simple
                User=kbench
                Group=kbench
                WorkingDirectory=%3$s
                EnvironmentFile=/etc/kbench/java.env
                EnvironmentFile=%5$s
                Environment="KBENCH_JAVA_OPTS=%7$s"
                # fail closed: never listen on 0.0.0.0 without a token
                ExecStartPre=/bin/sh -c 'test -n "$${KBENCH_WORKER_TOKEN:-}" || { echo "KBENCH_WORKER_TOKEN is empty in %5$s: not starting" >&2; exit 1; }'
                ExecStart=%3$s/bin/benchmark-worker --bind 0.0.0.0 --port %8$d --stats-port %9$d --id %1$s
                Restart=on-failure
                RestartSec=5
                LimitNOFILE=1048576
                TimeoutStartSec=15min

                [Install]
                WantedBy=multi-user.target
                KBENCH_EOF
                systemctl daemon-reload
                systemctl enable --now %2$s
                echo "kbench bootstrap done $(date -Is)"
                """.formatted(workerId, SERVICE, HOME, fetch(source), ENV_FILE, envParameter, javaOpts,
                DeployConfig.WORKER_PORT, DeployConfig.METRICS_PORT);
    }

    /** The lines that put kbench into {@link #HOME}. */
    static String fetch(KbenchSource source) {
        if (source.tarballUrl().isPresent()) {
            String check = source.tarballSha256()
                    .map(sha -> "echo " + Shell.quote(sha.toLowerCase(Locale.ROOT) + "  /tmp/kbench.tar.gz")
                            + " | sha256sum -c -\n")
                    .orElse("");
            return "curl -fsSL --retry 5 -o /tmp/kbench.tar.gz " + Shell.quote(source.tarballUrl().get()) + "\n"
                    + check
                    + "mkdir -p " + HOME + "\n"
                    + "tar -xzf /tmp/kbench.tar.gz -C " + HOME + " --strip-components=1";
        }
        String url = source.gitUrl().orElseThrow(() -> new IllegalArgumentException("no kbench source"));
        return "rm -rf " + HOME + "\n"
                + "git clone " + Shell.quote(url) + " " + HOME + "\n"
                + "git -C " + HOME + " checkout " + Shell.quote(source.gitRef());
    }

    /** POSIX shell quoting. */
    static final class Shell {
        private Shell() {}

        static String quote(String value) {
            return "'" + value.replace("'", "'\\''") + "'";
        }
    }
}
