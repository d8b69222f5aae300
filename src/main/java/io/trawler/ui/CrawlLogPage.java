package io.trawler.ui;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.trawler.account.Role;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlQueries;
import io.trawler.crawl.CrawlState;
import io.trawler.crawl.Page;
import io.trawler.crawl.PageLogFilter;
import io.trawler.site.Site;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A crawl's log: one line per page record in the order the crawl stored them — fetches with their status, time and
 * size, errors with their reason, robots.txt denials, URLs the private-network guard blocked, and for each fetched
 * page the scope decisions about its links (in scope and followed, on other hosts, refused by a pattern, too deep).
 * Filtered by status class or outcome, host, content type, path prefix or relevance; the newest lines on request
 * ({@code tail}), and followed live by the page's script through {@code /rows} (the lines after a record id).
 */
@Path("/ui/crawls/{id}/pages")
@Produces(MediaType.TEXT_HTML)
public class CrawlLogPage {

    private final CrawlQueries queries;

    public CrawlLogPage(CrawlQueries queries) {
        this.queries = queries;
    }

    static final int PAGE_SIZE = 50;
    /** Most lines one follow request returns (the script asks again at once when it got this many). */
    static final int FOLLOW_BATCH = 200;

    /** The filters of the log, as given (blank: no filter). */
    public record Filters(String status, String host, String type, String prefix, String minRelevance) {

        PageLogFilter filter() {
            return new PageLogFilter(status, host, type, prefix, minRelevance);
        }

        String query() {
            StringBuilder q = new StringBuilder();
            add(q, "status", status);
            add(q, "host", host);
            add(q, "type", type);
            add(q, "prefix", prefix);
            add(q, "minRelevance", minRelevance);
            return q.toString();
        }

        private static void add(StringBuilder q, String name, String value) {
            if (value != null && !value.isBlank()) {
                q.append('&').append(name).append('=').append(java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8));
            }
        }
    }

    /** The outcomes a record may have, offered beside the status filter. */
    public static final List<String> OUTCOMES = List.of("fetched", "truncated", "robots-denied", "robots-unavailable", "blocked",
            "error-connect", "error-timeout", "error-reset", "error-invalid", "error-stopped", "abandoned");

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance log(Crawl crawl, Site site, List<Page> pages, Filters filters, String error, Long next,
                String nextQuery, boolean tail, long lastId, boolean running, List<String> outcomes);

        static native TemplateInstance log$rows(List<Page> pages);
    }

    @GET
    @RolesAllowed(Role.Rights.READ)
    public Response log(@PathParam("id") String id, @QueryParam("status") String status, @QueryParam("host") String host,
            @QueryParam("type") String type, @QueryParam("prefix") String prefix, @QueryParam("minRelevance") String minRelevance,
            @QueryParam("after") String after, @QueryParam("tail") String tail) {
        Filters f = new Filters(blank(status), blank(host), blank(type), blank(prefix), blank(minRelevance));
        boolean newest = tail != null && !tail.isBlank() && !tail.equals("0");
        CrawlQueries.CrawlAndSite cs = queries.withSite(id);
        Crawl c = cs.crawl();
        Site site = cs.site();
        {
            List<Page> pages = List.of();
            String error = null;
            try {
                pages = queries.log(id, f.filter(), newest ? Long.MAX_VALUE : parseAfter(after), newest, PAGE_SIZE);
                if (newest) {
                    pages = new ArrayList<>(pages);
                    Collections.reverse(pages);
                }
            } catch (IllegalArgumentException e) {
                error = e.getMessage();
            }
            Long next = !newest && pages.size() == PAGE_SIZE ? pages.get(pages.size() - 1).id : null;
            long lastId = pages.isEmpty() ? parseAfterOrZero(after) : pages.get(pages.size() - 1).id;
            boolean running = CrawlState.valueOf(c.state).isActive();
            return Response.status(error == null ? 200 : 400)
                    .entity(Templates.log(c, site, pages, f, error, next, f.query(), newest, lastId, running, OUTCOMES).render()).build();
        }
    }

    /**
     * The log lines (table rows) after record {@code after} that pass the filters, oldest first, at most
     * {@value #FOLLOW_BATCH}; the header {@code Trawler-Last-Id} is the id to ask after next time and
     * {@code Trawler-Crawl-Ended} says the crawl has ended (nothing more will come once it is read).
     */
    @GET
    @Path("/rows")
    @RolesAllowed(Role.Rights.READ)
    public Response rows(@PathParam("id") String id, @QueryParam("status") String status, @QueryParam("host") String host,
            @QueryParam("type") String type, @QueryParam("prefix") String prefix, @QueryParam("minRelevance") String minRelevance,
            @QueryParam("after") String after) {
        Filters f = new Filters(blank(status), blank(host), blank(type), blank(prefix), blank(minRelevance));
        Crawl c = queries.crawl(id);
        long from;
        List<Page> pages;
        try {
            from = parseAfter(after);
            pages = queries.log(id, f.filter(), from, false, FOLLOW_BATCH);
        } catch (IllegalArgumentException e) {
            return Response.status(400).type(MediaType.TEXT_PLAIN).entity(e.getMessage()).build();
        }
        long last = pages.isEmpty() ? from : pages.get(pages.size() - 1).id;
        return Response.ok(Templates.log$rows(pages).render()).header("Trawler-Last-Id", last)
                .header("Trawler-Crawl-Ended", !CrawlState.valueOf(c.state).isActive() && pages.size() < FOLLOW_BATCH).build();
    }

    private static long parseAfter(String after) {
        try {
            return after == null || after.isBlank() ? 0L : Long.parseLong(after.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("after is a record number.");
        }
    }

    private static long parseAfterOrZero(String after) {
        try {
            return parseAfter(after);
        } catch (IllegalArgumentException e) {
            return 0;
        }
    }


    private static String blank(String s) {
        return s == null || s.isBlank() ? null : s.trim().length() > 500 ? s.trim().substring(0, 500) : s.trim();
    }
}
