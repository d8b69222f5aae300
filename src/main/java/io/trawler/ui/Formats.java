package io.trawler.ui;

import io.quarkus.qute.TemplateExtension;
import java.util.Locale;

/**
 * How the pages write numbers, in templates as {@code {n.format}}, {@code {n.bytes}}, {@code {x.ms}}: counts with
 * thousands separators, sizes in B/kB/MB/GB (powers of 1,000), durations in ms or s. The scripts format live figures
 * the same way (en-US grouping).
 */
@TemplateExtension
public final class Formats {

    private Formats() {
    }

    /** 12345 → "12,345". */
    static String format(Number n) {
        return String.format(Locale.US, "%,d", n.longValue());
    }

    /** 1234567 → "1.2 MB". */
    static String bytes(Number size) {
        long n = size.longValue();
        if (n < 1000) {
            return n + " B";
        }
        String[] units = { "kB", "MB", "GB", "TB" };
        double v = n;
        int u = -1;
        while (v >= 1000 && u < units.length - 1) {
            v /= 1000;
            u++;
        }
        return String.format(Locale.US, v < 10 ? "%.1f %s" : "%.0f %s", v, units[u]);
    }

    /** 123.4 → "123 ms"; 2345 → "2.3 s". */
    static String ms(Number value) {
        if (value == null) {
            return "–";
        }
        double ms = value.doubleValue();
        return ms < 1000 ? String.format(Locale.US, "%.0f ms", ms) : String.format(Locale.US, "%.1f s", ms / 1000);
    }

    /** A query parameter's value, percent-encoded (UTF-8). */
    static String urlEncode(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8);
    }
}
