package io.kbench.config;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Shared assertions: messages are for users, not developers. */
final class Messages {

    private Messages() {
    }

    /** No class names, no Jackson wording, no stack-trace fragments. */
    static void assertUserFacing(ConfigException e) {
        String m = e.getMessage();
        for (String forbidden : new String[] {"java.", "io.kbench", "com.fasterxml", "org.yaml", "Exception",
                "JsonToken", "`", "\tat ", "DeserializationFeature", "reference chain"}) {
            assertFalse(m.contains(forbidden), () -> "message contains '" + forbidden + "': " + m);
        }
    }

    static void assertContains(String message, String... parts) {
        for (String part : parts) {
            assertTrue(message.contains(part), () -> "expected '" + part + "' in: " + message);
        }
    }
}
