package io.trawler.testsite;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;

/**
 * A site that attacks its crawler: a link that grows past 17,000 characters when normalised, a calendar trap
 * (every day links the next and 2,000 variants of itself), 30 sitemaps of 50,000 URLs each announced in robots.txt,
 * links and redirects to the cloud metadata address and to this machine's Redis, a link to a host whose robots.txt
 * redirects off scope, and a URL that never answers.
 */
public final class HostileSite {

    public static final int SITEMAPS = 30;
    public static final int SITEMAP_URLS = 50_000;
    public static final int CALENDAR_VARIANTS = 2000;
    /** 1,900 CJK characters: 1,901 characters raw, 17,101 once percent-encoded. */
    public static final String LONG_PATH = "/" + "中".repeat(1900);

    private final int redisPort;
    private final String offScopeRobotsHost;

    /** {@code offScopeRobotsHost}: base URL of the in-scope host whose robots.txt redirects off scope. */
    public HostileSite(int redisPort, String offScopeRobotsHost) {
        this.redisPort = redisPort;
        this.offScopeRobotsHost = offScopeRobotsHost;
    }

    public void serve(HttpServerRequest req, String base) {
        String path = req.path();
        HttpServerResponse res = req.response();
        if (path.equals("/robots.txt")) {
            StringBuilder b = new StringBuilder("User-agent: *\nAllow: /\n");
            for (int i = 1; i <= SITEMAPS; i++) {
                b.append("Sitemap: ").append(base).append("/sitemap-").append(i).append(".xml\n");
            }
            res.putHeader("Content-Type", "text/plain").end(b.toString());
        } else if (path.startsWith("/sitemap-")) {
            sitemap(res, base, path.substring(9, path.indexOf('.')));
        } else if (path.equals("/")) {
            html(res, "<a href=\"" + LONG_PATH + "\">long</a> <a href=\"/cal/2024-01-01\">calendar</a>"
                    + " <a href=\"http://169.254.169.254/latest/meta-data/\">metadata</a> <a href=\"/to-metadata\">m</a>"
                    + " <a href=\"http://127.0.0.1:" + redisPort + "/\">redis</a> <a href=\"http://localhost:" + redisPort + "/x\">redis2</a>"
                    + " <a href=\"/to-redis\">r</a> <a href=\"/timeout\">slow</a> <a href=\"" + offScopeRobotsHost + "/hello\">robots</a>"
                    + " <a href=\"/page/1\">1</a> <a href=\"/page/2\">2</a>");
        } else if (path.startsWith("/cal/")) {
            calendar(res, path.substring(5));
        } else if (path.equals("/to-metadata")) {
            res.setStatusCode(302).putHeader("Location", "http://169.254.169.254/latest/meta-data/iam/").end();
        } else if (path.equals("/to-redis")) {
            res.setStatusCode(302).putHeader("Location", "http://127.0.0.1:" + redisPort + "/redirected").end();
        } else if (path.equals("/timeout")) {
            // never answers: the crawler's timeouts and lease expiry have to deal with it
            req.connection().closeHandler(v -> { });
        } else {
            html(res, "<p>" + path + "</p>");
        }
    }

    private static void html(HttpServerResponse res, String body) {
        res.putHeader("Content-Type", "text/html; charset=utf-8").end("<html><body>" + body + "</body></html>");
    }

    private static void calendar(HttpServerResponse res, String day) {
        java.time.LocalDate d;
        try {
            d = java.time.LocalDate.parse(day);
        } catch (RuntimeException e) {
            d = java.time.LocalDate.of(2024, 1, 1);
        }
        StringBuilder b = new StringBuilder("<a href=\"/cal/").append(d.plusDays(1)).append("\">next</a>");
        for (int v = 0; v < CALENDAR_VARIANTS; v++) {
            b.append("<a href=\"/cal/").append(d).append("?view=").append(v).append("\">").append(v).append("</a>");
        }
        html(res, b.toString());
    }

    /** 50,000 URLs, written in chunks so the test server never holds a whole sitemap. */
    private static void sitemap(HttpServerResponse res, String base, String n) {
        res.setChunked(true).putHeader("Content-Type", "application/xml");
        res.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?><urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">");
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < SITEMAP_URLS; i++) {
            b.append("<url><loc>").append(base).append("/sm/").append(n).append('/').append(i).append("</loc></url>");
            if (b.length() > 64 * 1024) {
                res.write(Buffer.buffer(b.toString()));
                b.setLength(0);
            }
        }
        b.append("</urlset>");
        res.end(Buffer.buffer(b.toString()));
    }
}
