package io.trawler.plan;

import io.trawler.fetch.AddressPolicy;
import io.trawler.fetch.FetchConfig;
import io.trawler.fetch.FetchResult;
import io.trawler.fetch.HttpFetcher;
import io.trawler.parse.CharsetDetector;
import io.trawler.parse.HtmlParser;
import io.trawler.parse.UrlNormalizer;
import io.vertx.core.Future;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A focused crawl's topic given by example URLs: each page is fetched once, when the topic is given, through the
 * crawler's own fetcher (its private-network guard, size cap and timeouts; redirects followed up to
 * {@value #MAX_REDIRECTS} times, each target checked again), and its visible text (title and body) becomes an example
 * text of the topic. At most {@value #MAX_URLS} URLs, fetched within a minute; a page that cannot be fetched
 * or has no text is a problem named by its index, and nothing is used. However many topics are given at once, the
 * server fetches at most {@value #MAX_IN_FLIGHT} example pages at a time, at most {@value #PER_TOPIC} of them for one
 * topic (a redirect chain holds its place), and one caller's topics one at a time: a topic that finds no place free is
 * refused at once as "the server is busy" ({@link Fetched#busy()}), never kept waiting on a request thread.
 */
@ApplicationScoped
public class ExamplePages {

    public static final int MAX_URLS = 20;
    static final int MAX_REDIRECTS = 5;
    static final int MAX_BYTES = 2 * 1024 * 1024;
    /** At most this many characters of a page's text join the examples. */
    static final int MAX_TEXT = 64 * 1024;
    /** How long the pages of one topic may take together. */
    static final java.time.Duration WAIT = java.time.Duration.ofSeconds(60);
    private static final String BUSY = "not fetched: the server is busy fetching other example pages";
    /** How many example pages the server fetches at a time, all topics together. */
    static final int MAX_IN_FLIGHT = 8;
    /** How many of them one topic may take. */
    static final int PER_TOPIC = 4;

    /**
     * The example texts, or the problems (by index in the list of URLs); {@code busy}: some page found no place among
     * the server's example fetches within the minute (its problem says so), not a fault of the URL, and no other
     * problem is the URLs' own.
     */
    public record Fetched(List<String> texts, List<Problem> problems, boolean busy) {

        Fetched(List<String> texts, List<Problem> problems) {
            this(texts, problems, false);
        }
    }

    /** What is wrong with the example URL at {@code index}. */
    public record Problem(int index, String message) {
    }

    private final io.vertx.core.Vertx vertx;
    private final FetchConfig config;
    private final AddressPolicy policy;
    private HttpFetcher fetcher;
    private final java.util.concurrent.Semaphore places;
    private final int maxInFlight;
    private final java.time.Duration wait;
    /** The callers with a topic's pages in flight. */
    private final java.util.Set<String> callers = java.util.concurrent.ConcurrentHashMap.newKeySet();

    @jakarta.inject.Inject
    public ExamplePages(io.vertx.core.Vertx vertx, FetchConfig config, AddressPolicy policy) {
        this(vertx, config, policy, MAX_IN_FLIGHT, WAIT);
    }

    ExamplePages(io.vertx.core.Vertx vertx, FetchConfig config, AddressPolicy policy, int inFlight,
            java.time.Duration wait) {
        this.wait = wait;
        this.places = new java.util.concurrent.Semaphore(inFlight, true);
        this.maxInFlight = inFlight;
        this.vertx = vertx;
        this.config = config;
        this.policy = policy;
    }

    /** The fetcher, made when first needed (most topics have no example URLs). */
    private synchronized HttpFetcher fetcher() {
        if (fetcher == null) {
            fetcher = new HttpFetcher(vertx, config, policy);
        }
        return fetcher;
    }

    @jakarta.annotation.PreDestroy
    synchronized void close() {
        if (fetcher != null) {
            fetcher.close();
        }
    }

    /** As {@link #fetch(List, java.util.function.Predicate, String)}, every URL with the same permission, for a caller not named. */
    public Fetched fetch(List<String> urls, boolean allowPrivate) {
        return fetch(urls, u -> allowPrivate, "");
    }

    private final java.util.concurrent.atomic.AtomicLong anonymous = new java.util.concurrent.atomic.AtomicLong();

    /**
     * Fetches the pages, blocking the calling thread (never an event loop) until they are fetched or the minute is up.
     * Never waits for a place: the topic takes {@code min(URLs, }{@value #PER_TOPIC}{@code )} of the server's places at
     * once, or is refused at once as busy (the caller answers 503 with Retry-After), so at most {@value #MAX_IN_FLIGHT}
     * request threads are ever held by example pages; its pages are fetched that many at a time. A caller has at most one
     * topic's pages in flight ({@code caller}: who asks, {@code ""} for a caller not named, never held back as one;
     * a second topic of a named caller at the same time is refused as busy).
     * {@code mayReachPrivate}: whether a URL may reach private networks (the site's permission, for its own URLs).
     */
    public Fetched fetch(List<String> urls, java.util.function.Predicate<String> mayReachPrivate, String caller) {
        if (urls.size() > MAX_URLS) {
            return new Fetched(List.of(), List.of(new Problem(MAX_URLS, "at most " + MAX_URLS + " example URLs")));
        }
        List<String> normalised = new ArrayList<>(urls.size());
        List<Problem> problems = new ArrayList<>();
        for (int i = 0; i < urls.size(); i++) {
            String raw = urls.get(i) == null ? "" : urls.get(i).trim();
            String url = raw.matches("(?i)https?://.*") ? UrlNormalizer.normalize(raw).orElse(null) : null;
            normalised.add(url);
            if (url == null) {
                problems.add(new Problem(i, "not an absolute http(s) URL: " + raw));
            }
        }
        if (!problems.isEmpty()) {
            return new Fetched(List.of(), problems);
        }
        int want = Math.min(urls.size(), Math.min(PER_TOPIC, maxInFlight));
        String who = caller.isEmpty() ? "unnamed-" + anonymous.incrementAndGet() : caller;
        if (!callers.add(who)) {
            return busy(urls.size(), "you are already fetching the example pages of another topic");
        }
        try {
            if (want > 0 && !places.tryAcquire(want)) {
                return busy(urls.size(), BUSY);
            }
            try {
                return fetchHolding(normalised, mayReachPrivate, want);
            } finally {
                places.release(want);
            }
        } finally {
            callers.remove(who);
        }
    }

    private static Fetched busy(int urls, String why) {
        List<Problem> problems = new ArrayList<>();
        for (int i = 0; i < urls; i++) {
            problems.add(new Problem(i, why + "; try again later"));
        }
        return new Fetched(List.of(), problems, true);
    }

    /** Fetches the pages {@code lanes} at a time (places already held), waiting until the minute is up at most. */
    private Fetched fetchHolding(List<String> urls, java.util.function.Predicate<String> mayReachPrivate, int lanes) {
        long deadline = System.nanoTime() + wait.toNanos();
        String[] texts = new String[urls.size()];
        String[] errors = new String[urls.size()];
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(urls.size());
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        Runnable[] runner = new Runnable[1];
        runner[0] = () -> {
            int i = next.getAndIncrement();
            if (i >= urls.size()) {
                return;
            }
            Future<String> page;
            try {
                page = text(urls.get(i), 0, mayReachPrivate.test(urls.get(i)));
            } catch (RuntimeException e) {
                page = Future.failedFuture(e);
            }
            page.onComplete(ar -> {
                if (ar.succeeded()) {
                    texts[i] = ar.result();
                } else {
                    errors[i] = ar.cause().getMessage() == null ? ar.cause().getClass().getSimpleName() : ar.cause().getMessage();
                }
                done.countDown();
                runner[0].run();
            });
        };
        for (int k = 0; k < lanes; k++) {
            runner[0].run();
        }
        try {
            done.await(Math.max(0, deadline - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        next.set(urls.size());   // nothing more starts once the minute is up
        List<Problem> problems = new ArrayList<>();
        List<String> out = new ArrayList<>();
        synchronized (texts) {
            for (int i = 0; i < urls.size(); i++) {
                if (texts[i] != null) {
                    out.add(texts[i]);
                } else {
                    problems.add(new Problem(i, errors[i] != null ? errors[i] : "not fetched within " + wait.toSeconds() + " s"));
                }
            }
        }
        return problems.isEmpty() ? new Fetched(out, List.of()) : new Fetched(List.of(), problems);
    }

    /** Places free now among the example fetches in flight. */
    int freePlaces() {
        return places.availablePermits();
    }

    private Future<String> text(String url, int redirects, boolean allowPrivate) {
        return fetcher().fetch(url, MAX_BYTES, java.util.Map.of(), allowPrivate).compose(r -> {
            if (!r.ok()) {
                return Future.failedFuture("could not be fetched: " + r.errorMessage());
            }
            if (r.isRedirect()) {
                if (redirects >= MAX_REDIRECTS) {
                    return Future.failedFuture("more than " + MAX_REDIRECTS + " redirects");
                }
                String target = URI.create(url).resolve(r.header("location").orElse("").trim().replace(" ", "%20")).toString();
                return UrlNormalizer.normalize(target).map(t -> text(t, redirects + 1, allowPrivate))
                        .orElse(Future.failedFuture("redirects to a URL that is not http(s): " + target));
            }
            if (r.status() < 200 || r.status() >= 300) {
                return Future.failedFuture("answered " + r.status());
            }
            String text = extract(r);
            text = text.length() <= MAX_TEXT ? text : text.substring(0, MAX_TEXT);
            return text.isBlank() ? Future.failedFuture("has no text") : Future.succeededFuture(text);
        });
    }

    /** The visible text of an HTML page (title and body), or a plain-text body; empty for other types. */
    static String extract(FetchResult r) {
        String ct = r.contentType().toLowerCase(Locale.ROOT);
        String body = CharsetDetector.decode(r.body(), r.contentType(), HtmlParser.DEFAULT_MAX_PARSED_CHARS);
        if (ct.isEmpty() || ct.contains("html")) {
            return HtmlParser.parse(body, r.url(), 0, true).text().trim();
        }
        return ct.startsWith("text/plain") ? body.trim() : "";
    }
}
