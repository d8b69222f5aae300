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
 * one made and ended per read, its CRC-32 and length checked. Used for small records read one by one (a page's text).
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
        ByteBuffer in = ByteBuffer.allocate(16_384);
        long at = offset;
        if (readFully(ch, in, at) < HEADER + TRAILER) {
            throw new IOException("no gzip member at " + offset);
        }
        byte[] b = in.array();
        if ((b[0] & 0xff) != 0x1f || (b[1] & 0xff) != 0x8b || b[2] != 8) {
            throw new IOException("no gzip member at " + offset);
        }
        if (b[3] != 0) {
            return Optional.empty();   // FEXTRA, FNAME, FCOMMENT or FHCRC: not as this store writes members
        }
        Inflater inflater = INFLATER.get();
        inflater.reset();
        byte[] out = new byte[Math.min(max, 32_768)];
        int n = 0;
        int start = HEADER;
        try {
            while (true) {
                inflater.setInput(b, start, in.position() - start);
                while (!inflater.finished() && !inflater.needsInput()) {
                    if (n == out.length) {
                        if (n == max) {
                            return Optional.empty();
                        }
                        out = Arrays.copyOf(out, (int) Math.min(max, 2L * out.length));
                    }
                    n += inflater.inflate(out, n, out.length - n);
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
        // the trailer follows the deflate stream: CRC-32 and length of the content, little-endian
        long trailerAt = offset + HEADER + inflater.getBytesRead();
        ByteBuffer t = ByteBuffer.allocate(TRAILER).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        if (readFully(ch, t, trailerAt) < TRAILER) {
            throw new IOException("the gzip member at " + offset + " has no trailer");
        }
        CRC32 crc = new CRC32();
        crc.update(out, 0, n);
        if (t.getInt(0) != (int) crc.getValue() || t.getInt(4) != n) {
            throw new IOException("the gzip member at " + offset + " fails its check");
        }
        return Optional.of(n == out.length ? out : Arrays.copyOf(out, n));
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
