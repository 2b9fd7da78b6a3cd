package io.kbench.agent;

import java.nio.file.Path;

/**
 * How a worker agent listens.
 *
 * @param bindAddress interface to listen on (127.0.0.1 unless told otherwise)
 * @param port HTTP port (0 picks a free one)
 * @param workerId name shown in plans and results
 * @param token bearer token every call must carry, or null for none
 * @param tlsKeystore PKCS12 keystore with the agent's certificate for HTTPS, or null for plain HTTP
 * @param tlsKeystorePassword its password, or null
 * @param statsPort port of the Prometheus endpoint, or null for none
 * @param zone the zone (availability zone) the worker runs in, or null when unknown
 */
public record AgentOptions(String bindAddress, int port, String workerId, String token, Path tlsKeystore,
                           String tlsKeystorePassword, Integer statsPort, String zone) {

    /** Without a zone. */
    public AgentOptions(String bindAddress, int port, String workerId, String token, Path tlsKeystore, String tlsKeystorePassword,
                        Integer statsPort) {
        this(bindAddress, port, workerId, token, tlsKeystore, tlsKeystorePassword, statsPort, null);
    }
}
