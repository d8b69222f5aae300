package io.trawler.api;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import io.trawler.account.Role;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlQueries;
import io.trawler.crawl.HostStats;
import io.trawler.errors.ApiError;
import io.trawler.errors.ApiException;
import io.trawler.frontier.Frontier;
import io.trawler.redis.Await;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Locale;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * A crawl's hosts (API addition): per-host statistics of its stored records, the frontier's view of one host
 * (queues, next URLs, politeness state) while the crawl runs, and dropping queued URLs of a host or matching a pattern.
 */
@Path("/api/v1/crawls/{id}")
@Produces(MediaType.APPLICATION_JSON)
public class CrawlHostsResource {

    static final int MAX_PATTERN = 1000;
    static final int MAX_HOST = 255;

    /**
     * What to drop: the queue of a host, URLs matching a pattern (an RE2 regular expression, as scope patterns are:
     * matched in linear time, found anywhere in the URL), or both.
     */
    public record DropRequest(@Schema(nullable = true) String host, @Schema(nullable = true) String pattern) {
    }

    public record DropResult(long dropped) {
    }

    private final Frontier frontier;
    private final CrawlQueries queries;

    public CrawlHostsResource(Frontier frontier, CrawlQueries queries) {
        this.frontier = frontier;
        this.queries = queries;
    }

    @GET
    @Path("/host-stats")
    @RolesAllowed(Role.Rights.READ)
    @Operation(summary = "Per-host statistics of the crawl's stored records: pages, status classes, bytes, mean fetch time")
    @APIResponse(responseCode = "200", description = "the hosts")
    @APIResponse(responseCode = "400", description = "a bad order or limit")
    @APIResponse(responseCode = "404", description = "no such crawl")
    public CrawlQueries.HostListing hostStats(@PathParam("id") String id, @QueryParam("order") String orderParam,
            @QueryParam("limit") String limitParam) {
        int limit = Inputs.intParam("limit", limitParam, 50, 1, 1000);
        return queries.hosts(id, order(orderParam), limit);
    }

    @GET
    @Path("/frontier/hosts")
    @RolesAllowed(Role.Rights.READ)
    @Operation(summary = "Every host with URLs waiting in a running crawl, across its lanes, in the order they are leased from"
            + " (earliest allowed fetch first), each with its queued URLs and the URL leased from it next; paged by offset")
    @APIResponse(responseCode = "200", description = "a page of the waiting hosts (none once the crawl has ended)")
    @APIResponse(responseCode = "400", description = "a bad offset or limit")
    @APIResponse(responseCode = "404", description = "no such crawl")
    public CrawlQueries.FrontierHosts frontierHosts(@PathParam("id") String id, @QueryParam("offset") String offsetParam,
            @QueryParam("limit") String limitParam) {
        int limit = Inputs.intParam("limit", limitParam, 50, 1, 200);
        int offset = Inputs.intParam("offset", offsetParam, 0, 0, CrawlQueries.MAX_HOST_OFFSET);
        return queries.frontierHosts(id, offset, limit);
    }

    @GET
    @Path("/frontier/hosts/{host}")
    @RolesAllowed(Role.Rights.READ)
    @Operation(summary = "One host of the crawl: stored records' statistics and, while the crawl runs, its queues, next URLs and"
            + " politeness state (next allowed fetch per polite client, delay between fetch starts)")
    @APIResponse(responseCode = "200", description = "the host")
    @APIResponse(responseCode = "404", description = "no such crawl")
    public CrawlQueries.HostView host(@PathParam("id") String id, @PathParam("host") String host, @QueryParam("next") String nextParam,
            @org.eclipse.microprofile.openapi.annotations.parameters.Parameter(description = "each lane's queued URLs from this one on"
                    + " (paging; 0 the first)") @QueryParam("offset") String offsetParam) {
        int next = Inputs.intParam("next", nextParam, 20, 0, 200);
        int offset = Inputs.intParam("offset", offsetParam, 0, 0, 100_000_000);
        return queries.host(id, host, offset, next);
    }

    @POST
    @Path("/frontier/drop")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed(Role.Rights.EDIT)
    @Operation(summary = "Drops queued URLs from a running crawl: a host's whole queue, or URLs matching a pattern (of one host, or"
            + " of every host). Dropped URLs stay seen: no link brings them back.")
    @APIResponse(responseCode = "200", description = "how many queued URLs were dropped")
    @APIResponse(responseCode = "400", description = "neither host nor pattern, or a pattern that does not compile")
    @APIResponse(responseCode = "404", description = "no such crawl")
    @APIResponse(responseCode = "409", description = "the crawl has ended")
    public DropResult drop(@PathParam("id") String id, DropRequest body) {
        String host = body == null || body.host() == null || body.host().isBlank() ? null : body.host().trim().toLowerCase(Locale.ROOT);
        String patternText = body == null || body.pattern() == null || body.pattern().isBlank() ? null : body.pattern();
        if (host == null && patternText == null) {
            throw ApiException.invalid(List.of(new ApiError.Detail("host", "give a host, a pattern, or both")));
        }
        if (host != null && (host.length() > MAX_HOST || host.chars().anyMatch(ch -> ch <= ' ' || ch == '/'))) {
            throw ApiException.invalid(List.of(new ApiError.Detail("host", "a host (and port) of at most " + MAX_HOST
                    + " characters, without spaces or slashes")));
        }
        Pattern pattern = null;
        if (patternText != null) {
            if (patternText.length() > MAX_PATTERN) {
                throw ApiException.invalid(List.of(new ApiError.Detail("pattern", "at most " + MAX_PATTERN + " characters")));
            }
            try {
                pattern = Pattern.compile(patternText);
            } catch (PatternSyntaxException e) {
                throw ApiException.invalid(List.of(new ApiError.Detail("pattern", "not a regular expression (RE2 syntax): "
                        + e.getDescription() + (e.getPattern() == null || e.getPattern().isEmpty() ? "" : " at " + Inputs.quote(e.getPattern())))));
            }
        }
        Crawl crawl = queries.crawl(id);
        if (!crawl.isActive()) {
            throw ApiException.conflict("crawl " + id + " is " + crawl.state + ": only a running or paused crawl's queues can be changed");
        }
        Pattern compiled = pattern;
        return new DropResult(Await.result(frontier.drop(id, Math.max(1, crawl.partitions), host,
                compiled == null ? null : url -> compiled.matcher(url).find())));
    }

    private static HostStats.Order order(String value) {
        if (value == null || value.isBlank()) {
            return HostStats.Order.PAGES;
        }
        try {
            return HostStats.Order.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid(List.of(new ApiError.Detail("order", "one of pages, errors, bytes, slowest")));
        }
    }
}
