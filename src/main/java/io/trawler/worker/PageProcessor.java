package io.trawler.worker;

import crawlercommons.robots.BaseRobotRules;
import io.trawler.fetch.FetchConfig;
import io.trawler.fetch.FetchError;
import io.trawler.fetch.FetchResult;
import io.trawler.fetch.HttpFetcher;
import io.trawler.fetch.RobotsCache;
import io.trawler.frontier.Completion;
import io.trawler.frontier.Completion.Tally;
import io.trawler.frontier.CompletionResult;
import io.trawler.frontier.Discovery;
import io.trawler.frontier.Frontier;
import io.trawler.frontier.Lease;
import io.trawler.frontier.PageRecord;
import io.trawler.frontier.Politeness;
import io.trawler.order.LinkLearner;
import io.trawler.parse.CharsetDetector;
import io.trawler.parse.HtmlParser;
import io.trawler.parse.HttpDates;
import io.trawler.parse.MainText;
import io.trawler.parse.UrlNormalizer;
import io.trawler.refresh.PageHistory;
import io.trawler.revisit.PageHistories;
import io.trawler.store.PageText;
import io.trawler.store.WarcStore;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executor;
import org.jboss.logging.Logger;

/**
 * One leased URL, start to finish: robots.txt check, fetch, WARC, parse, link routing, and the single
 * atomic completion that acknowledges the lease, records the page and admits its links. Every outcome
 * — denied, failed, truncated, redirected — ends in a completion, so no URL is left behind.
 */
final class PageProcessor {

    private static final Logger LOG = Logger.getLogger(PageProcessor.class);

    private final Frontier frontier;
    private final HttpFetcher fetcher;
    private final RobotsCache robots;
    private final CrawlWarcFiles warc;
    private final Politeness politeness;
    private final FetchConfig fetchConfig;
    private final Executor cpu;
    private final SitemapLoader sitemaps;
    private final PageHistories histories;
    private final StoredOriginals originals;

    PageProcessor(Frontier frontier, HttpFetcher fetcher, RobotsCache robots, CrawlWarcFiles warc, Politeness politeness,
            FetchConfig fetchConfig, Executor cpu, SitemapLoader sitemaps, PageHistories histories, StoredOriginals originals) {
        this.histories = histories;
        this.originals = originals;
        this.frontier = frontier;
        this.fetcher = fetcher;
        this.robots = robots;
        this.warc = warc;
        this.politeness = politeness;
        this.fetchConfig = fetchConfig;
        this.cpu = cpu;
        this.sitemaps = sitemaps;
    }

    /** Processes a leased URL, reading its page's history alone (see {@link #process(CrawlContext, Lease, Future)}). */
    Future<CompletionResult> process(CrawlContext ctx, Lease lease) {
        return process(ctx, lease, histories.history(ctx.spec().siteId(), lease.url()));
    }

    /**
     * Processes a leased URL whose page history is on its way ({@code history}, asked for the lease's batch at once): its
     * validators make a conditional request where the crawl sends them, its stored content makes an unchanged
     * response a revisit record, and a 304's links are read from that content where the crawl needs them.
     */
    Future<CompletionResult> process(CrawlContext ctx, Lease lease, Future<PageHistory> history) {
        Future<BaseRobotRules> rules = ctx.spec().respectRobots()
                ? robots.rulesFor(lease.url(), ctx.spec().allowPrivateNetworks(), ctx.scope()::urlAllowed) : Future.succeededFuture(null);
        return rules.compose(r -> r == null ? Future.succeededFuture(r)
                : sitemaps.maybeLoad(ctx, lease.url(), lease.partition(), r).map(v -> r).otherwise(r))
                .compose(r -> afterRobots(ctx, lease, r, history.otherwise(new PageHistory())));
    }

