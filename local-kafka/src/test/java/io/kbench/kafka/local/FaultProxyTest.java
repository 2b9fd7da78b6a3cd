package io.kbench.kafka.local;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The proxy against plain sockets on 127.0.0.1 (no broker). Timing is asserted as lower bounds
 * only: a freeze must hold traffic at least as long as asked; how soon it flows again depends on
 * the machine.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class FaultProxyTest {

    private ServerSocket upstream;
    private final BlockingQueue<Socket> accepted = new LinkedBlockingQueue<>();
    private FaultProxy proxy;

    @BeforeEach
    void start() throws IOException {
        upstream = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
        Thread acceptor = new Thread(() -> {
            try {
                while (true) {
                    accepted.add(upstream.accept());
                }
            } catch (IOException closed) {
                // test over
            }
        }, "test-upstream");
        acceptor.setDaemon(true);
        acceptor.start();
        proxy = FaultProxy.start(0, upstream.getLocalPort());
    }

    @AfterEach
    void stop() throws IOException {
        proxy.close();
        upstream.close();
        for (Socket s : accepted) {
            s.close();
        }
    }

    private Socket connect() throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", proxy.port()), 5_000);
        s.setSoTimeout(10_000);
        return s;
    }

    private Socket serverSide() throws InterruptedException {
        Socket s = accepted.poll(10, TimeUnit.SECONDS);
        assertNotNull(s, "the proxy did not connect upstream");
        return s;
    }

    private static byte[] readExactly(Socket s, int n) throws IOException {
        byte[] b = s.getInputStream().readNBytes(n);
        assertEquals(n, b.length, "connection ended early");
        return b;
    }

    @Test
    void forwardsBothWays() throws Exception {
        try (Socket client = connect(); Socket server = serverSide()) {
            client.getOutputStream().write("ping".getBytes());
            assertEquals("ping", new String(readExactly(server, 4)));
            server.getOutputStream().write("pong".getBytes());
            assertEquals("pong", new String(readExactly(client, 4)));
            assertEquals(1, proxy.connections());
        }
    }

    @Test
    void largeTransfersArriveIntactInBothDirections() throws Exception {
        byte[] data = new byte[8 * 1024 * 1024 + 17];
        new Random(42).nextBytes(data);
        try (Socket client = connect(); Socket server = serverSide()) {
            // The server echoes everything back while the client is still writing: both buffers fill.
            CompletableFuture<Void> echo = CompletableFuture.runAsync(() -> {
                try {
                    InputStream in = server.getInputStream();
                    OutputStream out = server.getOutputStream();
                    byte[] buf = new byte[32 * 1024];
                    int left = data.length;
                    while (left > 0) {
                        int n = in.read(buf, 0, Math.min(buf.length, left));
                        if (n < 0) {
                            throw new IOException("early end");
                        }
                        out.write(buf, 0, n);
                        left -= n;
                    }
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            });
            CompletableFuture<byte[]> back = CompletableFuture.supplyAsync(() -> {
                try {
                    return readExactly(client, data.length);
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            });
            client.getOutputStream().write(data);
            assertArrayEquals(data, back.get(20, TimeUnit.SECONDS));
            echo.get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void freezeHoldsBothDirectionsWithoutClosingAndThenDelivers() throws Exception {
        try (Socket client = connect(); Socket server = serverSide()) {
            client.getOutputStream().write(1);
            readExactly(server, 1); // the connection is established end to end

            proxy.freeze(Duration.ofMillis(800));
            long t0 = System.nanoTime();
            assertTrue(proxy.isFrozen());
            client.getOutputStream().write("up".getBytes());
            server.getOutputStream().write("down".getBytes());
            // Nothing arrives during the freeze...
            server.setSoTimeout(300);
            assertThrows(SocketTimeoutException.class, () -> server.getInputStream().read());
            server.setSoTimeout(10_000);
            // ...and everything after it, in order, on the same connections.
            assertEquals("up", new String(readExactly(server, 2)));
            long upMs = (System.nanoTime() - t0) / 1_000_000;
            assertEquals("down", new String(readExactly(client, 4)));
            long downMs = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(upMs >= 700, "client->server bytes arrived after " + upMs + " ms of an 800 ms freeze");
            assertTrue(downMs >= 700, "server->client bytes arrived after " + downMs + " ms of an 800 ms freeze");
            assertFalse(proxy.isFrozen());
            client.getOutputStream().write("again".getBytes());
            assertEquals("again", new String(readExactly(server, 5)));
        }
    }

    @Test
    void aDelayHoldsEachDirectionAndEndsByItself() throws Exception {
        try (Socket client = connect(); Socket server = serverSide()) {
            client.getOutputStream().write(1);
            readExactly(server, 1); // connected end to end, no delay yet
            assertEquals(Duration.ZERO, proxy.currentDelay());

            proxy.delay(Duration.ofMillis(150), Duration.ofMillis(1500));
            assertEquals(Duration.ofMillis(150), proxy.currentDelay());
            long t0 = System.nanoTime();
            client.getOutputStream().write("ping".getBytes());
            assertEquals("ping", new String(readExactly(server, 4)));
            long upMs = (System.nanoTime() - t0) / 1_000_000;
            server.getOutputStream().write("pong".getBytes());
            assertEquals("pong", new String(readExactly(client, 4)));
            long roundTripMs = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(upMs >= 150, "one way took " + upMs + " ms with a 150 ms delay");
            assertTrue(roundTripMs >= 300, "a round trip took " + roundTripMs + " ms with 150 ms each way");

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!proxy.currentDelay().isZero() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(Duration.ZERO, proxy.currentDelay(), "the delay ended by itself");
        }
    }

    @Test
    void aDelayedLinkStillCarriesMegabytesInOrderWithoutAChunkPerDelay() throws Exception {
        // 4 MiB through 200 ms each way. A proxy that slept 200 ms per 64 KiB read would need 12.8 s; a
        // delay line needs the delay plus the copying. The bound is generous for a busy machine.
        byte[] data = new byte[4 * 1024 * 1024];
        new Random(7).nextBytes(data);
        try (FaultProxy slow = FaultProxy.start(0, upstream.getLocalPort(), Duration.ofMillis(200));
             Socket client = new Socket("127.0.0.1", slow.port()); Socket server = serverSide()) {
            assertEquals(Duration.ofMillis(200), slow.currentDelay());
            long t0 = System.nanoTime();
            CompletableFuture<byte[]> received = CompletableFuture.supplyAsync(() -> {
                try {
                    server.setSoTimeout(10_000);
                    return readExactly(server, data.length);
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            });
            client.getOutputStream().write(data);
            assertArrayEquals(data, received.get(20, TimeUnit.SECONDS), "every byte, in order");
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertTrue(seconds >= 0.2, "took " + seconds + " s through a 200 ms delay");
            assertTrue(seconds < 6, "4 MiB took " + seconds + " s through a 200 ms delay: throughput capped at a read per delay?");
        }
    }

    @Test
    void aRampingDelayJoinedHalfwayHoldsBytesForTheDelayOfTheirTime() throws Exception {
        try (Socket client = connect(); Socket server = serverSide()) {
            // 10 ms to 410 ms over 4 s, joined 2 s in (a broker restarted during the fault): about 210 ms now.
            proxy.delay(Duration.ofMillis(10), Duration.ofMillis(410), Duration.ofSeconds(2), Duration.ofSeconds(2));
            long nowMs = proxy.currentDelay().toMillis();
            assertTrue(nowMs >= 205 && nowMs < 300, "the delay 2 s into a ramp from 10 ms to 410 ms over 4 s: " + nowMs + " ms");
            long t0 = System.nanoTime();
            client.getOutputStream().write("ping".getBytes());
            assertEquals("ping", new String(readExactly(server, 4)));
            long upMs = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(upMs >= 205, "one way took " + upMs + " ms with the ramp at about 210 ms");
            Thread.sleep(500);
            assertTrue(proxy.currentDelay().toMillis() > nowMs, "the delay grows: " + proxy.currentDelay() + " after " + nowMs + " ms");
        }
    }

    @Test
    void aNegativeDelayIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> proxy.delay(Duration.ofMillis(-5), Duration.ofSeconds(1)));
        assertTrue(e.getMessage().contains("-5 ms"), e.getMessage());
    }

    @Test
    void connectionsOpenedDuringAFreezeWaitForTheThaw() throws Exception {
        proxy.freeze(Duration.ofMillis(600));
        long t0 = System.nanoTime();
        try (Socket client = connect()) { // the kernel completes the handshake; the proxy does nothing yet
            client.getOutputStream().write("hello".getBytes());
            try (Socket server = serverSide()) {
                assertEquals("hello", new String(readExactly(server, 5)));
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertTrue(ms >= 500, "reached the server after " + ms + " ms of a 600 ms freeze");
            }
        }
    }

    @Test
    void aLongerFreezeExtendsARunningOne() throws Exception {
        try (Socket client = connect(); Socket server = serverSide()) {
            proxy.freeze(Duration.ofMillis(300));
            long t0 = System.nanoTime();
            proxy.freeze(Duration.ofMillis(900));
            proxy.freeze(Duration.ofMillis(100)); // shorter: does not cut the running one
            client.getOutputStream().write(7);
            assertEquals(7, readExactly(server, 1)[0]);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms >= 800, "arrived after " + ms + " ms of a 900 ms freeze");
        }
    }

    @Test
    void endOfStreamIsPassedOnBothWays() throws Exception {
        Socket client = connect();
        Socket server = serverSide();
        client.getOutputStream().write("last".getBytes());
        client.shutdownOutput();
        assertEquals("last", new String(readExactly(server, 4)));
        assertEquals(-1, server.getInputStream().read());
        server.getOutputStream().write("reply".getBytes());
        server.close();
        assertEquals("reply", new String(readExactly(client, 5)));
        assertEquals(-1, client.getInputStream().read());
        client.close();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (proxy.connections() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(0, proxy.connections());
    }

    @Test
    void aRefusedBrokerConnectionClosesTheClient() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            closedPort = s.getLocalPort();
        }
        try (FaultProxy nowhere = FaultProxy.start(0, closedPort);
             Socket client = new Socket("127.0.0.1", nowhere.port())) {
            client.setSoTimeout(5_000);
            try {
                assertEquals(-1, client.getInputStream().read());
            } catch (IOException reset) {
                // a reset is as good as an end of stream here
            }
        }
    }

    @Test
    void aTakenPortIsReportedClearly() throws Exception {
        IOException e = assertThrows(IOException.class, () -> FaultProxy.start(proxy.port(), upstream.getLocalPort()));
        assertTrue(e.getMessage().startsWith("cannot listen on 127.0.0.1:" + proxy.port() + ": "), e.getMessage());
    }
}
