package io.kbench.warning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fixtures are real messages of kafka-clients 4.3.1 (the formatted message, after the logger name),
 * collected from a local broker that was killed, paused (SIGSTOP), had its topic deleted, moved its
 * partition leaders (reassignment + preferred election on 3 brokers) or refused a wrong SASL password.
 */
class WarningClassifierTest {

    private static final String UNREACHABLE = "broker 127.0.0.1:39345 unreachable";
    private static final String CONNECTION_LOST = "connection to a broker lost with produce requests in flight (the producers retry)";
    private static final String COMMIT = "consumer offset commits failed (the consumers commit again later)";
    private static final String UNKNOWN_TOPIC = "topic unknown to the cluster (UNKNOWN_TOPIC_OR_PARTITION): deleted, or not created yet";
    private static final String LEADER_MOVED =
            "partition leaders moved (NOT_LEADER_OR_FOLLOWER): the clients look up the new leaders and retry";
    private static final String TIMED_OUT = "requests to the cluster timed out (the clients retry until their timeouts run out)";

    private static String kind(String message, String... causes) {
        WarningKind kind = WarningClassifier.classify(message, List.of(causes));
        assertFalse(kind.sentence().matches("(?s).*(Exception|clientId=|Caused by|\\bat org\\.).*"),
                "no class names or client ids for users: " + kind.sentence());
        return kind.sentence();
    }

    @Test
    void aDeadBrokerIsOneKindPerAddress() {
        // Broker killed (kill -9) during a run of workloads/simple.yaml: ~660 of these in 2 minutes.
        assertEquals(UNREACHABLE, kind("[Producer clientId=producer-1] Connection to node -1 (/127.0.0.1:39345) could not be "
                + "established. Node may not be available."));
        assertEquals(UNREACHABLE, kind("[Consumer clientId=consumer-kbench-a0a6c5f2-0-sub-0-1, groupId=kbench-a0a6c5f2-0-sub-0] "
                + "Connection to node 1 (/127.0.0.1:39345) could not be established. Node may not be available."));
        assertEquals(UNREACHABLE, kind("[AdminClient clientId=adminclient-1] Connection to node -1 (/127.0.0.1:39345) could not be "
                + "established. Node may not be available."));
        assertEquals(UNREACHABLE, kind("[Producer clientId=producer-1] Bootstrap broker 127.0.0.1:39345 (id: -1 rack: null "
                + "isFenced: false) disconnected"));
        assertEquals("broker 127.0.0.1:40001 unreachable", kind("[Producer clientId=producer-1] Connection to node 2 "
                + "(/127.0.0.1:40001) could not be established. Node may not be available."));
    }

    @Test
    void produceRequestsCutOffByTheDeadBroker() {
        assertEquals(CONNECTION_LOST, kind("[Producer clientId=producer-1] Got error produce response with correlation id 4408 on "
                + "topic-partition kbench-e50593b9-0-2, retrying (2147483646 attempts left). Error: NETWORK_EXCEPTION. Error Message: "
                + "Disconnected from node 1"));
        assertEquals(CONNECTION_LOST, kind("[Producer clientId=producer-1] Received invalid metadata error in produce request on "
                + "partition kbench-e50593b9-0-2 due to org.apache.kafka.common.errors.NetworkException: Disconnected from node 1 "
                + "Going to request metadata update now"));
    }

    @Test
    void commitFailures() {
        // Logged at ERROR with the exception attached; the console used to show its class and "Caused by".
        assertEquals(COMMIT, kind("[Consumer clientId=consumer-kbench-e50593b9-0-sub-0-1, groupId=kbench-e50593b9-0-sub-0] Offset "
                        + "commit with offsets {kbench-e50593b9-0-3=OffsetAndMetadata{offset=50075, leaderEpoch=0, metadata=''}, "
                        + "kbench-e50593b9-0-0=OffsetAndMetadata{offset=47009, leaderEpoch=0, metadata=''}} failed",
                "org.apache.kafka.clients.consumer.RetriableCommitFailedException: Offset commit failed with a retriable exception. "
                        + "You should retry committing the latest consumed offsets.",
                "org.apache.kafka.common.errors.DisconnectException"));
        // Topic deleted under the consumer.
        assertEquals(COMMIT, kind("[Consumer clientId=consumer-g-1, groupId=g] Offset commit failed on partition t-2 at offset 965: "
                + "This server does not host this topic-partition."));
    }

