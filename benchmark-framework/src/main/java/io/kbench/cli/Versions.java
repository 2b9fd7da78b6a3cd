package io.kbench.cli;

import io.kbench.result.OmbResult;
import java.util.LinkedHashMap;
import java.util.Map;

/** Versions recorded in every result, so runs can be compared knowingly. */
final class Versions {

    private Versions() {}

    static String tool() {
        String v = Versions.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    /** @param serviceVersion the user's label for the service (--service-version), or null */
    static Map<String, String> of(String clientVersion, String serviceVersion) {
        Map<String, String> versions = new LinkedHashMap<>();
        if (serviceVersion != null && !serviceVersion.isBlank()) {
            versions.put(OmbResult.SERVICE_VERSION, serviceVersion);
        }
        versions.put("kbench", tool());
        versions.put("client", clientVersion);
        versions.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        versions.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        return versions;
    }
}
