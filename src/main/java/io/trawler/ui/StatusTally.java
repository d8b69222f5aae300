package io.trawler.ui;

import io.trawler.crawl.Page;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A crawl's page records counted by status class, for the crawl page. Counted incrementally: the first view of a
 * crawl counts its records once (one grouped query over the crawl's index), later views count only the records
 * stored since, so a page of a crawl with 100,000 records stays fast. Tallies of the {@value #CRAWLS} crawls viewed
 * last are kept; records of a crawl are only ever added (ids grow), never changed, so a tally stays exact.
 */
@ApplicationScoped
public class StatusTally {

    static final int CRAWLS = 256;

    /** Records by class: 2xx … 5xx, and {@code none} for records without an HTTP answer (errors, blocked, abandoned). */
    public record Classes(long upToId, long c2xx, long c3xx, long c4xx, long c5xx, long none) {
        public long total() {
            return c2xx + c3xx + c4xx + c5xx + none;
        }
    }

    /** The class of a status, as the crawl page's script counts it: 2xx–5xx for 200–599, else "none". */
    static int classOf(int status) {
        return status >= 200 && status < 600 ? status / 100 - 2 : 4;
    }

    private static final class Running {
        long upTo;
        final long[] n = new long[5];
    }

    private final Map<String, Running> tallies = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Running> eldest) {
            return size() > CRAWLS;
        }
    });

    /**
     * The crawl's records with ids up to {@code upToId} (and perhaps a few more, when another view counted further:
     * {@link Classes#upToId} says up to where), inside the caller's transaction.
     */
    public Classes count(String crawlId, long upToId) {
        Running r = tallies.computeIfAbsent(crawlId, k -> new Running());
        synchronized (r) {
            if (upToId > r.upTo) {
                List<Object[]> rows = Page.getEntityManager()
                        .createQuery("select p.status, count(p) from Page p where p.crawlId = ?1 and p.id > ?2 and p.id <= ?3"
                                + " group by p.status", Object[].class)
                        .setParameter(1, crawlId).setParameter(2, r.upTo).setParameter(3, upToId).getResultList();
                for (Object[] row : rows) {
                    r.n[classOf(((Number) row[0]).intValue())] += ((Number) row[1]).longValue();
                }
                r.upTo = upToId;
            }
            return new Classes(r.upTo, r.n[0], r.n[1], r.n[2], r.n[3], r.n[4]);
        }
    }
}
