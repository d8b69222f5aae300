package io.trawler.api;

import io.trawler.account.Role;
import io.trawler.search.CrawlSearch;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** Search over a crawl's pages: URLs and main text (API addition). */
@Path("/api/v1/crawls/{id}/search")
@Produces(MediaType.APPLICATION_JSON)
public class SearchResource {

    private final CrawlSearch search;

    public SearchResource(CrawlSearch search) {
        this.search = search;
    }

    @GET
    @RolesAllowed(Role.Rights.READ)
    @Operation(summary = "Searches the crawl's pages: every word (or \"quoted phrase\") must occur in the URL or the main text",
            description = "Words are analysed as focused crawling analyses text (Unicode words, CJK bigrams, English stems). An ended"
                    + " crawl is indexed in the background after it ends; a running crawl is indexed as far as it has come when it"
                    + " is searched, and further while it keeps being searched.")
    @APIResponse(responseCode = "200", description = "the matches")
    @APIResponse(responseCode = "400", description = "no query, or a query too long, or a bad offset or limit")
    @APIResponse(responseCode = "404", description = "no such crawl")
    @APIResponse(responseCode = "409", description = "the crawl's site is not indexed for search (its search.indexed setting is off)"
            + " and the crawl's index is not complete")
    @APIResponse(responseCode = "503", description = "search is switched off on this server (trawler.search.enabled=false)")
    public CrawlSearch.SearchView search(@PathParam("id") String id, @QueryParam("q") String q, @QueryParam("offset") String offsetParam,
            @QueryParam("limit") String limitParam) throws IOException {
        int limit = Inputs.intParam("limit", limitParam, 20, 1, 100);
        int offset = Inputs.intParam("offset", offsetParam, 0, 0, 10_000);
        return search.search(id, q, offset, limit);
    }
}
