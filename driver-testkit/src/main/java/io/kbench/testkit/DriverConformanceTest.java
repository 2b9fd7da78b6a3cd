package io.kbench.testkit;

import static io.kbench.testkit.Promises.broken;
import static io.kbench.testkit.Promises.check;

import io.kbench.driver.Acknowledgement;
import io.kbench.driver.AcknowledgementCommit;
import io.kbench.driver.AcknowledgementMode;
import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.BenchmarkDriver;
import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.ClientMetric;
import io.kbench.driver.ConsumerCallback.TimestampType;
import io.kbench.driver.ClusterDescription;
import io.kbench.driver.ConsumerFeature;
import io.kbench.driver.ConsumerRequest;
import io.kbench.driver.ConsumerRequest.GroupProtocol;
import io.kbench.driver.GroupMembership;
import io.kbench.driver.DriverException;
import io.kbench.driver.SecretNames;
import io.kbench.driver.MessageStamp;
import io.kbench.driver.ProducerOptions;
import io.kbench.driver.ServerContact;
import io.kbench.driver.ShareGroupSettings;
import io.kbench.driver.StartPosition;
import io.kbench.driver.TopicOffsets;
import io.kbench.driver.TopicSpec;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opentest4j.AssertionFailedError;

/**
 * Every promise of {@code driver-api}, as JUnit tests a driver module runs against its own system.
 *
 * <p>To use it, add {@code driver-testkit} to the driver module as a test-scoped dependency, extend
 * this class in the module's tests, start the system the driver talks to once per class (e.g. in a
 * static {@code @BeforeAll}), and implement the hooks: {@link #newDriver()}, {@link #config()},
 * {@link #unreachableConfig()}, {@link #unreachableAddress()} and {@link #systemTopics()}. The other
 * hooks have defaults.
 *
 * <p>Each test makes its own topics and consumer groups under unique names starting with
 * {@code conformance-}, and afterwards closes its clients and drivers and deletes its topics. Every
 * driver call is bounded ({@link #callTimeout()}) and runs on a thread of its own, so a driver that
 * hangs fails the test with the call's name instead of hanging the build. A failure message starts
 * with {@code Broken promise (Type.method): what the SPI promises.} and then says what happened.
 *
 * @param <C> the driver's configuration record
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
public abstract class DriverConformanceTest<C> {

    /** The SPI's bound on reporting an unreachable cluster (BenchmarkDriver.initialize). */
    static final Duration UNREACHABLE_LIMIT = Duration.ofSeconds(30);
    /** "giving up after a few seconds" (BenchmarkProducer.close), with room for a slow machine. */
    static final Duration PRODUCER_CLOSE_LIMIT = Duration.ofSeconds(15);
    /** lastServerContact "must be quick and never block on the network". */
    static final Duration QUICK_CALL_LIMIT = Duration.ofSeconds(1);
    private static final int[] PAYLOAD_SIZES = {0, 1, 100, 1024, 10_000};
    private static final String DESCRIBE = "BenchmarkDriver.describeTopics";
    private static final String FROM_END = "StartPosition.End";
    private static final String FROM_EARLIEST = "StartPosition.Earliest";
    private static final String FROM_AGE = "StartPosition.Age";
    private static final String OFFSETS = "BenchmarkDriver.topicOffsets";
    private static final String RETENTION = "BenchmarkDriver.topicRetentionMillis";
    private static final String PARTITION = "BenchmarkProducer.sendAsync(partition)";
    private static final String ACK_PARTITION = "SendCompletion.completed(partition)";
    private static final String HEADERS = "ProducerOptions.headers";

    // ---- hooks --------------------------------------------------------------------------------

    /**
     * A new driver instance, not initialized, made as the framework makes it: with the class's
     * public no-argument constructor ({@code new MyDriver()}). Called several times per test.
     */
    protected abstract BenchmarkDriver<C> newDriver();

    /**
     * A configuration pointing at the running system that the subclass started, which
     * {@link BenchmarkDriver#initialize} accepts. Every test uses it; it must stay valid for the
     * whole class.
     */
    protected abstract C config();

    /**
     * A configuration that passes {@link BenchmarkDriver#validate} but points at a system that cannot
     * be reached, e.g. a port on 127.0.0.1 nothing listens on. {@code initialize} must fail with it
     * within 30 s, with a {@link DriverException} naming {@link #unreachableAddress()}.
     */
    protected abstract C unreachableConfig();

    /**
     * The address {@link #unreachableConfig()} points at, exactly as the driver's error message must
     * contain it, e.g. {@code 127.0.0.1:9}.
     */
    protected abstract String unreachableAddress();

    /**
     * The topics on the system now, with their partition counts, read directly (e.g. through an
     * admin client of the system's own library), not through the driver under test. Lets the suite
     * check that topics are created with their partition counts and that deleted topics are gone.
     */
    protected abstract Map<String, Integer> systemTopics();

    /**
     * A topic the system refuses to create (e.g. an invalid name, or more partitions than it allows),
     * to check that the refusal surfaces as a {@link DriverException}; {@code null} (the default)
     * skips that test.
     */
    protected TopicSpec refusedTopic() {
        return null;
    }

    /**
     * Whether the driver must support the calls of runs that read existing topics:
     * {@link BenchmarkDriver#describeTopics}, {@link BenchmarkDriver#topicOffsets} and consumers from the
     * end ({@link StartPosition#END}) and from an age ({@link StartPosition.Age}). Either way an answer is
     * checked fully. {@code false} (the default): a refusal made the documented way, a future completed
     * exceptionally with a {@link DriverException}, skips the rest of that test; {@code true}: a refusal
     * fails it.
     */
    protected boolean supportsExistingTopics() {
        return false;
    }

    /**
     * Every record {@code topic} holds now, each as its headers in order (name and value), read directly from
     * the system (e.g. with a consumer of the system's own library), not through the driver under test. Lets the
     * suite check that a producer's user headers ({@link ProducerOptions#headers()}) reach the system with every
     * record; the driver's own headers may be among them. Empty (the default) skips that test.
     */
    protected Optional<List<List<ProducerOptions.Header>>> recordHeaders(String topic) {
        return Optional.empty();
    }

    /** How many topics the batch test creates in one {@code createTopics} call (default 10). */
    protected int topicsPerBatch() {
        return 10;
    }

    /**
     * The longest the driver may take for one call that talks to the system: initialize, create
     * topics or a client, a consumer group's assignment, a message's acknowledgement or delivery,
     * closing (default 30 s).
     */
    protected Duration callTimeout() {
        return Duration.ofSeconds(30);
    }

    /**
     * How long {@code pause()} may take to stop deliveries, and how long the suite watches for
     * something that must not happen, such as a second completion (default 1 s).
     */
    protected Duration settleTime() {
        return Duration.ofSeconds(1);
    }

    /**
     * Threads the thread-release checks ignore because the driver does not own them: the JVM's
     * shared pools (the common fork-join pool, which {@code CompletableFuture.supplyAsync} uses),
     * JUnit's and this suite's own threads. Override to add your system's in-process threads, if
     * the subclass starts the system lazily.
     */
    protected boolean ignoresThread(Thread thread) {
        String name = thread.getName();
        return name.startsWith(Bounded.THREAD_PREFIX) || name.startsWith("ForkJoinPool.commonPool-")
                || name.startsWith("junit-") || name.startsWith("process reaper");
    }

    // ---- per-test state and cleanup -----------------------------------------------------------

    /** Drivers and clients this test opened and has not closed; closed in reverse order after it. */
    private final List<AutoCloseable> opened = new ArrayList<>();
    private final List<String> createdTopics = new ArrayList<>();
    private final String suffix = Long.toHexString(ThreadLocalRandom.current().nextLong(1L << 32, 1L << 36));
    private final long testStartMillis = System.currentTimeMillis();
    private int names;

    @AfterEach
    final void closeAndDeleteWhatTheTestCreated() {
        for (int i = opened.size() - 1; i >= 0; i--) {
            AutoCloseable c = opened.get(i);
            try {
                Bounded.run("cleanup: close() of " + c.getClass().getSimpleName(), callTimeout(), c::close);
            } catch (Throwable e) {
                // The tests check closing; here it is only cleanup, and must not hide the test's own result.
                System.err.println("conformance cleanup: " + e.getMessage());
            }
        }
        opened.clear();
        if (!createdTopics.isEmpty()) {
            try {
                BenchmarkDriver<C> d = startDriver();
                Bounded.await("cleanup: deleteTopics", callTimeout(), d.deleteTopics(List.copyOf(createdTopics)));
                closeNow(d, "cleanup: close() of the driver");
            } catch (Throwable e) {
                System.err.println("conformance cleanup: could not delete topics " + createdTopics + ": " + e.getMessage());
            }
        }
    }

    // ---- the driver and its configuration -----------------------------------------------------

    @Test
    void isFoundByServiceLoaderAndMadeWithItsNoArgumentConstructor() {
        Class<?> type = newDriver().getClass();
        List<String> listed = ServiceLoader.load(BenchmarkDriver.class).stream().map(p -> p.type().getName()).toList();
        check(listed.contains(type.getName()), "BenchmarkDriver", "a driver is found by ServiceLoader",
                () -> type.getName() + " is not listed in META-INF/services/io.kbench.driver.BenchmarkDriver; "
                        + "ServiceLoader finds " + listed);
        boolean publicNoArg;
        try {
            publicNoArg = Modifier.isPublic(type.getConstructor().getModifiers()) && Modifier.isPublic(type.getModifiers());
        } catch (NoSuchMethodException e) {
            publicNoArg = false;
        }
        check(publicNoArg, "BenchmarkDriver", "a driver is created with its public no-argument constructor",
                () -> type.getName() + " has none");
    }

    @Test
    void usesNoPackageOfKbenchButDriverApi() {
        DriverBoundary.check(newDriver().getClass());
    }

    @Test
    void configTypeIsARecordAndValidateAcceptsBothConfigurations() {
        BenchmarkDriver<C> driver = newDriver();
        Class<C> type = driver.configType();
        check(type != null && type.isRecord(), "BenchmarkDriver.configType",
                "the driver file's fields bind to a record whose components are the field names",
                () -> "configType() returned " + type);
        check(type.isInstance(config()), "BenchmarkDriver.configType", "the configuration is of the config type",
                () -> "config() is a " + config().getClass().getName() + ", configType() says " + type.getName());
        for (C config : List.of(config(), unreachableConfig())) {
            try {
                Bounded.run("validate(" + config + ")", callTimeout(), () -> driver.validate(config));
            } catch (DriverException e) {
                throw broken("BenchmarkDriver.validate", "validate checks values without touching any cluster, so it "
                        + "accepts a working configuration and one whose cluster is unreachable", "it rejected " + config
                        + ": " + e.getMessage(), e);
            }
        }
    }

    @Test
    void optionalHooksAnswerSanelyBeforeInitialize() {
        BenchmarkDriver<C> driver = newDriver();
        Set<String> aliases = driver.driverClassAliases();
        check(aliases != null && aliases.stream().noneMatch(a -> a == null || a.isBlank()), "BenchmarkDriver.driverClassAliases",
                "a set of driverClass names (empty for none)", () -> "it returned " + aliases);
        String version = driver.clientVersion();
        check(version != null && !version.isBlank(), "BenchmarkDriver.clientVersion",
                "the client library and its version, for the result", () -> "it returned " + quoted(version));
        Optional<Duration> timeout = Bounded.call("deliveryTimeout(config())", callTimeout(), () -> driver.deliveryTimeout(config()));
        check(timeout != null && timeout.filter(t -> t.isNegative() || t.isZero()).isEmpty(), "BenchmarkDriver.deliveryTimeout",
                "how long the client keeps trying to deliver, positive, or empty when unknown; called before initialize",
                () -> "it returned " + timeout);
        List<String> problems = driver.faultProblems(config(), List.of());
        check(problems != null && problems.isEmpty(), "BenchmarkDriver.faultProblems",
                "empty when the faults can be injected, as an empty list of faults always can", () -> "it returned " + problems);
    }

    @Test
    void anUnreachableClusterFailsInitializeWithinThirtySecondsNamingTheAddress() {
        ThreadCheck threads = ThreadCheck.snapshot();
        BenchmarkDriver<C> driver = newDriver();
        long start = System.nanoTime();
        RuntimeException thrown = null;
        try {
            Bounded.run("initialize(unreachableConfig())", UNREACHABLE_LIMIT.plus(Duration.ofSeconds(10)),
                    () -> driver.initialize(unreachableConfig()));
        } catch (RuntimeException e) {
            thrown = e;
        } catch (AssertionFailedError e) {
            throw broken("BenchmarkDriver.initialize", "an unreachable cluster fails within 30 s", e.getMessage());
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        RuntimeException failure = thrown;
        check(failure != null, "BenchmarkDriver.initialize", "an unreachable cluster fails with a DriverException",
                () -> "initialize(unreachableConfig()) returned normally after " + String.format("%.1f s", seconds));
        check(failure instanceof DriverException, "BenchmarkDriver.initialize",
                "an unreachable cluster fails with a DriverException (the message is shown to the user as it is)",
                () -> "it threw " + Bounded.describe(failure));
        check(seconds <= UNREACHABLE_LIMIT.toSeconds(), "BenchmarkDriver.initialize", "an unreachable cluster fails within 30 s",
                () -> String.format("it took %.1f s", seconds));
        String message = failure.getMessage();
        check(message != null && message.contains(unreachableAddress()), "BenchmarkDriver.initialize",
                "the DriverException names the address it tried (" + unreachableAddress() + ")",
                () -> "the message was " + quoted(message));
        try {
            Bounded.run("close() after a failed initialize", callTimeout(), driver::close);
        } catch (RuntimeException e) {
            throw broken("BenchmarkDriver.close", "a driver whose initialize failed can be closed (the worker always closes it)",
                    "close() threw " + Bounded.describe(e), e);
        }
        List<Thread> left = threads.awaitEnded(callTimeout(), this::ignoresThread);
        check(left.isEmpty(), "BenchmarkDriver.close", "a driver whose initialize failed leaves no thread behind once closed",
                () -> left.size() + " thread(s) still alive " + Bounded.seconds(callTimeout()) + " after close():"
                        + ThreadCheck.describe(left));
    }

    // ---- topics -------------------------------------------------------------------------------

    @Test
    void createsABatchOfTopicsWithTheirPartitionCounts() {
        BenchmarkDriver<C> driver = startDriver();
        List<TopicSpec> batch = new ArrayList<>();
        for (int i = 0; i < topicsPerBatch(); i++) {
            batch.add(new TopicSpec(name("batch"), 1 + i % 3));
        }
        createTopics(driver, batch);
        Map<String, Integer> expected = batch.stream().collect(Collectors.toMap(TopicSpec::name, TopicSpec::partitions));
        Bounded.until(callTimeout(), () -> listed(expected.keySet()).equals(expected), () -> broken("BenchmarkDriver.createTopics",
                "creates every topic of the batch with its partition count", "asked for " + new TreeMap<>(expected)
                        + "; the system lists " + new TreeMap<>(listed(expected.keySet()))));
    }

    @Test
    void deletesTopicsAndTakesMissingTopicsForDeleted() {
        BenchmarkDriver<C> driver = startDriver();
        TopicSpec a = new TopicSpec(name("delete"), 2);
        TopicSpec b = new TopicSpec(name("delete"), 1);
        createTopics(driver, List.of(a, b));
        Bounded.until(callTimeout(), () -> listed(Set.of(a.name(), b.name())).size() == 2, () -> broken(
                "BenchmarkDriver.createTopics", "creates the topics", "the system does not list " + a.name() + " and " + b.name()));

        String neverCreated = name("never-created");
        Throwable mixed = Bounded.failureOf("deleteTopics([existing, missing])", callTimeout(),
                driver.deleteTopics(List.of(a.name(), neverCreated)));
        check(mixed == null, "BenchmarkDriver.deleteTopics", "missing topics are not an error",
                () -> "deleting " + a.name() + " and the never created " + neverCreated + " failed: " + Bounded.describe(mixed));
        Bounded.await("deleteTopics([" + b.name() + "])", callTimeout(), driver.deleteTopics(List.of(b.name())));
        Bounded.until(callTimeout(), () -> listed(Set.of(a.name(), b.name())).isEmpty(), () -> broken("BenchmarkDriver.deleteTopics",
                "deletes the topics", "the system still lists " + listed(Set.of(a.name(), b.name())).keySet() + " "
                        + Bounded.seconds(callTimeout()) + " after deleteTopics completed"));
        Throwable again = Bounded.failureOf("deleteTopics of deleted topics", callTimeout(),
                driver.deleteTopics(List.of(a.name(), b.name())));
        check(again == null, "BenchmarkDriver.deleteTopics", "missing topics are not an error",
                () -> "deleting " + a.name() + " and " + b.name() + " a second time failed: " + Bounded.describe(again));
        createdTopics.removeAll(List.of(a.name(), b.name()));
    }

    @Test
    void aTopicTheClusterRefusesFailsWithADriverException() {
        TopicSpec refused = refusedTopic();
        Assumptions.assumeTrue(refused != null, "refusedTopic() is null: the driver's refusal path is not tested");
        BenchmarkDriver<C> driver = startDriver();
        createdTopics.add(refused.name()); // in case the system took it after all
        Throwable failure;
        try {
            failure = Bounded.failureOf("createTopics([" + refused + "])", callTimeout(), driver.createTopics(List.of(refused)));
        } catch (DriverException e) {
            failure = e; // thrown at once instead of through the future: the framework takes that too
        }
        Throwable f = failure;
        check(f != null, "BenchmarkDriver.createTopics", "a topic the cluster refuses completes the future exceptionally",
                () -> "createTopics([" + refused + "]) completed normally");
        check(f instanceof DriverException && f.getMessage() != null && !f.getMessage().isBlank(), "BenchmarkDriver.createTopics",
                "a refusal completes exceptionally with a DriverException carrying the cluster's reason",
                () -> "it failed with " + Bounded.describe(f));
    }

    /** The longest describeCluster may take: the SPI's 30 s. */
    static final Duration DESCRIBE_LIMIT = Duration.ofSeconds(30);

    @Test
    void describeClusterNeverThrowsAndNamesWhatItCannotTell() {
        BenchmarkDriver<C> driver = startDriver();
        String topic = createTopic(driver, "described", 2);
        Optional<ClusterDescription> described = Bounded.call("describeCluster([" + topic + "])", DESCRIBE_LIMIT.plus(Duration.ofSeconds(5)),
                () -> driver.describeCluster(List.of(topic)));
        check(described != null, "BenchmarkDriver.describeCluster", "an Optional, empty when the driver cannot describe its cluster",
                () -> "it returned null");
        if (described.isEmpty()) {
            return;
        }
        ClusterDescription c = described.get();
        check(!c.brokers().isEmpty() || c.notAvailable().containsKey("brokers"), "BenchmarkDriver.describeCluster",
                "a description lists the brokers, or names them in notAvailable with the reason", () -> "it returned " + c);
        check(c.topicConfigs().containsKey(topic) || c.notAvailable().containsKey("topicConfigs"), "BenchmarkDriver.describeCluster",
                "the topics given are described, or named in notAvailable (topicConfigs) with the reason",
                () -> "topic " + topic + " is missing from " + c.topicConfigs().keySet() + "; notAvailable " + c.notAvailable());
        List<Map<String, String>> settings = new ArrayList<>(c.clientConfigs().values());
        c.brokers().forEach(b -> {
            settings.add(b.performanceConfigs());
            settings.add(b.nonDefaultConfigs());
        });
        settings.addAll(c.topicConfigs().values());
        for (Map<String, String> group : settings) {
            group.forEach((name, value) -> check(!SecretNames.isSecret(name) || value == null || value.equals(SecretNames.MASK),
                    "BenchmarkDriver.describeCluster", "secrets are masked (SecretNames.MASK)", () -> name + " is written as it is"));
        }
    }

    // ---- producing ----------------------------------------------------------------------------

    @Test
    void everySendCompletesExactlyOnce() {
        BenchmarkDriver<C> driver = startDriver();
        String topic = createTopic(driver, "sends", 3);
        BenchmarkProducer producer = producer(driver, topic);
        List<Outgoing> messages = messages(500, producerId(), true);
        Map<byte[], byte[]> originals = new IdentityHashMap<>();
        messages.forEach(m -> originals.put(m.payload(), m.payload().clone()));

        Completions completions = send(producer, messages);
        completions.awaitAll(callTimeout(), "every send completes, as soon as the cluster acknowledges it");
        Bounded.pause(settleTime());
        completions.checkNoneRepeated();
        List<Integer> failed = completions.failed();
        check(failed.isEmpty(), "SendCompletion", "a healthy cluster acknowledges sends to an existing topic (error null)",
                () -> failed.size() + " of " + messages.size() + " sends failed, the first with "
                        + Bounded.describe(completions.errorOf(failed.get(0))));
        originals.forEach((payload, copy) -> check(Arrays.equals(payload, copy), "BenchmarkProducer.sendAsync",
                "the driver does not modify the payload array (the framework reuses it)",
                () -> "a " + payload.length + "-byte payload changed"));
    }

    @Test
    void aSendThatThrowsNeverCompletes() {
        BenchmarkDriver<C> driver = startDriver();
        String topic = createTopic(driver, "throws", 1);
        BenchmarkProducer producer = producer(driver, topic);
        awaitAcks(send(producer, messages(1, producerId(), false)));
        closeNow(producer, "close() of a producer");

        // After close a send throws or fails; either way the framework must count it exactly once.
        Completions late = new Completions(1);
        Outgoing m = messages(1, producerId(), false).get(0);
        RuntimeException thrown = null;
        try {
            Bounded.run("sendAsync after close()", callTimeout(),
                    () -> producer.sendAsync(m.key(), m.payload(), m.partition(), m.stamp(), late.of(0)));
        } catch (RuntimeException e) {
            thrown = e;
        }
        if (thrown != null) {
            Bounded.pause(settleTime());
            RuntimeException t = thrown;
            check(late.callsOf(0) == 0, "BenchmarkProducer.sendAsync",
                    "if sendAsync throws, the completion never runs (the framework counts the exception as the send's failure)",
                    () -> "sendAsync after close() threw " + Bounded.describe(t) + ", and the completion ran too ("
                            + late.callsOf(0) + " time(s), error " + Bounded.describe(late.errorOf(0)) + ")");
        } else {
            late.awaitAll(callTimeout(), "a send that does not throw completes exactly once (here: a send after close)");
            Bounded.pause(settleTime());
            late.checkNoneRepeated();
        }
    }

    @Test
    void closingAProducerFlushesAndCompletesItsSends() {
        BenchmarkDriver<C> driver = startDriver();
        String topic = createTopic(driver, "flush", 2);
        BenchmarkProducer producer = producer(driver, topic);
        Completions completions = send(producer, messages(200, producerId(), true));
        try {
            closeNow(producer, "close() of a producer with sends in flight", PRODUCER_CLOSE_LIMIT);
        } catch (AssertionFailedError e) {
            throw broken("BenchmarkProducer.close", "flushes what is buffered and releases the client, giving up after a few seconds",
                    e.getMessage());
        }
        Bounded.until(settleTime(), completions::allCompleted, () -> broken("BenchmarkProducer.close",
                "flushes what is buffered: each send has completed (acknowledged or failed) when close returns",
                completions.pending().size() + " of " + completions.size() + " sends had not completed "
                        + Bounded.seconds(settleTime()) + " after close() returned"));
        Bounded.pause(settleTime());
        completions.checkNoneRepeated();
    }

    // ---- consuming ----------------------------------------------------------------------------

    @Test
    void stampsAndPayloadSizesReachTheConsumerUnchanged() {
        BenchmarkDriver<C> driver = startDriver();
        String topic = createTopic(driver, "stamps", 3);
        BenchmarkProducer producer = producer(driver, topic);
        long producerId = producerId();
        long t0 = System.currentTimeMillis() * 1000;
        List<Outgoing> messages = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            MessageStamp stamp = switch (i % 3) {
                case 0 -> new MessageStamp(t0 + i, producerId, i);
                case 1 -> MessageStamp.timeOnly(t0 + i);
                default -> null;
            };
            int size = PAYLOAD_SIZES[(i / 3) % PAYLOAD_SIZES.length];
            messages.add(new Outgoing(i % 2 == 0 ? null : ("key-" + i).getBytes(StandardCharsets.UTF_8), payload(size), stamp));
        }
        long sentFromMillis = System.currentTimeMillis();
        awaitAcks(send(producer, messages));
        long ackedByMillis = System.currentTimeMillis();

        // Created after the sends: a new group starts from the earliest position.
        Deliveries got = new Deliveries();
        consumer(driver, topic, name("stamps"), got);
        Bounded.until(callTimeout(), () -> got.count() >= messages.size(), () -> broken("BenchmarkDriver.createConsumer",
                "a new consumer group starts from the earliest position, so it gets messages sent before it existed",
                got.count() + " of " + messages.size() + " acknowledged messages were delivered within " + Bounded.seconds(callTimeout())));
        Bounded.pause(settleTime());
        List<Deliveries.Delivery> all = got.all();

        Map<MessageStamp, List<Deliveries.Delivery>> byStamp = byStamp(all);
        List<Integer> unstampedSizes = all.stream().filter(d -> d.stamp() == null).map(Deliveries.Delivery::payloadSizeBytes)
                .collect(Collectors.toCollection(ArrayList::new));
        List<Integer> sentUnstampedSizes = new ArrayList<>();
        for (Outgoing m : messages) {
            if (m.stamp() == null) {
                sentUnstampedSizes.add(m.payload().length);
            } else {
                checkArrivedOnceUnchanged(m, byStamp);
            }
        }
        unstampedSizes.sort(null);
        sentUnstampedSizes.sort(null);
        check(unstampedSizes.equals(sentUnstampedSizes), "ConsumerCallback",
                "a message sent without a stamp arrives without one (stamp null), with its payload size",
                () -> "sent unstamped messages of sizes " + sentUnstampedSizes + "; unstamped deliveries had sizes " + unstampedSizes);
        check(all.size() == messages.size(), "ConsumerCallback", "a steady consumer group gets each message once",
                () -> messages.size() + " messages sent, " + all.size() + " delivered");
        check(!got.overlapped(), "ConsumerCallback", "the callback runs on the consumer's own thread, one message at a time",
                () -> "two threads were in the callback at once");
        all.forEach(d -> checkTimestamp(d, sentFromMillis, ackedByMillis));
    }

    /**
     * A record's timestamp says what it is: when it was made (between the send and its acknowledgement), when the system
     * stored it (between the send and the delivery), or none (-1). One second of slack for clocks read at other moments.
     */
    private static void checkTimestamp(Deliveries.Delivery d, long sentFromMillis, long ackedByMillis) {
        String where = "ConsumerCallback.messageReceived(timestamp)";
        TimestampType type = d.timestampType();
        long ts = d.timestampEpochMillis();
        check(type != null, where, "every record comes with its timestamp's type, never null", () -> "a record came with type null");
        if (type == TimestampType.NONE) {
            check(ts == -1, where, "a record without a timestamp (type NONE) has timestamp -1", () -> "it came with " + ts);
            return;
        }
        long latest = type == TimestampType.CREATE_TIME ? ackedByMillis : d.atMillis();
        check(ts >= sentFromMillis - 1000 && ts <= latest + 1000, where, "a " + type + " timestamp is in ms since the Unix epoch, "
                        + (type == TimestampType.CREATE_TIME ? "when the record was made: between its send and its acknowledgement"
                        : "when the system stored it: between its send and its delivery"),
                () -> "a record sent from " + sentFromMillis + " ms came with " + ts + " ms (" + (ts - sentFromMillis) + " ms after the first send)");
    }

    @Test
    void deliveriesReportTheirPartitionAndIncreasingPositions() {
        BenchmarkDriver<C> driver = startDriver();
        int partitions = 3;
        String topic = createTopic(driver, "positions", partitions);
        Deliveries got = new Deliveries();
        BenchmarkConsumer consumer = consumer(driver, topic, name("positions"), got);
        awaitAssigned(List.of(consumer), partitions);
        BenchmarkProducer producer = producer(driver, topic);
        long producerId = producerId();
        awaitAcks(send(producer, messages(90, producerId, true)));
        got.awaitFrom(producerId, 90, callTimeout(), "ConsumerCallback", "a consumer gets the messages sent after it holds its partitions");

        Map<Integer, List<Long>> positions = new TreeMap<>();
        for (Deliveries.Delivery d : got.all()) {
            check(d.partition() >= 0 && d.partition() < partitions, "ConsumerCallback",
                    "partition is the partition the message was read from, 0 to partitions - 1",
                    () -> "a message of a " + partitions + "-partition topic came with partition " + d.partition());
            positions.computeIfAbsent(d.partition(), k -> new ArrayList<>()).add(d.position());
        }
        positions.forEach((partition, list) -> {
            boolean none = list.stream().allMatch(p -> p == -1);
            for (int i = 1; i < list.size() && !none; i++) {
                long before = list.get(i - 1);
                long now = list.get(i);
                check(now > before && before >= 0, "ConsumerCallback",
                        "position is the message's position in its partition, increasing along the partition (-1 when the "
                                + "system has none)", () -> "in partition " + partition + ", position " + now + " came after " + before);
            }
        });
    }

    @Test
    void consumersOfOneGroupShareThePartitionsAndEveryGroupGetsEveryMessage() {
        BenchmarkDriver<C> driver = startDriver();
        int partitions = 6;
        String topic = createTopic(driver, "groups", partitions);
        String shared = name("shared");
        List<Deliveries> sharedGot = List.of(new Deliveries(), new Deliveries(), new Deliveries());
        List<BenchmarkConsumer> members = new ArrayList<>();
        for (Deliveries d : sharedGot) {
            members.add(consumer(driver, topic, shared, d));
        }
        Deliveries aloneGot = new Deliveries();
        BenchmarkConsumer alone = consumer(driver, topic, name("alone"), aloneGot);
        awaitAssigned(members, partitions);
        awaitAssigned(List.of(alone), partitions);
        Bounded.until(callTimeout(), () -> counts(members).stream().allMatch(n -> n > 0), () -> broken(
                "BenchmarkConsumer.assignedPartitionCount", "the members of one group share its partitions: with no more members "
                        + "than partitions, each holds some", "after " + Bounded.seconds(callTimeout()) + " the members hold "
                        + counts(members)));

        BenchmarkProducer producer = producer(driver, topic);
        long producerId = producerId();
        int n = 60;
        awaitAcks(send(producer, messages(n, producerId, true)));
        aloneGot.awaitFrom(producerId, n, callTimeout(), "BenchmarkDriver.createConsumer",
                "every consumer group (one per subscription) gets every message");
        Bounded.until(callTimeout(), () -> sequences(sharedGot, producerId).size() == n, () -> broken("BenchmarkDriver.createConsumer",
                "every consumer group gets every message, shared among its members", "the members of group " + shared
                        + " got " + sequences(sharedGot, producerId).size() + " of " + n + " messages between them"));
        int held = counts(members).stream().mapToInt(Integer::intValue).sum();
        check(held == partitions, "BenchmarkConsumer.assignedPartitionCount", "no partition is held by two members of a group",
                () -> "the members hold " + counts(members) + " = " + held + " partitions of " + partitions);
    }

    @Test
    void aPausedConsumerDeliversNothingUntilResumed() {
        BenchmarkDriver<C> driver = startDriver();
        int partitions = 2;
        String topic = createTopic(driver, "pause", partitions);
        Deliveries got = new Deliveries();
        BenchmarkConsumer consumer = consumer(driver, topic, name("pause"), got);
        awaitAssigned(List.of(consumer), partitions);
        BenchmarkProducer producer = producer(driver, topic);
        long before = producerId();
        awaitAcks(send(producer, messages(1, before, false)));
        got.awaitFrom(before, 1, callTimeout(), "ConsumerCallback", "a consumer gets the messages sent after it holds its partitions");

        Bounded.run("pause()", callTimeout(), consumer::pause);
        Bounded.pause(settleTime()); // a pause may take effect at the consumer's next fetch
        long pausedAt = System.nanoTime();
        long during = producerId();
        int n = 20;
        awaitAcks(send(producer, messages(n, during, true)));
        Bounded.pause(settleTime().multipliedBy(2));
        List<Deliveries.Delivery> whilePaused = got.after(pausedAt);
        check(whilePaused.isEmpty(), "BenchmarkConsumer.pause", "a paused consumer stops fetching: nothing is delivered",
                () -> whilePaused.size() + " message(s) were delivered while paused (from " + Bounded.seconds(settleTime())
                        + " after pause() on)");
        int assigned = Bounded.call("assignedPartitionCount()", callTimeout(), consumer::assignedPartitionCount);
        check(assigned == partitions, "BenchmarkConsumer.pause", "pausing does not leave the group",
                () -> "the paused consumer holds " + assigned + " of " + partitions + " partitions");

        long resumedAt = System.nanoTime();
        Bounded.run("resume()", callTimeout(), consumer::resume);
        got.awaitFrom(during, n, callTimeout(), "BenchmarkConsumer.resume", "a resumed consumer delivers what arrived while it was paused");
        // A driver that reports batches (ConsumerCallback.batchArrived) times these messages by their batch.
        List<Deliveries.Delivery> stale = got.ofProducer(during).stream()
                .filter(d -> d.batchNanos() != 0 && d.batchNanos() - resumedAt < 0).toList();
        check(stale.isEmpty(), "ConsumerCallback.batchArrived",
                "a driver that reports batches reports every batch, when it arrives (its messages are timed by it)",
                () -> stale.size() + " of " + n + " messages delivered after resume() came with no batch reported since before "
                        + "resume(): they would be timed " + Bounded.seconds(Duration.ofNanos(
                        stale.get(0).atNanos() - stale.get(0).batchNanos())) + " early");
    }

    @Test
    void aClosedConsumerDeliversNothingMore() {
        BenchmarkDriver<C> driver = startDriver();
        String topic = createTopic(driver, "closed", 1);
        Deliveries got = new Deliveries();
        BenchmarkConsumer consumer = consumer(driver, topic, name("closed"), got);
        awaitAssigned(List.of(consumer), 1);
        BenchmarkProducer producer = producer(driver, topic);
        long before = producerId();
        awaitAcks(send(producer, messages(5, before, false)));
        got.awaitFrom(before, 5, callTimeout(), "ConsumerCallback", "a consumer gets the messages sent after it holds its partitions");

        closeNow(consumer, "close() of a consumer");
        long closedAt = System.nanoTime();
        awaitAcks(send(producer, messages(20, producerId(), false)));
        Bounded.pause(settleTime());
        List<Deliveries.Delivery> afterClose = got.after(closedAt);
        check(afterClose.isEmpty(), "BenchmarkConsumer.close", "a closed consumer delivers nothing more",
                () -> afterClose.size() + " message(s) were delivered after close() returned");
    }

    @Test
    void aConsumerFromTheEarliestPositionGetsEveryMessageTheTopicHeld() {
        BenchmarkDriver<C> driver = startDriver();
        String topic = createTopic(driver, "earliest", 2);
        BenchmarkProducer producer = producer(driver, topic);
        long earlierId = producerId();
        List<Outgoing> earlier = messages(20, earlierId, true);
        awaitAcks(send(producer, earlier));

        Deliveries got = new Deliveries();
        ConsumerRequest request = ConsumerRequest.groupMember(topic, name("earliest"), got).from(StartPosition.EARLIEST);
        consumer(driver, request, FROM_EARLIEST);
        got.awaitFrom(earlierId, earlier.size(), callTimeout(), FROM_EARLIEST,
                "a new consumer group from the earliest position gets the messages the topic held before it existed");
        Bounded.pause(settleTime());
        checkEachDeliveredOnce(earlier, got, FROM_EARLIEST, "a new consumer group from the earliest position gets every message of "
                + "the topic once");
    }

    @Test
    void aMessageSentToAPartitionArrivesOnItAndAPartitionTheTopicLacksFailsItsSend() {
        BenchmarkDriver<C> driver = startDriver();
        int partitions = 3;
        String topic = createTopic(driver, "partition", partitions);
        Deliveries got = new Deliveries();
        BenchmarkConsumer consumer = consumer(driver, topic, name("partition"), got);
        awaitAssigned(List.of(consumer), partitions);
        BenchmarkProducer producer = producer(driver, topic);
        long producerId = producerId();
        List<Outgoing> sent = new ArrayList<>();
        for (Outgoing m : messages(60, producerId, true)) { // every other one keyed: the partition asked for wins over the key
            sent.add(m.to((int) (m.stamp().sequence() * 7 % partitions)));
        }
        Completions acks = send(producer, sent);
        awaitAcks(acks);
        got.awaitFrom(producerId, sent.size(), callTimeout(), PARTITION, "messages sent to a partition are delivered");
        Map<Long, Integer> arrivedOn = new HashMap<>();
        got.ofProducer(producerId).forEach(d -> arrivedOn.put(d.stamp().sequence(), d.partition()));
        for (int i = 0; i < sent.size(); i++) {
            Outgoing m = sent.get(i);
            Integer on = arrivedOn.get(m.stamp().sequence());
            check(on != null && on == m.partition(), PARTITION, "a message sent to partition p is written to partition p, whatever its key",
                    () -> "message " + m.stamp().sequence() + (m.key() == null ? "" : " (keyed)") + " was sent to partition " + m.partition()
                            + " and arrived on partition " + on);
            int acked = acks.partitionOf(i);
            check(acked == m.partition(), ACK_PARTITION, "an acknowledged send names the partition the message was written to",
                    () -> "message " + m.stamp().sequence() + " was sent to partition " + m.partition() + " and its completion named "
                            + "partition " + acked);
        }

        Completions missing = new Completions(1);
        Outgoing beyond = messages(1, producerId(), false).get(0).to(partitions);
        RuntimeException thrown = null;
        try {
            Bounded.run("sendAsync to partition " + partitions + " of a " + partitions + "-partition topic", callTimeout(),
                    () -> producer.sendAsync(beyond.key(), beyond.payload(), beyond.partition(), beyond.stamp(), missing.of(0)));
        } catch (RuntimeException e) {
            thrown = e;
        }
        if (thrown == null) {
            missing.awaitAll(callTimeout(), "a send to a partition the topic does not have completes, failed");
            Throwable error = missing.errorOf(0);
            check(error != null, PARTITION, "a send to a partition the topic does not have fails (its completion gets the error)",
                    () -> "the send to partition " + partitions + " of a " + partitions + "-partition topic was acknowledged");
        }
        Bounded.pause(settleTime());
        missing.checkNoneRepeated();
        RuntimeException t = thrown;
        check(t == null || missing.callsOf(0) == 0, PARTITION, "a send that throws never completes", () -> "it threw "
                + Bounded.describe(t) + " and completed too");
    }

    @Test
    void anAcknowledgementNamesThePartitionTheClientChose() {
        BenchmarkDriver<C> driver = startDriver();
        int partitions = 3;
        String topic = createTopic(driver, "chosen", partitions);
        Deliveries got = new Deliveries();
        BenchmarkConsumer consumer = consumer(driver, topic, name("chosen"), got);
        awaitAssigned(List.of(consumer), partitions);
        BenchmarkProducer producer = producer(driver, topic);
        long producerId = producerId();
        List<Outgoing> sent = messages(90, producerId, true); // every other one keyed; the client's partitioner chooses for all
        Completions acks = send(producer, sent);
        awaitAcks(acks);
        got.awaitFrom(producerId, sent.size(), callTimeout(), ACK_PARTITION, "messages the partitioner placed are delivered");
        Map<Long, Integer> arrivedOn = new HashMap<>();
        got.ofProducer(producerId).forEach(d -> arrivedOn.put(d.stamp().sequence(), d.partition()));
        for (int i = 0; i < sent.size(); i++) {
            Outgoing m = sent.get(i);
            Integer on = arrivedOn.get(m.stamp().sequence());
            int acked = acks.partitionOf(i);
            check(on != null && acked == on, ACK_PARTITION, "an acknowledged send names the partition the message was written to, "
                    + "also when the client's partitioner chose it (0 to partitions - 1)",
                    () -> "message " + m.stamp().sequence() + (m.key() == null ? "" : " (keyed)") + " arrived on partition " + on
                            + " and its completion named partition " + acked);
        }
    }

    @Test
    void userHeadersGoWithEveryRecordBesidesTheStamp() {
        BenchmarkDriver<C> driver = startDriver();
        String topic = createTopic(driver, "headers", 2);
        Optional<List<List<ProducerOptions.Header>>> none = Bounded.call("recordHeaders(" + topic + ")", callTimeout(),
                () -> recordHeaders(topic));
        Assumptions.assumeTrue(none.isPresent(), "the suite's recordHeaders() reads no records: user headers are not tested");
        List<ProducerOptions.Header> user = List.of(new ProducerOptions.Header("conformance-a", new byte[] {1, 2, 3}),
                new ProducerOptions.Header("conformance-empty", new byte[0]), new ProducerOptions.Header("conformance-a", new byte[] {9}));
        ProducerOptions options = new ProducerOptions(name("headers"), null, user);
        BenchmarkProducer producer = Bounded.await("createProducer(" + topic + ", " + options + ")", callTimeout(),
                driver.createProducer(topic, options));
        check(producer != null, "BenchmarkDriver.createProducer", "completes with a producer", () -> "it completed with null");
        opened.add(producer);
        long producerId = producerId();
        List<Outgoing> sent = new ArrayList<>(messages(10, producerId, true));
        for (int i = 0; i < 10; i++) {
            sent.add(new Outgoing(null, payload(100), i % 2 == 0 ? null : MessageStamp.timeOnly(System.currentTimeMillis() * 1000)));
        }
        awaitAcks(send(producer, sent));
        Set<String> names = Set.of("conformance-a", "conformance-empty");
        Bounded.until(callTimeout(), () -> records(topic).size() >= sent.size(), () -> broken(HEADERS, "every message sent is a record "
                + "of the topic", "the system holds " + records(topic).size() + " of " + sent.size() + " records"));
        for (List<ProducerOptions.Header> record : records(topic)) {
            List<ProducerOptions.Header> ofUser = record.stream().filter(h -> names.contains(h.name())).toList();
            check(ofUser.equals(user), HEADERS, "every record carries the producer's user headers, names and bytes, in their order",
                    () -> "a record carries " + record + " (the user's: " + ofUser + "); sent " + user);
        }

        Deliveries got = new Deliveries();
        consumer(driver, topic, name("headers"), got);
        got.awaitFrom(producerId, 10, callTimeout(), HEADERS, "messages with user headers are delivered");
        Map<MessageStamp, List<Deliveries.Delivery>> byStamp = byStamp(got.ofProducer(producerId));
        sent.stream().filter(m -> m.stamp() != null && m.stamp().checksIntegrity()).forEach(m -> checkArrivedOnceUnchanged(m, byStamp));
    }

    private List<List<ProducerOptions.Header>> records(String topic) {
        return Bounded.call("recordHeaders(" + topic + ")", callTimeout(), () -> recordHeaders(topic)).orElseThrow();
    }

    // ---- existing topics (optional) -----------------------------------------------------------

    @Test
    void describeTopicsGivesThePartitionCountsOfExistingTopicsAndLeavesOutMissingOnes() {
        BenchmarkDriver<C> driver = startDriver();
        List<TopicSpec> batch = List.of(new TopicSpec(name("describe"), 1), new TopicSpec(name("describe"), 2),
                new TopicSpec(name("describe"), 3));
        createTopics(driver, batch);
        Map<String, Integer> created = batch.stream().collect(Collectors.toMap(TopicSpec::name, TopicSpec::partitions));
        // Asked once the system lists them, as a run's existing topics exist before it starts.
        Bounded.until(callTimeout(), () -> listed(created.keySet()).equals(created), () -> broken("BenchmarkDriver.createTopics",
                "creates every topic of the batch with its partition count", "asked for " + new TreeMap<>(created)
                        + "; the system lists " + new TreeMap<>(listed(created.keySet()))));
        String missing = name("never-created");

        List<String> asked = List.of(batch.get(0).name(), missing, batch.get(1).name(), batch.get(2).name());
        Map<String, Integer> all = describe(driver, asked);
        check(!all.containsKey(missing), DESCRIBE, "a topic that does not exist is absent from the map",
                () -> "the never created " + missing + " is in it, with " + all.get(missing) + " partition(s)");
        check(all.equals(created), DESCRIBE, "the partition count of each existing topic asked about",
                () -> "asked about " + asked + "; expected " + new TreeMap<>(created) + ", got " + new TreeMap<>(all));
        String one = batch.get(2).name();
        Map<String, Integer> single = describe(driver, List.of(one));
        check(single.equals(Map.of(one, 3)), DESCRIBE, "the partition count of each existing topic asked about",
                () -> "asked about " + one + " alone (3 partitions); got " + single);
        Map<String, Integer> none = describe(driver, List.of(missing));
        check(none.isEmpty(), DESCRIBE, "a topic that does not exist is absent from the map",
                () -> "asked about the never created " + missing + " alone; got " + none);
    }

    @Test
    void aConsumerFromTheEndGetsOnlyTheMessagesSentAfterItStarted() {
        BenchmarkDriver<C> driver = startDriver();
        int partitions = 2;
        String topic = createTopic(driver, "from-end", partitions);
        BenchmarkProducer producer = producer(driver, topic);
        long oldId = producerId();
        List<Outgoing> old = messages(20, oldId, true); // the other data an existing topic holds
        awaitAcks(send(producer, old));

        Deliveries got = new Deliveries();
        BenchmarkConsumer consumer = optionalConsumer(driver, ConsumerRequest.groupMember(topic, name("from-end"), got)
                .from(StartPosition.END), FROM_END);
        awaitAssigned(List.of(consumer), partitions);
        long freshId = producerId();
        List<Outgoing> fresh = messages(20, freshId, true);
        awaitAcks(send(producer, fresh));
        got.awaitFrom(freshId, fresh.size(), callTimeout(), FROM_END,
                "a consumer from the end delivers every message sent once it holds its partitions");
        Bounded.pause(settleTime());
        int oldDelivered = got.ofProducer(oldId).size();
        check(oldDelivered == 0, FROM_END, "a consumer from the end delivers none of the messages the topic held before it started",
                () -> oldDelivered + " of the " + old.size() + " messages acknowledged before it was created were delivered");
        checkEachDeliveredOnce(fresh, got, FROM_END, "a consumer from the end delivers exactly the messages sent after it started, "
                + "each once");
    }

    @Test
    void aConsumerFromAnAgeGetsTheRecordsNoOlderAndStartsAtTheEndWhereNoneIsThatNew() {
        BenchmarkDriver<C> driver = startDriver();
        int partitions = 2;
        String topic = createTopic(driver, "from-age", partitions);
        BenchmarkProducer producer = producer(driver, topic);
        Duration age = settleTime().multipliedBy(3);
        long oldId = producerId();
        List<Outgoing> old = new ArrayList<>();
        messages(20, oldId, true).forEach(m -> old.add(m.to((int) (m.stamp().sequence() % partitions))));
        awaitAcks(send(producer, old));
        Bounded.pause(age.multipliedBy(2)); // the old messages are now older than the age by the age at least
        long recentId = producerId();
        List<Outgoing> recent = new ArrayList<>();
        messages(10, recentId, true).forEach(m -> recent.add(m.to(0))); // partition 1 holds nothing as new
        long recentSentMillis = System.currentTimeMillis();
        awaitAcks(send(producer, recent));

        Deliveries got = new Deliveries();
        BenchmarkConsumer consumer = optionalConsumer(driver, ConsumerRequest.groupMember(topic, name("from-age"), got)
                .from(StartPosition.age(age)), FROM_AGE);
        awaitAssigned(List.of(consumer), partitions);
        long positionedBy = System.currentTimeMillis(); // a member counts a partition once it knows where to start in it
        Assumptions.assumeTrue(positionedBy - recentSentMillis < age.toMillis(), () -> "inconclusive: the member took "
                + (positionedBy - recentSentMillis) + " ms to hold its partitions, longer than the age of " + age.toMillis()
                + " ms (a slow machine: a longer settleTime() makes the age longer)");
        long freshId = producerId();
        List<Outgoing> fresh = new ArrayList<>();
        messages(20, freshId, true).forEach(m -> fresh.add(m.to((int) (m.stamp().sequence() % partitions))));
        awaitAcks(send(producer, fresh));
        got.awaitFrom(recentId, recent.size(), callTimeout(), FROM_AGE, "a consumer from an age gets the records no older than the age");
        got.awaitFrom(freshId, fresh.size(), callTimeout(), FROM_AGE, "a consumer from an age gets every record written once it holds "
                + "its partitions, also in a partition that held no record that new (it starts at its end)");
        Bounded.pause(settleTime());
        int oldDelivered = got.ofProducer(oldId).size();
        check(oldDelivered == 0, FROM_AGE, "a consumer from an age gets none of the records older than the age, and starts at the end of "
                + "a partition with no record that new", () -> oldDelivered + " of the " + old.size() + " records written "
                + age.multipliedBy(2).toMillis() + " ms or more before it started (age " + age.toMillis() + " ms) were delivered");
        List<Outgoing> expected = new ArrayList<>(recent);
        expected.addAll(fresh);
        checkEachDeliveredOnce(expected, got, FROM_AGE, "a consumer from an age gets exactly the records no older than the age and "
                + "those written after it started, each once");
    }

    @Test
    void topicOffsetsGiveEachPartitionsFirstPositionAndEnd() {
        BenchmarkDriver<C> driver = startDriver();
        int partitions = 3;
        String topic = createTopic(driver, "offsets", partitions);
        String missing = name("never-created");
        Map<String, TopicOffsets> before = offsets(driver, List.of(topic, missing));
        check(!before.containsKey(missing), OFFSETS, "a topic that does not exist is absent from the map",
                () -> "the never created " + missing + " is in it: " + before.get(missing));
        TopicOffsets empty = before.get(topic);
        check(empty != null && empty.partitionCount() == partitions, OFFSETS, "one entry per partition of each existing topic",
                () -> "for a " + partitions + "-partition topic it gave " + empty);
        check(empty.span() == 0, OFFSETS, "a topic nothing was written to spans nothing (end = earliest)", () -> "it gave " + empty);

        int[] counts = {5, 0, 12};
        BenchmarkProducer producer = producer(driver, topic);
        List<Outgoing> sent = new ArrayList<>();
        List<Outgoing> made = messages(17, producerId(), true);
        for (int i = 0; i < made.size(); i++) {
            sent.add(made.get(i).to(i < counts[0] ? 0 : 2));
        }
        awaitAcks(send(producer, sent));
        Bounded.until(callTimeout(), () -> spans(offsets(driver, List.of(topic)).get(topic)).equals(List.of(5L, 0L, 12L)),
                () -> broken(OFFSETS, "a partition's end is where the next record goes: it moves past every record acknowledged",
                        "after 5, 0 and 12 records acknowledged on partitions 0, 1 and 2, the offsets went from " + empty + " to "
                                + offsets(driver, List.of(topic)).get(topic)));
        TopicOffsets after = offsets(driver, List.of(topic)).get(topic);
        for (int p = 0; p < partitions; p++) {
            int partition = p;
            check(after.partition(p).earliest() == empty.partition(p).earliest(), OFFSETS, "the first position stays while records "
                    + "are only added", () -> "partition " + partition + " went from " + empty.partition(partition) + " to "
                    + after.partition(partition));
        }

        Deliveries got = new Deliveries();
        consumer(driver, topic, name("offsets"), got);
        Bounded.until(callTimeout(), () -> got.count() >= sent.size(), () -> broken(OFFSETS, "the records between the offsets are "
                + "those a reader from the start gets", got.count() + " of " + sent.size() + " records were delivered"));
        for (Deliveries.Delivery d : got.all()) {
            TopicOffsets.Partition o = after.partition(d.partition());
            check(d.position() == -1 || (d.position() >= o.earliest() && d.position() < o.end()), OFFSETS,
                    "every record a reader gets lies between its partition's first position and its end",
                    () -> "a record of partition " + d.partition() + " came at position " + d.position() + "; the offsets were " + o);
        }
    }

    @Test
    void topicRetentionSaysHowLongEachExistingTopicKeepsRecords() {
        BenchmarkDriver<C> driver = startDriver();
        String topic = createTopic(driver, "retention", 1);
        String missing = name("never-created");
        String call = "topicRetentionMillis([" + topic + ", " + missing + "])";
        Map<String, Long> answer = optionalCall(call, RETENTION, () -> driver.topicRetentionMillis(List.of(topic, missing)));
        check(answer != null, RETENTION, "completes with a map of topic to milliseconds", () -> call + " completed with null");
        check(!answer.containsKey(missing), RETENTION, "a topic that does not exist is absent from the map",
                () -> "the never created " + missing + " is in it: " + answer.get(missing));
        Long ms = answer.get(topic);
        check(ms != null && (ms == -1 || ms > 0), RETENTION, "an existing topic keeps records for a positive time, or -1 for no limit",
                () -> "for " + topic + " it gave " + ms);
    }

    private Map<String, TopicOffsets> offsets(BenchmarkDriver<C> driver, List<String> topics) {
        String call = "topicOffsets(" + topics + ")";
        Map<String, TopicOffsets> answer = optionalCall(call, OFFSETS, () -> driver.topicOffsets(topics));
        check(answer != null, OFFSETS, "completes with a map of topic to offsets", () -> call + " completed with null");
        return answer;
    }

    private static List<Long> spans(TopicOffsets offsets) {
        return offsets == null ? List.of() : offsets.partitions().stream().map(TopicOffsets.Partition::span).toList();
    }

    // ---- closing ------------------------------------------------------------------------------

    @Test
    void closingTheClientsAndThenTheDriverLeavesNoThreadBehind() {
        ThreadCheck threads = ThreadCheck.snapshot();
        BenchmarkDriver<C> driver = exerciseAllClients(true);
        closeNow(driver, "close() of the driver");
        List<Thread> left = threads.awaitEnded(callTimeout(), this::ignoresThread);
        check(left.isEmpty(), "BenchmarkDriver.close", "closing the clients and then the driver releases every thread it started",
                () -> left.size() + " thread(s) still alive " + Bounded.seconds(callTimeout()) + " after close():" + ThreadCheck.describe(left));
    }

    @Test
    void closingTheDriverClosesTheClientsItStillHolds() {
        ThreadCheck threads = ThreadCheck.snapshot();
        BenchmarkDriver<C> driver = exerciseAllClients(false);
        closeNow(driver, "close() of the driver");
        List<Thread> left = threads.awaitEnded(callTimeout(), this::ignoresThread);
        check(left.isEmpty(), "BenchmarkDriver.close", "closes every producer, consumer and connection the driver still holds",
                () -> left.size() + " thread(s) still alive " + Bounded.seconds(callTimeout()) + " after close() of the driver, "
                        + "whose producer and consumer were left open:" + ThreadCheck.describe(left));
    }

    /** A driver whose producer and consumer have carried messages; with {@code closeClients}, they are closed. */
    private BenchmarkDriver<C> exerciseAllClients(boolean closeClients) {
        BenchmarkDriver<C> driver = startDriver();
        String topic = createTopic(driver, "threads", 2);
        Deliveries got = new Deliveries();
        BenchmarkConsumer consumer = consumer(driver, topic, name("threads"), got);
        awaitAssigned(List.of(consumer), 2);
        BenchmarkProducer producer = producer(driver, topic);
        long producerId = producerId();
        awaitAcks(send(producer, messages(10, producerId, true)));
        got.awaitFrom(producerId, 10, callTimeout(), "ConsumerCallback", "a consumer gets the messages sent after it holds its partitions");
        if (closeClients) {
            // As the framework ends a run: clients closed, then topics deleted, then the driver closed.
            closeNow(producer, "close() of a producer");
            closeNow(consumer, "close() of a consumer");
            Bounded.await("deleteTopics([" + topic + "])", callTimeout(), driver.deleteTopics(List.of(topic)));
            createdTopics.remove(topic);
        } else {
            opened.remove(producer);
            opened.remove(consumer);
        }
        return driver;
    }

    // ---- metrics and the last contact ---------------------------------------------------------

    @Test
    void clientMetricsAndLastServerContactAreSaneAroundTraffic() {
        BenchmarkDriver<C> driver = startDriver();
        checkMetrics(driver, "right after initialize");
        checkContact(driver);
        String topic = createTopic(driver, "metrics", 2);
        Deliveries got = new Deliveries();
        BenchmarkConsumer consumer = consumer(driver, topic, name("metrics"), got);
        awaitAssigned(List.of(consumer), 2);
        BenchmarkProducer producer = producer(driver, topic);
        long producerId = producerId();
        awaitAcks(send(producer, messages(50, producerId, true)));
        got.awaitFrom(producerId, 50, callTimeout(), "ConsumerCallback", "a consumer gets the messages sent after it holds its partitions");
        checkMetrics(driver, "with a producer and a consumer that carried 50 messages");
        checkContact(driver);
        checkContact(driver);
        closeNow(producer, "close() of a producer");
        closeNow(consumer, "close() of a consumer");
        checkMetrics(driver, "after its clients closed");
        checkContact(driver);
    }

    private void checkMetrics(BenchmarkDriver<C> driver, String when) {
        List<ClientMetric> metrics = Bounded.call("clientMetrics() " + when, callTimeout(), driver::clientMetrics);
        check(metrics != null, "BenchmarkDriver.clientMetrics", "a list of metrics, empty when the driver has none",
                () -> "clientMetrics() returned null " + when);
        for (ClientMetric m : metrics) {
            check(m != null && m.name() != null && !m.name().isBlank() && m.aggregation() != null && Double.isFinite(m.value()),
                    "BenchmarkDriver.clientMetrics", "each metric has a name, a finite value and an aggregation (the "
                            + "framework adds them up over clients and workers)", () -> "got " + m + " " + when);
        }
    }

    private void checkContact(BenchmarkDriver<C> driver) {
        long start = System.nanoTime();
        Optional<ServerContact> said = Bounded.call("lastServerContact()", callTimeout(), driver::lastServerContact);
        long millis = (System.nanoTime() - start) / 1_000_000;
        check(millis <= QUICK_CALL_LIMIT.toMillis(), "BenchmarkDriver.lastServerContact",
                "quick, never blocking on the network (called once per reporting period)", () -> "it took " + millis + " ms");
        check(said != null, "BenchmarkDriver.lastServerContact", "the server that answered last, or empty when unknown",
                () -> "it returned null");
        if (said.isPresent()) {
            ServerContact contact = said.get();
            long now = System.currentTimeMillis();
            check(contact.address() != null && !contact.address().isBlank(), "BenchmarkDriver.lastServerContact",
                    "the server that answered last, by address, or empty when unknown", () -> "it returned " + contact);
            check(contact.epochMillis() >= testStartMillis - 60_000 && contact.epochMillis() <= now + 60_000,
                    "ServerContact", "epochMillis is when the server last answered, ms since the Unix epoch",
                    () -> "it returned " + contact.epochMillis() + " while the test started at " + testStartMillis);
        }
    }

    // ---- share groups and other consumer features (optional) ----------------------------------

    private static final String SHARE = "BenchmarkDriver.createConsumer(ShareMember)";
    private static final String SHARE_CALLBACK = "ShareConsumerCallback";
    private static final String COMMIT = "ShareConsumerCallback.acknowledgementsCommitted";

    @Test
    void undeclaredConsumerFeaturesAreRefusedWithADriverExceptionNamingTheDriver() {
        BenchmarkDriver<C> driver = startDriver();
        Set<ConsumerFeature> declared = Bounded.call("consumerFeatures()", callTimeout(), driver::consumerFeatures);
        check(declared != null, "BenchmarkDriver.consumerFeatures", "the features the driver offers, empty for none",
                () -> "it returned null");
        String name = driver.getClass().getSimpleName();
        if (!declared.contains(ConsumerFeature.SHARE_GROUPS)) {
            String group = name("no-share");
            checkRefusal("prepareShareGroup(" + group + ")", name, () -> driver.prepareShareGroup(group, ShareGroupSettings.DEFAULTS));
            String topic = createTopic(driver, "no-share", 1);
            ConsumerRequest share = ConsumerRequest.shareMember(topic, group, AcknowledgementMode.IMPLICIT, ShareDeliveries.acceptingAll());
            checkRefusal("createConsumer(" + share + ")", name, () -> driver.createConsumer(share));
        }
        for (ConsumerFeature f : List.of(ConsumerFeature.GROUP_PROTOCOL, ConsumerFeature.STATIC_MEMBERSHIP, ConsumerFeature.SESSION_TIMEOUT)) {
            if (!declared.contains(f)) {
                ConsumerRequest.GroupMember plain = ConsumerRequest.groupMember(createTopic(driver, "no-options", 1), name("no-options"),
                        new Deliveries());
                ConsumerRequest request = switch (f) {
                    case GROUP_PROTOCOL -> plain.withProtocol(GroupProtocol.CONSUMER);
                    case STATIC_MEMBERSHIP -> plain.withGroupInstanceId("conformance-member");
                    default -> plain.withSessionTimeout(Duration.ofSeconds(45));
                };
                checkRefusal("createConsumer(" + request + ")", name, () -> driver.createConsumer(request));
            }
        }
    }

    /** The call completes exceptionally with a DriverException whose message names the driver. */
    private void checkRefusal(String call, String driverName, Bounded.Call<CompletableFuture<?>> start) {
        String where = "BenchmarkDriver.consumerFeatures";
        CompletableFuture<?> future;
        try {
            future = Bounded.call(call, callTimeout(), start);
        } catch (RuntimeException e) {
            throw broken(where, "a feature the driver does not declare is refused through the future, not thrown",
                    call + " threw " + Bounded.describe(e), e);
        }
        Throwable failure = Bounded.failureOf(call, callTimeout(), future);
        if (failure == null) {
            Object made = future.join();
            if (made instanceof AutoCloseable c) {
                opened.add(c);
            }
        }
        check(failure instanceof DriverException && failure.getMessage() != null && failure.getMessage().contains(driverName), where,
                "a feature the driver does not declare is refused with a DriverException naming the driver (" + driverName
                        + "), before anything runs", () -> call + (failure == null ? " succeeded" : " failed with " + Bounded.describe(failure)));
    }

    @Test
    void shareConsumersOutnumberingPartitionsAllReceiveRecords() {
        BenchmarkDriver<C> driver = startDriver();
        requireFeature(driver, ConsumerFeature.SHARE_GROUPS);
        int partitions = 2;
        String topic = createTopic(driver, "share-many", partitions);
        String group = name("share-many");
        prepareShare(driver, group, ShareGroupSettings.DEFAULTS);
        // Each record takes 20 ms to process: a member busy with one leaves the next ones to the others.
        List<ShareDeliveries> got = new ArrayList<>();
        List<BenchmarkConsumer> members = new ArrayList<>();
        for (int i = 0; i < 2 * partitions; i++) {
            ShareDeliveries d = new ShareDeliveries((stamp, count) -> Acknowledgement.ACCEPT, Duration.ofMillis(20));
            got.add(d);
            members.add(shareConsumer(driver, topic, group, AcknowledgementMode.IMPLICIT, d));
        }
        BenchmarkProducer producer = producer(driver, topic);
        long producerId = producerId();
        int sent = 0;
        long deadline = System.nanoTime() + callTimeout().toNanos();
        while (got.stream().anyMatch(d -> d.count() == 0) && System.nanoTime() - deadline < 0) {
            awaitAcks(send(producer, messages(sent, 4, producerId, true)));
            sent += 4;
            Bounded.pause(Duration.ofMillis(20));
        }
        int total = sent;
        List<Integer> counts = got.stream().map(ShareDeliveries::count).toList();
        check(counts.stream().allMatch(n -> n > 0), SHARE, "members of a share group share records, not partitions: with more "
                + "members than partitions, every member receives records", () -> "after " + total + " messages sent over "
                + Bounded.seconds(callTimeout()) + " to " + partitions + " partitions, the " + members.size()
                + " members received " + counts);
        List<Integer> held = counts(members);
        check(held.stream().allMatch(n -> n > 0) && held.stream().mapToInt(Integer::intValue).sum() >= partitions,
                "BenchmarkConsumer.assignedPartitionCount", "in a share group the members' counts add up to at least the partition "
                        + "count, and every member that may fetch holds at least one", () -> "the members hold " + held);
        Bounded.until(callTimeout(), () -> shareSequences(got, producerId).size() == total, () -> broken(SHARE,
                "a share group delivers every record to some member", "the members got " + shareSequences(got, producerId).size()
                        + " of " + total + " messages between them"));
        got.forEach(this::checkOneAtATime);
    }

    @Test
    void releasedRecordsComeBackWithADeliveryCountOfTwo() {
        BenchmarkDriver<C> driver = startDriver();
        requireFeature(driver, ConsumerFeature.SHARE_GROUPS);
        String topic = createTopic(driver, "share-release", 1);
        String group = name("share-release");
        prepareShare(driver, group, ShareGroupSettings.DEFAULTS);
        ShareDeliveries got = new ShareDeliveries((stamp, count) -> count == 1 && stamp.sequence() % 2 == 0
                ? Acknowledgement.RELEASE : Acknowledgement.ACCEPT, Duration.ZERO);
        shareConsumer(driver, topic, group, AcknowledgementMode.EXPLICIT, got);
        BenchmarkProducer producer = producer(driver, topic);
        long producerId = producerId();
        int n = 20;
        awaitAcks(send(producer, messages(n, producerId, true)));
        Bounded.until(callTimeout(), () -> {
            Map<Long, List<ShareDeliveries.Delivery>> by = got.bySequence(producerId);
            return by.size() == n && by.entrySet().stream().allMatch(e -> e.getValue().size() >= (e.getKey() % 2 == 0 ? 2 : 1));
        }, () -> broken(SHARE, "a record released (Acknowledgement.RELEASE) is delivered again", "of the " + n / 2
                + " records released on their first delivery, " + redelivered(got, producerId) + " came back within "
                + Bounded.seconds(callTimeout())));
        Bounded.pause(settleTime());
        got.bySequence(producerId).forEach((sequence, deliveries) -> {
            List<Integer> delivered = deliveries.stream().map(ShareDeliveries.Delivery::deliveryCount).toList();
            List<Integer> expected = sequence % 2 == 0 ? List.of(1, 2) : List.of(1);
            check(delivered.equals(expected), SHARE_CALLBACK, "deliveryCount is 1 on a record's first delivery and 2 on the "
                    + "delivery after a release; an accepted record is not delivered again", () -> "message " + sequence + " ("
                    + (sequence % 2 == 0 ? "released once" : "accepted at once") + ") was delivered with counts " + delivered);
        });
        checkOneAtATime(got);
    }

    @Test
    void rejectedRecordsNeverComeBack() {
        BenchmarkDriver<C> driver = startDriver();
        requireFeature(driver, ConsumerFeature.SHARE_GROUPS);
        String topic = createTopic(driver, "share-reject", 1);
        String group = name("share-reject");
        prepareShare(driver, group, ShareGroupSettings.DEFAULTS);
        ShareDeliveries got = new ShareDeliveries((stamp, count) -> stamp.sequence() % 3 == 0
                ? Acknowledgement.REJECT : Acknowledgement.ACCEPT, Duration.ZERO);
        shareConsumer(driver, topic, group, AcknowledgementMode.EXPLICIT, got);
        BenchmarkProducer producer = producer(driver, topic);
        long producerId = producerId();
        int n = 21;
        awaitAcks(send(producer, messages(n, producerId, true)));
        Bounded.until(callTimeout(), () -> got.bySequence(producerId).size() == n, () -> broken(SHARE,
                "a share group delivers every record", got.bySequence(producerId).size() + " of " + n + " messages were delivered"));
        Bounded.pause(settleTime().multipliedBy(2));
        got.bySequence(producerId).forEach((sequence, deliveries) -> check(deliveries.size() == 1, SHARE,
                "a record rejected (Acknowledgement.REJECT) or accepted is never delivered again", () -> "message " + sequence
                        + " (" + (sequence % 3 == 0 ? "rejected" : "accepted") + ") was delivered " + deliveries.size() + " times"));
    }

    @Test
    void acknowledgementCountsAddUpAndTheAcceptedRecordsCoverEveryAcknowledgedMessage() {
        BenchmarkDriver<C> driver = startDriver();
        requireFeature(driver, ConsumerFeature.SHARE_GROUPS);
        String topic = createTopic(driver, "share-counts", 3);
        String group = name("share-counts");
        prepareShare(driver, group, ShareGroupSettings.DEFAULTS);
        List<ShareDeliveries> got = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            ShareDeliveries d = new ShareDeliveries((stamp, count) -> count > 1 || stamp.sequence() % 5 > 2 || stamp.sequence() % 5 == 0
                    ? Acknowledgement.ACCEPT : stamp.sequence() % 5 == 1 ? Acknowledgement.RELEASE : Acknowledgement.REJECT, Duration.ZERO);
            got.add(d);
            shareConsumer(driver, topic, group, AcknowledgementMode.EXPLICIT, d);
        }
        BenchmarkProducer producer = producer(driver, topic);
        long producerId = producerId();
        int n = 60;
        awaitAcks(send(producer, messages(n, producerId, true)));
        Set<Long> shouldBeAccepted = new HashSet<>();
        for (long s = 0; s < n; s++) {
            if (s % 5 != 2) {
                shouldBeAccepted.add(s);
            }
        }
        Bounded.until(callTimeout(), () -> answered(got, producerId, Acknowledgement.ACCEPT).equals(shouldBeAccepted), () -> broken(SHARE,
                "the accepted records cover every message the producer's acknowledgement confirmed, but the rejected ones",
                answered(got, producerId, Acknowledgement.ACCEPT).size() + " of the " + shouldBeAccepted.size()
                        + " messages not rejected were accepted"));
        long[] answers = new long[Acknowledgement.values().length];
        got.forEach(d -> d.all().forEach(x -> answers[x.answer().ordinal()]++));
        Bounded.until(callTimeout(), () -> committed(got).equals(List.of(answers[0], answers[1], answers[2])), () -> broken(COMMIT,
                "every acknowledgement is reported in exactly one commit: delivered = accepted + released + rejected",
                "the callbacks answered " + List.of(answers[0], answers[1], answers[2]) + " (accepted, released, rejected) to "
                        + (answers[0] + answers[1] + answers[2]) + " deliveries; the successful commits reported " + committed(got)));
        for (ShareDeliveries d : got) {
            for (AcknowledgementCommit c : d.commits()) {
                check(c.error() == null, COMMIT, "a healthy system takes acknowledgements made well within the record lock duration",
                        () -> "a commit of " + c.records() + " records failed with " + Bounded.describe(c.error()));
                check(c.commitMicros() >= 0 && c.commitMicros() < callTimeout().toNanos() / 1000, "AcknowledgementCommit",
                        "commitMicros is how long the system took to answer, in microseconds", () -> "a commit took " + c.commitMicros() + " µs");
            }
            checkOneAtATime(d);
        }
    }

    @Test
    void theDeliveryCountLimitArchivesRecordsReleasedOnTheirLastDelivery() {
        BenchmarkDriver<C> driver = startDriver();
        requireFeature(driver, ConsumerFeature.SHARE_GROUPS);
        String topic = createTopic(driver, "share-limit", 1);
        String group = name("share-limit");
        prepareShare(driver, group, ShareGroupSettings.DEFAULTS.withDeliveryCountLimit(2));
        ShareDeliveries got = new ShareDeliveries((stamp, count) -> Acknowledgement.RELEASE, Duration.ZERO);
        shareConsumer(driver, topic, group, AcknowledgementMode.EXPLICIT, got);
        BenchmarkProducer producer = producer(driver, topic);
        long producerId = producerId();
        int n = 10;
        awaitAcks(send(producer, messages(n, producerId, false)));
        Bounded.until(callTimeout(), () -> got.bySequence(producerId).size() == n
                && got.bySequence(producerId).values().stream().allMatch(l -> l.size() >= 2), () -> broken(SHARE,
                "a record released is delivered again until the group's delivery count limit", "with a limit of 2, "
                        + redelivered(got, producerId) + " of " + n + " records released on every delivery came back"));
        Bounded.pause(settleTime().multipliedBy(2));
        got.bySequence(producerId).forEach((sequence, deliveries) -> check(deliveries.size() == 2, "BenchmarkDriver.prepareShareGroup",
                "a record released on its last allowed delivery (ShareGroupSettings.deliveryCountLimit) is archived, never delivered again",
                () -> "with a limit of 2, message " + sequence + " was delivered " + deliveries.size() + " times"));
    }

    @Test
    void implicitAcknowledgementAcceptsEveryRecordWhateverTheCallbackAnswers() {
        BenchmarkDriver<C> driver = startDriver();
        requireFeature(driver, ConsumerFeature.SHARE_GROUPS);
        String topic = createTopic(driver, "share-implicit", 2);
        String group = name("share-implicit");
        prepareShare(driver, group, ShareGroupSettings.DEFAULTS);
        ShareDeliveries got = new ShareDeliveries((stamp, count) -> Acknowledgement.RELEASE, Duration.ZERO);
        shareConsumer(driver, topic, group, AcknowledgementMode.IMPLICIT, got);
        BenchmarkProducer producer = producer(driver, topic);
        long producerId = producerId();
        int n = 30;
        awaitAcks(send(producer, messages(n, producerId, true)));
        Bounded.until(callTimeout(), () -> got.bySequence(producerId).size() == n, () -> broken(SHARE,
                "a share group delivers every record", got.bySequence(producerId).size() + " of " + n + " messages were delivered"));
        Bounded.until(callTimeout(), () -> committed(List.of(got)).get(0) >= n, () -> broken(COMMIT,
                "in implicit mode every record delivered is accepted, and reported in a commit", "the successful commits reported "
                        + committed(List.of(got)) + " (accepted, released, rejected) for " + n + " records"));
        Bounded.pause(settleTime());
        check(committed(List.of(got)).equals(List.of((long) n, 0L, 0L)), COMMIT, "in implicit mode the callback's answer is ignored: "
                + "every record is accepted once", () -> "the commits reported " + committed(List.of(got)) + " for " + n + " records");
        got.bySequence(producerId).forEach((sequence, deliveries) -> check(deliveries.size() == 1, SHARE,
                "in implicit mode a record is accepted once the callback returned: never delivered again",
                () -> "message " + sequence + " was delivered " + deliveries.size() + " times"));
    }

    @Test
    void aShareGroupSettingOutOfRangeIsRefusedNamingIt() {
        BenchmarkDriver<C> driver = startDriver();
        requireFeature(driver, ConsumerFeature.SHARE_GROUPS);
        String group = name("share-range");
        String call = "prepareShareGroup(" + group + ", deliveryCountLimit 1000)";
        Throwable failure = Bounded.failureOf(call, callTimeout(),
                Bounded.call(call, callTimeout(), () -> driver.prepareShareGroup(group, ShareGroupSettings.DEFAULTS.withDeliveryCountLimit(1000))));
        check(failure instanceof DriverException && failure.getMessage() != null
                        && failure.getMessage().toLowerCase(java.util.Locale.ROOT).contains("delivery")
                        && failure.getMessage().contains("1000"), "BenchmarkDriver.prepareShareGroup",
                "a setting the system does not allow is refused with a DriverException naming the setting, the value and the range",
                () -> call + (failure == null ? " succeeded" : " failed with " + Bounded.describe(failure)));
    }

    @Test
    void aConsumerClosedAsACrashDeliversNothingMore() {
        BenchmarkDriver<C> driver = startDriver();
        requireFeature(driver, ConsumerFeature.CRASH_CLOSE);
        String topic = createTopic(driver, "crash", 1);
        Deliveries got = new Deliveries();
        BenchmarkConsumer consumer = consumer(driver, topic, name("crash"), got);
        awaitAssigned(List.of(consumer), 1);
        BenchmarkProducer producer = producer(driver, topic);
        long before = producerId();
        awaitAcks(send(producer, messages(5, before, false)));
        got.awaitFrom(before, 5, callTimeout(), "ConsumerCallback", "a consumer gets the messages sent after it holds its partitions");
        opened.remove(consumer);
        Bounded.run("closeAsCrash()", callTimeout(), consumer::closeAsCrash);
        long crashedAt = System.nanoTime();
        try {
            Bounded.run("close() after closeAsCrash()", callTimeout(), consumer::close);
        } catch (RuntimeException e) {
            throw broken("BenchmarkConsumer.closeAsCrash", "a later close() does nothing (the framework may close every consumer "
                    + "at the end)", "close() after closeAsCrash() threw " + Bounded.describe(e), e);
        }

        ShareDeliveries shareGot = null;
        long shareCrashedAt = 0;
        boolean share = driver.consumerFeatures().contains(ConsumerFeature.SHARE_GROUPS);
        if (share) {
            String group = name("crash-share");
            prepareShare(driver, group, ShareGroupSettings.DEFAULTS);
            shareGot = ShareDeliveries.acceptingAll();
            BenchmarkConsumer member = shareConsumer(driver, topic, group, AcknowledgementMode.IMPLICIT, shareGot);
            ShareDeliveries g = shareGot;
            Bounded.until(callTimeout(), () -> g.count() >= 5, () -> broken(SHARE, "a share group delivers every record",
                    g.count() + " of 5 messages were delivered"));
            opened.remove(member);
            Bounded.run("closeAsCrash() of a share consumer", callTimeout(), member::closeAsCrash);
            shareCrashedAt = System.nanoTime();
        }
        awaitAcks(send(producer, messages(20, producerId(), false)));
        Bounded.pause(settleTime());
        List<Deliveries.Delivery> after = got.after(crashedAt);
        check(after.isEmpty(), "BenchmarkConsumer.closeAsCrash", "a consumer closed as a crash delivers nothing more",
                () -> after.size() + " message(s) were delivered after closeAsCrash() returned");
        if (share) {
            List<ShareDeliveries.Delivery> shareAfter = shareGot.after(shareCrashedAt);
            check(shareAfter.isEmpty(), "BenchmarkConsumer.closeAsCrash", "a share consumer closed as a crash delivers nothing more",
                    () -> shareAfter.size() + " record(s) were delivered after closeAsCrash() returned");
        }
    }

    @Test
    void membersOfEitherGroupProtocolStaticOrNotGetEveryMessageOnce() {
        BenchmarkDriver<C> driver = startDriver();
        requireFeature(driver, ConsumerFeature.GROUP_PROTOCOL);
        Set<ConsumerFeature> features = driver.consumerFeatures();
        for (GroupProtocol protocol : GroupProtocol.values()) {
            int partitions = 2;
            String topic = createTopic(driver, "protocol-" + protocol.label(), partitions);
            String group = name("protocol-" + protocol.label());
            Deliveries got = new Deliveries();
            ConsumerRequest.GroupMember request = ConsumerRequest.groupMember(topic, group, got).withProtocol(protocol);
            if (features.contains(ConsumerFeature.STATIC_MEMBERSHIP)) {
                request = request.withGroupInstanceId(group + "-member-0");
            }
            if (features.contains(ConsumerFeature.SESSION_TIMEOUT)) {
                request = request.withSessionTimeout(Duration.ofSeconds(45)); // Kafka's default: in range on any cluster
            }
            ConsumerRequest.GroupMember o = request;
            BenchmarkConsumer consumer = consumer(driver, o, "BenchmarkDriver.createConsumer(options)");
            checkMembership(consumer, o);
            awaitAssigned(List.of(consumer), partitions);
            BenchmarkProducer producer = producer(driver, topic);
            List<Outgoing> sent = messages(20, producerId(), true);
            awaitAcks(send(producer, sent));
            got.awaitFrom(sent.get(0).stamp().producerId(), sent.size(), callTimeout(), "BenchmarkDriver.createConsumer(options)",
                    "a member made with options (" + o + ") gets every message");
            Bounded.pause(settleTime());
            checkEachDeliveredOnce(sent, got, "BenchmarkDriver.createConsumer(options)", "a steady group of either protocol gets each "
                    + "message once (" + protocol.label() + ")");
        }
    }

    /** A member that says how it was made says what it was asked for: the options win over the driver file and defaults. */
    private void checkMembership(BenchmarkConsumer consumer, ConsumerRequest.GroupMember asked) {
        String where = "BenchmarkConsumer.groupMembership";
        Optional<GroupMembership> said = Bounded.call("groupMembership()", callTimeout(), consumer::groupMembership);
        check(said != null, where, "what the member says of itself, or empty when it says nothing", () -> "it returned null");
        if (said.isEmpty()) {
            return; // optional: the driver does not say
        }
        GroupMembership m = said.get();
        check(asked.protocol().equals(Optional.of(m.protocol())) && m.protocolFrom() == GroupMembership.Source.OPTIONS, where,
                "a member asked for a protocol reports it, from the options", () -> "asked " + asked.protocol() + ", reported " + m);
        check(m.staticMember() == asked.groupInstanceId().isPresent(), where, "a member is static when given a group instance id",
                () -> "asked " + asked + ", reported " + m);
    }

    private void requireFeature(BenchmarkDriver<C> driver, ConsumerFeature feature) {
        Set<ConsumerFeature> declared = driver.consumerFeatures();
        Assumptions.assumeTrue(declared != null && declared.contains(feature), () -> "the driver does not declare ConsumerFeature."
                + feature + " (" + feature.description() + "): not tested");
    }

    private void prepareShare(BenchmarkDriver<C> driver, String group, ShareGroupSettings settings) {
        Bounded.await("prepareShareGroup(" + group + ", " + settings + ")", callTimeout(), driver.prepareShareGroup(group, settings));
    }

    private BenchmarkConsumer shareConsumer(BenchmarkDriver<C> driver, String topic, String group, AcknowledgementMode mode,
                                            ShareDeliveries callback) {
        return consumer(driver, ConsumerRequest.shareMember(topic, group, mode, callback), SHARE);
    }

    private void checkOneAtATime(ShareDeliveries d) {
        check(!d.overlapped(), SHARE_CALLBACK, "the callback runs on the consumer's own thread, one record at a time",
                () -> "two threads were in the callback at once");
        check(!d.receivedLate(), SHARE_CALLBACK, "receivedNanos is when the driver got the record, at or before the call",
                () -> "a record came with a receivedNanos after the call");
    }

    private static Set<Long> shareSequences(List<ShareDeliveries> group, long producerId) {
        Set<Long> seen = new HashSet<>();
        group.forEach(d -> seen.addAll(d.bySequence(producerId).keySet()));
        return seen;
    }

    /** The sequences of producer {@code producerId} some member answered {@code answer} for. */
    private static Set<Long> answered(List<ShareDeliveries> group, long producerId, Acknowledgement answer) {
        Set<Long> out = new HashSet<>();
        for (ShareDeliveries d : group) {
            d.bySequence(producerId).forEach((sequence, deliveries) -> {
                if (deliveries.stream().anyMatch(x -> x.answer() == answer)) {
                    out.add(sequence);
                }
            });
        }
        return out;
    }

    private static long redelivered(ShareDeliveries got, long producerId) {
        return got.bySequence(producerId).values().stream().filter(l -> l.size() > 1).count();
    }

    /** Accepted, released and rejected, over the successful commits of every member. */
    private static List<Long> committed(List<ShareDeliveries> group) {
        long accepted = 0;
        long released = 0;
        long rejected = 0;
        for (ShareDeliveries d : group) {
            for (AcknowledgementCommit c : d.commits()) {
                if (c.error() == null) {
                    accepted += c.accepted();
                    released += c.released();
                    rejected += c.rejected();
                }
            }
        }
        return List.of(accepted, released, rejected);
    }

    // ---- helpers ------------------------------------------------------------------------------

    /** One message to send, to {@code partition} or the driver's choice ({@link BenchmarkProducer#ANY_PARTITION}). */
    private record Outgoing(byte[] key, byte[] payload, int partition, MessageStamp stamp) {
        Outgoing(byte[] key, byte[] payload, MessageStamp stamp) {
            this(key, payload, BenchmarkProducer.ANY_PARTITION, stamp);
        }

        Outgoing to(int partition) {
            return new Outgoing(key, payload, partition, stamp);
        }
    }

    /** A new driver, initialized with {@link #config()}; closed after the test unless the test closes it. */
    private BenchmarkDriver<C> startDriver() {
        BenchmarkDriver<C> driver = newDriver();
        opened.add(driver);
        Bounded.run("initialize(config())", callTimeout(), () -> driver.initialize(config()));
        return driver;
    }

    /** A unique name for a topic or consumer group of this test run. */
    private String name(String what) {
        return "conformance-" + what + "-" + suffix + "-" + names++;
    }

    private long producerId() {
        return ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
    }

    private void createTopics(BenchmarkDriver<C> driver, List<TopicSpec> topics) {
        topics.forEach(t -> createdTopics.add(t.name()));
        Bounded.await("createTopics(" + topics + ")", callTimeout(), driver.createTopics(topics));
    }

    private String createTopic(BenchmarkDriver<C> driver, String what, int partitions) {
        String topic = name(what);
        createTopics(driver, List.of(new TopicSpec(topic, partitions)));
        return topic;
    }

    /** A producer of {@code topic} without user headers, as the framework makes one. */
    private BenchmarkProducer producer(BenchmarkDriver<C> driver, String topic) {
        BenchmarkProducer p = Bounded.await("createProducer(" + topic + ")", callTimeout(),
                driver.createProducer(topic, new ProducerOptions(name("producer"), null)));
        check(p != null, "BenchmarkDriver.createProducer", "completes with a producer", () -> "it completed with null");
        opened.add(p);
        return p;
    }

    /** A dynamic member of {@code group} from the earliest position, with the driver's defaults. */
    private BenchmarkConsumer consumer(BenchmarkDriver<C> driver, String topic, String group, Deliveries callback) {
        return consumer(driver, ConsumerRequest.groupMember(topic, group, callback), "BenchmarkDriver.createConsumer");
    }

    private BenchmarkConsumer consumer(BenchmarkDriver<C> driver, ConsumerRequest request, String where) {
        String call = "createConsumer(" + request + ")";
        BenchmarkConsumer c = Bounded.await(call, callTimeout(), driver.createConsumer(request));
        check(c != null, where, "completes with a consumer", () -> call + " completed with null");
        opened.add(c);
        return c;
    }

    /** A consumer the driver may refuse, as for runs on existing topics ({@link #optionalCall}). */
    private BenchmarkConsumer optionalConsumer(BenchmarkDriver<C> driver, ConsumerRequest request, String where) {
        String call = "createConsumer(" + request + ")";
        BenchmarkConsumer c = optionalCall(call, where, () -> driver.createConsumer(request));
        check(c != null, where, "completes with a consumer", () -> call + " completed with null");
        opened.add(c);
        return c;
    }

    private void closeNow(AutoCloseable c, String what) {
        closeNow(c, what, callTimeout());
    }

    private void closeNow(AutoCloseable c, String what, Duration limit) {
        opened.remove(c);
        Bounded.run(what, limit, c::close);
    }

    /** Waits until the members together hold every partition (the framework's readiness rule). */
    private void awaitAssigned(List<BenchmarkConsumer> members, int partitions) {
        Bounded.until(callTimeout(), () -> counts(members).stream().mapToInt(Integer::intValue).sum() == partitions,
                () -> broken("BenchmarkConsumer.assignedPartitionCount", "the members of one group together hold every "
                        + "partition of the topic", "after " + Bounded.seconds(callTimeout()) + " the " + members.size()
                        + " member(s) hold " + counts(members) + " of " + partitions + " partitions"));
    }

    private List<Integer> counts(List<BenchmarkConsumer> members) {
        List<Integer> out = new ArrayList<>();
        for (BenchmarkConsumer m : members) {
            out.add(Bounded.call("assignedPartitionCount()", callTimeout(), m::assignedPartitionCount));
        }
        return out;
    }

    private Set<Long> sequences(List<Deliveries> group, long producerId) {
        Set<Long> seen = new HashSet<>();
        group.forEach(d -> d.ofProducer(producerId).forEach(x -> seen.add(x.stamp().sequence())));
        return seen;
    }

    private Map<String, Integer> listed(Set<String> names) {
        Map<String, Integer> all = Bounded.call("systemTopics()", callTimeout(), this::systemTopics);
        if (all == null) {
            throw new AssertionFailedError("systemTopics() returned null: it must list the topics on the system");
        }
        Map<String, Integer> out = new HashMap<>();
        all.forEach((k, v) -> {
            if (names.contains(k)) {
                out.put(k, v);
            }
        });
        return out;
    }

    /**
     * {@code n} messages stamped with {@code producerId} and sequences 0..n-1, of varied sizes; with
     * {@code keyed}, every other one has a key. Payload arrays are shared between messages of one
     * size, as the framework shares them.
     */
    private List<Outgoing> messages(int n, long producerId, boolean keyed) {
        return messages(0, n, producerId, keyed);
    }

    /** Like {@link #messages(int, long, boolean)}, with sequences {@code from} to {@code from + n - 1}. */
    private List<Outgoing> messages(int from, int n, long producerId, boolean keyed) {
        long t0 = System.currentTimeMillis() * 1000;
        List<Outgoing> out = new ArrayList<>();
        for (int i = from; i < from + n; i++) {
            byte[] key = keyed && i % 2 == 1 ? ("key-" + i).getBytes(StandardCharsets.UTF_8) : null;
            out.add(new Outgoing(key, payload(PAYLOAD_SIZES[i % PAYLOAD_SIZES.length]), new MessageStamp(t0 + i, producerId, i)));
        }
        return out;
    }

    private final Map<Integer, byte[]> payloads = new HashMap<>();

    private byte[] payload(int size) {
        return payloads.computeIfAbsent(size, s -> {
            byte[] b = new byte[s];
            for (int i = 0; i < s; i++) {
                b[i] = (byte) (i * 31 + 7);
            }
            return b;
        });
    }

    /** Hands every message to the producer, on a bounded thread; a throw from a healthy producer fails the test. */
    private Completions send(BenchmarkProducer producer, List<Outgoing> messages) {
        Completions completions = new Completions(messages.size());
        Bounded.run("sendAsync of " + messages.size() + " message(s)", callTimeout(), () -> {
            for (int i = 0; i < messages.size(); i++) {
                Outgoing m = messages.get(i);
                try {
                    producer.sendAsync(m.key(), m.payload(), m.partition(), m.stamp(), completions.of(i));
                } catch (RuntimeException e) {
                    throw broken("BenchmarkProducer.sendAsync", "hands a message to a healthy client without failing",
                            "message " + i + " threw " + Bounded.describe(e), e);
                }
            }
        });
        return completions;
    }

    /** Waits until every send is acknowledged; fails naming the promise if one fails or hangs. */
    private void awaitAcks(Completions completions) {
        completions.awaitAll(callTimeout(), "every send completes, as soon as the cluster acknowledges it");
        List<Integer> failed = completions.failed();
        check(failed.isEmpty(), "SendCompletion", "a healthy cluster acknowledges sends to an existing topic (error null)",
                () -> failed.size() + " of " + completions.size() + " sends failed, the first with "
                        + Bounded.describe(completions.errorOf(failed.get(0))));
    }

    /** {@code describeTopics}, which a driver may refuse ({@link #optionalCall}); the map it completed with. */
    private Map<String, Integer> describe(BenchmarkDriver<C> driver, List<String> topics) {
        String call = "describeTopics(" + topics + ")";
        Map<String, Integer> answer = optionalCall(call, DESCRIBE, () -> driver.describeTopics(topics));
        check(answer != null, DESCRIBE, "completes with a map of topic to partition count", () -> call + " completed with null");
        return answer;
    }

    /**
     * What a call of {@code existingTopics} runs completed with. A refusal made the documented way (the
     * future completes exceptionally with a DriverException) aborts the test, unless
     * {@link #supportsExistingTopics()}; a throw, or a failure of another type, fails it.
     */
    private <T> T optionalCall(String call, String where, Bounded.Call<CompletableFuture<T>> start) {
        CompletableFuture<T> future;
        try {
            future = Bounded.call(call, callTimeout(), start);
        } catch (RuntimeException e) {
            // The framework waits on the future: a throw escapes the error handling made for refusals.
            throw broken(where, "the call completes its future, also to refuse (exceptionally, with a DriverException); it does "
                    + "not throw", call + " threw " + Bounded.describe(e), e);
        }
        Throwable failure = Bounded.failureOf(call, callTimeout(), future);
        if (failure == null) {
            return future.join();
        }
        check(!supportsExistingTopics(), where, "supported by this driver (its suite's supportsExistingTopics() is true), so a "
                + "healthy system answers", () -> call + " failed with " + Bounded.describe(failure));
        check(failure instanceof DriverException && failure.getMessage() != null && !failure.getMessage().isBlank(), where,
                "a driver that cannot do it completes the future exceptionally with a DriverException telling the user what to do",
                () -> call + " failed with " + Bounded.describe(failure));
        return Assumptions.abort("the driver refuses " + call + " the documented way (" + failure.getMessage()
                + "): existingTopics runs are not available with it");
    }

    private static Map<MessageStamp, List<Deliveries.Delivery>> byStamp(List<Deliveries.Delivery> deliveries) {
        Map<MessageStamp, List<Deliveries.Delivery>> out = new HashMap<>();
        for (Deliveries.Delivery d : deliveries) {
            if (d.stamp() != null) {
                out.computeIfAbsent(d.stamp(), k -> new ArrayList<>()).add(d);
            }
        }
        return out;
    }

    /** The stamped message {@code m} arrived once, with its stamp unchanged and its payload size. */
    private static void checkArrivedOnceUnchanged(Outgoing m, Map<MessageStamp, List<Deliveries.Delivery>> byStamp) {
        List<Deliveries.Delivery> match = byStamp.getOrDefault(m.stamp(), List.of());
        check(!match.isEmpty(), "BenchmarkProducer.sendAsync / ConsumerCallback",
                "the stamp (intended send time, producer id, sequence) reaches the consumer unchanged",
                () -> "no message arrived with " + m.stamp() + "; " + nearest(m.stamp(), byStamp.keySet()));
        check(match.size() == 1, "ConsumerCallback", "a steady consumer group gets each message once",
                () -> "the message with " + m.stamp() + " arrived " + match.size() + " times");
        check(match.get(0).payloadSizeBytes() == m.payload().length, "ConsumerCallback",
                "payloadSizeBytes is the size of the record value the producer sent",
                () -> "the message with " + m.stamp() + " was sent with " + m.payload().length + " bytes, delivered with "
                        + match.get(0).payloadSizeBytes());
    }

    /** Each of the stamped messages {@code sent} arrived once, unchanged, and nothing else arrived. */
    private static void checkEachDeliveredOnce(List<Outgoing> sent, Deliveries got, String where, String promise) {
        List<Deliveries.Delivery> all = got.all();
        Map<MessageStamp, List<Deliveries.Delivery>> byStamp = byStamp(all);
        sent.forEach(m -> checkArrivedOnceUnchanged(m, byStamp));
        check(all.size() == sent.size(), where, promise, () -> sent.size() + " messages sent, " + all.size() + " delivered");
        check(!got.overlapped(), "ConsumerCallback", "the callback runs on the consumer's own thread, one message at a time",
                () -> "two threads were in the callback at once");
    }

    /** What arrived instead of {@code sent}: the stamp with its producer id and sequence, or a few stamps that arrived. */
    private static String nearest(MessageStamp sent, Set<MessageStamp> arrived) {
        for (MessageStamp s : arrived) {
            if (sent.checksIntegrity() && s.producerId() == sent.producerId() && s.sequence() == sent.sequence()) {
                return "it arrived as " + s;
            }
        }
        return "the stamps that arrived include " + sample(arrived);
    }

    private static String sample(Set<MessageStamp> stamps) {
        return stamps.stream().limit(3).map(String::valueOf).collect(Collectors.joining(", ", "[", stamps.size() > 3 ? ", ...]" : "]"));
    }

    private static String quoted(String s) {
        return s == null ? "null" : "'" + s + "'";
    }
}
