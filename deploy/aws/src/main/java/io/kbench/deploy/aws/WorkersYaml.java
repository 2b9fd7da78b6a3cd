package io.kbench.deploy.aws;

import java.util.List;

/** The workers file {@code bin/benchmark --workers-file} reads, and the URLs it lists. */
public final class WorkersYaml {

    private WorkersYaml() {}

    /** {@code http://ADDRESS:8080} for each address. */
    public static List<String> urls(List<String> addresses) {
        return addresses.stream().map(a -> "http://" + a + ":" + DeployConfig.WORKER_PORT).toList();
    }

    /** A {@code workers:} list: every worker may run producers and consumers. */
    public static String render(List<String> urls) {
        if (urls.isEmpty()) {
            throw new IllegalArgumentException("no worker URLs");
        }
        StringBuilder yaml = new StringBuilder("workers:\n");
        urls.forEach(url -> yaml.append("  - ").append(url).append('\n'));
        return yaml.toString();
    }
}
