package io.kbench.kafka.local;

import io.kbench.driver.SecretNames;
import io.kbench.kafka.cluster.LocalClusterSecurity;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.security.scram.internals.ScramFormatter;
import org.apache.kafka.common.security.scram.internals.ScramMechanism;

/**
 * Key material and credentials of a secured local cluster.
 *
 * <p>The parent ({@link LocalKafkaCluster}) {@linkplain #create creates} them in the cluster's
 * temporary directory: for TLS a self-signed certificate for {@code IP:127.0.0.1} and
 * {@code DNS:localhost} in a PKCS12 broker keystore (made by {@code keytool}, which reads its
 * password from a file) and a PKCS12 client truststore holding that certificate, both with random
 * passwords; and a {@code security.properties} file with the protocol, mechanisms, keystore
 * password, users and the SCRAM records for the storage formatter, readable by the owner only.
 * The parent lays out the secured listener from {@link #nodeSettings()} ({@link ClusterLayout}
 * writes it into the owner-only node properties); each node JVM ({@link LocalNodeMain}) gets the
 * path of the settings file as its only security argument and {@linkplain #read reads} it to
 * format its storage and to redact secrets from its log, so no secret is ever on a command line.
 */
final class LocalClusterSecrets {

    static final String SETTINGS_FILE = "security.properties";
    static final String KEYSTORE_FILE = "broker-keystore.p12";
    static final String TRUSTSTORE_FILE = "client-truststore.p12";
    static final String STORE_TYPE = "PKCS12";
    static final String CERT_ALIAS = "kbench-local";
    /** SCRAM iteration count written at format time (Kafka's default and the minimum for SHA-512). */
    static final int SCRAM_ITERATIONS = 4096;

    private static final long KEYTOOL_TIMEOUT_S = 60;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final LocalClusterSecurity security;
    private final Path settingsFile;
    private final Path truststore;
    private final String truststorePassword;
    private final NodeSettings nodeSettings;

    private LocalClusterSecrets(LocalClusterSecurity security, Path settingsFile, Path truststore,
                                String truststorePassword, NodeSettings nodeSettings) {
        this.security = security;
        this.settingsFile = settingsFile;
        this.truststore = truststore;
        this.truststorePassword = truststorePassword;
        this.nodeSettings = nodeSettings;
    }

    /** Writes the key material (TLS) and the nodes' settings file into {@code dir}. */
    static LocalClusterSecrets create(LocalClusterSecurity security, Path dir) throws IOException {
        Path keystore = null;
        String keystorePassword = null;
        Path truststore = null;
        String truststorePassword = null;
        if (security.usesTls()) {
            keystore = dir.resolve(KEYSTORE_FILE).toAbsolutePath();
            keystorePassword = randomPassword();
            generateKeystore(keystore, keystorePassword, dir);
            truststore = dir.resolve(TRUSTSTORE_FILE).toAbsolutePath();
            truststorePassword = randomPassword();
            writeTruststore(keystore, keystorePassword, truststore, truststorePassword);
        }
        List<String> scram;
        try {
            // Once for the whole cluster, so every node bootstraps the same SCRAM records.
            scram = scramArguments(security.mechanisms(), security.users());
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot compute the SCRAM credentials: " + e.getMessage(), e);
        }
        NodeSettings settings = new NodeSettings(security.protocol(), security.mechanisms(), keystore,
                keystorePassword, security.users(), scram);
        Path file = dir.resolve(SETTINGS_FILE).toAbsolutePath();
        StringWriter text = new StringWriter();
        settings.toProperties().store(text, "kbench local Kafka security settings (owner-only; deleted with the cluster)");
        writeOwnerOnly(file, text.toString().getBytes(StandardCharsets.UTF_8));
        return new LocalClusterSecrets(security, file, truststore, truststorePassword, settings);
    }

    /** The settings file to pass to each node with {@code --security}. */
    Path settingsFile() {
        return settingsFile;
    }

    /** What the layout needs to configure the secured listener. */
    NodeSettings nodeSettings() {
        return nodeSettings;
    }

