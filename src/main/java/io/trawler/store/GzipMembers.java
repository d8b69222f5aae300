package io.trawler.store;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Gzip members (RFC 1952) one after another in a growing buffer, with one deflater reset for each member rather than
 * one made and ended per member (making a deflater allocates its native state, about 256 KB). The output is what
 * {@link java.util.zip.GZIPOutputStream} writes: the same header, raw deflate (at the level asked for), CRC-32 and length.
 * Not thread-safe: a writer keeps one per thread ({@link #ofThisThread(int)}) and reuses it for every record.
 */
final class GzipMembers implements AutoCloseable {

    private static final byte[] HEADER = {0x1f, (byte) 0x8b, Deflater.DEFLATED, 0, 0, 0, 0, 0, 0, (byte) 0xff};   // OS: unknown
    /** Each thread's instance, made at the level of its first use. */
    private static final ThreadLocal<GzipMembers> PER_THREAD = new ThreadLocal<>();
    /** A buffer grown past this for one large record is let go afterwards rather than kept by the thread. */
    private static final int KEPT_BYTES = 1 << 20;

    private final Deflater deflater;
    private int level;
    private final CRC32 crc = new CRC32();
    private byte[] out = new byte[16_384];
    private int count;
    private long memberBytes;

    /** Members compressed at deflate {@code level} (1 to 9, or {@link Deflater#DEFAULT_COMPRESSION}). */
    GzipMembers(int level) {
        this.level = level;
        this.deflater = new Deflater(level, true);
    }

    /** This thread's instance, emptied, compressing at {@code level}. */
    static GzipMembers ofThisThread(int level) {
        GzipMembers g = PER_THREAD.get();
        if (g == null) {
            g = new GzipMembers(level);
            PER_THREAD.set(g);
        }
        g.clear();
        if (g.level != level) {
            g.level = level;
            g.deflater.setLevel(level);   // takes effect at the next member: begin() resets the deflater before any input
        }
        return g;
    }

    /** Empties the buffer (a large one is let go). */
    void clear() {
        count = 0;
        if (out.length > KEPT_BYTES) {
            out = new byte[16_384];
        }
    }

    /** Starts a member. */
    void begin() {
        deflater.reset();
        crc.reset();
        memberBytes = 0;
        put(HEADER, 0, HEADER.length);
    }

    /** Adds bytes to the member begun last. */
    void write(byte[] b) {
        write(b, 0, b.length);
    }

    void write(byte[] b, int off, int len) {
        crc.update(b, off, len);
        memberBytes += len;
        deflater.setInput(b, off, len);
        while (!deflater.needsInput()) {
            drain();
        }
    }

    /** Ends the member: the rest of the deflate stream, then CRC-32 and length (little-endian, length modulo 2^32). */
    void end() {
        deflater.finish();
        while (!deflater.finished()) {
            drain();
        }
        int c = (int) crc.getValue();
        int n = (int) memberBytes;
        put(new byte[] {(byte) c, (byte) (c >> 8), (byte) (c >> 16), (byte) (c >> 24),
                (byte) n, (byte) (n >> 8), (byte) (n >> 16), (byte) (n >> 24)}, 0, 8);
    }

    /** The bytes of the members written since the last {@link #clear()} (where the next member starts). */
    int size() {
        return count;
    }

    /** The members written since the last {@link #clear()}; valid until this instance is used again. */
    ByteBuffer bytes() {
        return ByteBuffer.wrap(out, 0, count);
    }

    private void drain() {
        if (out.length - count < 8192) {
            out = java.util.Arrays.copyOf(out, Math.max(out.length * 2, count + 8192));
        }
        count += deflater.deflate(out, count, out.length - count, Deflater.NO_FLUSH);
    }

    private void put(byte[] b, int off, int len) {
        if (out.length - count < len) {
            out = java.util.Arrays.copyOf(out, Math.max(out.length * 2, count + len));
        }
        System.arraycopy(b, off, out, count, len);
        count += len;
    }

    /** Frees the deflater's native memory (for an instance not kept by a thread). */
    @Override
    public void close() {
        deflater.end();
    }
}