    private Future<CompletionResult> afterRobots(CrawlContext ctx, Lease lease, BaseRobotRules rules, Future<PageHistory> history) {
        long now = System.currentTimeMillis();
        long crawlDelay = rules == null || rules.getCrawlDelay() == BaseRobotRules.UNSET_CRAWL_DELAY ? 0 : rules.getCrawlDelay();
        long delay = politeness.delayMs(ctx.spec().delayMs(), crawlDelay);
        int attempts = lease.entry().attempts();
        if (rules != null) {
            if (rules.isDeferVisits()) {
                if (politeness.mayRetry(attempts)) {
                    return complete(ctx, lease, now + politeness.backoffMs(java.util.Optional.empty(), attempts, now), delay,
                            true, Tally.NONE, null, List.of());
                }
                return complete(ctx, lease, 0, delay, false, Tally.ERRORS, record(lease, 0, "robots-unavailable", now).build(), List.of());
            }
            if (!rules.isAllowed(lease.url())) {
                return complete(ctx, lease, 0, delay, false, Tally.ROBOTS_DENIED, record(lease, 0, "robots-denied", now).build(), List.of());
            }
        }
        return history.compose(h -> {
            // a crawl that needs a 304's links asks conditionally only when it can read them from the stored content
            boolean expand = ctx.spec().expandUnchanged();
            Map<String, String> conditional = ctx.spec().conditional() && (!expand || originals.reachable(h.content()))
                    ? conditionalHeaders(h) : Map.of();
            PageHistory.Content expandFrom = expand && !conditional.isEmpty() ? h.content() : null;
            return fetch(ctx, lease, conditional).compose(result -> afterFetch(ctx, lease, result, delay, previous(h), expandFrom));
        });
    }

    private Future<FetchResult> fetch(CrawlContext ctx, Lease lease, Map<String, String> headers) {
        return fetcher.fetch(lease.url(), fetchConfig.maxBodyBytes(), headers, ctx.spec().allowPrivateNetworks(), ctx.id());
    }

    /** Where the page's content was last stored in full, for a revisit record; null when it never was. */
    static WarcStore.Previous previous(PageHistory h) {
        PageHistory.Content c = h.content();
        return c == null ? null : new WarcStore.Previous(c.payloadDigest(), c.capturedAt(), c.recordId());
    }

    /** If-None-Match / If-Modified-Since from the validators of the content last stored, so a 304 costs little. */
    static Map<String, String> conditionalHeaders(PageHistory h) {
        if (h.lastFetch() == 0 || h.lastStatus() < 200 || h.lastStatus() >= 300) {
            return Map.of();
        }
        Map<String, String> headers = new LinkedHashMap<>();
        if (h.etag() != null) {
            headers.put("If-None-Match", h.etag());
        }
        if (h.lastModified() > 0) {
            headers.put("If-Modified-Since", HttpDates.format(h.lastModified()));
        }
        return headers;
    }

    /**
     * After the fetch: a retry, an error record, or the response processed. {@code expandFrom}: the stored content a 304
     * is expanded from (null: a 304 is not expanded); when it cannot be read after all, the page is fetched again in full.
     */
    private Future<CompletionResult> afterFetch(CrawlContext ctx, Lease lease, FetchResult result, long delay, WarcStore.Previous previous,
            PageHistory.Content expandFrom) {
        long now = System.currentTimeMillis();
        int attempts = lease.entry().attempts();
        if (result.error() == FetchError.BLOCKED) {
            PageRecord rec = record(lease, 0, "blocked", result.startedAt().toEpochMilli())
                    .error(truncate(result.errorMessage(), 480)).build();
            return complete(ctx, lease, 0, -1, false, Tally.ERRORS, rec, List.of());
        }
        if (!result.ok()) {
            if (result.error() != FetchError.STOPPED && politeness.mayRetry(attempts)) {
                return complete(ctx, lease, now + politeness.backoffMs(java.util.Optional.empty(), attempts, now), delay,
                        true, Tally.NONE, null, List.of());
            }
            learnedNothing(ctx, lease);
            PageRecord rec = record(lease, 0, "error-" + result.error().name().toLowerCase(Locale.ROOT), result.startedAt().toEpochMilli())
                    .fetchMs(result.durationMs()).error(truncate(result.errorMessage(), 480)).build();
            return complete(ctx, lease, now + delay, delay, false, Tally.ERRORS, rec, List.of());
        }
        if (Politeness.isBackOff(result.status()) && politeness.mayRetry(attempts)) {
            long wait = politeness.backoffMs(result.header("retry-after"), attempts, now);
            return complete(ctx, lease, now + wait, delay, true, Tally.NONE, null, List.of());
        }
        Promise<Processed> processed = Promise.promise();
        // the body stays on the fetcher's in-flight budget until it is processed: while the processing threads are
        // behind, fetches pause rather than pile bodies up on the heap
        HttpFetcher.BodyHold hold = fetcher.hold(result.body());
        try {
            cpu.execute(() -> {
                Processed p;
                try (hold) {
                    p = processResponse(ctx, lease, result, previous, expandFrom);
                } catch (Throwable t) {
                    processed.fail(t);
                    return;
                }
                processed.complete(p);
            });
        } catch (java.util.concurrent.RejectedExecutionException stopping) {
            hold.close();
            throw stopping;
        }
        return processed.future().compose(p -> {
            if (p == null) {   // a 304 whose stored content is gone: the page in full, once
                return fetch(ctx, lease, Map.of()).compose(full -> afterFetch(ctx, lease, full, delay, previous, null));
            }
            KnownLinks.Unsent unsent = ctx.known() == null ? null : ctx.known().unsent(p.links());
            List<Discovery> sent = unsent == null ? p.links() : unsent.links();
            return frontier.complete(new Completion(lease, now + delay, delay, false, Tally.FETCHED, p.record(), sent, p.relevance()),
                    System.currentTimeMillis()).onSuccess(r -> {
                        if (unsent != null && !r.stale() && r.linksTaken()) {
                            ctx.known().remember(unsent);   // the frontier took them: admitted, or seen already
                        }
                    });
        }).onSuccess(r -> {
                    if (ctx.learner() != null) {
                        try {
                            cpu.execute(() -> rescoreLearned(ctx));   // off the event loop: up to 50,000 links re-scored
                        } catch (java.util.concurrent.RejectedExecutionException e) {
                            // the worker is stopping: nothing left to re-score for
                        }
                    }
                });
    }

