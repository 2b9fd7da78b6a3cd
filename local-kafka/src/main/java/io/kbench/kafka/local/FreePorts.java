package io.kbench.kafka.local;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Ports free on {@value ClusterLayout#HOST} right now. They are released before the nodes bind
 * them, so another process could take one meanwhile (rare; the node then fails to start with a
 * clear "address in use" in the broker log). Restarted nodes reuse their ports on purpose: clients
 * know those addresses.
 */
final class FreePorts {

    private FreePorts() {
    }

    static List<Integer> allocate(int n) throws IOException {
        // Hold all sockets until every port is chosen so the same port is not returned twice.
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            List<Integer> ports = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(ClusterLayout.HOST));
                s.setReuseAddress(true);
                sockets.add(s);
                ports.add(s.getLocalPort());
            }
            return ports;
        } finally {
            for (ServerSocket s : sockets) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // best effort
                }
            }
        }
    }
}
