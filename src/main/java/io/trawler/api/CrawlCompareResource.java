package io.trawler.api;

import io.trawler.account.Role;
import io.trawler.crawl.CrawlQueries;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** Crawl comparison (API addition): which URLs are new, gone, or changed status or content since another crawl. */
@Path("/api/v1/crawls/{id}/compare")
@Produces(MediaType.APPLICATION_JSON)
public class CrawlCompareResource {

    private final CrawlQueries queries;

    public CrawlCompareResource(CrawlQueries queries) {
        this.queries = queries;
    }

    @GET
    @RolesAllowed(Role.Rights.READ)
    @Operation(summary = "Compares the crawl with an earlier (or any other) crawl, URL by URL",
            description = "Each URL's latest record in this crawl against its latest record in the other: new (only here), gone"
                    + " (only there), status (both, different status or outcome), content (both, same status, different payload"
                    + " digest); the counts of each, and the URLs of one kind in record order, paged with after/next.")
    @APIResponse(responseCode = "200", description = "the comparison")
    @APIResponse(responseCode = "400", description = "with missing or the crawl itself, an unknown kind, a bad after or limit")
    @APIResponse(responseCode = "404", description = "no such crawl (either of them)")
    public CrawlQueries.ComparisonView compare(@PathParam("id") String id, @QueryParam("with") String with, @QueryParam("kind") String kindParam,
            @QueryParam("after") String afterParam, @QueryParam("limit") String limitParam) {
        int limit = Inputs.intParam("limit", limitParam, 50, 1, 1000);
        long after = Inputs.longParam("after", afterParam, 0, 0, Long.MAX_VALUE);
        return queries.compare(id, with, kindParam, after, limit);
    }
}
