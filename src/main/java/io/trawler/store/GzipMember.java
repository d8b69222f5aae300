package io.trawler.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Arrays;
import java.util.Optional;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Reads back one gzip member (RFC 1952) of a file, as {@link GzipMembers} writes them: from its offset to its end and
 * no further (a reader that streams on inflates the records after it too), with each thread's inflater reset rather than
 * one made and ended per read, its CRC-32 and length checked. Used for small records (a page's text), read one by one
 * or a batch at a time with one set of buffers.
 */
final class GzipMember {

    private static final ThreadLocal<Inflater> INFLATER = ThreadLocal.withInitial(() -> new Inflater(true));
    private static final int HEADER = 10;
    private static final int TRAILER = 8;

    private GzipMember() {
    }

    /**
     * The content of the member at {@code offset}; empty when it holds more than {@code max} bytes, or its header has
     * optional fields (never written here: another reader takes such a file); IOException when it is not a complete,
     * intact member.
     */
    static Optional<byte[]> read(FileChannel ch, long offset, int max) throws IOException {
        byte[][] copy = new byte[1][];
        return inflate(ch, offset, max, new Buffers(), (content, length) -> copy[0] = Arrays.copyOf(content, length))
                ? Optional.of(copy[0]) : Optional.empty();
    }

    /** What a member's content is handed to: the bytes are the reader's buffer, valid during the call only. */
    @FunctionalInterface
    interface ContentSink {
        void accept(byte[] content, int length) throws IOException;
    }

    /**
     * As {@link #read}, without a copy: the member's content is handed to {@code sink} in {@code buffers}' output
     * buffer (which the sink must not keep; the next member read with the same buffers overwrites it); false, with
     * nothing handed over, where {@code read} is empty.
     */
    static boolean inflate(FileChannel ch, long offset, int max, Buffers buffers, ContentSink sink) throws IOException {
        ByteBuffer in = buffers.in.clear();
        long at = offset;
        if (readFully(ch, in, at) < HEADER + TRAILER) {
            throw new IOException("no gzip member at " + offset);
        }
        byte[] b = in.array();
        if ((b[0] & 0xff) != 0x1f || (b[1] & 0xff) != 0x8b || b[2] != 8) {
            throw new IOException("no gzip member at " + offset);
        }
        if (b[3] != 0) {
            return false;   // FEXTRA, FNAME, FCOMMENT or FHCRC: not as this store writes members
        }
        Inflater inflater = INFLATER.get();
        inflater.reset();
        byte[] out = buffers.out.length > 0 ? buffers.out : new byte[Math.min(max, 32_768)];
        int n = 0;
        int start = HEADER;
        try {
            while (true) {
                inflater.setInput(b, start, in.position() - start);
                while (!inflater.finished() && !inflater.needsInput()) {
                    if (n == Math.min(out.length, max)) {
                        if (n == max) {
                            return false;
                        }
                        out = Arrays.copyOf(out, (int) Math.min(max, 2L * out.length));
                    }
                    n += inflater.inflate(out, n, Math.min(out.length, max) - n);
                    if (inflater.needsDictionary()) {
                        throw new IOException("a gzip member at " + offset + " asks for a dictionary");
                    }
                }
                if (inflater.finished()) {
                    break;
                }
                at += in.position();
                in.clear();
                if (readFully(ch, in, at) == 0) {
                    throw new IOException("the gzip member at " + offset + " is cut short");
                }
                start = 0;
            }
        } catch (DataFormatException e) {
            throw new IOException("the gzip member at " + offset + " is corrupt: " + e.getMessage(), e);
        }
        if (out != buffers.out && out.length <= Buffers.KEPT) {
            buffers.out = out;   // a larger buffer is kept for the next members of the batch, up to a bound
        }
        // the trailer follows the deflate stream: CRC-32 and length of the content, little-endian
        long trailerAt = offset + HEADER + inflater.getBytesRead();
        ByteBuffer t = buffers.trailer.clear();
        if (readFully(ch, t, trailerAt) < TRAILER) {
            throw new IOException("the gzip member at " + offset + " has no trailer");
        }
        CRC32 crc = buffers.crc;
        crc.reset();
        crc.update(out, 0, n);
        if (t.getInt(0) != (int) crc.getValue() || t.getInt(4) != n) {
            throw new IOException("the gzip member at " + offset + " fails its check");
        }
        sink.accept(out, n);
        return true;
    }

    /**
     * The buffers of one reader, reused from member to member: a batch's (made for the batch and let go after it, so
     * that no thread keeps them), or one read's. Not for two threads at once.
     */
    static final class Buffers {
        /** The largest content buffer kept from one member to the next (most pages' text fits; a larger one is let go). */
        static final int KEPT = 64 * 1024;
        final ByteBuffer in = ByteBuffer.allocate(16_384);
        final ByteBuffer trailer = ByteBuffer.allocate(TRAILER).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        final CRC32 crc = new CRC32();
        byte[] out = new byte[0];
    }

    /** Reads from {@code position} until the buffer is full or the file ends; returns the bytes read. */
    private static int readFully(FileChannel ch, ByteBuffer buf, long position) throws IOException {
        int total = 0;
        while (buf.hasRemaining()) {
            int r = ch.read(buf, position + total);
            if (r < 0) {
                break;
            }
            total += r;
        }
        return total;
    }
}
