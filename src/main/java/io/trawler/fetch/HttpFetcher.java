package io.trawler.fetch;

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
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * Fetches one URL with the Vert.x Web Client: keep-alive pool, connect/idle/total timeouts, a body
 * cap, gzip/deflate decoding, and no automatic redirects (the crawler routes redirect targets back
 * through scope and the frontier). Never throws: every failure is a {@link FetchResult} with an error.
 */
public final class HttpFetcher implements AutoCloseable {

    private final Vertx vertx;
    private final WebClient client;
    private final FetchConfig config;

    public HttpFetcher(Vertx vertx, FetchConfig config) {
        this.vertx = vertx;
        this.config = config;
        WebClientOptions options = new WebClientOptions()
                .setUserAgent(config.userAgent())
                .setFollowRedirects(false)
                .setTryUseCompression(true)
                .setKeepAlive(true)
                .setConnectTimeout((int) config.connectTimeout().toMillis())
                .setMaxPoolSize(config.maxConnectionsPerHost())
                .setMaxWaitQueueSize(-1)
                .setMaxHeaderSize(64 * 1024)
                .setMaxInitialLineLength(16 * 1024)
                .setTrustAll(true)
                .setVerifyHost(false);
        this.client = WebClient.create(vertx, options);
        ((WebClientInternal) client).addInterceptor(new FetchInterceptor());
    }

    /** The request headers every fetch sends, for the WARC request record. */
    public List<Map.Entry<String, String>> requestHeaders(String hostHeader) {
        return List.of(Map.entry("Host", hostHeader), Map.entry("User-Agent", config.userAgent()),
                Map.entry("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"),
                Map.entry("Accept-Encoding", "gzip, deflate"));
    }

    public Future<FetchResult> fetch(String url) {
        return fetch(url, config.maxBodyBytes(), Map.of());
    }

    /** GET {@code url}, keeping at most {@code maxBytes} of the decoded body, with extra request headers. */
    public Future<FetchResult> fetch(String url, int maxBytes, Map<String, String> extraHeaders) {
        Instant started = Instant.now();
        long t0 = System.nanoTime();
        CappedBody body = new CappedBody(maxBytes);
        HttpRequest<Buffer> request;
        try {
            request = client.requestAbs(HttpMethod.GET, resolved(url), url).as(body)
                    .connectTimeout(config.connectTimeout().toMillis())
                    .idleTimeout(config.idleTimeout().toMillis())
                    .putHeader("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8");
            extraHeaders.forEach(request::putHeader);
        } catch (RuntimeException e) {
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
            long ms = (System.nanoTime() - t0) / 1_000_000;
            if (ar.succeeded()) {
                HttpResponse<Buffer> r = ar.result();
                result.complete(new FetchResult(url, r.statusCode(), r.statusMessage(), headers(r.headers()),
                        bytes(r.body()), null, FetchError.NONE, null, started, ms));
                return;
            }
            HttpClientResponse partial = body.response();
            if (body.truncated() != null && partial != null) {
                result.complete(new FetchResult(url, partial.statusCode(), partial.statusMessage(), headers(partial.headers()),
                        body.received().getBytes(), body.truncated(), FetchError.NONE, null, started, ms));
                return;
            }
            result.complete(FetchResult.failed(url, classify(ar.cause(), body), String.valueOf(ar.cause().getMessage()), started, ms));
        });
        return result.future();
    }

    /** The address {@code trawler.fetch.resolve} gives the URL's host, or null to look the host up. */
    private SocketAddress resolved(String url) {
        if (config.resolve().isEmpty()) {
            return null;
        }
        String address = config.resolve().get(io.trawler.parse.UrlNormalizer.hostOf(url));
        if (address == null) {
            return null;
        }
        int colon = address.lastIndexOf(':');
        return SocketAddress.inetSocketAddress(Integer.parseInt(address.substring(colon + 1)), address.substring(0, colon));
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

    private static byte[] bytes(Buffer b) {
        return b == null ? new byte[0] : b.getBytes();
    }

    private static List<Map.Entry<String, String>> headers(MultiMap m) {
        List<Map.Entry<String, String>> list = new ArrayList<>(m.size());
        m.forEach(e -> list.add(Map.entry(e.getKey(), e.getValue())));
        return list;
    }

    @Override
    public void close() {
        client.close();
    }
}
