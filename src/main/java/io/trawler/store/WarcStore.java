package io.trawler.store;

import io.trawler.fetch.FetchResult;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.Warcinfo;

/**
 * Writes fetched exchanges as WARC/1.0 response and request records with jwarc, each record its own
 * gzip member (so any record can be read from its offset), into files rotated by size. The stored
 * response carries the decoded entity: transfer and content codings are removed from its headers
 * and Content-Length is set to the bytes stored. Thread-safe.
 *
 * <p>Crash safety: while a file is open for writing, a marker {@code <file>.open} beside it holds, as 8 bytes, the
 * end of the last record pair written completely, and this process holds a lock on it. A record is reported (and so
 * can be referenced by a page record) only after its bytes were written to the file. After a {@code kill -9}, the
 * next store opened on the directory finds markers nobody holds, cuts their files back to the recorded end (a
 * record half-written when the process died is never referenced) and removes the markers, so every file in the
 * directory is a valid WARC file again. Writes reach the operating system before a record is reported; they are not
 * fsync'd (a power loss can lose the last records, as it can the database's last commits on H2).
 */
public final class WarcStore implements AutoCloseable {

    /**
     * Where the exchange's response (or revisit) record went, the SHA-1 of the page's payload, the record's id, for a
     * revisit record its profile ({@code identical-payload-digest}, {@code server-not-modified}) and the id of the record
     * it refers to (null when not known), the bytes the exchange's records take in the file ({@code length}), and where
     * the conversion record with the page's text went in the same file ({@code textOffset}; null: none was written).
     */
    public record Stored(String file, long offset, String payloadDigest, String recordId, String revisit, String refersTo, long length,
            Long textOffset) {

        public Stored(String file, long offset, String payloadDigest) {
            this(file, offset, payloadDigest, null, null, null, 0, null);
        }
    }

    /** The page's content as last stored in full: its payload digest, the record's date (epoch ms) and id (null: unknown). */
    public record Previous(String payloadDigest, long capturedAt, String recordId) {
    }

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS", Locale.ROOT);

    private final Path dir;
    private final long maxFileBytes;
    /** A file is closed this long after it was opened, however small (zero: never for its age). */
    private final java.time.Duration maxFileAge;
    /** Told of every file closed complete (for the archive's uploader). */
    private final java.util.function.Consumer<Path> onClosed;
    private long openedAtNanos;
    private final String node;
    /** The crawl whose records the files hold ("" for a store shared by crawls), and its warcinfo fields. */
    private final String crawl;
    private final List<Map.Entry<String, String>> info;
    private final String software;
    static final String OPEN_SUFFIX = ".open";
    /** Markers the stores of this process hold locked (recovery must not even open them). */
    private static final java.util.Set<Path> HELD = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** The file being written, and where its next record starts. */
    private FileChannel file;
    private long position;
    private String fileName;
    private int sequence;
    private FileChannel marker;
    /** The marker of the file being written (absolute, normalised: as {@link #HELD} holds it). */
    private Path markerPath;
    private java.nio.channels.FileLock markerLock;
    private final java.nio.ByteBuffer end = java.nio.ByteBuffer.allocate(Long.BYTES);

    /** The deflate level of a store not told otherwise: the fastest (compressing is a page's largest cost after parsing). */
    public static final int DEFAULT_LEVEL = 1;

    /** The deflate level of every record's gzip member, 1 to 9. */
    private final int level;

    public WarcStore(Path dir, long maxFileBytes, String node, String software) {
        this(dir, maxFileBytes, java.time.Duration.ZERO, node, software, f -> { });
    }

    /**
     * A store that also closes a file once it is {@code maxFileAge} old (at its next write, or at {@link #closeIfOlder})
     * and tells {@code onClosed} of each file it closes complete.
     */
    public WarcStore(Path dir, long maxFileBytes, java.time.Duration maxFileAge, String node, String software,
            java.util.function.Consumer<Path> onClosed) {
        this(dir, maxFileBytes, maxFileAge, DEFAULT_LEVEL, node, software, onClosed);
    }

    /** As above, compressing each record at deflate level {@code level} (1: fastest … 9: smallest). */
    public WarcStore(Path dir, long maxFileBytes, java.time.Duration maxFileAge, int level, String node, String software,
            java.util.function.Consumer<Path> onClosed) {
        this(dir, maxFileBytes, maxFileAge, level, node, software, onClosed, "", List.of());
    }

