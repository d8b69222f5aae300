package io.trawler.ui;

import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Headers of every page: a Content-Security-Policy without inline scripts or styles (crawled text shown on a page
 * can never run), no framing by other sites, no MIME sniffing, no referrer leaving the site. A response that brings a
 * policy of its own keeps it: a stored page's body is served only by {@link PagesPage#body}, which sets the sandbox on
 * its own response ({@link #storedBody}), so the sandbox holds however the path was spelled ({@code +2},
 * {@code %62ody}, {@code ;x=1}, {@code //}, {@code ./} reach the same method), where matching the raw path let every
 * other spelling through with the UI's policy. The root path sends a browser to the UI.
 */
@ApplicationScoped
public class UiHeaders {

    static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self';"
            + " font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    /**
     * A stored page's body shown in the page view's frame: sandboxed without scripts (an opaque origin, no forms, no
     * pop-ups, no navigation of the page around it), nothing loaded but inline styles and data: images, framed only by
     * this site.
     */
    static final String STORED_BODY_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

    void register(@Observes Router router) {
        router.routeWithRegex("^/(ui|login|logout|static)(/.*)?$").order(-2).handler(rc -> {
            boolean ui = rc.request().path().startsWith("/ui") || rc.request().path().startsWith("/login");
            rc.addHeadersEndHandler(v -> {
                io.vertx.core.MultiMap h = rc.response().headers();
                if (!h.contains("Content-Security-Policy")) {   // a response with a policy of its own (a stored body) keeps it
                    h.add("Content-Security-Policy", CSP).add("X-Frame-Options", "DENY").add("Referrer-Policy", "same-origin");
                }
                h.set("X-Content-Type-Options", "nosniff");
                if (ui) {
                    h.set("Cache-Control", "no-store");
                }
            });
            rc.next();
        });
        router.route("/").order(-2).handler(rc -> rc.response().setStatusCode(303).putHeader("Location", "/ui").end());
    }

    /** A stored page's body with the sandbox bound to it, whatever route served it. */
    static jakarta.ws.rs.core.Response.ResponseBuilder storedBody(byte[] bytes, String contentType) {
        return jakarta.ws.rs.core.Response.ok(bytes, contentType).header("Content-Security-Policy", STORED_BODY_CSP)
                .header("X-Frame-Options", "SAMEORIGIN").header("Referrer-Policy", "no-referrer").header("X-Content-Type-Options", "nosniff");
    }
}
