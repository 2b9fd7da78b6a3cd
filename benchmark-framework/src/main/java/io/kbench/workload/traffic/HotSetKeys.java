package io.kbench.workload.traffic;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A hot set: {@code hotMessagesPercent} % of the messages on the first {@code hotKeysPercent} % of the keys
 * (at least one key), each hot key as often as another, and the rest spread evenly over the other keys.
 */
final class HotSetKeys implements KeyShape {

    @Override
    public String name() {
        return "hot-set";
    }

    @Override
    public String description() {
        return "hotMessagesPercent % of the messages on hotKeysPercent % of the keys, evenly within each set";
    }

    @Override
    public Set<String> parameters() {
        return Set.of("hotKeysPercent", "hotMessagesPercent");
    }

    @Override
    public List<Issue> issues(KeySpec spec) {
        List<Issue> issues = new ArrayList<>();
        Double keys = spec.hotKeysPercent();
        Double messages = spec.hotMessagesPercent();
        if (keys == null) {
            issues.add(new Issue("", "keys.hotKeysPercent is missing: hot-set needs the share of hot keys, above 0 and below 100"));
        } else if (!(keys > 0 && keys < 100)) {
            issues.add(new Issue("hotKeysPercent", "keys.hotKeysPercent must be above 0 and below 100, got " + keys));
        }
        if (messages == null) {
            issues.add(new Issue("", "keys.hotMessagesPercent is missing: hot-set needs the share of messages on the hot keys, "
                    + "above hotKeysPercent and at most 100"));
        } else if (!(messages > 0 && messages <= 100)) {
            issues.add(new Issue("hotMessagesPercent", "keys.hotMessagesPercent must be above 0 and at most 100, got " + messages));
        } else if (keys != null && keys > 0 && keys < 100 && messages <= keys) {
            issues.add(new Issue("hotMessagesPercent", String.format(Locale.ROOT, "keys.hotMessagesPercent (%s) must be above "
                    + "hotKeysPercent (%s): otherwise the hot keys are not hot", messages, keys)));
        }
        return issues;
    }

    @Override
    public double[] weights(KeySpec spec) {
        int count = spec.count();
        int hot = hotKeys(spec);
        double[] w = new double[count];
        double hotShare = spec.hotMessagesPercent() / 100;
        for (int i = 0; i < count; i++) {
            w[i] = i < hot ? hotShare / hot : hot == count ? 0 : (1 - hotShare) / (count - hot);
        }
        return w;
    }

    /** The hot keys: the first hotKeysPercent % of them, at least 1. */
    static int hotKeys(KeySpec spec) {
        return (int) Math.max(1, Math.min(spec.count(), Math.round(spec.count() * spec.hotKeysPercent() / 100)));
    }
}
