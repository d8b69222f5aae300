package io.trawler.ui;

import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Headers of every page: a Content-Security-Policy without inline scripts or styles (crawled text shown on a page
 * can never run), no framing by other sites, no MIME sniffing, no referrer leaving the site; a stored page's body
 * (the page view's frame) gets a sandbox instead. The root path sends a
 * browser to the UI.
 */
@ApplicationScoped
public class UiHeaders {

    static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self';"
            + " font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    /**
     * A stored page's body shown in the page view's frame: sandboxed without scripts (an opaque origin, no forms, no
     * pop-ups), nothing loaded but inline styles and data: images, framed only by this site.
     */
    static final String STORED_BODY_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

    private static final java.util.regex.Pattern STORED_BODY = java.util.regex.Pattern.compile("^/ui/pages/[0-9]+/body$");

    void register(@Observes Router router) {
        router.routeWithRegex("^/(ui|login|logout|static)(/.*)?$").order(-2).handler(rc -> {
            boolean stored = STORED_BODY.matcher(rc.request().path()).matches();
            rc.response().headers().add("Content-Security-Policy", stored ? STORED_BODY_CSP : CSP).add("X-Content-Type-Options", "nosniff")
                    .add("X-Frame-Options", stored ? "SAMEORIGIN" : "DENY").add("Referrer-Policy", stored ? "no-referrer" : "same-origin");
            if (rc.request().path().startsWith("/ui") || rc.request().path().startsWith("/login")) {
                rc.response().headers().add("Cache-Control", "no-store");
            }
            rc.next();
        });
        router.route("/").order(-2).handler(rc -> rc.response().setStatusCode(303).putHeader("Location", "/ui").end());
    }
}
