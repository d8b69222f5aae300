package io.trawler.fetch;

import io.trawler.parse.UrlNormalizer;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.ext.web.client.impl.WebClientInternal;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;

/**
 * Fetches one URL with the Vert.x Web Client: keep-alive pool, connect/idle/total timeouts, a body
 * cap on the decoded bytes (the connection is reset at the cap), gzip/deflate decoding as the body streams (other
 * codings are refused: they were not asked for), a bound on decoded bytes held by all fetches together, and no
 * automatic redirects (the crawler routes redirect targets back
 * through scope and the frontier). Never throws: every failure is a {@link FetchResult} with an error.
 *
 * <p>Every fetch resolves the host itself (Vert.x's asynchronous resolver; IP literals, legacy forms included,
 * without DNS), checks the address with the {@link AddressPolicy} and connects to exactly that address, so what
 * was checked is what is reached. A refused address is a {@link FetchError#BLOCKED} result.
 */
public final class HttpFetcher implements AutoCloseable {

    /** The only codings asked for, and so the only ones decoded ({@link ContentDecoder}). */
    static final String ACCEPT_ENCODING = "gzip, deflate";

    private final Vertx vertx;
    /** One Web Client per source address ({@code trawler.fetch.local-address}), or one with the system's choice. */
    private final List<WebClient> clients;
    private final List<String> sourceAddresses;
    private final FetchConfig config;
    private final AddressPolicy policy;
    private final ByteBudget budget;
    private final Map<String, java.util.Set<CappedBody>> groups = new ConcurrentHashMap<>();
    /** Groups cut off (crawls that ended); bounded, a crawl id is never reused. */
    private final Map<String, Boolean> ended = new ConcurrentHashMap<>();
    private static final int MAX_ENDED = 10_000;

    /**
     * The in-flight budget: as set, but never more than an eighth of the heap. Bodies are held on it until processed,
     * and processing a body (its text, its document tree) costs a few times the body again; with the parallel
     * collector the old generation, where large bodies go, is two thirds of the heap.
     */
    static long inFlightBudget(long configured, long maxHeap) {
        return maxHeap == Long.MAX_VALUE ? configured : Math.min(configured, maxHeap / 8);
    }

    public HttpFetcher(Vertx vertx, FetchConfig config) {
        this(vertx, config, AddressPolicy.none());
    }

    public HttpFetcher(Vertx vertx, FetchConfig config, AddressPolicy policy) {
        this.vertx = vertx;
        this.config = config;
        this.policy = policy;
        this.budget = new ByteBudget(inFlightBudget(config.maxBytesInFlight(), Runtime.getRuntime().maxMemory()));
        WebClientOptions options = new WebClientOptions()
                .setUserAgent(config.userAgent())
                .setFollowRedirects(false)
                .setTryUseCompression(false)
                .setKeepAlive(true)
                .setConnectTimeout((int) config.connectTimeout().toMillis())
                .setMaxPoolSize(config.maxConnectionsPerHost())
                .setMaxWaitQueueSize(-1)
                .setMaxHeaderSize(64 * 1024)
                .setMaxInitialLineLength(16 * 1024)
                .setTrustAll(config.trustAllCertificates())
                .setVerifyHost(!config.trustAllCertificates());
        List<String> addresses = config.localAddress().orElse(List.of()).stream().map(String::trim).filter(a -> !a.isEmpty()).toList();
        List<WebClient> made = new ArrayList<>();
        List<String> locals = new ArrayList<>();
        for (String address : addresses.isEmpty() ? java.util.Collections.<String>singletonList(null) : addresses) {
            String local = address == null ? null : AddressPolicy.literal(address).map(java.net.InetAddress::getHostAddress)
                    .orElseThrow(() -> new IllegalArgumentException("trawler.fetch.local-address: " + address + " is not an IP address"));
            WebClient c = WebClient.create(vertx, new WebClientOptions(options).setLocalAddress(local));
            ((WebClientInternal) c).addInterceptor(new FetchInterceptor());
            made.add(c);
            if (local != null) {
                locals.add(local);
            }
        }
        this.clients = List.copyOf(made);
        this.sourceAddresses = List.copyOf(locals);
    }

    /**
     * The source addresses this fetcher uses, in the order it chooses among them (empty: the system's choice). The
     * frontier computes the same choice for politeness scope {@code node}: Java's {@code String.hashCode} of the URL's
     * authority, modulo their number.
     */
    public List<String> sourceAddresses() {
        return sourceAddresses;
    }

    /**
     * The client (source address) a host is fetched from: with several {@code trawler.fetch.local-address}es, always
     * the same one for the same host and port, so that what a site sees from each address stays predictable.
     */
    private WebClient clientFor(String url) {
        if (clients.size() == 1) {
            return clients.get(0);
        }
        return clients.get(Math.floorMod(UrlNormalizer.authorityOf(url).hashCode(), clients.size()));
    }

    /** The request headers every fetch sends, for the WARC request record. */
    public List<Map.Entry<String, String>> requestHeaders(String hostHeader) {
        return List.of(Map.entry("Host", hostHeader), Map.entry("User-Agent", config.userAgent()),
                Map.entry("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"),
                Map.entry("Accept-Encoding", ACCEPT_ENCODING));
    }

