package io.trawler.api;

import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Limits enforced before a request reaches the API, answered with the JSON error body like every other error:
 * a request URI longer than {@value #MAX_URI} characters (414), request headers over {@value #MAX_HEADERS} bytes in
 * all (431) and a body larger than {@code quarkus.http.limits.max-body-size} (413, the connection is closed),
 * whether declared by Content-Length or found while reading a chunked body. The HTTP codec's own limits ({@code quarkus.http.limits.max-initial-line-length} and
 * {@code max-header-size}, 256 KiB each) sit far above these so that oversized requests reach this check and get the
 * JSON body; only a request line or header block over 256 KiB is refused by Vert.x itself, with a bare status and the
 * connection closed (Quarkus offers no hook into that answer).
 */
@ApplicationScoped
public class HttpLimits {

    /** Longest request URI (path and query) the server takes. */
    static final int MAX_URI = 8192;
    /** Most bytes of request headers (names and values) the server takes. */
    static final int MAX_HEADERS = 64 * 1024;

    void register(@Observes Router router, @ConfigProperty(name = "quarkus.http.limits.max-body-size") MemorySize maxBody) {
        long max = maxBody.asLongValue();
        // before Quarkus's own body-size check (order -2), which answers without a body
        BodyHandler chunkedBodies = BodyHandler.create(false).setBodyLimit(max);
        router.route().order(-3).handler(rc -> check(rc, max, chunkedBodies)).failureHandler(rc -> tooLarge(rc, max));
    }

    /**
     * A chunked body (no Content-Length) is read here, up to the limit, by Vert.x's body handler, which fails the
     * request with 413 once it passes the limit (the REST layer then reads the buffered body); this failure handler gives
     * that answer the JSON body. Left to the REST layer, the same case got an empty 413.
     */
    private static void tooLarge(RoutingContext rc, long maxBody) {
        if (rc.statusCode() == 413 && !rc.response().headWritten()) {
            fail(rc, 413, "request body larger than " + maxBody + " bytes", true);
        } else {
            rc.next();
        }
    }

    private static void check(RoutingContext rc, long maxBody, BodyHandler chunkedBodies) {
        String uri = rc.request().uri();
        if (uri != null && uri.length() > MAX_URI) {
            fail(rc, 414, "request URI longer than " + MAX_URI + " characters", true);
            return;
        }
        long headerBytes = 0;
        for (var h : rc.request().headers()) {
            headerBytes += h.getKey().length() + h.getValue().length() + 4;
        }
        if (headerBytes > MAX_HEADERS) {
            fail(rc, 431, "request headers larger than " + MAX_HEADERS + " bytes", true);
            return;
        }
        String length = rc.request().getHeader("Content-Length");
        if (length != null) {
            long n;
            try {
                n = Long.parseLong(length.trim());
            } catch (NumberFormatException e) {
                fail(rc, 400, "Content-Length is not a number", true);
                return;
            }
            if (n > maxBody) {
                fail(rc, 413, "request body larger than " + maxBody + " bytes", true);
                return;
            }
        } else if (rc.request().headers().contains("Transfer-Encoding", "chunked", true)) {
            chunkedBodies.handle(rc);
            return;
        }
        rc.next();
    }

    private static void fail(RoutingContext rc, int status, String message, boolean close) {
        JsonObject body = new JsonObject().put("error", ErrorMappers.codeOf(status)).put("message", message)
                .put("details", new io.vertx.core.json.JsonArray());
        var response = rc.response().setStatusCode(status).putHeader("Content-Type", "application/json");
        if (close) {
            response.putHeader("Connection", "close");
        }
        response.end(body.encode());
    }
}
