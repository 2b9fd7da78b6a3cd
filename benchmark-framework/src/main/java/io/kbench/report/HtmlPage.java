package io.kbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.List;

import io.kbench.page.Json;
import io.kbench.page.Section;
/**
 * The report as one HTML file: the page model as inline JSON, uPlot (vendored from its WebJar on the
 * class path, MIT licence kept with it) and the page's own script and styles, all inlined. A
 * Content-Security-Policy of {@code default-src 'none'} stops the page from loading anything at all.
 */
public final class HtmlPage {

    static final String UPLOT_VERSION = "1.6.30";
    private static final String UPLOT = "META-INF/resources/webjars/uplot/" + UPLOT_VERSION + "/";

    private HtmlPage() {}

    /** A page model with its title, the tool, when it was written and its input files; add sections to its "sections". */
    public static ObjectNode page(String title, String tool, List<String> inputs) {
        ObjectNode page = Json.object();
        page.put("title", title);
        page.put("generated", Instant.now().toString());
        page.put("tool", tool);
        page.set("inputs", Json.strings(inputs));
        page.putArray("sections");
        return page;
    }

    /** Adds a section to a page made by {@link #page}. */
    public static void add(ObjectNode page, Section section) {
        ((ArrayNode) page.get("sections")).add(section.json());
    }

    /**
     * Writes the page to {@code output} (replaced if it exists), whole and then moved, so a reader never sees half of it.
     *
     * @return the bytes written
     */
    public static long write(ObjectNode page, Path output) throws IOException {
        byte[] bytes = render(page).getBytes(StandardCharsets.UTF_8);
        Path parent = output.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Path tmp = output.resolveSibling(output.getFileName() + ".tmp");
        Files.write(tmp, bytes);
        Files.move(tmp, output, StandardCopyOption.REPLACE_EXISTING);
        return bytes.length;
    }

    public static String render(ObjectNode page) {
        String data;
        try {
            data = Json.MAPPER.writeValueAsString(page);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not write the report's data", e);
        }
        return resource("io/kbench/report/report.html")
                .replace("@@TITLE@@", escapeHtml(page.path("title").asText()))
                .replace("@@TOOL@@", escapeHtml(page.path("tool").asText()))
                .replace("@@UPLOT_CSS@@", resource(UPLOT + "dist/uPlot.min.css"))
                .replace("@@REPORT_CSS@@", resource("io/kbench/report/report.css"))
                .replace("@@UPLOT_JS@@", uplotScript())
                .replace("@@REPORT_JS@@", resource("io/kbench/report/report.js"))
                // Last: the data may contain anything, even one of the markers above.
                .replace("@@DATA@@", inlineJson(data));
    }

    /**
     * uPlot with its licence as a comment. Its banner names its home page; the comment here names it
     * without a scheme, so that the file holds no http(s) address at all (none is loaded either way).
     */
    static String uplotScript() {
        String js = resource(UPLOT + "dist/uPlot.iife.min.js");
        js = js.replaceFirst("^/\\*! https?://[^ ]+ \\(v([0-9.]+)\\) \\*/", "/*! uPlot v$1 (github.com/leeoniya/uPlot) */");
        return "/* uPlot " + UPLOT_VERSION + ", vendored from its WebJar (org.webjars.npm:uplot). Its licence:\n"
                + resource(UPLOT + "LICENSE").replace("*/", "* /") + "*/\n" + js;
    }

    /** JSON inside a script element: "<" escaped, so no "</script>" or "<!--" can end or change it. */
    static String inlineJson(String json) {
        return json.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
    }

    static String escapeHtml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String resource(String path) {
        try (InputStream in = HtmlPage.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException(path + " is missing from the class path: the report needs uPlot's WebJar"
                        + " (org.webjars.npm:uplot:" + UPLOT_VERSION + ") and kbench's own report assets; rebuild kbench");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
