package io.trawler.plan;

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
 * text of the topic. At most {@value #MAX_URLS} URLs, fetched together within a minute; a page that cannot be fetched
 * or has no text is a problem named by its index, and nothing is used. However many topics are given at once, the
 * server fetches at most {@value #MAX_IN_FLIGHT} example pages at a time (a redirect chain holds its place): a topic
 * waits for a place within its minute, or it is refused as "the server is busy" ({@link Fetched#busy()}).
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
    private final io.trawler.fetch.FetchConfig config;
    private final io.trawler.fetch.AddressPolicy policy;
    private HttpFetcher fetcher;
    private final java.util.concurrent.Semaphore places;
    private final java.time.Duration wait;

    @jakarta.inject.Inject
    public ExamplePages(io.vertx.core.Vertx vertx, io.trawler.fetch.FetchConfig config, io.trawler.fetch.AddressPolicy policy) {
        this(vertx, config, policy, MAX_IN_FLIGHT, WAIT);
    }

    ExamplePages(io.vertx.core.Vertx vertx, io.trawler.fetch.FetchConfig config, io.trawler.fetch.AddressPolicy policy, int inFlight,
            java.time.Duration wait) {
        this.wait = wait;
        this.places = new java.util.concurrent.Semaphore(inFlight, true);
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

    /** Fetches the pages (blocking the calling thread, never an event loop); {@code allowPrivate}: the site's permission. */
    public Fetched fetch(List<String> urls, boolean allowPrivate) {
        List<Problem> problems = new ArrayList<>();
        if (urls.size() > MAX_URLS) {
            return new Fetched(List.of(), List.of(new Problem(MAX_URLS, "at most " + MAX_URLS + " example URLs")));
        }
        List<Future<String>> pages = new ArrayList<>();
        boolean busy = false;
        long deadline = System.nanoTime() + wait.toNanos();
        for (int i = 0; i < urls.size(); i++) {
            String raw = urls.get(i) == null ? "" : urls.get(i).trim();
            String url = raw.matches("(?i)https?://.*") ? UrlNormalizer.normalize(raw).orElse(null) : null;
            if (url == null) {
                synchronized (problems) {   // the fetches started before report their problems from the event loop
                    problems.add(new Problem(i, "not an absolute http(s) URL: " + raw));
                }
                pages.add(Future.succeededFuture(null));
            } else if (busy || !place(deadline)) {
                busy = true;   // the pages after it are not started either: their texts could not be used
                synchronized (problems) {
                    problems.add(new Problem(i, BUSY + "; try again later"));
                }
                pages.add(Future.succeededFuture(null));
            } else {
                int index = i;
                Future<String> page;
                try {
                    page = text(url, 0, allowPrivate);
                } catch (RuntimeException e) {
                    page = Future.failedFuture(e);
                }
                page.onComplete(done -> places.release());
                pages.add(page.recover(e -> {
                    synchronized (problems) {
                        problems.add(new Problem(index, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
                    }
                    return Future.succeededFuture(null);
                }));
            }
        }
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < pages.size(); i++) {
            try {
                String t = pages.get(i).toCompletionStage().toCompletableFuture().get(Math.max(0, deadline - System.nanoTime()),
                        java.util.concurrent.TimeUnit.NANOSECONDS);
                if (t != null) {
                    texts.add(t);
                }
            } catch (java.util.concurrent.TimeoutException e) {
                synchronized (problems) {
                    problems.add(new Problem(i, "not fetched within " + wait.toSeconds() + " s"));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            } catch (java.util.concurrent.ExecutionException e) {
                synchronized (problems) {
                    problems.add(new Problem(i, "could not be fetched: " + e.getCause().getMessage()));
                }
            }
        }
        synchronized (problems) {
            problems.sort(java.util.Comparator.comparingInt(Problem::index));
            // a URL at fault is a 400 whatever else happened: trying again later could not help
            boolean onlyBusy = busy && problems.stream().allMatch(p -> p.message().startsWith(BUSY));
            return problems.isEmpty() ? new Fetched(texts, List.of()) : new Fetched(List.of(), List.copyOf(problems), onlyBusy);
        }
    }

    /** Waits for a place among the example fetches in flight, until {@code deadline} at most (none once it passed). */
    private boolean place(long deadline) {
        if (System.nanoTime() >= deadline) {
            return false;
        }
        try {
            return places.tryAcquire(Math.max(0, deadline - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
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
