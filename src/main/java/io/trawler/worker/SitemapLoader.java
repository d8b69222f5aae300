package io.trawler.worker;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapIndex;
import crawlercommons.sitemaps.SiteMapParser;
import crawlercommons.sitemaps.SiteMapURL;
import io.trawler.fetch.FetchResult;
import io.trawler.fetch.HttpFetcher;
import io.trawler.frontier.Discovery;
import io.trawler.frontier.RedisFrontier;
import io.trawler.parse.UrlNormalizer;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import org.jboss.logging.Logger;

/**
 * Reads the sitemaps a host's robots.txt announces, once per crawl and host, with the crawler-commons
 * sitemap parser (indexes followed one level), and offers their in-scope URLs at depth 1. Only sitemaps
 * on in-scope hosts are fetched. The frontier holds the crawl open while a load runs.
 */
final class SitemapLoader {

    private static final Logger LOG = Logger.getLogger(SitemapLoader.class);
    private static final int MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
    private static final int MAX_CHILDREN = 100;
    private static final int BATCH = 500;
    private static final long LOAD_DEADLINE_MS = 10 * 60 * 1000;

    private final RedisFrontier frontier;
    private final HttpFetcher fetcher;
    private final Executor cpu;
    private final Set<String> claimedHere = ConcurrentHashMap.newKeySet();

    SitemapLoader(RedisFrontier frontier, HttpFetcher fetcher, Executor cpu) {
        this.frontier = frontier;
        this.fetcher = fetcher;
        this.cpu = cpu;
    }

    /** Completes once the host's sitemaps are claimed (or known to be someone else's); the load runs on. */
    Future<Void> maybeLoad(CrawlContext ctx, String pageUrl, int lane, BaseRobotRules rules) {
        if (rules.getSitemaps().isEmpty()) {
            return Future.succeededFuture();
        }
        String host = UrlNormalizer.authorityOf(pageUrl);
        if (!claimedHere.add(ctx.id() + " " + host)) {
            return Future.succeededFuture();
        }
        long now = System.currentTimeMillis();
        return frontier.claimSitemaps(ctx.id(), host, now, now + LOAD_DEADLINE_MS).map(first -> {
            if (first) {
                load(ctx, host, rules.getSitemaps(), lane);
            }
            return null;
        });
    }

    private void load(CrawlContext ctx, String host, List<String> sitemapUrls, int lane0) {
        List<String> urls = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Future<Void>> loads = new ArrayList<>();
        for (String s : sitemapUrls) {
            loads.add(read(ctx, s, urls, 0));
        }
        Future.join(loads).onComplete(ar -> {
            List<Discovery> found = new ArrayList<>();
            for (String u : urls) {
                UrlNormalizer.normalize(u).filter(n -> ctx.scope().accepts(n, 1)).ifPresent(n -> {
                    int lane = ctx.routing().route(n, lane0);
                    if (lane != io.trawler.partition.LaneRouting.DROP) {
                        found.add(new Discovery(lane, io.trawler.frontier.FrontierEntry.of(n, 1), ctx.order().linkScore(n)));
                    }
                });
            }
            String load = "sitemaps:" + host;
            Future<Integer> chain = Future.succeededFuture(0);
            for (int i = 0; i < found.size(); i += BATCH) {
                List<Discovery> batch = found.subList(i, Math.min(found.size(), i + BATCH));
                chain = chain.compose(n -> frontier.enqueue(ctx.id(), ctx.bucketBits(), batch, System.currentTimeMillis()));
            }
            chain.eventually(() -> frontier.enqueue(ctx.id(), ctx.bucketBits(), List.of(), System.currentTimeMillis(), load))
                    .onSuccess(n -> LOG.infof("Crawl %s: %d URLs from the sitemaps of %s", ctx.id(), found.size(), host))
                    .onFailure(e -> LOG.warnf(e, "Crawl %s: sitemaps of %s not queued", ctx.id(), host));
        });
    }

    private Future<Void> read(CrawlContext ctx, String sitemapUrl, List<String> out, int level) {
        var normalized = UrlNormalizer.normalize(sitemapUrl);
        if (normalized.isEmpty() || !ctx.scope().hostAllowed(UrlNormalizer.hostOf(normalized.get()))) {
            return Future.succeededFuture();
        }
        String url = normalized.get();
        return fetcher.fetch(url, MAX_SITEMAP_BYTES, Map.of()).<Void>compose(r -> {
            if (!r.ok() || r.status() != 200) {
                return Future.succeededFuture();
            }
            Promise<List<String>> children = Promise.promise();
            cpu.execute(() -> children.complete(parse(r, out)));
            return children.future().compose(kids -> {
                if (level >= 1) {
                    return Future.succeededFuture();
                }
                List<Future<Void>> reads = new ArrayList<>();
                for (String k : kids.subList(0, Math.min(kids.size(), MAX_CHILDREN))) {
                    reads.add(read(ctx, k, out, level + 1));
                }
                return Future.join(reads).mapEmpty();
            });
        }).recover(e -> Future.succeededFuture());
    }

    private static List<String> parse(FetchResult r, List<String> out) {
        List<String> children = new ArrayList<>();
        try {
            SiteMapParser parser = new SiteMapParser(false);
            AbstractSiteMap map = parser.parseSiteMap(r.contentType(), r.body(), URI.create(r.url()).toURL());
            if (map instanceof SiteMapIndex index) {
                for (AbstractSiteMap child : index.getSitemaps()) {
                    children.add(child.getUrl().toString());
                }
            } else if (map instanceof SiteMap sm) {
                for (SiteMapURL u : sm.getSiteMapUrls()) {
                    out.add(u.getUrl().toString());
                }
            }
        } catch (Exception e) {
            LOG.debugf(e, "Unreadable sitemap %s", r.url());
        }
        return children;
    }
}
