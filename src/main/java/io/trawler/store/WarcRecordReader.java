package io.trawler.store;

import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.file.Path;
import java.util.Optional;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;

/**
 * Reads a stored record back by WARC file name and offset, from this node's WARC directory while the file is still
 * there, else from the {@link WarcArchive} (where an edge node's closed files are). File names are plain names (no
 * path): anything else is refused.
 */
public final class WarcRecordReader {

    /** The largest record returned whole (the fetch cap keeps stored records far below it). */
    public static final int MAX_RECORD_BYTES = 64 * 1024 * 1024;

    /** What is done with the record found (its body can be read only inside). */
    @FunctionalInterface
    public interface RecordFunction<T> {
        T apply(WarcRecord record) throws IOException;
    }

    /** The record after the one being read, on demand (reading it ends access to the first record's body). */
    @FunctionalInterface
    public interface NextRecord {
        Optional<WarcRecord> get() throws IOException;
    }

    /** What is done with a record and, if wanted, the one after it (a response's request record follows it). */
    @FunctionalInterface
    public interface PairFunction<T> {
        T apply(WarcRecord record, NextRecord next) throws IOException;
    }

    private final LocalWarcArchive local;
    private final WarcArchive archive;

    public WarcRecordReader(Path localDir, WarcArchive archive) {
        this.local = new LocalWarcArchive(localDir);
        this.archive = archive;
    }

    /** Whether records written on other nodes can be read here (their files are archived remotely). */
    public boolean sharedArchive() {
        return archive.remote();
    }

    /** Applies {@code f} to the record at the offset; empty when the file is not here nor in the archive, or holds no record there. */
    public <T> Optional<T> read(String file, long offset, RecordFunction<T> f) throws IOException {
        return readPair(file, offset, (record, next) -> f.apply(record));
    }

    /**
     * Applies {@code f} to the record at the offset, which may go on to read the record after it; empty when the file
     * is not here nor in the archive, or holds no record there.
     */
    public <T> Optional<T> readPair(String file, long offset, PairFunction<T> f) throws IOException {
        Optional<InputStream> in = open(file, offset, MAX_RECORD_BYTES);
        if (in.isEmpty()) {
            return Optional.empty();
        }
        try (InputStream s = in.get()) {
            WarcReader reader = new WarcReader(Channels.newChannel(s));
            Optional<WarcRecord> record = reader.next();
            return record.isEmpty() ? Optional.empty() : Optional.ofNullable(f.apply(record.get(), reader::next));
        }
    }

    /**
     * The page text of the conversion record at the offset (as {@link WarcStore} writes it beside a response); empty when
     * the file is not here nor in the archive, or the record there is not a conversion record.
     */
    public Optional<PageText> text(String file, long offset) throws IOException {
        if (valid(file, offset)) {
            // a file here: its one gzip member inflated (a streaming reader would inflate the next records too), then parsed
            Optional<byte[]> member = local.member(file, offset, PageText.MAX_BLOCK_BYTES + 4096);
            if (member.isPresent()) {
                return textOf(member.get(), member.get().length);
            }
        }
        return read(file, offset, WarcRecordReader::textOf);
    }

    /**
     * The page texts of the conversion records at the offsets of one file, by offset, the file opened once for them all
     * (a search indexer reads a batch of pages from a few files); the texts of records not found here as written by
     * {@link WarcStore} are read one by one as {@link #text} reads them, and those not found or not readable are left out.
     */
    public java.util.Map<Long, PageText> texts(String file, long[] offsets) throws IOException {
        java.util.Map<Long, PageText> out = new java.util.HashMap<>();
        java.util.Set<Long> read = new java.util.HashSet<>();
        if (valid(file, 0)) {
            local.members(file, offsets, PageText.MAX_BLOCK_BYTES + 4096, (offset, content, length) -> {
                textOf(content, length).ifPresent(t -> out.put(offset, t));
                read.add(offset);
            });
        }
        for (long offset : offsets) {
            if (read.contains(offset)) {
                continue;
            }
            try {
                text(file, offset).ifPresent(t -> out.put(offset, t));
            } catch (IOException | RuntimeException unreadable) {
                // no text record there (or a damaged one): left out
            }
        }
        return out;
    }

