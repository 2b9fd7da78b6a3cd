package io.kbench.kafka.local;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.Channel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A TCP proxy in front of one broker's client listener that can stall all of its traffic for a
 * while — a network freeze — without closing any connection.
 *
 * <p>One thread multiplexes every connection with a {@link Selector}; each connection has one
 * buffer per direction ({@value #BUFFER_BYTES} bytes), and a side is read only while the buffer
 * toward its peer has room, so a slow reader slows its writer (TCP back-pressure) as it would
 * without the proxy.
 *
 * <p>{@link #freeze} makes that thread stop doing any I/O until the freeze ends: no byte is read
 * or written in either direction, no connection is accepted or opened, nothing is closed. The
 * kernel keeps the connections open and buffers what the peers send until their windows fill, so
 * clients see a stall, not a reset; afterwards everything flows again in order.
 *
 * <p>It runs inside the broker's node JVM ({@link LocalNodeMain}), so its CPU is charged to the
 * cluster, not to the benchmark client that measures its own CPU.
 */
final class FaultProxy implements AutoCloseable {

    static final int BUFFER_BYTES = 64 * 1024;
    /** How long {@link #freeze} waits for the I/O thread to stop; it is idle or mid-copy, so this is generous. */
    private static final Duration FREEZE_ACK_TIMEOUT = Duration.ofSeconds(5);

    private static final Logger LOG = LoggerFactory.getLogger(FaultProxy.class);

    private final InetSocketAddress target;
    private final ServerSocketChannel server;
    private final Selector selector;
    private final Thread thread;
    private final AtomicInteger connections = new AtomicInteger();
    private volatile boolean running = true;

    /** Guards the freeze state below; the I/O thread waits on it while frozen. */
    private final Object freezeLock = new Object();
    private volatile long frozenUntilNanos;
    private volatile boolean frozen;
    /** Incremented by each freeze; the I/O thread records the one it stopped for. */
    private long freezeGeneration;
    private long parkedGeneration;

    private FaultProxy(InetSocketAddress target, ServerSocketChannel server, Selector selector) {
        this.target = target;
        this.server = server;
        this.selector = selector;
        this.thread = new Thread(this::run, "kbench-fault-proxy-" + server.socket().getLocalPort());
        this.thread.setDaemon(true);
    }

    /**
     * Listens on {@code listenPort} and forwards every connection to {@code targetPort}, both on
     * {@value ClusterLayout#HOST}.
     *
     * @throws IOException if {@code listenPort} cannot be bound (e.g. taken by another process)
     */
    static FaultProxy start(int listenPort, int targetPort) throws IOException {
        Selector selector = Selector.open();
        ServerSocketChannel server = ServerSocketChannel.open();
        try {
            // Rebinding right after a killed node held the port must work: same port on restart.
            server.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            server.bind(new InetSocketAddress(ClusterLayout.HOST, listenPort), 128);
            server.configureBlocking(false);
            server.register(selector, SelectionKey.OP_ACCEPT);
        } catch (IOException e) {
            server.close();
            selector.close();
            throw new IOException("cannot listen on " + ClusterLayout.HOST + ":" + listenPort + ": " + e.getMessage(), e);
        }
        FaultProxy proxy = new FaultProxy(new InetSocketAddress(ClusterLayout.HOST, targetPort), server, selector);
        proxy.thread.start();
        return proxy;
    }

    /** The port clients connect to. */
    int port() {
        return server.socket().getLocalPort();
    }

    /** Open client connections (each with its connection to the broker). */
    int connections() {
        return connections.get();
    }

    boolean isFrozen() {
        return frozen && System.nanoTime() - frozenUntilNanos < 0;
    }

    /**
     * Stops all traffic for {@code duration} from now (a longer freeze already running is kept)
     * and returns once the I/O thread has stopped, so no byte moves after this returns until the
     * freeze ends. Thawing needs no further call.
     */
    void freeze(Duration duration) {
        if (duration.isNegative() || duration.isZero()) {
            return;
        }
        long until = System.nanoTime() + duration.toNanos();
        long generation;
        synchronized (freezeLock) {
            if (!isFrozen() || until - frozenUntilNanos > 0) {
                frozenUntilNanos = until;
            }
            frozen = true;
            generation = ++freezeGeneration;
            // Wakes the I/O thread if it is parked in an earlier freeze, so it acknowledges this one.
            freezeLock.notifyAll();
        }
        LOG.info("Network freeze: traffic through {} -> {} stopped for {} ms ({} connection(s) held open)",
                port(), target.getPort(), duration.toMillis(), connections.get());
        selector.wakeup();
        long deadline = System.nanoTime() + FREEZE_ACK_TIMEOUT.toNanos();
        synchronized (freezeLock) {
            while (running && isFrozen() && parkedGeneration < generation) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    LOG.warn("Network freeze: the proxy thread did not stop within {} ms", FREEZE_ACK_TIMEOUT.toMillis());
                    return;
                }
                timedWait(left);
            }
        }
    }

    @Override
    public void close() {
        running = false;
        synchronized (freezeLock) {
            freezeLock.notifyAll();
        }
        selector.wakeup();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- the I/O thread

    private void run() {
        try {
            while (running) {
                awaitThaw();
                if (!running) {
                    break;
                }
                selector.select();
                Iterator<SelectionKey> it = selector.selectedKeys().iterator();
                while (it.hasNext()) {
                    SelectionKey key = it.next();
                    it.remove();
                    if (!running || isFrozen()) {
                        // Keys are level-triggered: what is still ready is selected again after the thaw.
                        continue;
                    }
                    if (key.attachment() == null) {
                        accept();
                    } else {
                        ((Side) key.attachment()).connection.handle(key);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.error("Fault proxy on port {} failed: {}", port(), e.toString());
        } finally {
            closeAll();
        }
    }

    /** Blocks while frozen; logs when traffic flows again. */
    private void awaitThaw() {
        synchronized (freezeLock) {
            if (!frozen) {
                return;
            }
            long start = System.nanoTime();
            parkedGeneration = freezeGeneration;
            freezeLock.notifyAll();
            while (running) {
                long left = frozenUntilNanos - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                // A freeze extended meanwhile counts as acknowledged too: this thread is parked.
                parkedGeneration = freezeGeneration;
                freezeLock.notifyAll();
                timedWait(left);
            }
            frozen = false;
            LOG.info("Network freeze over: traffic through {} flows again (stopped for {} ms)", port(),
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        }
    }

    /** Waits on {@link #freezeLock} (held by the caller) for at most {@code nanos}. */
    private void timedWait(long nanos) {
        try {
            TimeUnit.NANOSECONDS.timedWait(freezeLock, nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    private void accept() throws IOException {
        SocketChannel client = server.accept();
        if (client == null) {
            return;
        }
        SocketChannel upstream = null;
        try {
            client.configureBlocking(false);
            // Kafka's own sockets run without Nagle; the proxy must not add its delay.
            client.setOption(StandardSocketOptions.TCP_NODELAY, true);
            upstream = SocketChannel.open();
            upstream.configureBlocking(false);
            upstream.setOption(StandardSocketOptions.TCP_NODELAY, true);
            boolean connected = upstream.connect(target);
            new Connection(client, upstream, connected);
        } catch (IOException e) {
            // E.g. the broker is not listening (yet): the client sees its connection closed and retries.
            LOG.debug("Fault proxy: cannot connect to {}: {}", target, e.toString());
            closeQuietly(client);
            closeQuietly(upstream);
        }
    }

    private void closeAll() {
        for (SelectionKey key : selector.keys()) {
            if (key.attachment() instanceof Side side) {
                side.connection.close();
            }
        }
        closeQuietly(server);
        try {
            selector.close();
        } catch (IOException ignored) {
            // best effort
        }
    }

    private static void closeQuietly(Channel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // best effort
        }
    }

    /** One end of a proxied connection. */
    private static final class Side {
        final Connection connection;
        final SocketChannel channel;
        final SelectionKey key;
        /** Bytes read from this side, waiting to be written to the other (in write mode). */
        final ByteBuffer inbound = ByteBuffer.allocateDirect(BUFFER_BYTES);
        Side peer;
        boolean inputEnded;
        boolean outputShut;

        Side(Connection connection, SocketChannel channel, Selector selector) throws IOException {
            this.connection = connection;
            this.channel = channel;
            this.key = channel.register(selector, 0, this);
        }

        boolean hasPendingOutput() {
            return peer.inbound.position() > 0;
        }
    }

    /** A client connection and the proxy's connection to the broker for it. */
    private final class Connection {
        final Side client;
        final Side upstream;
        boolean connected;
        boolean closed;

        Connection(SocketChannel clientChannel, SocketChannel upstreamChannel, boolean connected) throws IOException {
            this.client = new Side(this, clientChannel, selector);
            this.upstream = new Side(this, upstreamChannel, selector);
            client.peer = upstream;
            upstream.peer = client;
            this.connected = connected;
            connections.incrementAndGet();
            updateInterest();
        }

        void handle(SelectionKey key) {
            if (closed) {
                return; // the other side's key, still in this round's selected set
            }
            Side side = (Side) key.attachment();
            try {
                if (key.isValid() && key.isConnectable() && side.channel.finishConnect()) {
                    connected = true;
                }
                if (key.isValid() && key.isReadable() && side.channel.read(side.inbound) < 0) {
                    side.inputEnded = true;
                }
                if (key.isValid() && key.isWritable()) {
                    ByteBuffer pending = side.peer.inbound;
                    pending.flip();
                    side.channel.write(pending);
                    pending.compact();
                }
                propagateEndOfInput(client);
                propagateEndOfInput(upstream);
                if (client.outputShut && upstream.outputShut) {
                    close();
                } else {
                    updateInterest();
                }
            } catch (IOException | RuntimeException e) {
                // A reset or a refused connection on one side ends both, as it would end a direct connection.
                close();
            }
        }

        /** Once a side's input has ended and everything it sent is written, half-close toward its peer. */
        private void propagateEndOfInput(Side from) throws IOException {
            if (from.inputEnded && from.inbound.position() == 0 && !from.peer.outputShut) {
                from.peer.channel.shutdownOutput();
                from.peer.outputShut = true;
            }
        }

        private void updateInterest() {
            if (closed) {
                return;
            }
            if (!connected) {
                upstream.key.interestOps(SelectionKey.OP_CONNECT);
                client.key.interestOps(0);
                return;
            }
            for (Side s : new Side[] {client, upstream}) {
                int ops = 0;
                if (!s.inputEnded && s.inbound.hasRemaining()) {
                    ops |= SelectionKey.OP_READ;
                }
                if (s.hasPendingOutput() && !s.outputShut) {
                    ops |= SelectionKey.OP_WRITE;
                }
                s.key.interestOps(ops);
            }
        }

        void close() {
            if (closed) {
                return;
            }
            closed = true;
            connections.decrementAndGet();
            client.key.cancel();
            upstream.key.cancel();
            closeQuietly(client.channel);
            closeQuietly(upstream.channel);
        }
    }
}
