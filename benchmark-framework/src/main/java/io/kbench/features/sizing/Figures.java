package io.kbench.features.sizing;

import java.math.BigDecimal;

/** Number formatting for the sizing output: thousands separated by commas, no needless zeros, no exponent. */
final class Figures {

    private Figures() {}

    static String group(BigDecimal value) {
        String plain = value.stripTrailingZeros().toPlainString();
        boolean negative = plain.startsWith("-");
        if (negative) {
            plain = plain.substring(1);
        }
        int dot = plain.indexOf('.');
        String whole = dot < 0 ? plain : plain.substring(0, dot);
        String fraction = dot < 0 ? "" : plain.substring(dot);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < whole.length(); i++) {
            if (i > 0 && (whole.length() - i) % 3 == 0) {
                b.append(',');
            }
            b.append(whole.charAt(i));
        }
        return (negative ? "-" : "") + b + fraction;
    }
}
