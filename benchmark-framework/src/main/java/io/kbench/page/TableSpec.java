package io.kbench.page;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * A table as the page shows it: a header and rows of cells already formatted here, with units in the
 * header. A cell may carry a class ({@code better}, {@code worse}, {@code same}, {@code bad}, {@code warn},
 * {@code good}) that the page shows as a colour and a word or symbol, never by colour alone.
 */
public final class TableSpec {

    private final ObjectNode node = Json.object();
    private final ArrayNode rows = node.putArray("rows");

    public TableSpec(String title, List<String> header) {
        node.put("title", title);
        node.set("header", Json.strings(header));
    }

    public TableSpec row(List<?> cells) {
        ArrayNode r = rows.addArray();
        for (Object c : cells) {
            if (c instanceof Cell cell) {
                ObjectNode o = r.addObject();
                o.put("t", cell.text());
                o.put("c", cell.cls());
            } else {
                r.add(c == null ? "—" : c.toString());
            }
        }
        return this;
    }

    public TableSpec note(String text) {
        node.put("note", text);
        return this;
    }

    public int size() {
        return rows.size();
    }

    public ObjectNode json() {
        return node;
    }

    /** A cell with a class the page styles (and never shows by colour alone: the text says it too). */
    public record Cell(String text, String cls) {}
}
