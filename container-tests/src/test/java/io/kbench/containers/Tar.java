package io.kbench.containers;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/** Just enough of the tar format (ustar, with PAX and GNU long names) to read image archives. */
final class Tar {

    interface EntryVisitor {
        void entry(String path, int mode, long bytes) throws IOException;
    }

    private Tar() {}

    /** The contents of the regular files whose names {@code wanted} accepts. */
    static Map<String, byte[]> read(InputStream in, Predicate<String> wanted) throws IOException {
        Map<String, byte[]> files = new HashMap<>();
        walk(in, (name, mode, size, body) -> {
            if (wanted.test(name)) {
                files.put(name, body.readNBytes((int) size));
                return true;
            }
            return false;
        });
        return files;
    }

    /** Every entry's path, mode and size. */
    static void list(InputStream in, EntryVisitor visitor) throws IOException {
        walk(in, (name, mode, size, body) -> {
            visitor.entry(name, mode, size);
            return false;
        });
    }

    private interface Walker {
        /** @return true if it read the entry's body */
        boolean entry(String name, int mode, long size, InputStream body) throws IOException;
    }

    private static void walk(InputStream in, Walker walker) throws IOException {
        byte[] header = new byte[512];
        String longName = null;
        while (true) {
            if (in.readNBytes(header, 0, 512) < 512 || header[0] == 0) {
                return;
            }
            String name = text(header, 0, 100);
            String prefix = text(header, 345, 155);
            if (!prefix.isEmpty()) {
                name = prefix + "/" + name;
            }
            int mode = (int) octal(header, 100, 8);
            long size = octal(header, 124, 12);
            char type = (char) header[156];
            long padded = (size + 511) / 512 * 512;
            if (type == 'L' || type == 'x') {
                byte[] body = in.readNBytes((int) size);
                in.skipNBytes(padded - size);
                String text = new String(body, StandardCharsets.UTF_8);
                if (type == 'L') {
                    longName = text.replace("\0", "");
                } else {
                    for (String record : text.split("\n")) {
                        int eq = record.indexOf(" path=");
                        if (eq >= 0) {
                            longName = record.substring(eq + 6);
                        }
                    }
                }
                continue;
            }
            if (longName != null) {
                name = longName;
                longName = null;
            }
            if (type == '5' && !name.endsWith("/")) {
                name = name + "/";
            }
            BoundedInput body = new BoundedInput(in, size);
            walker.entry(name, mode, type == '0' || type == 0 ? size : 0, body);
            in.skipNBytes(body.remaining + (padded - size));
        }
    }

    private static String text(byte[] b, int off, int len) {
        int end = off;
        while (end < off + len && b[end] != 0) {
            end++;
        }
        return new String(b, off, end - off, StandardCharsets.UTF_8);
    }

    private static long octal(byte[] b, int off, int len) {
        String s = text(b, off, len).trim();
        return s.isEmpty() ? 0 : Long.parseLong(s, 8);
    }

    /** The body of one entry; what the visitor leaves unread is skipped. */
    private static final class BoundedInput extends InputStream {
        private final InputStream in;
        long remaining;

        BoundedInput(InputStream in, long size) {
            this.in = in;
            this.remaining = size;
        }

        @Override
        public int read() throws IOException {
            if (remaining <= 0) {
                return -1;
            }
            remaining--;
            return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (remaining <= 0) {
                return -1;
            }
            int n = in.read(b, off, (int) Math.min(len, remaining));
            if (n > 0) {
                remaining -= n;
            }
            return n;
        }
    }
}