    @Test
    void requestTimeouts() {
        // Broker paused (SIGSTOP) for 20 s.
        assertEquals(TIMED_OUT, kind("[Producer clientId=producer-1] Got error produce response with correlation id 812 on "
                + "topic-partition t-0, retrying (2147483646 attempts left). Error: REQUEST_TIMED_OUT. Error Message: Disconnected "
                + "from node 1 due to timeout"));
        // Any message that comes with the clients' TimeoutException (this one made up; the exception's text is real).
        assertEquals(TIMED_OUT, kind("Failed to delete topics", "org.apache.kafka.common.errors.TimeoutException: Timed out "
                + "waiting for a node assignment. Call: deleteTopics"));
    }

    @Test
    void metadataErrors() {
        // Topic deleted while producing and consuming.
        assertEquals(UNKNOWN_TOPIC, kind("[Producer clientId=producer-1] The metadata response from the cluster reported a "
                + "recoverable issue with correlation id 57 : {t=UNKNOWN_TOPIC_OR_PARTITION}"));
        assertEquals(UNKNOWN_TOPIC, kind("[Consumer clientId=consumer-g-1, groupId=g] Received unknown topic or partition error "
                + "in fetch for partition t-2"));
        assertEquals(UNKNOWN_TOPIC, kind("[Producer clientId=producer-1] Received invalid metadata error in produce request on "
                + "partition t-0 due to org.apache.kafka.common.errors.UnknownTopicIdException: This server does not host this "
                + "topic ID. Going to request metadata update now"));
        assertEquals(UNKNOWN_TOPIC, kind("[Producer clientId=producer-1] Got error produce response with correlation id 77 on "
                + "topic-partition t-0, retrying (2147483646 attempts left). Error: UNKNOWN_TOPIC_ID"));
        // The same 4.3 message with the other code Kafka puts there (not seen in our runs), and Kafka 3.x's wording.
        String noLeader = "partitions without a leader (LEADER_NOT_AVAILABLE): a broker is down or a leader election is under way";
        assertEquals(noLeader, kind("[Producer clientId=producer-1] The metadata response from the cluster reported a recoverable "
                + "issue with correlation id 9 : {t=LEADER_NOT_AVAILABLE}"));
        assertEquals(noLeader, kind("[Producer clientId=producer-1] Error while fetching metadata with correlation id 9 : "
                + "{t=LEADER_NOT_AVAILABLE}"));
        assertEquals("metadata requests report TOPIC_AUTHORIZATION_FAILED", kind("[Producer clientId=producer-1] The metadata "
                + "response from the cluster reported a recoverable issue with correlation id 9 : {t=TOPIC_AUTHORIZATION_FAILED}"));
    }

    @Test
    void leadersThatMoved() {
        // Partition reassignment and preferred leader election on 3 brokers while producing.
        assertEquals(LEADER_MOVED, kind("[Producer clientId=producer-1] Got error produce response with correlation id 301 on "
                + "topic-partition t-0, retrying (2147483646 attempts left). Error: NOT_LEADER_OR_FOLLOWER"));
        assertEquals(LEADER_MOVED, kind("[Producer clientId=producer-1] Received invalid metadata error in produce request on "
                + "partition t-1 due to org.apache.kafka.common.errors.NotLeaderOrFollowerException: For requests intended only for "
                + "the leader, this error indicates that the broker is not the current leader. For requests intended for any "
                + "replica, this error indicates that the broker is not a replica of the topic partition. Going to request "
                + "metadata update now"));
        assertEquals("produce requests failed with OUT_OF_ORDER_SEQUENCE_NUMBER (the producers retry)", kind("[Producer "
                + "clientId=producer-1] Got error produce response with correlation id 305 on topic-partition t-0, retrying "
                + "(2147483646 attempts left). Error: OUT_OF_ORDER_SEQUENCE_NUMBER"));
    }

