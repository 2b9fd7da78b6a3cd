package io.kbench.cli;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The value of {@code --workers-dns}: a DNS name whose every address (A and AAAA records) is a
 * worker agent listening on one port, e.g. a Kubernetes headless Service
 * {@code kbench-worker.kbench.svc.cluster.local:8080}.
 *
 * @param scheme {@code http} or {@code https}
 * @param host the name to resolve
 * @param port the agents' port
 */
record WorkersDns(String scheme, String host, int port) {

    static final String OPTION = "--workers-dns";
    private static final Pattern FORM = Pattern.compile("(?:((?i:https?))://)?([A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?\\.?):(\\d{1,5})/?");

    /**
     * Reads {@code NAME:PORT} or {@code http(s)://NAME:PORT}.
     *
     * @throws IllegalArgumentException one line naming the option, the value and the form expected
     */
    static WorkersDns parse(String value) {
        Matcher m = FORM.matcher(value.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException(OPTION + " '" + value + "' is not NAME:PORT (or https://NAME:PORT), e.g. "
                    + "kbench-worker.kbench.svc.cluster.local:8080");
        }
        int port = Integer.parseInt(m.group(3));
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException(OPTION + " '" + value + "': the port must be from 1 to 65535");
        }
        return new WorkersDns(m.group(1) == null ? "http" : m.group(1).toLowerCase(Locale.ROOT), m.group(2), port);
    }

    /** The agent URL at one of the name's addresses, e.g. {@code http://10.1.2.3:8080} or {@code http://[fd00::5]:8080}. */
    String urlOf(InetAddress address) {
        String host = address.getHostAddress();
        if (address instanceof Inet6Address) {
            int scope = host.indexOf('%');
            host = "[" + (scope < 0 ? host : host.substring(0, scope)) + "]";
        }
        return scheme + "://" + host + ":" + port;
    }

    /** As the user wrote it, for messages. */
    @Override
    public String toString() {
        return (scheme.equals("http") ? "" : scheme + "://") + host + ":" + port;
    }
}
