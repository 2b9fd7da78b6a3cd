package io.kbench.deploy.helm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@code helm lint} and {@code helm template} on the chart, with values given as files or {@code --set}. */
public final class Helm {

    /** The chart, from the repository root or from this module's directory. */
    public static Path chart() {
        for (Path candidate : List.of(Path.of("kbench"), Path.of("deploy", "helm", "kbench"), Path.of("..", "deploy", "helm", "kbench"))) {
            if (Files.isRegularFile(candidate.resolve("Chart.yaml"))) {
                return candidate.toAbsolutePath().normalize();
            }
        }
        throw new IllegalStateException("the chart deploy/helm/kbench is not found from " + Path.of("").toAbsolutePath());
    }

    /** What helm printed and how it ended. */
    public record Result(int exitCode, String out, String err) {
        public String all() {
            return out + "\n" + err;
        }
    }

    private Helm() {}

    /** {@code helm template RELEASE CHART --namespace NAMESPACE ARGS...} (args: --set x=y, --values f, ...). */
    public static Result template(String release, String namespace, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("template", release, chart().toString(), "--namespace", namespace));
        command.addAll(args);
        return run(command);
    }

    /** {@code helm lint --strict CHART ARGS...}. */
    public static Result lint(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("lint", "--strict", chart().toString()));
        command.addAll(args);
        return run(command);
    }

    public static Result run(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(HelmBinary.get().toString());
        command.addAll(args);
        Path home = Files.createTempDirectory("kbench-helm-home-");
        ProcessBuilder pb = new ProcessBuilder(command);
        // helm keeps no state for lint and template; keep it off the user's own helm configuration anyway.
        pb.environment().put("HELM_CONFIG_HOME", home.resolve("config").toString());
        pb.environment().put("HELM_CACHE_HOME", home.resolve("cache").toString());
        pb.environment().put("HELM_DATA_HOME", home.resolve("data").toString());
        Path out = home.resolve("out");
        Path err = home.resolve("err");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("helm " + String.join(" ", args) + " did not end within 60 s");
        }
        Result result = new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        Files.delete(out);
        Files.delete(err);
        Files.walk(home).sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        return result;
    }
}
