package io.trawler.crawl;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Crawl comparisons kept for their next page: a comparison of two crawls holds until either crawl stores a new record
 * (its newest record id is part of the key), so paging through a finished pair's URLs, or switching tabs, reads only
 * the listed records. At most {@value #KEPT} pairs, and at most {@value #MAX_BYTES} bytes of record ids in all, are
 * kept, the least recently viewed leaving first; a pair's comparison holds two record ids for each URL that is not
 * unchanged (about 1.6 MB for 100,000 changed URLs). A comparison larger than the whole bound is computed for each
 * view and never kept.
 */
@ApplicationScoped
public class CrawlComparisons {

    static final int KEPT = 8;
    /** The bytes of record ids all kept comparisons may hold together. */
    static final long MAX_BYTES = 32L * 1024 * 1024;

    record Key(String id, String other, long newest, long otherNewest) {
    }

    private final long maxBytes;
    private long bytes;
    private final Map<Key, CrawlComparison.Diff> kept = new LinkedHashMap<>(16, 0.75f, true);

    public CrawlComparisons() {
        this(MAX_BYTES);
    }

    CrawlComparisons(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** Crawl {@code id} compared with crawl {@code other}, as their records stand now. */
    public CrawlComparison.Diff of(Connection c, String id, String other) throws SQLException {
        Key key = new Key(id, other, CrawlComparison.newestRecord(c, id), CrawlComparison.newestRecord(c, other));
        synchronized (kept) {
            CrawlComparison.Diff d = kept.get(key);
            if (d != null) {
                return d;
            }
        }
        CrawlComparison.Diff d = CrawlComparison.Diff.compute(c, id, other);
        keep(key, d);
        return d;
    }

    /** Keeps {@code d} under {@code key} unless it alone exceeds the bound, then lets the least recently viewed go. */
    void keep(Key key, CrawlComparison.Diff d) {
        long size = d.bytes();
        if (size > maxBytes) {
            return;
        }
        synchronized (kept) {
            CrawlComparison.Diff old = kept.put(key, d);
            bytes += size - (old == null ? 0 : old.bytes());
            Iterator<CrawlComparison.Diff> eldest = kept.values().iterator();
            while ((kept.size() > KEPT || bytes > maxBytes) && eldest.hasNext()) {
                CrawlComparison.Diff gone = eldest.next();
                if (gone == d) {
                    continue;
                }
                bytes -= gone.bytes();
                eldest.remove();
            }
        }
    }

    /** How many comparisons and bytes are kept now. */
    long[] held() {
        synchronized (kept) {
            return new long[] {kept.size(), bytes};
        }
    }

    boolean holds(Key key) {
        synchronized (kept) {
            return kept.containsKey(key);
        }
    }
}