    public Future<FetchResult> fetch(String url) {
        return fetch(url, config.maxBodyBytes(), Map.of(), false);
    }

    /**
     * GET {@code url}, keeping at most {@code maxBytes} of the decoded body, with extra request headers;
     * {@code allowPrivate}: the site may reach private networks (the global setting allows it for every site).
     */
    public Future<FetchResult> fetch(String url, int maxBytes, Map<String, String> extraHeaders, boolean allowPrivate) {
        return fetch(url, maxBytes, extraHeaders, allowPrivate, null);
    }

    /**
     * As {@link #fetch(String, int, Map, boolean)}, in a group (a crawl's id) that {@link #abortGroup} can cut off at
     * once: no fetch of a crawl outlives it.
     */
    public Future<FetchResult> fetch(String url, int maxBytes, Map<String, String> extraHeaders, boolean allowPrivate, String group) {
        Instant started = Instant.now();
        long t0 = System.nanoTime();
        String host = UrlNormalizer.hostOf(url);
        int port = UrlNormalizer.portOf(url);
        if (host.isEmpty() || port <= 0 || port > 65535) {
            return Future.succeededFuture(FetchResult.failed(url, FetchError.INVALID, "no host or port", started, 0));
        }
        boolean privateOk = allowPrivate || config.allowPrivateNetworks();
        return address(host, port).transform(ar -> {
            long ms = (System.nanoTime() - t0) / 1_000_000;
            if (ar.failed()) {
                return Future.succeededFuture(FetchResult.failed(url, FetchError.CONNECT, "cannot resolve " + host + ": "
                        + ar.cause().getMessage(), started, ms));
            }
            SocketAddress target = ar.result();
            InetAddress ip;
            try {
                ip = InetAddress.getByName(target.hostAddress());   // a literal: no lookup
            } catch (UnknownHostException e) {
                return Future.succeededFuture(FetchResult.failed(url, FetchError.CONNECT, e.getMessage(), started, ms));
            }
            AddressPolicy.Decision d = policy.check(ip, target.port(), privateOk);
            if (!d.allowed()) {
                return Future.succeededFuture(FetchResult.failed(url, FetchError.BLOCKED, d.reason(), started, ms));
            }
            return send(url, target, maxBytes, extraHeaders, started, t0, group);
        });
    }

    /**
     * The address to connect to: {@code trawler.fetch.resolve}'s for the host if set, the literal's for an IP
     * host, else the first address the JVM's resolver gives (the hosts file, then DNS; cached for
     * {@code networkaddress.cache.ttl}), looked up on a worker thread.
     */
    private Future<SocketAddress> address(String host, int port) {
        SocketAddress fixed = resolvedByConfig(host);
        if (fixed != null) {
            return AddressPolicy.literal(fixed.host()).map(ip -> Future.succeededFuture(SocketAddress.inetSocketAddress(fixed.port(),
                    ip.getHostAddress()))).orElseGet(() -> lookUp(fixed.host(), fixed.port()));
        }
        var literal = AddressPolicy.literal(host);
        if (literal.isPresent()) {
            return Future.succeededFuture(SocketAddress.inetSocketAddress(port, literal.get().getHostAddress()));
        }
        return lookUp(host, port);
    }

    private Future<SocketAddress> lookUp(String host, int port) {
        return vertx.executeBlocking(() -> InetAddress.getByName(host), false)
                .map(ip -> SocketAddress.inetSocketAddress(port, ip.getHostAddress()));
    }

