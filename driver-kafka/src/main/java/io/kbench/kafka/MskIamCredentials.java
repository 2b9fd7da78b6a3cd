package io.kbench.kafka;

import io.kbench.driver.DriverException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.security.auth.callback.Callback;
import org.apache.kafka.common.config.types.Password;
import org.apache.kafka.common.security.JaasContext;
import software.amazon.msk.auth.iam.IAMClientCallbackHandler;
import software.amazon.msk.auth.iam.internals.AWSCredentialsCallback;

/**
 * Before connecting with AWS_MSK_IAM, asks the IAM library for credentials exactly as its login
 * will (same provider chain, same JAAS options such as awsProfileName or awsRoleArn), so a worker
 * without AWS credentials fails at once with one sentence instead of a handshake error later.
 */
final class MskIamCredentials {

    static final String MECHANISM = "AWS_MSK_IAM";
    static final long TIMEOUT_SECONDS = 12;

    private MskIamCredentials() {}

    static void check(KafkaClientConfigs configs) {
        Map<String, Object> settings = new HashMap<>(configs.common());
        String jaasText = configs.common().get("sasl.jaas.config");
        if (jaasText != null) {
            settings.put("sasl.jaas.config", new Password(jaasText)); // the type Kafka's own parser expects
        }
        JaasContext jaas;
        try {
            jaas = JaasContext.loadClientContext(settings);
        } catch (RuntimeException e) {
            throw new DriverException("commonConfig", "sasl.jaas.config is not a valid JAAS configuration: " + e.getMessage()
                    + ". For MSK IAM use: software.amazon.msk.auth.iam.IAMLoginModule required;", e);
        }
        CompletableFuture<AWSCredentialsCallback> lookup = CompletableFuture.supplyAsync(() -> {
            AWSCredentialsCallback callback = new AWSCredentialsCallback();
            IAMClientCallbackHandler handler = new IAMClientCallbackHandler();
            try {
                handler.configure(settings, MECHANISM, jaas.configurationEntries());
                handler.handle(new Callback[] {callback});
            } catch (Exception e) {
                callback.setLoadingException(e);
            } finally {
                handler.close();
            }
            return callback;
        });
        AWSCredentialsCallback callback;
        try {
            callback = lookup.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new DriverException("commonConfig", "AWS MSK IAM authentication needs AWS credentials, and looking them up "
                    + "took over " + TIMEOUT_SECONDS + " s (the instance metadata service did not answer): set "
                    + "AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY or AWS_PROFILE on every worker.", e);
        } catch (Exception e) {
            throw new DriverException("commonConfig", "could not look up AWS credentials for MSK IAM: " + e.getMessage(), e);
        }
        if (!callback.isSuccessful()) {
            throw new DriverException("commonConfig", "AWS MSK IAM authentication needs AWS credentials, and the default "
                    + "provider chain found none (it tried the AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY variables, Java system "
                    + "properties, a web identity token, the profile file with AWS_PROFILE, and container and instance roles): "
                    + "set one of them on every worker, or name a profile with awsProfileName=\"...\" in sasl.jaas.config.",
                    callback.getLoadingException());
        }
    }
}
