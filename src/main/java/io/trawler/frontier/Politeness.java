package io.trawler.frontier;

import io.trawler.parse.HttpDates;
import java.time.Duration;
import java.util.Optional;

/**
 * Politeness as a pure function of the last fetch (the Heritrix way): how long to wait between fetch
 * starts on a host, and when the host may be fetched again after a response.
 */
public final class Politeness {

    private final long maxCrawlDelayMs;
    private final long backoffMs;
    private final long maxBackoffMs;
    private final int maxAttempts;

    public Politeness(Duration maxCrawlDelay, Duration backoff, Duration maxBackoff, int maxAttempts) {
        this.maxCrawlDelayMs = maxCrawlDelay.toMillis();
        this.backoffMs = backoff.toMillis();
        this.maxBackoffMs = maxBackoff.toMillis();
        this.maxAttempts = maxAttempts;
    }

    public static Politeness of(PolitenessConfig c) {
        return new Politeness(c.maxCrawlDelay(), c.backoff(), c.maxBackoff(), c.maxAttempts());
    }

    /** Delay between fetch starts: the site's delay, or the robots.txt Crawl-delay (capped) when longer. */
    public long delayMs(long siteDelayMs, long robotsCrawlDelayMs) {
        long robots = robotsCrawlDelayMs > 0 ? Math.min(robotsCrawlDelayMs, maxCrawlDelayMs) : 0;
        return Math.max(siteDelayMs, robots);
    }

    /** Whether a status asks the crawler to slow down (and retry later). */
    public static boolean isBackOff(int status) {
        return status == 429 || status == 503;
    }

    /** Wait after a 429/503: Retry-After (seconds or HTTP date) when given, else the back-off doubled per attempt; capped. */
    public long backoffMs(Optional<String> retryAfter, int attempts, long nowMs) {
        Optional<Long> asked = retryAfter.flatMap(v -> parseRetryAfter(v, nowMs));
        long wait = asked.orElseGet(() -> backoffMs << Math.min(attempts, 20));
        return Math.max(0, Math.min(wait, maxBackoffMs));
    }

    /** Whether a URL tried {@code attempts} times before may be tried again. */
    public boolean mayRetry(int attempts) {
        return attempts + 1 < maxAttempts;
    }

    static Optional<Long> parseRetryAfter(String value, long nowMs) {
        String v = value.trim();
        try {
            return Optional.of(Long.parseLong(v) * 1000);
        } catch (NumberFormatException e) {
            return HttpDates.parse(v).map(at -> Math.max(0, at - nowMs));
        }
    }
}