    @Test
    void authentication() {
        // SASL_PLAINTEXT (PLAIN) with a wrong password.
        assertEquals("authentication to broker 127.0.0.1:43095 failed: Invalid username or password",
                kind("[Producer clientId=producer-1] Connection to node -1 (localhost/127.0.0.1:43095) failed authentication due "
                        + "to: Authentication failed: Invalid username or password"));
        assertEquals("authentication failed: Invalid username or password", kind("[AdminClient clientId=adminclient-1] Fatal error "
                + "during metadata update", "org.apache.kafka.common.errors.SaslAuthenticationException: Authentication failed: "
                + "Invalid username or password"));
        // The Kafka driver's own warning when poll() throws.
        assertEquals("authentication failed: Invalid username or password", kind("consumer poll failed (retrying): "
                + "SaslAuthenticationException: Authentication failed: Invalid username or password"));
    }

    @Test
    void throttling() {
        // kafka-clients 4.3 says so only at DEBUG ("Connection to node {} is throttled for {} ms until timestamp {}"), so with
        // the default WARN this kind stays empty; throttle time is in the clients' metrics.
        assertEquals("the cluster throttled the clients (a quota was reached)",
                kind("[Producer clientId=producer-1] Connection to node 1 is throttled for 120 ms until timestamp 1763859000000"));
    }

    @Test
    void anythingElseIsItsOwnKindWithoutClassNamesAndVaryingParts() {
        WarningKind close = WarningClassifier.classify("Closing a producer failed: org.apache.kafka.common.KafkaException: Failed to "
                + "close kafka producer", List.of());
        assertEquals("Closing a producer failed: Failed to close kafka producer", close.sentence());

        WarningKind lease1 = WarningClassifier.classify("The lease of run 1a2b3c4d ran out (no word from http://127.0.0.1:41234 for "
                + "15000 ms): stopping all load; this worker is idle again", List.of());
        WarningKind lease2 = WarningClassifier.classify("The lease of run 9f8e7d6c ran out (no word from http://127.0.0.1:41234 for "
                + "15000 ms): stopping all load; this worker is idle again", List.of());
        assertEquals(lease1.key(), lease2.key(), "repeats that differ only in ids and numbers are one kind");
        assertTrue(lease1.sentence().startsWith("The lease of run 1a2b3c4d ran out"), lease1.sentence());
        assertNotEquals(close.key(), lease1.key());

        assertEquals("Failed to close kafka producer", WarningClassifier.classify("",
                List.of("org.apache.kafka.common.KafkaException: Failed to close kafka producer")).sentence());
        String longText = "x".repeat(500);
        assertEquals(WarningClassifier.MAX_SENTENCE_CHARS, WarningClassifier.classify(longText + "\n\tat a.B.c(B.java:1)", List.of())
                .sentence().length());
    }

    @Test
    void errorCodesFromExceptionNames() {
        assertEquals("NOT_LEADER_OR_FOLLOWER", WarningClassifier.errorCode("org.apache.kafka.common.errors.NotLeaderOrFollowerException"));
        assertEquals("NETWORK_EXCEPTION", WarningClassifier.errorCode("NetworkException"));
        assertEquals("UNKNOWN_TOPIC_ID", WarningClassifier.errorCode("UnknownTopicIdException"));
        assertEquals("REQUEST_TIMED_OUT", WarningClassifier.errorCode("TimeoutException"));
    }
}
