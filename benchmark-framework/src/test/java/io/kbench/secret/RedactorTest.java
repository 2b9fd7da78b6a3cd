package io.kbench.secret;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.SecretNames;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RedactorTest {

    private final Redactor redactor = new Redactor(List.of());

    @Test
    void propertyLinesWithSecretKeysAreMasked() {
        String text = """
                bootstrap.servers=broker-1:9092,broker-2:9092
                security.protocol=SASL_SSL
                ssl.truststore.password=changeit
                sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="u" password="p";
                  ssl.key.password : hunter2
                basic.auth.user.info: user:secret
                sasl.oauthbearer.token.endpoint.url=https://idp/token
                api.key=AKIA123
                client.secret=s3
                """;
        assertEquals("""
                bootstrap.servers=broker-1:9092,broker-2:9092
                security.protocol=SASL_SSL
                ssl.truststore.password=******
                sasl.jaas.config=******
                  ssl.key.password : ******
                basic.auth.user.info: user:secret
                sasl.oauthbearer.token.endpoint.url=******
                api.key=******
                client.secret=******
                """, redactor.redactText(text));
    }

    @Test
    void jaasPasswordsAreMaskedInsideOtherText() {
        String jaas = "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"alice\" password=\"s3cr=t\";";
        assertEquals("org.apache.kafka.common.security.scram.ScramLoginModule required username=\"alice\" password=\"******\";",
                redactor.redactText(jaas));
        assertEquals("x token = \"******\" y", redactor.redactText("x token = \"abc\" y"));
        assertEquals("options PASSWORD=\"******\"", redactor.redactText("options PASSWORD=\"abc\""));
        assertEquals("password=******", redactor.redactText("password=\"abc\""), "a secret property line loses its whole value");
    }

    @Test
    void knownSecretsAreMaskedAnywhere() {
        Redactor r = new Redactor(List.of("Sup3rSecret", "ab", ""));
        assertEquals("connecting with ****** to https://u:******@host", r.redactText("connecting with Sup3rSecret to https://u:Sup3rSecret@host"));
        assertEquals("about ab", r.redactText("about ab"), "values shorter than 3 characters are not masked");
    }

    @Test
    void nonSecretTextIsUntouched() {
        String text = "# a comment\nacks=all\nlinger.ms: 5\n\nplain sentence without a key\nurl=https://example.com:8443/x?y=z";
        assertEquals(text, redactor.redactText(text));
        assertEquals(null, redactor.redactText(null));
    }

    @Test
    void yamlTreesAreRedactedByKeyAtEveryLevel() {
        Map<String, Object> producer = new LinkedHashMap<>();
        producer.put("acks", "all");
        producer.put("sasl.jaas.config", "anything");
        producer.put("batch.size", 16384);
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("name", "kafka");
        tree.put("password", 1234);
        tree.put("producerConfig", producer);
        tree.put("commonConfig", "security.protocol=SSL\nssl.keystore.password=pw\n");
        tree.put("list", List.of("a", "token=xyz"));
        tree.put("nothing", null);

        Map<String, Object> out = redactor.redact(tree);
        assertEquals("kafka", out.get("name"));
        assertEquals(Redactor.MASK, out.get("password"));
        assertEquals(Map.of("acks", "all", "sasl.jaas.config", Redactor.MASK, "batch.size", 16384), out.get("producerConfig"));
        assertEquals("security.protocol=SSL\nssl.keystore.password=******\n", out.get("commonConfig"));
        assertEquals(List.of("a", "token=******"), out.get("list"));
        assertTrue(out.containsKey("nothing"));
        assertEquals("anything", producer.get("sasl.jaas.config"), "the input is not changed");
    }

    @Test
    void secretKeyNames() {
        for (String key : List.of("password", "ssl.key.password", "sasl.jaas.config", "client_secret", "auth.token",
                "apiKey", "api-key", "aws.credentials", "ssl.private.key", "PASSWD")) {
            assertTrue(SecretNames.isSecret(key), key);
        }
        for (String key : List.of("bootstrap.servers", "acks", "keyDistributor", "ssl.keystore.location", "sasl.mechanism")) {
            assertFalse(SecretNames.isSecret(key), key);
        }
    }
}
