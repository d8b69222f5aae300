package io.trawler.fetch;

import java.util.Locale;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Decodes a response body as it streams, producing no more bytes than the caller has room for: a decompression bomb
 * costs what the caller allows (the cap, the shared budget), not its expansion. Input the decoder could not use yet
 * because the caller had no room is left to the caller, who feeds it again once it has room ({@link #decode} returns
 * how much it used). Only the codings Trawler asks for ({@code gzip}, {@code deflate}) are decoded.
 */
abstract class ContentDecoder {

    /** Thrown for a body that is not what its coding says. */
    static final class BadEncoding extends Exception {
        BadEncoding(String message) {
            super(message, null, false, false);
        }
    }

    /** Receives decoded bytes. */
    interface Sink {
        /** Bytes the sink takes now; 0: stop decoding (the input not used yet is kept by the caller). */
        int room();

        void accept(byte[] bytes, int off, int len);
    }

    /**
     * Feeds {@code len} encoded bytes; decodes until they are used up or the sink has no room. Returns how many of
     * them were used: the rest must be fed again, first, once the sink has room.
     */
    abstract int decode(byte[] in, int off, int len, Sink out) throws BadEncoding;

    /** Frees native resources. */
    void close() {
    }

    /** Whether decoded output may still be held from input already fed (pulled by feeding no input). */
    boolean mayHoldOutput() {
        return false;
    }

    /** Compression codings Trawler never asks for: a response in one of them is refused, not stored undecoded. */
    private static final java.util.Set<String> UNASKED = java.util.Set.of("br", "zstd", "compress", "x-compress", "x-bzip2", "bzip2",
            "lzma", "xz", "pack200-gzip", "exi", "dcb", "dcz", "aes128gcm");

    /**
     * The decoder for a response's Content-Encoding header values (all of them, in order; none: identity), or null
     * when they name a compression Trawler did not ask for, or more than one. Tokens that are no coding at all
     * ({@code identity}, and misconfigured values such as {@code utf-8} or {@code none}, which browsers ignore) are
     * ignored the same way.
     */
    static ContentDecoder forEncodings(java.util.List<String> headerValues) {
        String coding = "";
        for (String value : headerValues) {
            for (String token : value.split(",")) {
                String t = token.trim().toLowerCase(Locale.ROOT);
                if (t.equals("gzip") || t.equals("x-gzip") || t.equals("deflate") || UNASKED.contains(t)) {
                    if (!coding.isEmpty()) {
                        return null;   // stacked codings: never asked for
                    }
                    coding = t;
                }
            }
        }
        return switch (coding) {
            case "" -> new Identity();
            case "gzip", "x-gzip" -> new Gzip();
            case "deflate" -> new Deflate();
            default -> null;
        };
    }

    /** The single coding named by the header values, for messages. */
    static String describe(java.util.List<String> headerValues) {
        String all = String.join(", ", headerValues);
        return all.length() <= 40 ? all : all.substring(0, 40) + "…";
    }

    /** Whether bytes pass through as they are (no coding): the decoded size is then the Content-Length. */
    boolean identity() {
        return false;
    }

    private static final class Identity extends ContentDecoder {
        @Override
        boolean identity() {
            return true;
        }

        @Override
        int decode(byte[] in, int off, int len, Sink out) {
            int n = Math.min(len, Math.max(0, out.room()));
            if (n > 0) {
                out.accept(in, off, n);
            }
            return n;
        }
    }

    /** Inflates with a bounded output buffer; subclasses say how the stream starts. */
    private abstract static class Inflating extends ContentDecoder {
        private final byte[] chunk = new byte[16 * 1024];
        Inflater inflater;

        /** Inflates what the inflater holds into the sink while it has room; true when the deflate stream ended. */
        boolean drain(Sink out) throws BadEncoding {
            try {
                int room;
                while ((room = out.room()) > 0) {
                    int n = inflater.inflate(chunk, 0, Math.min(chunk.length, room));
                    if (n > 0) {
                        out.accept(chunk, 0, n);
                        continue;
                    }
                    if (inflater.finished()) {
                        return true;
                    }
                    if (inflater.needsDictionary()) {
                        throw new BadEncoding("the " + name() + " stream needs a preset dictionary");
                    }
                    if (inflater.needsInput()) {
                        return false;
                    }
                }
                return inflater.finished();
            } catch (DataFormatException e) {
                throw new BadEncoding("the body is not valid " + name() + ": " + e.getMessage());
            }
        }

        abstract String name();

        @Override
        boolean mayHoldOutput() {
            return inflater != null && !inflater.finished();
        }

        @Override
        void close() {
            if (inflater != null) {
                inflater.end();
            }
        }
    }

    /** RFC 9110 "deflate" is zlib-wrapped; some servers send a raw deflate stream: told apart by the zlib header. */
    private static final class Deflate extends Inflating {
        private boolean ended;
        private int firstByte = -1;

        @Override
        int decode(byte[] in, int off, int len, Sink out) throws BadEncoding {
            if (len == 0) {
                if (inflater != null && !ended && drain(out)) {   // output still held from earlier input
                    ended = true;
                }
                return 0;
            }
            if (ended) {
                return len;   // bytes after the end of the stream are not part of the body
            }
            if (inflater == null) {
                if (firstByte < 0 && len == 1) {
                    firstByte = in[off] & 0xff;   // the zlib header is two bytes: wait for the second
                    return 1;
                }
                if (firstByte >= 0 && out.room() <= 0) {
                    return 0;   // no room to take the saved byte in now: it would be lost under this chunk's input
                }
                int b0 = firstByte >= 0 ? firstByte : in[off] & 0xff;
                int b1 = firstByte >= 0 ? in[off] & 0xff : in[off + 1] & 0xff;
                boolean zlib = (b0 & 0x0f) == 8 && ((b0 << 8) | b1) % 31 == 0;
                inflater = new Inflater(!zlib);
                if (firstByte >= 0) {
                    inflater.setInput(new byte[] {(byte) firstByte});
                    if (drain(out)) {
                        ended = true;
                        return len;
                    }
                }
            }
            inflater.setInput(in, off, len);
            if (drain(out)) {
                ended = true;
                return len;
            }
            return len - inflater.getRemaining();
        }

        @Override
        String name() {
            return "deflate";
        }
    }

    /** gzip (RFC 1952): header parsed incrementally, members inflated raw; several members follow each other. */
    private static final class Gzip extends Inflating {
        /** File names and comments are allowed, but not long ones. */
        private static final int MAX_HEADER = 4096;
        private final byte[] h = new byte[MAX_HEADER];
        private int hlen;
        private int trailerLeft;
        private int members;
        private boolean ended;

        @Override
        int decode(byte[] in, int off, int len, Sink out) throws BadEncoding {
            if (len == 0 && inflater != null && drain(out)) {   // output still held from earlier input
                endMember();
            }
            int start = off;
            int end = off + len;
            while (off < end && !ended) {
                if (trailerLeft > 0) {
                    int skip = Math.min(trailerLeft, end - off);
                    trailerLeft -= skip;
                    off += skip;
                    continue;
                }
                if (inflater == null) {
                    if (hlen == 0 && members > 0 && (in[off] & 0xff) != 0x1f) {
                        ended = true;   // padding after a complete member (some servers add NULs or a newline)
                        break;
                    }
                    while (off < end && headerLength() < 0) {
                        if (hlen == MAX_HEADER) {
                            throw new BadEncoding("a gzip header over " + MAX_HEADER + " bytes");
                        }
                        h[hlen++] = in[off++];
                    }
                    if (headerLength() < 0) {
                        return off - start;   // more header to come
                    }
                    hlen = 0;
                    inflater = new Inflater(true);
                    if (off >= end) {
                        return off - start;
                    }
                }
                inflater.setInput(in, off, end - off);
                boolean memberEnded = drain(out);
                off = end - inflater.getRemaining();
                if (!memberEnded) {
                    return off - start;   // used it all up, or the sink is full
                }
                endMember();
            }
            return ended ? len : off - start;
        }

        private void endMember() {
            inflater.end();
            inflater = null;
            members++;
            trailerLeft = 8;   // CRC32 and ISIZE
        }

        /** The length of the complete header held so far, or -1 while it is incomplete. */
        private int headerLength() throws BadEncoding {
            if (hlen >= 2 && ((h[0] & 0xff) != 0x1f || (h[1] & 0xff) != 0x8b)) {
                throw new BadEncoding("the body is not gzip (no gzip magic number)");
            }
            if (hlen < 10) {
                return -1;
            }
            if (h[2] != 8 || (h[3] & 0xe0) != 0) {
                throw new BadEncoding("the body is not gzip (unknown method or flags)");
            }
            int flags = h[3] & 0xff;
            int p = 10;
            if ((flags & 4) != 0) {   // FEXTRA
                if (hlen < p + 2) {
                    return -1;
                }
                p += 2 + ((h[p] & 0xff) | (h[p + 1] & 0xff) << 8);
            }
            for (int bit : new int[] {8, 16}) {   // FNAME, FCOMMENT: zero-terminated
                if ((flags & bit) != 0) {
                    while (p < hlen && h[p] != 0) {
                        p++;
                    }
                    if (p >= hlen) {
                        return -1;
                    }
                    p++;
                }
            }
            if ((flags & 2) != 0) {   // FHCRC
                p += 2;
            }
            return hlen >= p ? p : -1;
        }

        @Override
        String name() {
            return "gzip";
        }
    }
}
