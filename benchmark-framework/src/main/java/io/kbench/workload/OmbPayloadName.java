package io.kbench.workload;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * OpenMessaging Benchmark's payload files are named for their size ({@code payload/payload-100b.data},
 * {@code payload-1Kb.data}); its workload files point into its own repository, so here the size is
 * all a missing one can still tell.
 */
final class OmbPayloadName {

    private static final Pattern NAME = Pattern.compile("(?:.*/)?payload-(\\d+)(b|kb)\\.data");

    private OmbPayloadName() {}

    /** The size in bytes an OMB payload file of this name has, or null if it is not named like one. */
    static Integer sizeOf(String payloadFile) {
        Matcher m = NAME.matcher(payloadFile.replace('\\', '/').toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return null;
        }
        long size = Long.parseLong(m.group(1)) * (m.group(2).equals("kb") ? 1024 : 1);
        return size >= 1 && size <= WorkloadValidator.MAX_MESSAGE_SIZE ? (int) size : null;
    }
}