    private Future<FetchResult> send(String url, SocketAddress target, int maxBytes, Map<String, String> extraHeaders,
            Instant started, long t0, String group) {
        CappedBody body = new CappedBody(maxBytes, budget);
        if (group != null) {
            if (ended.containsKey(group)) {
                return Future.succeededFuture(FetchResult.failed(url, FetchError.STOPPED, "not fetched: its crawl ended", started, 0));
            }
            groups.compute(group, (g, set) -> {
                java.util.Set<CappedBody> members = set == null ? ConcurrentHashMap.newKeySet() : set;
                members.add(body);
                return members;
            });
        }
        HttpRequest<Buffer> request;
        try {
            request = clientFor(url).requestAbs(HttpMethod.GET, target, url).as(body)
                    .connectTimeout(config.connectTimeout().toMillis())
                    .idleTimeout(config.idleTimeout().toMillis())
                    .putHeader("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
                    .putHeader("Accept-Encoding", ACCEPT_ENCODING);
            extraHeaders.forEach(request::putHeader);
        } catch (RuntimeException e) {
            leave(group, body);
            return Future.succeededFuture(FetchResult.failed(url, FetchError.INVALID, String.valueOf(e.getMessage()), started, 0));
        }
        Promise<FetchResult> result = Promise.promise();
        long totalNanos = config.totalTimeout().toNanos();
        long idleNanos = config.idleTimeout().toNanos();
        long tick = Math.max(10, Math.min(config.idleTimeout().toMillis(), config.totalTimeout().toMillis()) / 4);
        // the Web Client's idle timeout ends silent exchanges; this watchdog also cuts off a body that
        // stalls or drips after its headers arrived, keeping what came so far
        long timer = vertx.setPeriodic(tick, id -> {
            if (System.nanoTime() - t0 > totalNanos || body.idleNanos() > idleNanos) {
                body.abort("time");
            }
        });
        request.send().onComplete(ar -> {
            vertx.cancelTimer(timer);
            body.release();
            leave(group, body);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            if (ar.succeeded()) {
                HttpResponse<Buffer> r = ar.result();
                result.complete(new FetchResult(url, r.statusCode(), r.statusMessage(), headers(r.headers()),
                        body.bytes(), null, FetchError.NONE, null, started, ms));
                return;
            }
            HttpClientResponse partial = body.response();
            if (ar.cause() instanceof CappedBody.Refused refused) {
                result.complete(FetchResult.failed(url, FetchError.INVALID, refused.getMessage(), started, ms));
                return;
            }
            if ("stopped".equals(body.truncated()) && partial == null) {
                result.complete(FetchResult.failed(url, FetchError.STOPPED, "cut off: its crawl ended before the response came",
                        started, ms));
                return;
            }
            if (body.truncated() != null && partial != null) {
                result.complete(new FetchResult(url, partial.statusCode(), partial.statusMessage(), headers(partial.headers()),
                        body.bytes(), body.truncated(), FetchError.NONE, null, started, ms));
                return;
            }
            result.complete(FetchResult.failed(url, classify(ar.cause(), body), String.valueOf(ar.cause().getMessage()), started, ms));
        });
        return result.future();
    }

    /** A host and port to connect to. */
    record Endpoint(String host, int port) {
    }

    /** The {@code host:port} {@code trawler.fetch.resolve} gives the host (connect there instead of looking it up), if any. */
    static java.util.Optional<Endpoint> configuredEndpoint(FetchConfig config, String host) {
        String address = config.resolve().isEmpty() ? null : config.resolve().get(host);
        if (address == null) {
            return java.util.Optional.empty();
        }
        int colon = address.lastIndexOf(':');
        return java.util.Optional.of(new Endpoint(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1))));
    }

    /** The address {@code trawler.fetch.resolve} gives the host, or null to look the host up. */
    private SocketAddress resolvedByConfig(String host) {
        return configuredEndpoint(config, host).map(e -> SocketAddress.inetSocketAddress(e.port(), e.host())).orElse(null);
    }

    private static FetchError classify(Throwable t, CappedBody body) {
        if (t instanceof CappedBody.Cut || t instanceof TimeoutException) {
            return FetchError.TIMEOUT;
        }
        if (t instanceof ConnectException || t instanceof UnknownHostException
                || t instanceof io.netty.channel.ConnectTimeoutException) {
            return FetchError.CONNECT;
        }
        if (t instanceof IllegalArgumentException) {
            return FetchError.INVALID;
        }
        return FetchError.RESET;
    }

    private static List<Map.Entry<String, String>> headers(MultiMap m) {
        List<Map.Entry<String, String>> list = new ArrayList<>(m.size());
        m.forEach(e -> list.add(Map.entry(e.getKey(), e.getValue())));
        return list;
    }

    /** The body's fetch is over: it leaves its group (the group goes when empty). */
    private void leave(String group, CappedBody body) {
        if (group != null) {
            groups.computeIfPresent(group, (g, members) -> {
                members.remove(body);
                return members.isEmpty() ? null : members;
            });
        }
    }

    /** Cuts off every fetch in flight of the group (its crawl has ended); what arrived so far is kept, marked truncated. */
    public int abortGroup(String group) {
        if (ended.size() >= MAX_ENDED) {
            ended.clear();
        }
        ended.put(group, Boolean.TRUE);   // fetches of the group that start later are refused at once
        java.util.Set<CappedBody> members = groups.remove(group);
        if (members == null) {
            return 0;
        }
        members.forEach(b -> b.abort("stopped"));
        return members.size();
    }

    /** Decoded body bytes held by the fetches in flight, and by fetched bodies held for processing, now. */
    public long bytesInFlight() {
        return budget.used();
    }

    /**
     * Counts a fetched body against the in-flight budget until the hold is closed: a caller that queues bodies for
     * processing holds each until it is processed, so that fetches pause while bodies wait for the processing threads
     * instead of piling up on the heap (the fetch gave its bytes back when it ended, just before).
     */
    public BodyHold hold(byte[] body) {
        return new BodyHold(budget, body.length);
    }

    /** Bytes of a fetched body held on the in-flight budget; {@link #close} gives them back (once). */
    public static final class BodyHold implements AutoCloseable {
        private final ByteBudget budget;
        private final long bytes;
        private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

        private BodyHold(ByteBudget budget, long bytes) {
            this.budget = budget;
            this.bytes = bytes;
            budget.take(bytes);
        }

        @Override
        public void close() {
            if (closed.compareAndSet(false, true)) {
                budget.release(this, bytes);
            }
        }
    }

    @Override
    public void close() {
        clients.forEach(WebClient::close);
    }
}