    /** A learning focused crawl: the links whose priority the model moved are re-scored in the frontier, a thousand a call. */
    private void rescoreLearned(CrawlContext ctx) {
        if (ctx.learner() == null) {
            return;
        }
        Map<String, Double> moved = ctx.learner().rescore();
        Map<String, Double> batch = new LinkedHashMap<>();
        for (Map.Entry<String, Double> e : moved.entrySet()) {
            batch.put(e.getKey(), e.getValue());
            if (batch.size() == 1000) {
                send(ctx, batch);
                batch = new LinkedHashMap<>();
            }
        }
        if (!batch.isEmpty()) {
            send(ctx, batch);
        }
    }

    private void send(CrawlContext ctx, Map<String, Double> batch) {
        frontier.rescore(ctx.id(), batch).onFailure(e -> LOG.debugf("re-scoring of crawl %s left for the next round: %s", ctx.id(), e));
    }

    private record Processed(PageRecord record, List<Discovery> links, Completion.Relevance relevance) {
    }

    /**
     * Writes the exchange and parses the page: the response's own body, or for a 304 to be expanded the stored content
     * it confirms. Null when that content cannot be read (nothing written: the page is to be fetched in full).
     */
    private Processed processResponse(CrawlContext ctx, Lease lease, FetchResult result, WarcStore.Previous previous,
            PageHistory.Content expandFrom) {
        StoredOriginals.Payload unchanged = null;
        if (result.status() == 304 && expandFrom != null) {
            unchanged = originals.read(expandFrom, fetchConfig.maxBodyBytes()).orElse(null);
            if (unchanged == null) {
                return null;
            }
        }
        byte[] body = unchanged == null ? result.body() : unchanged.body();
        String contentType = unchanged == null ? result.contentType() : unchanged.contentType();
        int contentStatus = unchanged == null ? result.status() : 200;
        PageRecord.Builder rec = record(lease, result.status(), result.truncated() == null ? "fetched" : "truncated",
                result.startedAt().toEpochMilli())
                .contentType(truncate(contentType, 250)).bytes(result.body().length).fetchMs(result.durationMs())
                .truncated(result.truncated());
        result.header("etag").ifPresent(v -> rec.etag(truncate(v, 200)));
        result.header("last-modified").flatMap(HttpDates::parse).ifPresent(rec::lastModified);
        // parsed before it is stored: the page's text goes into the WARC beside it (for search), not parsed again later
        boolean html = !result.isRedirect() && contentStatus >= 200 && contentStatus < 300 && isHtml(contentType, body);
        HtmlParser.ParsedPage page = html ? HtmlParser.parse(CharsetDetector.decode(body, contentType, fetchConfig.maxParsedChars()),
                lease.url(), fetchConfig.maxLinksPerPage(), ctx.focused()) : null;
        try {
            PageText text = page != null && unchanged == null && ctx.spec().storeText() ? new PageText(page.title(), page.mainText()) : null;
            WarcStore.Stored stored = warc.of(ctx.spec()).write(result, fetcher.requestHeaders(UrlNormalizer.authorityOf(lease.url())),
                    previous, text);
            rec.stored(stored.payloadDigest(), stored.file(), stored.offset()).record(stored.recordId(), stored.revisit(), stored.refersTo())
                    .warcBytes(stored.length()).textOffset(stored.textOffset());
        } catch (Exception e) {
            LOG.warnf(e, "WARC write failed for %s", lease.url());
            rec.error("warc: " + truncate(String.valueOf(e.getMessage()), 400));
        }
        List<Discovery> links = new ArrayList<>();
        Completion.Relevance relevance = null;
        int partition = lease.partition();
        if (result.isRedirect()) {
            String location = result.header("location").orElse("");
            try {
                String target = URI.create(lease.url()).resolve(location.trim().replace(" ", "%20")).toString();
                rec.redirect(truncate(target, 4000)).textFp(MainText.fingerprint(target));
                LinkRouter.redirect(target, lease.entry(), ctx.urls(), ctx.scope(), ctx.routing(), ctx.order(), partition, fetchConfig.maxRedirects())
                        // in a focused crawl the target takes the place (and priority) of the redirecting URL
                        .map(d -> ctx.focused() ? new Discovery(d.partition(), d.entry().withTunnel(lease.entry().tunnel()), lease.score()) : d)
                        .ifPresent(links::add);
            } catch (IllegalArgumentException e) {
                rec.error("bad redirect location: " + truncate(location, 400));
            }
        } else if (page != null) {
            LinkRouter.Routed routed = LinkRouter.route(page.followable(), lease.entry().depth(), ctx.urls(), ctx.scope(), ctx.routing(), ctx.order(), partition);
            rec.textFp(page.mainTextFingerprint());
            if (ctx.spec().keepText()) {
                rec.mainText(truncate(page.mainText(), 32_768));
            }
            boolean follow = ctx.spec().followLinks();
            List<Discovery> discoveries = routed.discoveries();
            if (ctx.focused()) {
                double sim = ctx.topic().relevance(page.text());
                boolean relevant = sim >= ctx.spec().topic().threshold();
                rec.relevance(sim, relevant);
                relevance = new Completion.Relevance(sim, relevant);
                if (ctx.learner() != null) {
                    // the learning strategy: an irrelevant page's links are queued while the tunnel allows, each scored
                    LinkLearner.Links verdict = ctx.learner().measured(lease.url(), lease.entry().tunnel(), relevant, lease.entry().depth() == 0);
                    follow = follow && verdict.follow();
                    if (follow) {
                        discoveries = LearnedLinks.score(ctx, page, discoveries, lease.url(), verdict.tunnel(), relevant ? sim : 0);
                    }
                } else {
                    // T and T&L: irrelevant pages are not expanded; seeds always are
                    follow = follow && (relevant || lease.entry().depth() == 0);
                }
            }
            if (follow) {
                links.addAll(discoveries);
            }
            rec.links(routed.graphLinks(), routed.decisions(follow), routed.tooLong()).noindex(page.noindex());
        } else if (contentStatus >= 200 && contentStatus < 300) {
            rec.textFp(MainText.fingerprint(body));
            learnedNothing(ctx, lease);
        } else if (result.status() != 304) {   // a 304 is a page unchanged, not a link that led nowhere
            learnedNothing(ctx, lease);
        }
        return new Processed(rec.build(), links, relevance);
    }

