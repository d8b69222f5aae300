package io.trawler.fetch;

import java.util.Locale;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Decodes a response body as it streams, producing at most as many bytes as the caller has room for: a
 * decompression bomb costs the cap, not its expansion. Only the codings Trawler asks for ({@code gzip}, {@code deflate},
 * in {@code Accept-Encoding}) are decoded; {@link #forEncoding} refuses any other (a server that sends brotli or zstd
 * unasked gets its response refused, not decoded).
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
        /** Room left for decoded bytes; once it is 0 or less, decoding stops. */
        int room();

        void accept(byte[] bytes, int off, int len);
    }

    /** Feeds {@code len} encoded bytes; decodes until they are used up or the sink has no room. */
    abstract void decode(byte[] in, int off, int len, Sink out) throws BadEncoding;

    /** Frees native resources. */
    void close() {
    }

    /** The decoder for a Content-Encoding header (null or empty: identity), or null if it is not one Trawler asked for. */
    static ContentDecoder forEncoding(String contentEncoding) {
        String e = contentEncoding == null ? "" : contentEncoding.trim().toLowerCase(Locale.ROOT);
        return switch (e) {
            case "", "identity" -> new Identity();
            case "gzip", "x-gzip" -> new Gzip();
            case "deflate" -> new Deflate();
            default -> null;
        };
    }

    private static final class Identity extends ContentDecoder {
        @Override
        void decode(byte[] in, int off, int len, Sink out) {
            int n = Math.min(len, Math.max(0, out.room()) + 1);   // one byte past the room tells the caller it overflowed
            out.accept(in, off, n);
        }
    }

    /** Inflates with a bounded output buffer; subclasses say how the stream starts. */
    private abstract static class Inflating extends ContentDecoder {
        private final byte[] chunk = new byte[16 * 1024];
        Inflater inflater;

        /** Inflates what the inflater holds into the sink; returns true when the deflate stream ended. */
        boolean drain(Sink out) throws BadEncoding {
            try {
                while (out.room() >= 0) {
                    int want = Math.min(chunk.length, Math.max(1, out.room() + 1));
                    int n = inflater.inflate(chunk, 0, want);
                    if (n > 0) {
                        out.accept(chunk, 0, n);
                        continue;
                    }
                    if (inflater.finished()) {
                        return true;
                    }
                    if (inflater.needsInput() || inflater.needsDictionary()) {
                        return false;
                    }
                }
                return false;
            } catch (DataFormatException e) {
                throw new BadEncoding("the body is not valid " + name() + ": " + e.getMessage());
            }
        }

        abstract String name();

        @Override
        void close() {
            if (inflater != null) {
                inflater.end();
            }
        }
    }

    /** RFC 9110 "deflate" is zlib-wrapped; some servers send a raw deflate stream: told apart by the zlib header. */
    private static final class Deflate extends Inflating {
        @Override
        void decode(byte[] in, int off, int len, Sink out) throws BadEncoding {
            if (len == 0) {
                return;
            }
            if (inflater == null) {
                boolean zlib = len >= 2 && (in[off] & 0x0f) == 8 && (((in[off] & 0xff) << 8) | (in[off + 1] & 0xff)) % 31 == 0;
                inflater = new Inflater(!zlib);
            }
            if (inflater.finished()) {
                return;   // trailing bytes after the stream
            }
            inflater.setInput(in, off, len);
            drain(out);
        }

        @Override
        String name() {
            return "deflate";
        }
    }

    /** gzip (RFC 1952): header parsed incrementally, members inflated raw; several members follow each other. */
    private static final class Gzip extends Inflating {
        /** File names and comments are allowed, but not long ones (the header is re-read as each byte arrives). */
        private static final int MAX_HEADER = 4096;
        private final byte[] h = new byte[MAX_HEADER];
        private int hlen;
        private int trailerLeft;

        @Override
        void decode(byte[] in, int off, int len, Sink out) throws BadEncoding {
            int end = off + len;
            while (off < end && out.room() >= 0) {
                if (trailerLeft > 0) {
                    int skip = Math.min(trailerLeft, end - off);
                    trailerLeft -= skip;
                    off += skip;
                    continue;
                }
                if (inflater == null) {
                    int start = off;
                    while (off < end && headerLength() < 0) {
                        if (hlen == MAX_HEADER) {
                            throw new BadEncoding("a gzip header over " + MAX_HEADER + " bytes");
                        }
                        h[hlen++] = in[off++];
                    }
                    if (headerLength() < 0) {
                        return;   // more header to come
                    }
                    hlen = 0;
                    inflater = new Inflater(true);
                    if (off == start && off >= end) {
                        return;
                    }
                }
                inflater.setInput(in, off, end - off);
                boolean ended = drain(out);
                if (!ended) {
                    return;   // used it all up, or the sink is full
                }
                off = end - inflater.getRemaining();
                inflater.end();
                inflater = null;
                trailerLeft = 8;   // CRC32 and ISIZE
            }
        }

        /** The length of the complete header held so far, or -1 while it is incomplete. */
        private int headerLength() throws BadEncoding {
            if (hlen < 10) {
                if (hlen >= 2 && ((h[0] & 0xff) != 0x1f || (h[1] & 0xff) != 0x8b)) {
                    throw new BadEncoding("the body is not gzip (no gzip magic number)");
                }
                return -1;
            }
            if ((h[0] & 0xff) != 0x1f || (h[1] & 0xff) != 0x8b || h[2] != 8) {
                throw new BadEncoding("the body is not gzip (no gzip magic number)");
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
