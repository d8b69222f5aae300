package io.trawler.api;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.account.Role;
import io.trawler.crawl.CrawlComparison;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** Crawl comparison (API addition): which URLs are new, gone, or changed status or content since another crawl. */
@Path("/api/v1/crawls/{id}/compare")
@Produces(MediaType.APPLICATION_JSON)
public class CrawlCompareResource {

    /** The counts of the comparison and one page of the URLs of the kind asked for. */
    public record ComparisonView(String crawlId, String with, CrawlComparison.Summary summary, String kind,
            List<CrawlComparison.Entry> urls, @Schema(nullable = true) Long next) {
    }


    private final io.trawler.crawl.CrawlComparisons comparisons;

    public CrawlCompareResource(io.trawler.crawl.CrawlComparisons comparisons) {
        this.comparisons = comparisons;
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
    public ComparisonView compare(@PathParam("id") String id, @QueryParam("with") String with, @QueryParam("kind") String kindParam,
            @QueryParam("after") String afterParam, @QueryParam("limit") String limitParam) {
        int limit = Inputs.intParam("limit", limitParam, 50, 1, 1000);
        long after = Inputs.longParam("after", afterParam, 0, 0, Long.MAX_VALUE);
        if (with == null || with.isBlank()) {
            throw ApiException.invalid(List.of(new ApiError.Detail("with", "the id of the crawl to compare with")));
        }
        if (with.equals(id)) {
            throw ApiException.invalid(List.of(new ApiError.Detail("with", "another crawl than this one")));
        }
        CrawlComparison.Kind kind;
        try {
            kind = kindParam == null || kindParam.isBlank() ? CrawlComparison.Kind.NEW : CrawlComparison.Kind.parse(kindParam);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid(List.of(new ApiError.Detail("kind", e.getMessage() + ", got " + Inputs.quote(kindParam))));
        }
        CrawlComparison.Kind listed = kind;
        // the manager's database, through the session (a worker-only node has none: its API never gets here)
        return QuarkusTransaction.requiringNew().call(() -> {
            CrawlResource.find(id);
            CrawlResource.find(with);
            return io.trawler.crawl.Page.getEntityManager().unwrap(org.hibernate.Session.class).doReturningWork(c -> {
                CrawlComparison.Diff diff = comparisons.of(c, id, with);
                CrawlComparison.Listing listing = diff.list(c, listed, after, limit);
                return new ComparisonView(id, with, diff.summary(), listed.apiName(), listing.urls(), listing.next());
            });
        });
    }
}
