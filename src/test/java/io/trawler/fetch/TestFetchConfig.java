package io.trawler.fetch;

import io.trawler.parse.HtmlParser;
import java.time.Duration;

/** A FetchConfig with the defaults of the test profile, for tests that run without Quarkus. */
public class TestFetchConfig implements FetchConfig {

    private final int maxBodyBytes;

    public TestFetchConfig(int maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override public String userAgent() { return "Trawler-test"; }
    @Override public String robotsAgent() { return "trawler"; }
    @Override public Duration connectTimeout() { return Duration.ofSeconds(2); }
    @Override public Duration idleTimeout() { return Duration.ofMillis(800); }
    @Override public Duration totalTimeout() { return Duration.ofSeconds(3); }
    @Override public int maxBodyBytes() { return maxBodyBytes; }
    @Override public int maxRedirects() { return 5; }
    @Override public long maxBytesInFlight() { return 256L << 20; }
    @Override public int maxParsedChars() { return HtmlParser.DEFAULT_MAX_PARSED_CHARS; }
    @Override public java.util.Optional<java.util.List<String>> localAddress() { return java.util.Optional.empty(); }
    @Override public int maxConnectionsPerHost() { return 8; }
    @Override public Duration robotsTtl() { return Duration.ofHours(1); }
    @Override public Duration robotsErrorTtl() { return Duration.ofMinutes(5); }
    @Override public int maxRobotsBytes() { return 512_000; }
    @Override public int maxLinksPerPage() { return 2000; }
    @Override public java.util.Map<String, String> resolve() { return java.util.Map.of(); }
    @Override public boolean allowPrivateNetworks() { return true; }
    @Override public boolean trustAllCertificates() { return false; }
}
