package io.trawler.crawl;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Crawl comparisons kept for their next page: a comparison of two crawls holds until either crawl stores a new record
 * (its newest record id is part of the key), so paging through a finished pair's URLs, or switching tabs, reads only
 * the listed records. The {@value #KEPT} pairs compared last are kept; a pair's comparison holds two record ids for
 * each URL that is not unchanged (about 1.6 MB for 100,000 changed URLs).
 */
@ApplicationScoped
public class CrawlComparisons {

    static final int KEPT = 8;

    private record Key(String id, String other, long newest, long otherNewest) {
    }

    private final Map<Key, CrawlComparison.Diff> kept = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, CrawlComparison.Diff> eldest) {
            return size() > KEPT;
        }
    };

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
        synchronized (kept) {
            kept.put(key, d);
        }
        return d;
    }
}
