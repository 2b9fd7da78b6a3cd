package io.kbench.deploy.aws;

import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import com.pulumi.resources.Resource;
import com.pulumi.test.Mocks;
import com.pulumi.test.internal.MockMonitor;
import com.pulumi.test.internal.PulumiTestInternal;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import pulumirpc.Resource.RegisterResourceRequest;
import pulumirpc.Resource.RegisterResourceResponse;

/**
 * Keeps each resource's inputs as the engine would receive them, where secrets are still wrapped
 * in Pulumi's secret marker (the {@link Mocks} see them unwrapped): so a test can tell whether a
 * value leaves the program as a secret.
 */
final class WireRecorder extends MockMonitor {

    /** Pulumi's marker of a secret value on the wire. */
    static final String SECRET_SIG = "4dabf18193072939515e22adb298388d";

    record Registration(String type, String name, Struct inputs) {}

    final List<Registration> registrations = new CopyOnWriteArrayList<>();

    WireRecorder(Mocks mocks) {
        super(mocks, PulumiTestInternal.mockLog());
    }

    @Override
    public CompletableFuture<RegisterResourceResponse> registerResourceAsync(Resource resource, RegisterResourceRequest request) {
        registrations.add(new Registration(request.getType(), request.getName(), request.getObject()));
        return super.registerResourceAsync(resource, request);
    }

    Registration only(String type) {
        List<Registration> matching = registrations.stream().filter(r -> r.type().equals(type)).toList();
        if (matching.size() != 1) {
            throw new AssertionError("expected one " + type + ", got " + matching.size());
        }
        return matching.get(0);
    }

    static boolean isSecret(Value value) {
        return value.hasStructValue() && value.getStructValue().containsFields(SECRET_SIG);
    }

    static String secretText(Value value) {
        return value.getStructValue().getFieldsOrThrow("value").getStringValue();
    }

    /** Whether {@code text} occurs in a string anywhere in {@code value} outside a secret. */
    static boolean inClear(Value value, String text) {
        if (isSecret(value)) {
            return false;
        }
        return switch (value.getKindCase()) {
            case STRING_VALUE -> value.getStringValue().contains(text);
            case STRUCT_VALUE -> value.getStructValue().getFieldsMap().values().stream().anyMatch(v -> inClear(v, text));
            case LIST_VALUE -> value.getListValue().getValuesList().stream().anyMatch(v -> inClear(v, text));
            default -> false;
        };
    }
}
