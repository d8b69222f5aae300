package io.trawler.search;

import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlQueries;
import io.trawler.errors.ApiError;
import io.trawler.errors.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Search over a crawl's pages as the API and the UI ask for it: the same answers and the same refusals. */
@ApplicationScoped
public class CrawlSearch {

    /** The longest query taken. */
    public static final int MAX_QUERY = 500;

    /**
     * The matches: how many in all, those asked for (best first), and how much of the crawl the index holds: records up
     * to {@code indexedUpTo} (a record id); {@code complete} once the crawl has ended and every record is in.
     */
    public record SearchView(String query, long total, List<CrawlIndex.Hit> hits, long indexedUpTo, boolean complete,
            @Schema(nullable = true) Integer next) {
    }

    private final SearchIndexer indexer;
    private final CrawlQueries crawls;

    public CrawlSearch(SearchIndexer indexer, CrawlQueries crawls) {
        this.indexer = indexer;
        this.crawls = crawls;
    }

    /**
     * The crawl's pages matching {@code q}, {@code limit} of them from the {@code offset}-th: 400 without words or with
     * a query over {@value #MAX_QUERY} characters, 404 without the crawl, 503 when search is switched off, 409 when the
     * crawl's site is not indexed for search and the crawl's index is not complete.
     */
    public SearchView search(String crawlId, String q, int offset, int limit) throws IOException {
        if (q == null || q.isBlank()) {
            throw ApiException.invalid(List.of(new ApiError.Detail("q", "give words to search for")));
        }
        if (q.length() > MAX_QUERY) {
            throw ApiException.invalid(List.of(new ApiError.Detail("q", "at most " + MAX_QUERY + " characters")));
        }
        CrawlQueries.CrawlAndSite cs = crawls.withSite(crawlId);
        Crawl crawl = cs.crawl();
        if (!indexer.enabled()) {
            throw new ApiException(503, "search_disabled", "search is switched off on this server (trawler.search.enabled)", List.of());
        }
        if (!crawl.searchIndexed && cs.site() != null && !cs.site().searchIndexed) {
            throw new ApiException(409, "search_not_indexed", "the site " + cs.site().name + " is not indexed for search"
                    + " (its setting search.indexed is off): turn it on and its crawls are indexed", List.of());
        }
        SearchIndexer.Answer a = indexer.search(crawl, q.trim(), offset, limit);
        Integer next = offset + a.result().hits().size() < a.result().total() && !a.result().hits().isEmpty()
                ? offset + a.result().hits().size() : null;
        return new SearchView(q.trim(), a.result().total(), a.result().hits(), a.indexedUpTo(), a.complete(), next);
    }
}
