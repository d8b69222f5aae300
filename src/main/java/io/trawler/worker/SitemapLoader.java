package io.trawler.worker;

import crawlercommons.robots.BaseRobotRules;
import io.trawler.fetch.CappedInputStream;
import io.trawler.fetch.FetchResult;
import io.trawler.fetch.HttpFetcher;
import io.trawler.frontier.Discovery;
import io.trawler.frontier.Frontier;
import io.trawler.frontier.FrontierEntry;
import io.trawler.parse.UrlNormalizer;
import io.trawler.partition.LaneRouting;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.zip.GZIPInputStream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.jboss.logging.Logger;

/**
 * Reads the sitemaps a host's robots.txt announces, once per crawl and host, and offers their in-scope URLs at
 * depth 1. Bounded whatever the site announces: sitemaps are read one at a time and parsed as a stream (StAX,
 * no DTDs or external entities; gzip and plain-text sitemaps too), and reading stops at the per-host cap or at
 * the crawl's remaining page budget, whichever comes first; index files are followed one level, at most
 * {@value #MAX_CHILDREN} children. Only sitemaps in the crawl's scope (host and port) are fetched, through the
 * fetch guard. The frontier holds the crawl open while a load runs.
 */
final class SitemapLoader {

    private static final Logger LOG = Logger.getLogger(SitemapLoader.class);
    private static final int MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
    private static final int MAX_SITEMAPS_PER_HOST = 100;
    static final int MAX_CHILDREN = 100;
    private static final int BATCH = 500;
    private static final long LOAD_DEADLINE_MS = 10 * 60 * 1000;
    /** Hosts whose claim this worker remembers, so it does not ask the frontier again (bounded). */
    private static final int MAX_CLAIMS = 10_000;