    /**
     * As above, for one crawl: its id is part of every file's name, and each file's {@code warcinfo} record carries
     * {@code info} after the software and format (the IIPC's fields: hostname, operator, isPartOf, description, robots,
     * http-header-user-agent, …).
     */
    public WarcStore(Path dir, long maxFileBytes, java.time.Duration maxFileAge, int level, String node, String software,
            java.util.function.Consumer<Path> onClosed, String crawl, List<Map.Entry<String, String>> info) {
        if (level < 1 || level > 9) {
            throw new IllegalArgumentException("the WARC compression level is 1 to 9, not " + level);
        }
        this.level = level;
        this.dir = dir;
        this.maxFileBytes = maxFileBytes;
        this.maxFileAge = maxFileAge;
        this.onClosed = onClosed;
        this.node = node.replaceAll("[^A-Za-z0-9.-]", "_");
        this.crawl = crawl.replaceAll("[^A-Za-z0-9.-]", "_");
        this.software = software;
        this.info = List.copyOf(info);
        try {
            recover(dir);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot recover the WARC files in " + dir, e);
        }
    }

    /**
     * Cuts every file of {@code dir} left open by a process that died back to its last complete record, and removes
     * its marker. Markers locked by a live process (another worker on this directory) are left alone. Returns the
     * files repaired.
     */
    public static List<Path> recover(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> markers;
        try (var s = Files.list(dir)) {
            markers = s.filter(p -> p.getFileName().toString().endsWith(OPEN_SUFFIX)).sorted().toList();
        }
        List<Path> repaired = new java.util.ArrayList<>();
        for (Path m : markers) {
            if (HELD.contains(m.toAbsolutePath().normalize())) {
                continue;   // a store of this process writes it (never open a channel on it: closing one drops our lock)
            }
            try (FileChannel ch = FileChannel.open(m, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                java.nio.channels.FileLock lock;
                try {
                    lock = ch.tryLock();
                } catch (java.nio.channels.OverlappingFileLockException heldHere) {
                    continue;
                }
                if (lock == null) {
                    continue;   // its writer is alive
                }
                java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(Long.BYTES);
                long good = ch.read(b, 0) == Long.BYTES ? b.flip().getLong() : 0;
                String name = m.getFileName().toString();
                Path file = m.resolveSibling(name.substring(0, name.length() - OPEN_SUFFIX.length()));
                if (Files.exists(file) && cutBack(file, good)) {
                    repaired.add(file);
                }
                Files.deleteIfExists(m);   // while still holding the lock
                lock.release();
            } catch (java.nio.file.NoSuchFileException goneMeanwhile) {
                // another process recovered it first
            }
        }
        return repaired;
    }

    /**
     * Writes a fetched exchange (response record, then request record) and returns where the response went. The records
     * are built, digested and compressed by the calling thread; only appending their bytes to the file is serialised.
     */
    public Stored write(FetchResult r, List<Map.Entry<String, String>> requestHeaders) throws IOException {
        return write(r, requestHeaders, null);
    }

    /**
     * As {@link #write(FetchResult, List)}; when the page's content was stored before ({@code previous}), a 2xx with the
     * same payload or a 304 is written as a {@code revisit} record referring to it instead of a response record.
     */
    public Stored write(FetchResult r, List<Map.Entry<String, String>> requestHeaders, Previous previous) throws IOException {
        return write(r, requestHeaders, previous, null);
    }

    /**
     * As {@link #write(FetchResult, List, Previous)}; when the exchange is stored as a response and {@code text} is given
     * (the page's title and main text, as the worker extracted them), a {@code conversion} record holding it follows
     * the request record, and {@link Stored#textOffset()} says where.
     */
    public Stored write(FetchResult r, List<Map.Entry<String, String>> requestHeaders, Previous previous, PageText text) throws IOException {
        ExchangeRecords x = ExchangeRecords.of(r, requestHeaders, previous, text);
        GzipMembers members = GzipMembers.ofThisThread(level);
        try {
            int textAt = -1;
            for (ExchangeRecords.Record rec : x.records()) {
                if (rec.record() instanceof org.netpreserve.jwarc.WarcConversion) {
                    textAt = members.size();
                }
                gzip(members, rec.record(), rec.block());
            }
            java.nio.ByteBuffer bytes = members.bytes();
            long length = bytes.remaining();
            Placed at = append(bytes);
            return new Stored(at.file(), at.offset(), x.payloadDigest(), x.recordId(), x.revisit(), x.refersTo(), length,
                    textAt < 0 ? null : at.offset() + textAt);
        } finally {
            members.clear();   // a buffer grown for a large body is not kept by an idle thread
        }
    }

    private static final byte[] RECORD_END = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    /**
     * A record as its own gzip member: jwarc's serialised header, the block, and the two line ends that close a record,
     * as jwarc's writer lays them out ({@code block} is the record's body, already in memory).
     */
    private static void gzip(GzipMembers members, WarcRecord record, byte[]... block) {
        members.begin();
        members.write(record.serializeHeader());
        for (byte[] part : block) {
            members.write(part);
        }
        members.write(RECORD_END);
        members.end();
    }

    private record Placed(String file, long offset) {
    }

    /** Appends complete records to the current file (rotated first when due); returns the file and the offset they start at. */
    private synchronized Placed append(java.nio.ByteBuffer records) throws IOException {
        if (file == null || position >= maxFileBytes || tooOld()) {
            rotate();
        }
        long offset = position;
        try {
            while (records.hasRemaining()) {
                position += file.write(records, position);
            }
        } catch (IOException | RuntimeException e) {
            abandon(offset);
            throw e;
        }
        markComplete();
        return new Placed(fileName, offset);
    }

    private boolean tooOld() {
        return !maxFileAge.isZero() && System.nanoTime() - openedAtNanos >= maxFileAge.toNanos();
    }

    /**
     * Closes the file being written if it is older than the maximum age (so that a quiet worker's last records reach
     * the archive too); the next write opens a new one.
     */
    public synchronized void closeIfOlder() throws IOException {
        if (file != null && tooOld()) {
            close();
        }
    }

    private void rotate() throws IOException {
        close();
        Files.createDirectories(dir);
        String stamp = ZonedDateTime.now(ZoneOffset.UTC).format(STAMP);
        fileName = "TRAWLER-" + stamp + "-" + String.format("%05d", sequence++) + "-" + node + (crawl.isEmpty() ? "" : "-" + crawl)
                + ".warc.gz";
        Path path = dir.resolve(fileName);
        markerPath = dir.resolve(fileName + OPEN_SUFFIX).toAbsolutePath().normalize();
        // the marker is created and locked under another name, then moved in place: recovery never sees it unlocked
        Path pending = dir.resolve(fileName + OPEN_SUFFIX + ".new");
        marker = FileChannel.open(pending, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
        openedAtNanos = System.nanoTime();
        markerLock = marker.lock();
        HELD.add(markerPath);
        Files.move(pending, markerPath, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        try {
            file = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            position = 0;
            // its own gzip buffer: the calling thread's may hold the records waiting for this file
            try (GzipMembers members = new GzipMembers(level)) {
                byte[] fields = warcinfoFields(software, info);
                Warcinfo warcinfo = new Warcinfo.Builder().filename(fileName).body(MediaType.WARC_FIELDS, fields).build();
                gzip(members, warcinfo, fields);
                java.nio.ByteBuffer bytes = members.bytes();
                while (bytes.hasRemaining()) {
                    position += file.write(bytes, position);
                }
            }
            markComplete();
        } catch (IOException | RuntimeException e) {
            abandon(0);   // nothing of this file is complete: it goes, and the next write starts another
            throw e;
        }
    }

    /** A write failed half-way (a full disk): cuts the file back to its last complete record and starts a new one next time. */
    private void abandon(long goodEnd) {
        boolean cut;
        try {
            cutBack(dir.resolve(fileName), goodEnd);
            cut = true;
        } catch (IOException notCut) {
            cut = false;   // the marker still says where the file ends: the next start cuts it
        }
        try {
            if (file != null) {
                file.close();
            }
        } catch (IOException ignored) {
            // closing a broken file
        }
        file = null;
        try {
            if (cut) {
                Files.deleteIfExists(markerPath);
            }
            markerLock.release();
            marker.close();
        } catch (IOException ignored) {
            // left for recovery
        }
        HELD.remove(markerPath);
        if (cut && goodEnd > 0) {
            onClosed.accept(dir.resolve(fileName));   // what it holds is complete
        }
    }

    /**
     * Cuts a file back to its last complete record ({@code goodEnd}), or deletes it when not even its warcinfo record
     * was complete; returns whether anything was cut.
     */
    private static boolean cutBack(Path file, long goodEnd) throws IOException {
        boolean cut = false;
        try (FileChannel w = FileChannel.open(file, StandardOpenOption.WRITE)) {
            if (w.size() > goodEnd) {
                w.truncate(goodEnd);
                cut = true;
            }
        }
        if (goodEnd == 0) {
            Files.deleteIfExists(file);
        }
        return cut;
    }

    /** Records in the marker that the file is complete up to its current end. */
    private void markComplete() throws IOException {
        end.clear();
        end.putLong(position).flip();
        marker.write(end, 0);
    }

    /**
     * The block of a {@code warcinfo} record (application/warc-fields): the software, the format and what it conforms
     * to, then the given fields (values on one line each).
     */
    public static byte[] warcinfoFields(String software, List<Map.Entry<String, String>> info) {
        StringBuilder s = new StringBuilder(512).append("software: ").append(software).append("\r\n")
                .append("format: WARC File Format 1.0\r\n")
                .append("conformsTo: http://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.0/\r\n");
        for (Map.Entry<String, String> f : info) {
            if (f.getValue() != null && !f.getValue().isBlank()) {
                s.append(f.getKey()).append(": ").append(f.getValue().replace('\r', ' ').replace('\n', ' ')).append("\r\n");
            }
        }
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The directory files are written to. */
    public Path dir() {
        return dir;
    }

    @Override
    public synchronized void close() throws IOException {
        if (file != null) {
            file.close();
            file = null;
            Files.deleteIfExists(markerPath);   // while still holding the lock
            markerLock.release();
            marker.close();
            HELD.remove(markerPath);
            onClosed.accept(dir.resolve(fileName));
        }
    }
}
