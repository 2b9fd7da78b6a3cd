package io.kbench.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.core.io.NumberInput;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * Wraps the YAML parser: expands placeholders in string values as they are read (so token locations stay
 * those of the original text), rejects YAML aliases, words duplicate keys (found by Jackson's
 * {@code STRICT_DUPLICATE_DETECTION}) for the user, and records the line of every key and list element in a
 * {@link LineIndex}.
 */
final class ResolvingParser extends JsonParserDelegate {

    private final PlaceholderResolver resolver;
    private final ConfigSource source;
    private final LineIndex index;
    /** Expanded text of the current VALUE_STRING token when it differs from the raw text, else null. */
    private String resolved;
    private boolean skipping;

    ResolvingParser(JsonParser yaml, PlaceholderResolver resolver, ConfigSource source, LineIndex index) {
        super(yaml);
        this.resolver = resolver;
        this.source = source;
        this.index = index;
    }

    @Override
    public JsonToken nextToken() throws IOException {
        resolved = null;
        JsonToken token;
        try {
            token = delegate.nextToken();
        } catch (StreamReadException e) {
            rejectDuplicateKey(e);
            throw e;
        }
        if (token == null) {
            return null;
        }
        if (!token.isStructEnd()) {
            // A key and its value share a path; the index keeps the first line, so a value is recorded only
            // where it has no key: list elements and the root.
            int line = line();
            index.record(currentPath(), line);
            if (token == JsonToken.VALUE_STRING) {
                onString(line);
            }
        }
        return token;
    }

    @Override
    public JsonToken nextValue() throws IOException {
        JsonToken token = nextToken();
        return token == JsonToken.FIELD_NAME ? nextToken() : token;
    }

    @Override
    public JsonParser skipChildren() throws IOException {
        JsonToken token = currentToken();
        if (token != JsonToken.START_OBJECT && token != JsonToken.START_ARRAY) {
            return this;
        }
        skipping = true;
        try {
            int depth = 1;
            while (depth > 0) {
                JsonToken next = nextToken();
                if (next == null) {
                    break;
                } else if (next.isStructStart()) {
                    depth++;
                } else if (next.isStructEnd()) {
                    depth--;
                }
            }
        } finally {
            skipping = false;
        }
        return this;
    }

    /** True if the current string value changed when placeholders were expanded. */
    boolean currentValueExpanded() {
        return resolved != null && currentToken() == JsonToken.VALUE_STRING;
    }

    /** The current string value as written in the file (placeholders not expanded). */
    String rawText() throws IOException {
        return delegate.getText();
    }

    private int line() {
        return delegate.currentTokenLocation().getLineNr();
    }

    /** Jackson's STRICT_DUPLICATE_DETECTION saw a key twice: name both lines (the first is in the index). */
    private void rejectDuplicateKey(StreamReadException e) throws IOException {
        String name = delegate.currentName();
        if (name != null && ("Duplicate field '" + name + "'").equals(e.getOriginalMessage())) {
            List<Object> path = currentPath();
            throw ConfigException.at(source.name(), e.getLocation().getLineNr(), LineIndex.describe(path),
                    "duplicate key '" + name + "' (first set on line " + index.lineOf(path) + "); remove one of them");
        }
    }

    private void onString(int line) throws IOException {
        if (delegate instanceof YAMLParser yaml && yaml.isCurrentAlias()) {
            throw ConfigException.at(source.name(), line, LineIndex.describe(currentPath()),
                    "YAML aliases (*" + delegate.getText() + ") are not supported; write the value out instead");
        }
        if (skipping) {
            return;
        }
        String raw = delegate.getText();
        if (raw.indexOf('$') >= 0) {
            String expanded = resolver.resolve(raw, source, line, LineIndex.describe(currentPath()));
            resolved = expanded.equals(raw) ? null : expanded;
        }
    }

    /** Path of the current key or value. */
    List<Object> currentPath() {
        List<Object> path = new ArrayList<>();
        JsonStreamContext ctx = delegate.getParsingContext();
        // A mapping or list that has just started has no slot of its own yet: its place is in its parent.
        addSlot(ctx != null && !ctx.hasPathSegment() ? ctx.getParent() : ctx, path);
        return path;
    }

    private static void addSlot(JsonStreamContext ctx, List<Object> path) {
        if (ctx == null || ctx.inRoot()) {
            return;
        }
        addSlot(ctx.getParent(), path);
        if (ctx.inArray()) {
            path.add(Math.max(0, ctx.getCurrentIndex()));
        } else if (ctx.getCurrentName() != null) {
            path.add(ctx.getCurrentName());
        }
    }

    // --- expanded text for VALUE_STRING tokens ---

    @Override
    public String getText() throws IOException {
        return currentValueExpanded() ? resolved : delegate.getText();
    }

    @Override
    public String getValueAsString() throws IOException {
        return currentValueExpanded() ? resolved : delegate.getValueAsString();
    }

    @Override
    public String getValueAsString(String defaultValue) throws IOException {
        return currentValueExpanded() ? resolved : delegate.getValueAsString(defaultValue);
    }

    @Override
    public boolean hasTextCharacters() {
        return !currentValueExpanded() && delegate.hasTextCharacters();
    }

    @Override
    public char[] getTextCharacters() throws IOException {
        return currentValueExpanded() ? resolved.toCharArray() : delegate.getTextCharacters();
    }

    @Override
    public int getTextLength() throws IOException {
        return currentValueExpanded() ? resolved.length() : delegate.getTextLength();
    }

    @Override
    public int getTextOffset() throws IOException {
        return currentValueExpanded() ? 0 : delegate.getTextOffset();
    }

    @Override
    public int getText(Writer writer) throws IOException {
        if (!currentValueExpanded()) {
            return delegate.getText(writer);
        }
        writer.write(resolved);
        return resolved.length();
    }

    @Override
    public int getValueAsInt() throws IOException {
        return currentValueExpanded() ? NumberInput.parseAsInt(resolved.trim(), 0) : delegate.getValueAsInt();
    }

    @Override
    public int getValueAsInt(int defaultValue) throws IOException {
        return currentValueExpanded() ? NumberInput.parseAsInt(resolved.trim(), defaultValue)
                : delegate.getValueAsInt(defaultValue);
    }

    @Override
    public long getValueAsLong() throws IOException {
        return currentValueExpanded() ? NumberInput.parseAsLong(resolved.trim(), 0L) : delegate.getValueAsLong();
    }

    @Override
    public long getValueAsLong(long defaultValue) throws IOException {
        return currentValueExpanded() ? NumberInput.parseAsLong(resolved.trim(), defaultValue)
                : delegate.getValueAsLong(defaultValue);
    }

    @Override
    public double getValueAsDouble() throws IOException {
        return currentValueExpanded() ? NumberInput.parseAsDouble(resolved.trim(), 0.0, false)
                : delegate.getValueAsDouble();
    }

    @Override
    public double getValueAsDouble(double defaultValue) throws IOException {
        return currentValueExpanded() ? NumberInput.parseAsDouble(resolved.trim(), defaultValue, false)
                : delegate.getValueAsDouble(defaultValue);
    }

    @Override
    public boolean getValueAsBoolean() throws IOException {
        return getValueAsBoolean(false);
    }

    @Override
    public boolean getValueAsBoolean(boolean defaultValue) throws IOException {
        if (!currentValueExpanded()) {
            return delegate.getValueAsBoolean(defaultValue);
        }
        String text = resolved.trim();
        return "true".equals(text) || (!"false".equals(text) && defaultValue);
    }
}
