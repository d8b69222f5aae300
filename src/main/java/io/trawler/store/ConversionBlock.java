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
     * written here (another type, a header continued, a length missing, bad or given twice, a block cut short): read them with jwarc.
     */
    static PageText parse(byte[] b, int length) {
        if (length < 5 || b[0] != 'W' || b[1] != 'A' || b[2] != 'R' || b[3] != 'C' || b[4] != '/') {
            return null;
        }
        int line = lineEnd(b, 0, length);
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
            if (colon < 0) {
                return null;
            }
            String name = new String(b, start, colon - start, StandardCharsets.ISO_8859_1).trim();
            String value = new String(b, colon + 1, end - colon - 1, StandardCharsets.ISO_8859_1).trim();
            if (name.equalsIgnoreCase("WARC-Type")) {
                if (conversion || !value.equals("conversion")) {   // another type, or a second type header
                    return null;
                }
                conversion = true;
            } else if (name.equalsIgnoreCase("Content-Length")) {
                if (contentLength >= 0) {
                    return null;   // a second length
                }
                contentLength = digits(value);
                if (contentLength < 0) {
                    return null;
                }
            }
            line = end;
        }
        return null;
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

    /** A decimal number of at most 18 digits, or -1. */
    private static long digits(String s) {
        if (s.isEmpty() || s.length() > 18) {
            return -1;
        }
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }
}
