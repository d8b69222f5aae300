package io.trawler.api;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.account.Role;
import io.trawler.config.TrawlerConfig;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.Page;
import io.trawler.crawl.PageContent;
import io.trawler.errors.ApiException;
import io.trawler.export.PageTable;
import io.trawler.export.WaczBuilder;
import io.trawler.store.WarcRecordReader;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Semaphore;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * A crawl's export: its page records as CSV or JSON Lines (streamed, in record order), and its stored exchanges as a
 * WACZ package (API addition). A running crawl exports what has been stored so far.
 */
@Path("/api/v1/crawls/{id}/export")
public class ExportResource {

    /** Records read from the database per transaction while a table streams. */
    static final int BATCH = 1000;
    /** WACZ packages built at once on this server (each reads the crawl's WARC records into a temporary file). */
    static final int CONCURRENT_PACKAGES = 2;

    private final Semaphore packaging = new Semaphore(CONCURRENT_PACKAGES);
    private final WarcRecordReader warc;
    private final PageContent contents;
    private final TrawlerConfig config;

    public ExportResource(WarcRecordReader warc, TrawlerConfig config, PageContent contents) {
        this.warc = warc;
        this.config = config;
        this.contents = contents;
    }

    @GET
    @Path("/pages.csv")
    @Produces("text/csv")
    @RolesAllowed(Role.Rights.READ)
    @Operation(summary = "The crawl's page records as CSV (a header row, then one row a record)")
    @APIResponse(responseCode = "200", description = "CSV, RFC 4180", content = @Content(mediaType = "text/csv", schema = @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.STRING)))
    @APIResponse(responseCode = "404", description = "no such crawl")
    public Response csv(@PathParam("id") String id) {
        Crawl crawl = crawl(id);
        return download(table(crawl.id, PageTable::csvHeader, (w, page) -> PageTable.csvRow(w, () -> cells(page))), "text/csv; charset=UTF-8",
                "crawl-" + crawl.id + "-pages.csv");
    }

    @GET
    @Path("/pages.jsonl")
    @Produces("application/jsonl")
    @RolesAllowed(Role.Rights.READ)
    @Operation(summary = "The crawl's page records as JSON Lines (one PageView object a line)")
    @APIResponse(responseCode = "200", description = "JSON Lines", content = @Content(mediaType = "application/jsonl", schema = @Schema(implementation = PageView.class)))
    @APIResponse(responseCode = "404", description = "no such crawl")
    public Response jsonl(@PathParam("id") String id) {
        Crawl crawl = crawl(id);
        return download(table(crawl.id, w -> { }, (w, page) -> PageTable.jsonLine(w, PageView.of(page))), "application/jsonl; charset=UTF-8",
                "crawl-" + crawl.id + "-pages.jsonl");
    }

    @GET
    @Path("/crawl.wacz")
    @Produces("application/wacz")
    @RolesAllowed(Role.Rights.READ)
    @Operation(summary = "The crawl's stored exchanges as a WACZ 1.1.1 package",
            description = "archive/data.warc.gz (the crawl's response and request records, byte for byte as stored), "
                    + "indexes/index.cdxj, pages/pages.jsonl, datapackage.json and datapackage-digest.json. Records whose "
                    + "WARC file this server cannot read (another node's, with a local archive) are left out and counted "
                    + "in the Trawler-Records-Missing header.")
    @APIResponse(responseCode = "200", description = "the package", headers = {
            @Header(name = "Trawler-Records", description = "response records in the package", schema = @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.INTEGER)),
            @Header(name = "Trawler-Records-Missing", description = "records of the crawl that could not be read", schema = @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.INTEGER)) },
            content = @Content(mediaType = "application/wacz", schema = @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.STRING, format = "binary")))
    @APIResponse(responseCode = "404", description = "no such crawl")
    @APIResponse(responseCode = "429", description = "packages are being built already; try again later")
    public Response wacz(@PathParam("id") String id) throws IOException {
        Crawl crawl = crawl(id);
        if (!packaging.tryAcquire()) {
            throw new ApiException(429, "too_many_exports", CONCURRENT_PACKAGES + " WACZ packages are being built already; try again in a minute", List.of());
        }
        WaczBuilder builder = null;
        try {
            Map<String, Set<Long>> offsets = new LinkedHashMap<>();
            List<Page> revisits = new ArrayList<>();
            forEachBatch(crawl.id, p -> {
                if (p.warcFile != null && p.warcOffset != null) {
                    offsets.computeIfAbsent(p.warcFile, f -> new LinkedHashSet<>()).add(p.warcOffset);
                }
                if (p.revisit != null) {
                    revisits.add(p);
                    if (revisits.size() == BATCH) {
                        addOriginals(revisits, offsets);
                    }
                }
            });
            addOriginals(revisits, offsets);
            builder = new WaczBuilder(config.dataDir().resolve("tmp"));
            WaczBuilder.Summary summary = builder.collect(offsets, warc::openFile, List.of(Map.entry("isPartOf", "trawler-crawl-" + crawl.id),
                    Map.entry("description", "WACZ export of Trawler crawl " + crawl.id + " of site " + crawl.siteId
                            + ": its records and the records its revisits refer to"),
                    Map.entry("trawler-crawl", crawl.id), Map.entry("trawler-site", crawl.siteId == null ? "" : crawl.siteId)));
            String title = crawl.name != null ? crawl.name : "Trawler crawl " + crawl.id;
            WaczBuilder built = builder;
            builder = null;
            StreamingOutput body = out -> {
                try {
                    built.writeTo(out, title, Instant.now());
                } finally {
                    packaging.release();
                }
            };
            return Response.ok(body, "application/wacz").header("Content-Disposition", "attachment; filename=\"crawl-" + crawl.id + ".wacz\"")
                    .header("Trawler-Records", summary.records()).header("Trawler-Records-Missing", summary.missing()).build();
        } catch (IOException | RuntimeException e) {
            if (builder != null) {
                builder.discard();
            }
            packaging.release();
            throw e;
        }
    }

    private static Response download(StreamingOutput body, String type, String fileName) {
        return Response.ok(body, type).header("Content-Disposition", "attachment; filename=\"" + fileName + "\"").build();
    }

    @FunctionalInterface
    private interface Head {
        void write(Writer w) throws IOException;
    }

    @FunctionalInterface
    private interface RowWriter {
        void write(Writer w, Page page) throws IOException;
    }

    /** The crawl's records streamed as text: a head, then a row each, in record order. */
    private static StreamingOutput table(String crawlId, Head head, RowWriter row) {
        return out -> {
            Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
            head.write(w);
            forEachBatch(crawlId, page -> row.write(w, page));
            w.flush();
        };
    }

    /**
     * The records the revisit records refer to go into the package too (from older crawls' files if need be), so that a
     * replay of the package finds every page's content.
     */
    private void addOriginals(List<Page> revisits, Map<String, Set<Long>> offsets) {
        for (Page o : contents.originals(revisits).values()) {
            if (o.warcFile != null && o.warcOffset != null) {
                offsets.computeIfAbsent(o.warcFile, f -> new LinkedHashSet<>()).add(o.warcOffset);
            }
        }
        revisits.clear();
    }

    @FunctionalInterface
    private interface PageConsumer {
        void accept(Page page) throws IOException;
    }

    /** Every record of the crawl in id order, a batch per transaction (the entities are read-only here). */
    private static void forEachBatch(String crawlId, PageConsumer each) throws IOException {
        long after = 0;
        while (true) {
            long from = after;
            List<Page> batch = QuarkusTransaction.requiringNew().call(() -> Page.after(crawlId, from, BATCH));
            for (Page p : batch) {
                each.accept(p);
            }
            if (batch.size() < BATCH) {
                return;
            }
            after = batch.get(batch.size() - 1).id;
        }
    }

    private static List<Object> cells(Page p) {
        return new ArrayList<>(Arrays.asList(p.id, p.url, p.status, p.outcome, p.fetchedAt, p.partition, p.depth, p.contentType, p.bytes,
                p.truncated, p.fetchMs, p.digest, p.warcFile, p.warcOffset, p.redirect, p.error, p.relevance, p.relevant, p.linksIn,
                p.linksHost, p.linksPattern, p.linksDeep, p.linksFollowed, p.recordId, p.revisit, p.refersTo));
    }

    private static Crawl crawl(String id) {
        return QuarkusTransaction.requiringNew().call(() -> CrawlResource.find(id));
    }
}
