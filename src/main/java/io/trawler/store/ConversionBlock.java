package io.trawler.store;

import java.nio.charset.StandardCharsets;

/**
 * A page's text read in place from the bytes of a conversion record as {@link ExchangeRecords} writes it: a version
 * line, header lines (none continued on the next), {@code WARC-Type: conversion} and a {@code Content-Length}, a blank
 * line, then the block (title, line end, main text; UTF-8), decoded straight from the bytes without a record reader or a
 * copy of the block. Bytes of any other shape are left to jwarc's reader.
 */
final class ConversionBlock {

    private static final byte CR = '\r';
    private static final byte LF = '\n';

    private ConversionBlock() {
    }

    /**
     * The text of the conversion record in the first {@code length} bytes of {@code b}, its block cut at
     * {@link PageText#MAX_BLOCK_BYTES} as the record reader's path cuts it; null when the bytes are not such a record as
     * written here (another type, a header continued, a version line, a header's name or value not as the WARC grammar has
     * them, a length missing, bad or given twice, a block cut short): read them with jwarc.
     */
    static PageText parse(byte[] b, int length) {
        int line = lineEnd(b, 0, length);
        if (line < 0 || !version(b, line)) {
            return null;
        }
        boolean conversion = false;
        long contentLength = -1;
        while (line >= 0) {
            int start = line + 2;
            int end = lineEnd(b, start, length);
            if (end < 0 || b[start] == ' ' || b[start] == '\t') {
                return null;   // no blank line, or a header continued on the next line
            }
            if (end == start) {
                if (!conversion || contentLength < 0 || contentLength > length - (end + 2L)) {
                    return null;
                }
                int from = end + 2;
                int to = from + (int) Math.min(contentLength, PageText.MAX_BLOCK_BYTES);
                for (int i = from; i < to; i++) {
                    if (b[i] == LF) {
                        return new PageText(new String(b, from, i - from, StandardCharsets.UTF_8),
                                new String(b, i + 1, to - i - 1, StandardCharsets.UTF_8));
                    }
                }
                return new PageText(new String(b, from, to - from, StandardCharsets.UTF_8), "");
            }
            int colon = indexOf(b, (byte) ':', start, end);
            if (colon <= start || !token(b, start, colon) || !fieldValue(b, colon + 1, end)) {
                return null;   // no name, a name that is not a token, a control character in the value
            }
            int from = colon + 1;
            int to = end;
            while (from < to && (b[from] == ' ' || b[from] == '\t')) {
                from++;
            }
            while (to > from && (b[to - 1] == ' ' || b[to - 1] == '\t')) {
                to--;
            }
            if (is(b, start, colon, "WARC-Type", true)) {
                if (conversion || !is(b, from, to, "conversion", false)) {   // another type, or a second type header
                    return null;
                }
                conversion = true;
            } else if (is(b, start, colon, "Content-Length", true)) {
                if (contentLength >= 0) {
                    return null;   // a second length
                }
                contentLength = digits(b, from, to);
                if (contentLength < 0) {
                    return null;
                }
            }
            line = end;
        }
        return null;
    }

    /** Whether the first line, up to {@code end}, is {@code WARC/<digits>.<digits>}. */
    private static boolean version(byte[] b, int end) {
        if (end < 8 || b[0] != 'W' || b[1] != 'A' || b[2] != 'R' || b[3] != 'C' || b[4] != '/') {
            return false;
        }
        int dot = indexOf(b, (byte) '.', 5, end);
        return dot > 5 && digits(b, 5, dot) >= 0 && digits(b, dot + 1, end) >= 0;
    }

    /** Whether the bytes are the ASCII text {@code s} (its letters in either case when {@code anyCase}). */
    private static boolean is(byte[] b, int from, int to, String s, boolean anyCase) {
        if (to - from != s.length()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            int c = b[from + i];
            int e = s.charAt(i);
            if (c != e && !(anyCase && (c | 0x20) == (e | 0x20) && (e | 0x20) >= 'a' && (e | 0x20) <= 'z')) {
                return false;
            }
        }
        return true;
    }

    /** Whether the bytes are an RFC 9110 token (a header's name). */
    private static boolean token(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            byte c = b[i];
            boolean alnum = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
            if (!alnum && "!#$%&'*+-.^_`|~".indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }

    /** Whether the bytes may be a header's value: no control character but the tab (bytes past ASCII are allowed). */
    private static boolean fieldValue(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            byte c = b[i];
            if ((c >= 0 && c < ' ' && c != '\t') || c == 0x7f) {
                return false;
            }
        }
        return true;
    }

    /** Where the line starting at {@code from} ends (its CR of CR LF), or -1. */
    private static int lineEnd(byte[] b, int from, int length) {
        for (int i = from; i + 1 < length; i++) {
            if (b[i] == CR && b[i + 1] == LF) {
                return i;
            }
        }
        return -1;
    }

    private static int indexOf(byte[] b, byte c, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /** The bytes as a decimal number of 1 to 18 digits, or -1. */
    private static long digits(byte[] b, int from, int to) {
        if (to <= from || to - from > 18) {
            return -1;
        }
        long n = 0;
        for (int i = from; i < to; i++) {
            if (b[i] < '0' || b[i] > '9') {
                return -1;
            }
            n = n * 10 + (b[i] - '0');
        }
        return n;
    }
}