    /**
     * The page text of a conversion record's bytes (the first {@code length} of one inflated gzip member): read in
     * place when the record is as this store writes it, else by jwarc.
     */
    private static Optional<PageText> textOf(byte[] member, int length) throws IOException {
        PageText inPlace = ConversionBlock.parse(member, length);
        return inPlace != null ? Optional.of(inPlace) : parsedText(member, length);
    }

    /** The page text of a conversion record's bytes, read by jwarc. */
    private static Optional<PageText> parsedText(byte[] member, int length) throws IOException {
        try (WarcReader reader = new WarcReader(Channels.newChannel(new java.io.ByteArrayInputStream(member, 0, length)))) {
            Optional<WarcRecord> r = reader.next();
            return r.isEmpty() ? Optional.empty() : Optional.ofNullable(textOf(r.get()));
        }
    }

    private static PageText textOf(WarcRecord r) throws IOException {
        return r instanceof org.netpreserve.jwarc.WarcConversion c
                ? PageText.ofBlock(new String(c.body().stream().readNBytes(PageText.MAX_BLOCK_BYTES), java.nio.charset.StandardCharsets.UTF_8))
                : null;
    }

    /** The bytes of the record at the offset, byte for byte as stored (one gzip member), up to the next record. */
    public Optional<byte[]> raw(String file, long offset) throws IOException {
        Optional<InputStream> in = open(file, offset, MAX_RECORD_BYTES);
        if (in.isEmpty()) {
            return Optional.empty();
        }
        try (Capturing s = new Capturing(in.get())) {
            WarcReader reader = new WarcReader(Channels.newChannel(s));
            if (reader.next().isEmpty()) {
                return Optional.empty();
            }
            long end = reader.next().isPresent() ? reader.position() : s.drain();
            if (end <= 0 || end > MAX_RECORD_BYTES) {
                return Optional.empty();
            }
            return Optional.of(s.first((int) end));
        }
    }

    /**
     * Deletes a WARC file here and in the archive; returns whether either had it. A file on another node's local
     * directory (with a local archive) is out of reach and stays.
     */
    public boolean delete(String file) throws IOException {
        boolean here = local.delete(file);
        return (archive.remote() && archive.delete(file)) || here;
    }

    /** A whole WARC file, from this node's directory or the archive; empty when neither has it. */
    public Optional<InputStream> openFile(String file) throws IOException {
        return open(file, 0, Long.MAX_VALUE);
    }

    /** A plain file name (no directory, not hidden) and an offset in it. */
    private static boolean valid(String file, long offset) {
        return WarcArchive.plainName(file) && offset >= 0;
    }

    private Optional<InputStream> open(String file, long offset, long max) throws IOException {
        if (!valid(file, offset)) {
            return Optional.empty();
        }
        Optional<InputStream> here = local.open(file, offset, max);
        return here.isPresent() || !archive.remote() ? here : archive.open(file, offset, max);
    }

    /** Keeps a copy of every byte read through it, so the record's exact bytes need no second request. */
    private static final class Capturing extends FilterInputStream {
        private final ByteArrayOutputStream copy = new ByteArrayOutputStream(64 * 1024);

        Capturing(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                copy.write(b);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                copy.write(b, off, n);
            }
            return n;
        }

        /** Reads the rest (the stream is bounded) and returns how many bytes it held in all. */
        long drain() throws IOException {
            transferTo(java.io.OutputStream.nullOutputStream());
            return copy.size();
        }

        byte[] first(int n) {
            byte[] all = copy.toByteArray();
            return n == all.length ? all : java.util.Arrays.copyOf(all, Math.min(n, all.length));
        }
    }
}