    /**
     * A learning focused crawl fetched no page to measure (an error, a status other than 2xx or a redirect, a body
     * that is not HTML): the link that led here paid nothing, and the model learns so.
     */
    private static void learnedNothing(CrawlContext ctx, Lease lease) {
        if (ctx.learner() != null) {
            ctx.learner().measured(lease.url(), lease.entry().tunnel(), false, lease.entry().depth() == 0);
        }
    }

    private Future<CompletionResult> complete(CrawlContext ctx, Lease lease, long nextAt, long delay, boolean retry,
            Tally tally, PageRecord record, List<Discovery> links) {
        Completion c = new Completion(lease, nextAt, delay, retry, tally, record, links);
        return frontier.complete(c, System.currentTimeMillis());
    }

    private static PageRecord.Builder record(Lease lease, int status, String outcome, long fetchedAt) {
        return PageRecord.builder(lease.url(), status, outcome, fetchedAt, lease.partition(), lease.entry().depth());
    }

    /** Whether a body is HTML: by its content type, or without one by its first character. */
    static boolean isHtml(String contentType, byte[] b) {
        String ct = contentType == null ? "" : contentType.toLowerCase(Locale.ROOT);
        if (ct.contains("html")) {
            return true;
        }
        if (!ct.isEmpty()) {
            return false;
        }
        int i = 0;
        while (i < b.length && i < 64 && Character.isWhitespace(b[i])) {
            i++;
        }
        return i < b.length && b[i] == '<';
    }

    private static String truncate(String s, int max) {
        if (s == null) {
            return "";
        }
        return s.length() <= max ? s : s.substring(0, max);
    }
}