    /** Client settings besides credentials: bootstrap.servers, security.protocol and the truststore. */
    Map<String, String> clientSettings(String bootstrapServers) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("bootstrap.servers", bootstrapServers);
        s.put("security.protocol", security.protocol());
        if (truststore != null) {
            s.put("ssl.truststore.location", truststore.toString());
            s.put("ssl.truststore.type", STORE_TYPE);
            s.put("ssl.truststore.password", truststorePassword);
        }
        return s;
    }

    // ---- parent: key material

    private static String randomPassword() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * {@code keytool -genkeypair} for a self-signed RSA certificate valid for 127.0.0.1 and localhost.
     * keytool reads the store password from an owner-only file that is deleted right after.
     */
    private static void generateKeystore(Path keystore, String password, Path dir) throws IOException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", isWindows() ? "keytool.exe" : "keytool");
        if (!Files.isExecutable(keytool)) {
            throw new IOException("cannot create the TLS certificate: " + keytool + " not found (a Java runtime "
                    + "without keytool?); use a full JDK or localCluster.security.protocol SASL_PLAINTEXT");
        }
        Path passwordFile = dir.resolve("keystore.pass");
        writeOwnerOnly(passwordFile, password.getBytes(StandardCharsets.UTF_8));
        List<String> cmd = List.of(keytool.toString(), "-genkeypair", "-noprompt",
                "-alias", CERT_ALIAS,
                "-keyalg", "RSA", "-keysize", "2048",
                "-validity", "3650",
                "-dname", "CN=localhost, OU=kbench local cluster",
                "-ext", "SAN=IP:127.0.0.1,DNS:localhost",
                "-keystore", keystore.toString(), "-storetype", STORE_TYPE,
                "-storepass:file", passwordFile.toString(),
                "-keypass:file", passwordFile.toString());
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.PIPE)
                    .start();
            p.getOutputStream().close();
            byte[] out;
            try (InputStream in = p.getInputStream()) {
                out = in.readAllBytes();
            }
            if (!p.waitFor(KEYTOOL_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("keytool did not finish within " + KEYTOOL_TIMEOUT_S + " s");
            }
            if (p.exitValue() != 0 || !Files.isRegularFile(keystore)) {
                throw new IOException("keytool failed to create the broker certificate (status " + p.exitValue()
                        + "): " + new String(out, StandardCharsets.UTF_8).trim());
            }
            restrictToOwner(keystore);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while creating the broker certificate", e);
        } finally {
            Files.deleteIfExists(passwordFile);
        }
    }

    /** A PKCS12 truststore holding only the broker's certificate. */
    private static void writeTruststore(Path keystore, String keystorePassword, Path truststore,
                                        String truststorePassword) throws IOException {
        try {
            KeyStore ks = KeyStore.getInstance(STORE_TYPE);
            try (InputStream in = Files.newInputStream(keystore)) {
                ks.load(in, keystorePassword.toCharArray());
            }
            Certificate cert = ks.getCertificate(CERT_ALIAS);
            if (cert == null) {
                throw new IOException("the broker keystore has no certificate " + CERT_ALIAS);
            }
            KeyStore ts = KeyStore.getInstance(STORE_TYPE);
            ts.load(null, null);
            ts.setCertificateEntry(CERT_ALIAS, cert);
            createOwnerOnly(truststore);
            try (OutputStream out = Files.newOutputStream(truststore, StandardOpenOption.TRUNCATE_EXISTING)) {
                ts.store(out, truststorePassword.toCharArray());
            }
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot write the client truststore: " + e, e);
        }
    }

    private static boolean isWindows() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
    }

    /** Creates {@code file} (which must not exist) readable and writable by the owner only, where supported. */
    static void createOwnerOnly(Path file) throws IOException {
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } else {
            Files.createFile(file);
        }
    }

    /** Makes an existing file readable and writable by the owner only, where supported. */
    static void restrictToOwner(Path file) throws IOException {
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        }
    }

    /** Writes a new owner-only file; the content never exists in a file with wider permissions. */
    static void writeOwnerOnly(Path file, byte[] content) throws IOException {
        createOwnerOnly(file);
        try (OutputStream out = Channels.newOutputStream(Files.newByteChannel(file, StandardOpenOption.WRITE))) {
            out.write(content);
        }
    }

    // ---- the secured listener's settings, as the layout and the nodes use them

    /**
     * What the secured listener needs: the protocol, SASL mechanisms, keystore and users, and
     * the SCRAM records every node is formatted with.
     *
     * @param keystore         the broker keystore, or {@code null} without TLS
     * @param keystorePassword its password, or {@code null} without TLS
     * @param scramArguments   {@code --add-scram} values for the storage formatter (see
     *                         {@link LocalClusterSecrets#scramArguments}); never null
     */
    record NodeSettings(String protocol, List<String> mechanisms, Path keystore, String keystorePassword,
                        Map<String, String> users, List<String> scramArguments) {

        NodeSettings {
            mechanisms = List.copyOf(mechanisms);
            users = Collections.unmodifiableMap(new TreeMap<>(users));
            scramArguments = List.copyOf(scramArguments);
        }

        boolean usesSasl() {
            return !mechanisms.isEmpty();
        }

        /**
         * Settings of the secured listener {@code listener} (lower case), all prefixed with
         * {@code listener.name.<listener>.}.
         */
        Map<String, String> listenerProperties(String listener) {
            String prefix = "listener.name." + listener + ".";
            Map<String, String> p = new LinkedHashMap<>();
            if (keystore != null) {
                p.put(prefix + "ssl.keystore.location", keystore.toString());
                p.put(prefix + "ssl.keystore.type", STORE_TYPE);
                p.put(prefix + "ssl.keystore.password", keystorePassword);
                p.put(prefix + "ssl.key.password", keystorePassword);
            }
            if (usesSasl()) {
                p.put(prefix + "sasl.enabled.mechanisms", String.join(",", mechanisms));
                for (String mechanism : mechanisms) {
                    p.put(prefix + mechanism.toLowerCase(Locale.ROOT) + ".sasl.jaas.config", jaasConfig(mechanism));
                }
            }
            return p;
        }

        /** PLAIN: the users as {@code user_<name>="<password>"}; SCRAM: users live in the metadata. */
        private String jaasConfig(String mechanism) {
            if (LocalClusterSecurity.PLAIN.equals(mechanism)) {
                StringBuilder b = new StringBuilder("org.apache.kafka.common.security.plain.PlainLoginModule required");
                users.forEach((name, password) -> b.append(" user_").append(name).append('=').append(jaasQuote(password)));
                return b.append(';').toString();
            }
            return "org.apache.kafka.common.security.scram.ScramLoginModule required;";
        }

        /**
         * Strings that must not reach a log or message: the listener settings whose names say they
         * are secret (keystore passwords, JAAS configs), and the passwords in plain and quoted forms.
         */
        List<String> secrets() {
            List<String> s = new ArrayList<>();
            listenerProperties("any").forEach((name, value) -> {
                if (SecretNames.isSecret(name)) {
                    s.add(value);
                }
            });
            for (String password : users.values()) {
                s.add(jaasQuote(password));
                s.add(password);
            }
            s.addAll(scramArguments);
            return s;
        }

        /** The settings file's content, as {@link LocalClusterSecrets#read} reads it. */
        Properties toProperties() {
            Properties p = new Properties();
            p.setProperty("protocol", protocol);
            p.setProperty("mechanisms", String.join(",", mechanisms));
            if (keystore != null) {
                p.setProperty("keystore.location", keystore.toString());
                p.setProperty("keystore.password", keystorePassword);
            }
            users.forEach((name, password) -> p.setProperty("user." + name, password));
            for (int i = 0; i < scramArguments.size(); i++) {
                p.setProperty("scram." + i, scramArguments.get(i));
            }
            return p;
        }

        @Override
        public String toString() {
            return "NodeSettings[protocol=" + protocol + ", mechanisms=" + mechanisms + ", users=" + users.keySet() + "]";
        }
    }

    /**
     * {@code --add-scram} arguments for the storage formatter, one per SCRAM mechanism and user.
     * They carry a random salt and the salted password (base64, so no character of the password
     * can break the formatter's comma-separated syntax); computed once per cluster so all nodes
     * bootstrap the same credentials.
     */
    static List<String> scramArguments(List<String> mechanisms, Map<String, String> users)
            throws GeneralSecurityException {
        List<String> args = new ArrayList<>();
        Base64.Encoder b64 = Base64.getEncoder();
        for (String mechanism : mechanisms) {
            ScramMechanism scram = ScramMechanism.forMechanismName(mechanism);
            if (scram == null) {
                continue;
            }
            ScramFormatter formatter = new ScramFormatter(scram);
            for (Map.Entry<String, String> user : users.entrySet()) {
                byte[] salt = formatter.secureRandomBytes();
                byte[] salted = formatter.saltedPassword(user.getValue(), salt, SCRAM_ITERATIONS);
                args.add(mechanism + "=[name=" + user.getKey() + ",iterations=" + SCRAM_ITERATIONS
                        + ",salt=" + b64.encodeToString(salt) + ",saltedpassword=" + b64.encodeToString(salted) + "]");
            }
        }
        return args;
    }

    /** A JAAS option value: double-quoted, with {@code \}, {@code "} and line breaks escaped. */
    static String jaasQuote(String value) {
        StringBuilder b = new StringBuilder(value.length() + 2).append('"');
        for (char c : value.toCharArray()) {
            switch (c) {
                case '\\' -> b.append("\\\\");
                case '"' -> b.append("\\\"");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                default -> b.append(c);
            }
        }
        return b.append('"').toString();
    }

    /** Reads the settings file written by {@link #create}. */
    static NodeSettings read(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        String protocol = p.getProperty("protocol");
        if (protocol == null) {
            throw new IOException(file + " has no protocol");
        }
        String mechanismList = p.getProperty("mechanisms", "");
        List<String> mechanisms = mechanismList.isBlank() ? List.of() : Arrays.asList(mechanismList.split(","));
        String location = p.getProperty("keystore.location");
        Map<String, String> users = new TreeMap<>();
        for (String key : p.stringPropertyNames()) {
            if (key.startsWith("user.")) {
                users.put(key.substring("user.".length()), p.getProperty(key));
            }
        }
        List<String> scram = new ArrayList<>();
        for (int i = 0; p.getProperty("scram." + i) != null; i++) {
            scram.add(p.getProperty("scram." + i));
        }
        return new NodeSettings(protocol, mechanisms, location == null ? null : Path.of(location),
                p.getProperty("keystore.password"), users, scram);
    }

    /** Replaces every occurrence of a secret in {@code text} (longest first) with {@link SecretNames#MASK}. */
    static String redact(String text, List<String> secrets) {
        if (text == null || secrets.isEmpty()) {
            return text;
        }
        List<String> sorted = new ArrayList<>(secrets);
        sorted.sort((a, b) -> Integer.compare(b.length(), a.length()));
        String out = text;
        for (String s : sorted) {
            if (s != null && !s.isEmpty()) {
                out = out.replace(s, SecretNames.MASK);
            }
        }
        return out;
    }
}
