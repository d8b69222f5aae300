package io.trawler.fetch;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How pages and robots.txt files are fetched. */
@ConfigMapping(prefix = "trawler.fetch")
public interface FetchConfig {

    /** User-Agent header sent with every request. */
    @WithDefault("Trawler/0.1 (+https://github.com/trawler/trawler)")
    String userAgent();

    /** Product token matched against robots.txt User-agent lines. */
    @WithDefault("trawler")
    String robotsAgent();

    /** Time allowed to open a TCP connection. */
    @WithDefault("5s")
    Duration connectTimeout();

    /** A response that sends no data for this long is abandoned. */
    @WithDefault("15s")
    Duration idleTimeout();

    /** A response still arriving after this long is cut off and recorded as truncated. */
    @WithDefault("30s")
    Duration totalTimeout();

    /** Decoded body bytes kept at most; a longer body is cut off there and recorded as truncated. */
    @WithDefault("10485760")
    int maxBodyBytes();

    /** Redirect hops followed from one URL; targets go back through scope and the frontier. */
    @WithDefault("5")
    int maxRedirects();

    /**
     * Source address(es) this process fetches from: one IP address of this machine, or a comma-separated list (one
     * Web Client each; a host and port is always fetched from the same one). Unset: the system chooses.
     */
    java.util.Optional<java.util.List<String>> localAddress();

    /**
     * Decoded body bytes all fetches in flight may hold together; past it, connections are paused until fetches end
     * (a bound on memory however many large or bomb bodies arrive at once). Never more than an eighth of the JVM's
     * maximum heap, whatever is set: with the run command's heap that is the smaller bound.
     */
    @WithDefault("268435456")
    long maxBytesInFlight();

    /** Open connections kept per host (HTTP/1.1 keep-alive pool). */
    @WithDefault("64")
    int maxConnectionsPerHost();

    /** How long a host's robots.txt rules are reused before it is fetched again. */
    @WithDefault("1h")
    Duration robotsTtl();

    /** How long rules from a failed robots.txt fetch (5xx, network error) are reused. */
    @WithDefault("5m")
    Duration robotsErrorTtl();

    /** Bytes of a robots.txt read at most (RFC 9309 asks for at least 500 KiB). */
    @WithDefault("512000")
    int maxRobotsBytes();

    /**
     * Fixed addresses for host names, like curl's --resolve: {@code trawler.fetch.resolve."www.example.com"=127.0.0.1:8080}
     * connects there for every URL of that host (the URL, and so the Host header, stay as they are). For staging
     * and tests; empty by default.
     */
    java.util.Map<String, String> resolve();

    /**
     * Whether every crawl may reach private networks (loopback, RFC 1918, link-local, CGNAT, unique-local): for
     * tests, a tour on one machine, or an intranet installation. Off by default; an admin can allow it per site
     * instead ({@code scope.allowPrivateNetworks}). Cloud metadata, multicast and this installation's own Redis
     * and database stay refused either way.
     */
    @WithDefault("false")
    boolean allowPrivateNetworks();

    /**
     * Whether TLS certificates and host names go unchecked (self-signed intranet servers). Off by default: a page
     * whose certificate does not verify is a connect error.
     */
    @WithDefault("false")
    boolean trustAllCertificates();

    /**
     * Characters of an HTML page parsed at most for its links and text (the WARC record keeps the whole body): a document
     * tree costs several times its text on the heap, and each processing thread parses one page at a time.
     */
    @WithDefault("2097152")
    @jakarta.validation.constraints.Min(1024)
    int maxParsedChars();

    /** Links kept from one page at most; the rest are ignored. */
    @WithDefault("2000")
    int maxLinksPerPage();
}
