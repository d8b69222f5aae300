package io.trawler.ui;

import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Headers of every page: a Content-Security-Policy without inline scripts or styles (crawled text shown on a page
 * can never run), no framing by other sites, no MIME sniffing, no referrer leaving the site. The root path sends a
 * browser to the UI.
 */
@ApplicationScoped
public class UiHeaders {

    static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self';"
            + " font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    void register(@Observes Router router) {
        router.routeWithRegex("^/(ui|login|logout|static)(/.*)?$").order(-2).handler(rc -> {
            rc.response().headers().add("Content-Security-Policy", CSP).add("X-Content-Type-Options", "nosniff")
                    .add("X-Frame-Options", "DENY").add("Referrer-Policy", "same-origin");
            if (rc.request().path().startsWith("/ui") || rc.request().path().startsWith("/login")) {
                rc.response().headers().add("Cache-Control", "no-store");
            }
            rc.next();
        });
        router.route("/").order(-2).handler(rc -> rc.response().setStatusCode(303).putHeader("Location", "/ui").end());
    }
}
