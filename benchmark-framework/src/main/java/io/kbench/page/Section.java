package io.kbench.page;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** A titled part of the page: text, tables, charts (side by side in a grid) and nested sections. */
public final class Section {

    private final ObjectNode node = Json.object();
    private final ArrayNode blocks = node.putArray("blocks");

    public Section(String title) {
        node.put("title", title);
    }

    /** Shown folded (a {@code <details>} the reader opens), for long parts such as many runs' time series. */
    public Section folded() {
        node.put("folded", true);
        return this;
    }

    public Section text(String text) {
        blocks.addObject().put("type", "text").put("text", text);
        return this;
    }

    public Section table(TableSpec table) {
        ObjectNode b = blocks.addObject().put("type", "table");
        b.set("table", table.json());
        return this;
    }

    /** Charts side by side; charts without data are left out. */
    public Section charts(ChartSpec... charts) {
        ArrayNode list = Json.array();
        for (ChartSpec c : charts) {
            if (c != null && c.hasData()) {
                list.add(c.json());
            }
        }
        if (!list.isEmpty()) {
            blocks.addObject().put("type", "charts").set("charts", list);
        }
        return this;
    }

    public Section section(Section child) {
        blocks.addObject().put("type", "section").set("section", child.json());
        return this;
    }

    public boolean isEmpty() {
        return blocks.isEmpty();
    }

    public ObjectNode json() {
        return node;
    }
}
