package io.kbench.kafka;

import io.kbench.driver.DriverException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.apache.kafka.common.errors.UnsupportedSaslMechanismException;

/**
 * Turns a failed first contact with the cluster into one sentence that says what went wrong and
 * what to check: authentication (with the mechanism and user), TLS trust (with the truststore
 * and host), an unsupported mechanism, or no answer at all. Never includes a password.
 */
final class ConnectFailures {

    private static final Pattern USERNAME = Pattern.compile("username\\s*=\\s*\"([^\"]*)\"");

    private ConnectFailures() {}

    static DriverException explain(Throwable failure, KafkaClientConfigs configs, int timeoutMillis) {
        String bootstrap = configs.bootstrapServers();
        String mechanism = configs.common().getOrDefault("sasl.mechanism", "GSSAPI");
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SaslAuthenticationException) {
                return new DriverException("commonConfig", "authentication failed at " + bootstrap + " with SASL mechanism "
                        + mechanism + who(configs, mechanism) + ": " + t.getMessage() + ". Check the credentials in the driver file's "
                        + "commonConfig (the presets read them from environment variables).", failure);
            }
            if (t instanceof UnsupportedSaslMechanismException) {
                return new DriverException("commonConfig", "the cluster at " + bootstrap + " does not accept SASL mechanism "
                        + mechanism + ": " + t.getMessage(), failure);
            }
            if (t instanceof SslAuthenticationException) {
                String truststore = configs.common().get("ssl.truststore.location");
                return new DriverException("commonConfig", "TLS handshake with " + bootstrap + " failed: the broker's certificate "
                        + "is not trusted by " + (truststore == null ? "the JVM's default truststore" : "truststore " + truststore)
                        + ", or its name does not match the host (" + innermost(t) + "). Set ssl.truststore.location to a "
                        + "truststore holding the cluster's CA certificate.", failure);
            }
        }
        return new DriverException("commonConfig", "cannot reach Kafka at " + bootstrap + " within "
                + (timeoutMillis % 1000 == 0 ? timeoutMillis / 1000 + " s" : timeoutMillis + " ms") + " (" + KafkaBenchmarkDriver.rootMessage(failure) + "). Check bootstrap.servers in commonConfig, "
                + "and that the cluster is reachable from this machine.", failure);
    }

    private static String who(KafkaClientConfigs configs, String mechanism) {
        if (mechanism.equals("AWS_MSK_IAM")) {
            return " (IAM identity from the AWS credentials provider chain)";
        }
        Matcher m = USERNAME.matcher(configs.common().getOrDefault("sasl.jaas.config", ""));
        return m.find() ? " as user '" + m.group(1) + "'" : "";
    }

    private static String innermost(Throwable t) {
        Throwable last = t;
        while (last.getCause() != null && last.getCause() != last) {
            last = last.getCause();
        }
        return last.getMessage() == null ? last.getClass().getSimpleName() : last.getMessage();
    }
}
