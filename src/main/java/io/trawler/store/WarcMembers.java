package io.trawler.store;

import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.util.Optional;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;

/**
 * Reads a WARC file's records in order and hands out each record's exact bytes (its gzip member, as stored) for the
 * records the caller keeps: records are copied into another file without being re-encoded, so their digests and
 * compression stay those the crawler wrote. Memory holds one record (and the reader's look-ahead) at a time.
 */
public final class WarcMembers {

    /** Decides, for each record as it is read (its headers and body readable), whether its bytes are wanted. */
    @FunctionalInterface
    public interface Selector {
        /** Returns a token handed back with the record's bytes, or {@code null} to skip the record. */
        Object select(WarcRecord record, long offset) throws IOException;
    }

    /** Receives the bytes of a selected record (the buffer is reused afterwards). */
    @FunctionalInterface
    public interface Sink {
        void accept(Object token, long offset, byte[] bytes, int length) throws IOException;
    }

    private WarcMembers() {
    }

    /** Reads the whole stream (closed by the caller), passing the selected records' bytes to {@code sink}. */
    public static void copy(InputStream file, Selector selector, Sink sink) throws IOException {
        Tee tee = new Tee(file);
        WarcReader reader = new WarcReader(Channels.newChannel(tee));
        Object pending = null;
        long pendingAt = 0;
        for (Optional<WarcRecord> r = reader.next(); ; r = reader.next()) {
            long at = r.isPresent() ? reader.position() : tee.drain();
            if (pending != null) {
                tee.emit(pendingAt, at, pending, sink);
            }
            tee.forgetBefore(at);
            if (r.isEmpty()) {
                return;
            }
            pending = selector.select(r.get(), at);
            pendingAt = at;
        }
    }

    /** Keeps the bytes read from a position on, so that a record's exact bytes are at hand when the next one starts. */
    private static final class Tee extends FilterInputStream {
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream(64 * 1024);
        /** The stream position of kept's first byte. */
        private long keptFrom;
        private long read;

        Tee(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                kept.write(b);
                read++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                kept.write(b, off, n);
                read += n;
            }
            return n;
        }

        /** Reads to the end and returns the stream's length. */
        long drain() throws IOException {
            transferTo(java.io.OutputStream.nullOutputStream());
            return read;
        }

        void emit(long from, long to, Object token, Sink sink) throws IOException {
            byte[] all = kept.toByteArray();
            int start = (int) (from - keptFrom);
            int end = (int) Math.min(all.length, to - keptFrom);
            if (start < 0 || end < start) {
                throw new IOException("record bytes at " + from + " are no longer held");
            }
            byte[] bytes = start == 0 ? all : java.util.Arrays.copyOfRange(all, start, end);
            sink.accept(token, from, bytes, end - start);
        }

        /** Drops the bytes before {@code position} (a new record starts there). */
        void forgetBefore(long position) {
            int drop = (int) (position - keptFrom);
            if (drop <= 0) {
                return;
            }
            byte[] all = kept.toByteArray();
            kept.reset();
            kept.write(all, drop, all.length - drop);
            keptFrom = position;
        }
    }
}