    private final Frontier frontier;
    private final HttpFetcher fetcher;
    private final Executor cpu;
    private final int maxUrlsPerHost;
    private final Set<String> claimedHere = Collections.newSetFromMap(new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
            return size() > MAX_CLAIMS;
        }
    });

    SitemapLoader(Frontier frontier, HttpFetcher fetcher, Executor cpu, int maxUrlsPerHost) {
        this.frontier = frontier;
        this.fetcher = fetcher;
        this.cpu = cpu;
        this.maxUrlsPerHost = maxUrlsPerHost;
    }

    /** Completes once the host's sitemaps are claimed (or known to be someone else's); the load runs on. */
    Future<Void> maybeLoad(CrawlContext ctx, String pageUrl, int lane, BaseRobotRules rules) {
        if (rules.getSitemaps().isEmpty()) {
            return Future.succeededFuture();
        }
        String host = UrlNormalizer.authorityOf(pageUrl);
        synchronized (claimedHere) {
            if (!claimedHere.add(ctx.id() + " " + host)) {
                return Future.succeededFuture();
            }
        }
        long now = System.currentTimeMillis();
        return frontier.claimSitemaps(ctx.id(), host, now, now + LOAD_DEADLINE_MS).map(first -> {
            if (first) {
                List<String> announced = rules.getSitemaps();
                load(ctx, host, announced.subList(0, Math.min(announced.size(), MAX_SITEMAPS_PER_HOST)), lane);
            }
            return null;
        });
    }

    /** What a load collected: the URLs to offer (at most {@code cap}) and the index children still to read. */
    private static final class Found {
        final int cap;
        final List<String> urls = new ArrayList<>();
        final List<String> children = new ArrayList<>();

        Found(int cap) {
            this.cap = cap;
        }

        boolean full() {
            return urls.size() >= cap;
        }
    }

    private void load(CrawlContext ctx, String host, List<String> sitemapUrls, int lane0) {
        String load = "sitemaps:" + host;
        frontier.remainingAdmissions(ctx.id()).compose(remaining -> {
            Found found = new Found((int) Math.max(0, Math.min(maxUrlsPerHost, remaining)));
            Future<Void> reads = Future.succeededFuture();
            for (String s : sitemapUrls) {
                reads = reads.compose(v -> found.full() ? Future.succeededFuture() : read(ctx, s, found, true));
            }
            return reads.compose(v -> {
                Future<Void> kids = Future.succeededFuture();
                for (String k : List.copyOf(found.children.subList(0, Math.min(found.children.size(), MAX_CHILDREN)))) {
                    kids = kids.compose(x -> found.full() ? Future.succeededFuture() : read(ctx, k, found, false));
                }
                return kids;
            }).map(v -> found);
        }).compose(found -> offer(ctx, found.urls, lane0))
                .eventually(() -> frontier.enqueue(ctx.id(), List.of(), System.currentTimeMillis(), load))
                .onSuccess(n -> LOG.infof("Crawl %s: URLs from the sitemaps of %s offered", ctx.id(), host))
                .onFailure(e -> LOG.warnf(e, "Crawl %s: sitemaps of %s not queued", ctx.id(), host));
    }

    private Future<Integer> offer(CrawlContext ctx, List<String> urls, int lane0) {
        List<Discovery> batch = new ArrayList<>(BATCH);
        Future<Integer> chain = Future.succeededFuture(0);
        for (String u : urls) {
            int lane = ctx.routing().route(u, lane0);
            if (lane != LaneRouting.DROP) {
                batch.add(new Discovery(lane, FrontierEntry.of(u, 1), ctx.order().linkScore(u)));
            }
            if (batch.size() == BATCH) {
                List<Discovery> b = List.copyOf(batch);
                batch.clear();
                chain = chain.compose(n -> frontier.enqueue(ctx.id(), b, System.currentTimeMillis()));
            }
        }
        List<Discovery> rest = List.copyOf(batch);
        return chain.compose(n -> frontier.enqueue(ctx.id(), rest, System.currentTimeMillis()));
    }

    private Future<Void> read(CrawlContext ctx, String sitemapUrl, Found found, boolean mayBeIndex) {
        var normalized = UrlNormalizer.normalize(sitemapUrl);
        if (normalized.isEmpty() || !ctx.scope().urlAllowed(normalized.get())) {
            return Future.succeededFuture();
        }
        return fetcher.fetch(normalized.get(), MAX_SITEMAP_BYTES, Map.of(), ctx.spec().allowPrivateNetworks(), ctx.id()).<Void>compose(r -> {
            if (!r.ok() || r.status() != 200) {
                return Future.succeededFuture();
            }
            Promise<Void> parsed = Promise.promise();
            cpu.execute(() -> {
                try {
                    parse(r, ctx, found, mayBeIndex);
                } catch (Exception e) {
                    LOG.debugf("Unreadable sitemap %s: %s", r.url(), e.toString());
                }
                parsed.complete();
            });
            return parsed.future();
        }).recover(e -> Future.succeededFuture());
    }

    /** Streams the sitemap's {@code <loc>} entries (or lines) into {@code found}, stopping at its cap. */
    static void parse(FetchResult r, CrawlContext ctx, Found found, boolean mayBeIndex) throws IOException, XMLStreamException {
        byte[] body = r.body();
        InputStream in = new ByteArrayInputStream(body);
        if (body.length > 2 && (body[0] & 0xff) == 0x1f && (body[1] & 0xff) == 0x8b) {
            in = new CappedInputStream(new GZIPInputStream(in), MAX_SITEMAP_BYTES);
        }
        int start = firstNonBlank(body);
        if (start >= 0 && body[start] != '<' && (body[0] & 0xff) != 0x1f) {
            parseText(in, ctx, found);
            return;
        }
        XMLInputFactory f = XMLInputFactory.newFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        XMLStreamReader x = f.createXMLStreamReader(in);
        try {
            boolean inSitemap = false;
            while (x.hasNext() && !found.full()) {
                int ev = x.next();
                if (ev == XMLStreamConstants.START_ELEMENT) {
                    String name = x.getLocalName();
                    if (name.equals("sitemap")) {
                        inSitemap = true;
                    } else if (name.equals("loc")) {
                        String loc = x.getElementText().trim();
                        if (inSitemap) {
                            if (mayBeIndex && found.children.size() < MAX_CHILDREN) {
                                found.children.add(loc);
                            }
                        } else {
                            accept(loc, ctx, found);
                        }
                    }
                } else if (ev == XMLStreamConstants.END_ELEMENT && x.getLocalName().equals("sitemap")) {
                    inSitemap = false;
                }
            }
        } finally {
            x.close();
        }
    }

    private static void parseText(InputStream in, CrawlContext ctx, Found found) throws IOException {
        try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while (!found.full() && (line = lines.readLine()) != null) {
                accept(line.trim(), ctx, found);
            }
        }
    }

    private static void accept(String loc, CrawlContext ctx, Found found) {
        ctx.urls().normalize(loc).filter(n -> ctx.scope().accepts(n, 1)).ifPresent(found.urls::add);
    }

    private static int firstNonBlank(byte[] b) {
        for (int i = 0; i < b.length && i < 1024; i++) {
            if (!Character.isWhitespace(b[i]) && (b[i] & 0xff) != 0xef && (b[i] & 0xff) != 0xbb && (b[i] & 0xff) != 0xbf) {
                return i;
            }
        }
        return -1;
    }
}
