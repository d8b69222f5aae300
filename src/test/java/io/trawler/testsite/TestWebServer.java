package io.trawler.testsite;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * The project's own test web server: a Vert.x HTTP server on a free loopback port that answers with a
 * {@link GeneratedSite} or a {@link StaticSite} and counts every request per URI.
 */
public final class TestWebServer implements AutoCloseable {

    private final Vertx vertx = Vertx.vertx();
    private final HttpServer server;
    private final RequestLog log = new RequestLog();

    private TestWebServer(BiConsumer<HttpServerRequest, TestWebServer> handler) throws Exception {
        server = vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(0).setCompressionSupported(false))
                .requestHandler(req -> {
                    log.record(req.uri());
                    try {
                        handler.accept(req, this);
                    } catch (RuntimeException e) {
                        if (!req.response().ended()) {
                            req.response().setStatusCode(500).end("test server error: " + e);
                        }
                    }
                })
                .listen().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    public static TestWebServer start(GeneratedSite site) throws Exception {
        return new TestWebServer((req, s) -> site.serve(req, s.base(), s.vertx));
    }

    /** The generated site, every answer {@code delayMs} late (a slow site: pages stay in flight that long). */
    public static TestWebServer start(GeneratedSite site, long delayMs) throws Exception {
        return new TestWebServer((req, s) -> s.vertx.setTimer(delayMs, t -> site.serve(req, s.base(), s.vertx)));
    }

    /**
     * The generated site behind a per-client-address rate limit: a request over the limit is answered 429 with
     * {@code Retry-After: 1} (robots.txt included, as real sites do).
     */
    public static TestWebServer start(GeneratedSite site, ClientRateLimit limit) throws Exception {
        return new TestWebServer((req, s) -> {
            if (!limit.admit(req.remoteAddress().hostAddress(), System.nanoTime())) {
                req.response().setStatusCode(429).putHeader("Retry-After", "1").end("slow down");
                return;
            }
            site.serve(req, s.base(), s.vertx);
        });
    }

    /** A server with an ad-hoc handler, for focused tests. */
    public static TestWebServer start(io.vertx.core.Handler<HttpServerRequest> handler) throws Exception {
        return new TestWebServer((req, s) -> handler.handle(req));
    }

    /** A server whose handler is told the server's base URL. */
    public static TestWebServer startWithBase(BiConsumer<HttpServerRequest, String> handler) throws Exception {
        return new TestWebServer((req, s) -> handler.accept(req, s.base()));
    }

    public static TestWebServer start(StaticSite site) throws Exception {
        return new TestWebServer((req, s) -> site.serve(req, s.base()));
    }

    public Vertx vertx() {
        return vertx;
    }

    public int port() {
        return server.actualPort();
    }

    /** {@code http://127.0.0.1:PORT} */
    public String base() {
        return "http://127.0.0.1:" + port();
    }

    public RequestLog log() {
        return log;
    }

    @Override
    public void close() throws Exception {
        server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}
