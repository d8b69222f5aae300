package io.trawler.revisit;

import io.trawler.refresh.PageHistory;
import io.vertx.core.Future;
import java.util.List;

/**
 * Where a worker finds what the crawls learned of a page (its validators above all, for a conditional request): the
 * one read of the revisit state the fetch path makes. {@link RefreshStore} answers it from Redis; a worker's unit test
 * from a map.
 */
@FunctionalInterface
public interface PageHistories {

    /** One page's history (a page never fetched when there is none); never blocks (workers call it on the event loop). */
    Future<PageHistory> history(String siteId, String url);

    /**
     * The histories of the URLs, in their order, in one round trip at most (none for a site with no history): what a
     * worker asks once for each batch of URLs it leases.
     */
    default Future<List<PageHistory>> historiesOf(String siteId, List<String> urls) {
        List<Future<PageHistory>> each = urls.stream().map(u -> history(siteId, u)).toList();
        return Future.all(each).map(all -> each.stream().map(Future::result).toList());
    }
}
