package io.trawler.ui;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.trawler.account.Role;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlQueries;
import io.trawler.crawl.Page;
import io.trawler.errors.ApiException;
import io.trawler.site.Site;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;

/**
 * One page record's view (response headers, WARC file and offset, outlinks, main text, all
 * escaped: crawled content is data, never markup); and the raw WARC record as a download.
 */
@Path("/ui/pages")
@Produces(MediaType.TEXT_HTML)
public class PagesPage {


    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(Page page, Crawl crawl, Site site, PageRecords.Detail detail, Map<String, Long> linked);
    }

    private final PageRecords records;

    private final CrawlQueries queries;

    public PagesPage(PageRecords records, CrawlQueries queries) {
        this.records = records;
        this.queries = queries;
    }

    @GET
    @Path("/{id}")
    @RolesAllowed(Role.Rights.READ)
    public String page(@PathParam("id") long id) {
        Page p = queries.page(id);
        CrawlQueries.CrawlAndSite cs = queries.ofPage(p);
        PageRecords.Detail detail = records.detail(p);
        Map<String, Long> linked = queries.latestIds(p.crawlId, detail.outlinks());
        return Templates.page(p, cs.crawl(), cs.site(), detail, linked).render();
    }

    /**
     * The stored body of an HTML or plain-text page, for the page view's sandboxed frame. Its own headers (set in
     * {@link UiHeaders}) make it inert: a CSP sandbox without scripts, an opaque origin, nothing loaded from anywhere
     * (the crawled page's images, styles and scripts stay unfetched), framed only by this site's own pages.
     */
    @GET
    @Path("/{id}/body")
    @Produces(MediaType.WILDCARD)
    @RolesAllowed(Role.Rights.READ)
    public Response body(@PathParam("id") String id, @jakarta.ws.rs.core.Context jakarta.ws.rs.core.UriInfo uri) {
        // crawled content is served under one spelling only: its canonical path, a plain decimal id
        if (!id.matches("[1-9][0-9]{0,17}") || !("/ui/pages/" + id + "/body").equals(uri.getRequestUri().getRawPath())) {
            throw ApiException.notFound("stored HTML or text body of page", id);
        }
        long pageId = Long.parseLong(id);
        Page p = queries.page(pageId);
        PageRecords.Body body = records.body(p).orElseThrow(() -> ApiException.notFound("stored HTML or text body of page", id));
        return UiHeaders.storedBody(body.bytes(), body.contentType()).build();
    }

    /** The page's response record, byte for byte as stored (one gzip member of the WARC file). */
    @GET
    @Path("/{id}/warc")
    @Produces("application/warc")
    @RolesAllowed(Role.Rights.READ)
    public Response warc(@PathParam("id") long id) {
        Page p = queries.page(id);
        byte[] bytes = records.rawRecord(p).orElseThrow(() -> ApiException.notFound("WARC record of page", Long.toString(id)));
        return Response.ok(bytes, "application/warc").header("Content-Disposition", "attachment; filename=\"page-" + id + ".warc.gz\"")
                .build();
    }
}
