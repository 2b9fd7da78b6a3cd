package io.kbench.driver;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SecretNamesTest {

    @Test
    void configKeysThatHoldSecrets() {
        for (String key : List.of("password", "ssl.key.password", "sasl.jaas.config", "client_secret", "auth.token",
                "apiKey", "api-key", "aws.credentials", "ssl.private.key", "PASSWD", "ssl.keystore.key")) {
            assertTrue(SecretNames.isSecret(key), key);
        }
    }

    @Test
    void environmentVariablesThatHoldSecrets() {
        for (String name : List.of("PASSWORD", "KAFKA_PASSWORD", "DB_PASS", "PASS", "PASS_FILE", "SSH_KEY", "KEY",
                "AWS_SECRET_ACCESS_KEY", "AWS_ACCESS_KEY_ID", "GITHUB_TOKEN", "MY_API_KEY", "CREDENTIALS",
                "SSL_KEY_PASSPHRASE")) {
            assertTrue(SecretNames.isSecret(name), name);
        }
    }

    @Test
    void namesThatHoldNoSecret() {
        for (String name : List.of("bootstrap.servers", "acks", "keyDistributor", "key.serializer",
                "ssl.keystore.location", "sasl.mechanism", "BYPASS", "PASSENGERS", "KEY_COUNT", "HOME", "PWD", "")) {
            assertFalse(SecretNames.isSecret(name), name);
        }
        assertFalse(SecretNames.isSecret(null));
    }
}
