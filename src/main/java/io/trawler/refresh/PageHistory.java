package io.trawler.refresh;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * What the update-policy engine keeps of one page between visits, packed into a few dozen bytes: when it was
 * last fetched and with what status, the fingerprint of its main text, its validators (Last-Modified, ETag) for
 * conditional requests, how many visits saw a change in all, and the last {@value #WINDOW} visits — the interval
 * since the visit before (to 0.05 %) and whether the page had changed — from which its change rate is
 * estimated. Older visits fall out of the window, so an estimate follows a page whose rate drifts.
 *
 * <p>A visit is an observation only when the server answered: 2xx and 3xx responses compare the fingerprint, a
 * 304 is unchanged, a 404 or 410 after content is a change (the page went away); a failed fetch or a 5xx tells
 * nothing about the page and is not counted.
 */
public final class PageHistory {

    /** Visits kept for estimation. */
    public static final int WINDOW = 20;
    private static final int MAX_ETAG = 64;
    /** The packed form's version: 2 adds the stored content, 3 its place (1 and 2, before them, still read). */
    private static final byte VERSION = 3;
    private static final int MAX_FILE = 200;
    private static final int MAX_DIGEST = 64;

    private long lastFetch;
    private int lastStatus;
    private long fingerprint;
    private long lastModified;
    private String etag;
    private int visits;
    private int changes;
    private int size;
    private int head;
    private int changedBits;
    private final char[] intervals = new char[WINDOW];
    /** The response record that holds the page's content as last stored: its payload digest, date and id (or none). */
    private Content content;

    /** A page never fetched. */
    public PageHistory() {
    }

    /**
     * The outcome of one fetch, as the worker reported it, and the content it stored in full ({@code stored}: null for a
     * fetch that stored none, or only a revisit record pointing to earlier content).
     */
    public record Fetch(long at, int status, long fingerprint, long lastModified, String etag, Content stored) {

        public Fetch(long at, int status, long fingerprint, long lastModified, String etag) {
            this(at, status, fingerprint, lastModified, etag, null);
        }
    }

    /**
     * Where a page's content was last stored in full: the payload digest of the response ({@code sha1:…}), the
     * record's date (epoch ms), its WARC-Record-ID ({@code urn:uuid:…}; null when not known) and its place: the WARC
     * file's name and the record's offset in it ({@code file} null when not known, as in histories written before it was
     * kept). A later fetch with the same payload, or a 304, is written as a revisit record referring to it; a 304's links
     * are read from it.
     */
    public record Content(String payloadDigest, long capturedAt, String recordId, String file, long offset) {

        public Content(String payloadDigest, long capturedAt, String recordId) {
            this(payloadDigest, capturedAt, recordId, null, -1);
        }

        /** Whether its place is known. */
        public boolean located() {
            return file != null && offset >= 0;
        }
    }

    /** What a visit showed: whether the page had changed, after how long; null fields when it showed nothing. */
    public record Observation(long intervalMs, boolean changed) {
    }

    /**
     * Adds a fetch. Returns the observation it made (interval since the previous visit and whether the page had
     * changed), or null when it made none: the first visit, or a fetch that failed.
     */
    public Observation add(Fetch f) {
        if (f.status() == 0 || f.status() >= 500 || (f.status() >= 400 && f.status() != 404 && f.status() != 410)) {
            return null;
        }
        boolean hadContent = lastStatus != 0 && lastStatus < 400;
        boolean first = lastFetch == 0;
        boolean changed;
        if (f.status() == 304) {
            changed = false;
        } else if (f.status() == 404 || f.status() == 410) {
            changed = hadContent;
        } else {
            changed = !first && (f.fingerprint() != fingerprint || !hadContent);
            fingerprint = f.fingerprint();
            lastModified = f.lastModified();
            etag = f.etag() == null || f.etag().length() > MAX_ETAG ? null : f.etag();
        }
        if (f.stored() != null && f.stored().payloadDigest() != null && f.stored().payloadDigest().length() <= MAX_DIGEST) {
            content = f.stored();
        }
        long interval = f.at() - lastFetch;
        lastStatus = f.status() == 304 ? (lastStatus == 0 ? 200 : lastStatus) : f.status();
        lastFetch = Math.max(lastFetch, f.at());
        if (first || interval <= 0) {
            visits = Math.min(65535, visits + 1);
            return null;
        }
        visits = Math.min(65535, visits + 1);
        if (changed) {
            changes = Math.min(65535, changes + 1);
        }
        int slot = (head + size) % WINDOW;
        if (size == WINDOW) {
            slot = head;
            head = (head + 1) % WINDOW;
        } else {
            size++;
        }
        intervals[slot] = encodeInterval(interval);
        changedBits = changed ? changedBits | (1 << slot) : changedBits & ~(1 << slot);
        return new Observation(interval, changed);
    }

    /**
     * The page's change rate per second from the visits in the window: the irregular-visit maximum-likelihood
     * estimate (with no change seen, half a change over the time observed); NaN with no observation yet.
     */
    public double ratePerSecond() {
        if (size == 0) {
            return Double.NaN;
        }
        int nc = Integer.bitCount(changedBits);
        double[] c = new double[nc];
        double[] u = new double[size - nc];
        int ic = 0;
        int iu = 0;
        for (int k = 0; k < size; k++) {
            int slot = (head + k) % WINDOW;
            double seconds = decodeInterval(intervals[slot]) / 1000.0;
            if ((changedBits & (1 << slot)) != 0) {
                c[ic++] = seconds;
            } else {
                u[iu++] = seconds;
            }
        }
        return ChangeRateEstimator.fromVisits(c, u);
    }

    /**
     * Forgets the visits of the window (totals, validators and the fingerprint stay): what the cluster-sampling
     * policy keeps of a page outside its cluster's sample.
     */
    public void clearWindow() {
        size = 0;
        head = 0;
        changedBits = 0;
    }

    /** Each visit of the window in order, oldest first: its interval (ms) and whether it saw a change. */
    public void forEachVisit(VisitConsumer consumer) {
        for (int k = 0; k < size; k++) {
            int slot = (head + k) % WINDOW;
            consumer.accept(decodeInterval(intervals[slot]), (changedBits & (1 << slot)) != 0);
        }
    }

    /** Receives the visits of {@link #forEachVisit}. */
    @FunctionalInterface
    public interface VisitConsumer {
        void accept(double intervalMs, boolean changed);
    }

    /** Where the page's content was last stored in full, or null. */
    public Content content() {
        return content;
    }

    /** Forgets the stored content (its file was deleted): the next fetch stores the page in full again. */
    public void forgetContent() {
        content = null;
    }

    public long lastFetch() {
        return lastFetch;
    }

    public int lastStatus() {
        return lastStatus;
    }

    public long fingerprint() {
        return fingerprint;
    }

    /** Last-Modified of the stored content (epoch ms, second precision), 0 if the server sent none. */
    public long lastModified() {
        return lastModified;
    }

    /** ETag of the stored content, or null. */
    public String etag() {
        return etag;
    }

    public int visits() {
        return visits;
    }

    public int changes() {
        return changes;
    }

    /** Observations in the window. */
    public int observed() {
        return size;
    }

    static char encodeInterval(long ms) {
        return (char) Math.min(65535, Math.round(Math.log1p(ms / 10.0) * 2000));
    }

    static double decodeInterval(char code) {
        return 10 * Math.expm1(code / 2000.0);
    }

    /**
     * The packed form (about 50 bytes plus the ETag, about 60 more with the stored content and its WARC file's name, about
     * 60 bytes).
     */
    public byte[] encode() {
        byte[] tag = etag == null ? new byte[0] : etag.getBytes(StandardCharsets.UTF_8);
        byte[] digest = content == null ? new byte[0] : content.payloadDigest().getBytes(StandardCharsets.US_ASCII);
        byte[] file = content == null || !content.located() || content.file().length() > MAX_FILE ? new byte[0]
                : content.file().getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(32 + 2 * size + tag.length + 1 + digest.length + 6 + 16 + 1 + file.length + 6);
        b.put(VERSION);
        putLong48(b, lastFetch);
        b.putShort((short) lastStatus);
        b.putLong(fingerprint);
        b.putInt((int) (lastModified / 1000));
        b.putShort((short) visits);
        b.putShort((short) changes);
        b.put((byte) size);
        b.putInt(changedInOrder());
        for (int k = 0; k < size; k++) {
            b.putChar(intervals[(head + k) % WINDOW]);
        }
        b.put((byte) tag.length);
        b.put(tag);
        b.put((byte) digest.length);
        if (content != null) {
            b.put(digest);
            putLong48(b, content.capturedAt());
            java.util.UUID id = uuidOf(content.recordId());
            b.putLong(id == null ? 0 : id.getMostSignificantBits());
            b.putLong(id == null ? 0 : id.getLeastSignificantBits());
            b.put((byte) file.length);
            if (file.length > 0) {
                b.put(file);
                putLong48(b, content.offset());
            }
        }
        return java.util.Arrays.copyOf(b.array(), b.position());
    }

    /** The history in its packed form; an empty or unknown form gives a page never fetched. */
    public static PageHistory decode(byte[] packed) {
        PageHistory h = new PageHistory();
        if (packed == null || packed.length < 26 || packed[0] < 1 || packed[0] > VERSION) {
            return h;
        }
        ByteBuffer b = ByteBuffer.wrap(packed);
        b.get();
        h.lastFetch = getLong48(b);
        h.lastStatus = b.getShort() & 0xFFFF;
        h.fingerprint = b.getLong();
        h.lastModified = (b.getInt() & 0xFFFFFFFFL) * 1000;
        h.visits = b.getShort() & 0xFFFF;
        h.changes = b.getShort() & 0xFFFF;
        h.size = Math.min(WINDOW, b.get() & 0xFF);
        h.changedBits = b.getInt();
        h.head = 0;
        for (int k = 0; k < h.size; k++) {
            h.intervals[k] = b.getChar();
        }
        int tagLength = b.get() & 0xFF;
        if (tagLength > 0) {
            byte[] tag = new byte[tagLength];
            b.get(tag);
            h.etag = new String(tag, StandardCharsets.UTF_8);
        }
        int digestLength = packed[0] >= 2 && b.hasRemaining() ? b.get() & 0xFF : 0;
        if (digestLength > 0 && b.remaining() >= digestLength + 6 + 16) {
            byte[] digest = new byte[digestLength];
            b.get(digest);
            long at = getLong48(b);
            long hi = b.getLong();
            long lo = b.getLong();
            String file = null;
            long offset = -1;
            int fileLength = packed[0] >= 3 && b.hasRemaining() ? b.get() & 0xFF : 0;
            if (fileLength > 0 && b.remaining() >= fileLength + 6) {
                byte[] name = new byte[fileLength];
                b.get(name);
                file = new String(name, StandardCharsets.UTF_8);
                offset = getLong48(b);
            }
            h.content = new Content(new String(digest, StandardCharsets.US_ASCII), at,
                    hi == 0 && lo == 0 ? null : "urn:uuid:" + new java.util.UUID(hi, lo), file, offset);
        }
        return h;
    }

    /** The UUID of a {@code urn:uuid:} record id, or null for any other form. */
    private static java.util.UUID uuidOf(String recordId) {
        if (recordId == null || !recordId.startsWith("urn:uuid:")) {
            return null;
        }
        try {
            return java.util.UUID.fromString(recordId.substring("urn:uuid:".length()));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private int changedInOrder() {
        int bits = 0;
        for (int k = 0; k < size; k++) {
            if ((changedBits & (1 << ((head + k) % WINDOW))) != 0) {
                bits |= 1 << k;
            }
        }
        return bits;
    }

    private static void putLong48(ByteBuffer b, long v) {
        b.putShort((short) (v >>> 32));
        b.putInt((int) v);
    }

    private static long getLong48(ByteBuffer b) {
        return ((b.getShort() & 0xFFFFL) << 32) | (b.getInt() & 0xFFFFFFFFL);
    }
}
