package io.trawler.crawl;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * When the monitor next ingests a running crawl's page records. Each ingest is one database transaction, and its cost
 * is mostly per commit (the indexes' changed pages are written out whatever the batch size), so a fast crawl's
 * records are gathered for up to {@link #GATHER_MS} into one commit, while a slow crawl's few records are stored on
 * the next tick as before:
 * <ul>
 * <li>after a batch of fewer than {@link #SMALL} records, the next tick ingests (a slow crawl, a test, a polite crawl
 * of one site: the pages show at once);</li>
 * <li>after a batch of a backlog's size — the ingestor's cap, or half the records a stream may hold unread before the
 * frontier stops leasing — the next tick ingests too (workers may be waiting for room);</li>
 * <li>otherwise the crawl is fast: its next ingest waits until {@link #GATHER_MS} after the last.</li>
 * </ul>
 * A finished or stopped crawl is drained whatever this says. Times are {@link System#nanoTime()}'s, so a step of the
 * wall clock delays nothing. Plain Java; one instance per monitor.
 */
final class IngestPacing {

    /** A batch smaller than this is a slow crawl's: the next tick ingests. */
    static final int SMALL = 256;
    /** The longest a fast crawl's records wait to be gathered into one commit. */
    static final long GATHER_MS = 1000;
    private static final long GATHER_NANOS = GATHER_MS * 1_000_000;

    private record Last(long at, int entries) {
    }

    private final int backlog;
    private final Map<String, Last> last = new ConcurrentHashMap<>();

    /**
     * @param batch the most records one ingest takes
     * @param maxUnread the records a stream may hold unread before the frontier stops leasing
     */
    IngestPacing(int batch, int maxUnread) {
        this.backlog = Math.max(1, Math.min(batch, maxUnread / 2));
    }

    /** Whether the crawl's records should be ingested now ({@code now} in {@link System#nanoTime()}'s nanoseconds). */
    boolean due(String crawlId, long now) {
        Last l = last.get(crawlId);
        return l == null || l.entries() < SMALL || l.entries() >= backlog || now - l.at() >= GATHER_NANOS;
    }

    /** Notes an ingest of the crawl, made at {@code now} (nanoseconds), that took {@code entries} records. */
    void ingested(String crawlId, int entries, long now) {
        last.put(crawlId, new Last(now, entries));
    }

    /** The crawl ended: nothing is kept for it. */
    void forget(String crawlId) {
        last.remove(crawlId);
    }
}
