package io.trawler.testsite;

import io.vertx.core.http.HttpServerRequest;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A site whose pages change as Poisson processes of known rates (changes per second of real time, the test's
 * accelerated clock): {@code /} links to {@code /p/0 … /p/N-1}; page i's main text is its version, the number
 * of its change events so far; {@code /} never changes (ETag "home"). Every response also carries a footer and a navigation bar that change on every
 * request (a timestamp, a rotating ad), which change detection must ignore. Pages send an ETag of their version
 * and answer 304 to a matching If-None-Match.
 */
public final class ChangingSite {

    /** What a page is about in turn, one per version: a query for "election results" sees every other change. */
    static final String[] TOPICS = {"Election results: the count goes on and turnout is high.", "Weather: sunny spells, light winds.",
        "Sport: the match ended in a draw."};

    private final double[] rates;
    private final String[] sections;
    private final double[][] changeTimes;
    private final long startNanos = System.nanoTime();
    private final AtomicInteger notModified = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();

    /** Pages with the given change rates (per second); change times drawn up to {@code horizonSeconds}. */
    public ChangingSite(double[] rates, double horizonSeconds, long seed) {
        this(rates, null, horizonSeconds, seed);
    }

    /** Pages under sections: page i is {@code /sections[i]/i} (null: all under {@code /p/}). */
    public ChangingSite(double[] rates, String[] sections, double horizonSeconds, long seed) {
        this.rates = rates.clone();
        this.sections = new String[rates.length];
        for (int i = 0; i < rates.length; i++) {
            this.sections[i] = sections == null ? "p" : sections[i];
        }
        Random rnd = new Random(seed);
        changeTimes = new double[rates.length][];
        for (int i = 0; i < rates.length; i++) {
            double t = 0;
            double[] times = new double[16];
            int n = 0;
            while (rates[i] > 0) {
                t += -Math.log(1 - rnd.nextDouble()) / rates[i];
                if (t > horizonSeconds) {
                    break;
                }
                if (n == times.length) {
                    times = Arrays.copyOf(times, n * 2);
                }
                times[n++] = t;
            }
            changeTimes[i] = Arrays.copyOf(times, n);
        }
    }

    public double rate(int page) {
        return rates[page];
    }

    public int pages() {
        return rates.length;
    }

    /** The page's version now: how many changes it has had. */
    public int version(int page) {
        double now = (System.nanoTime() - startNanos) / 1e9;
        int v = Arrays.binarySearch(changeTimes[page], now);
        return v >= 0 ? v + 1 : -v - 1;
    }

    /** Page i's path. */
    public String path(int i) {
        return "/" + sections[i] + "/" + i;
    }

    public int notModified() {
        return notModified.get();
    }

    public int requests() {
        return requests.get();
    }

    public void serve(HttpServerRequest req, String base) {
        requests.incrementAndGet();
        String path = req.path();
        String noise = "<nav class=\"menu\">ad " + System.nanoTime() % 97 + "</nav>";
        String footer = "<footer>served at " + System.nanoTime() + "</footer>";
        if (path.equals("/")) {
            if ("\"home\"".equals(req.getHeader("If-None-Match"))) {   // the list of pages never changes
                notModified.incrementAndGet();
                req.response().setStatusCode(304).putHeader("etag", "\"home\"").end();
                return;
            }
            req.response().putHeader("etag", "\"home\"");
            StringBuilder b = new StringBuilder("<html><head><title>changing</title></head><body>" + noise + "<main>");
            for (int i = 0; i < rates.length; i++) {
                b.append("<a href=\"").append(path(i)).append("\">page ").append(i).append("</a> ");
            }
            req.response().putHeader("content-type", "text/html").end(b.append("</main>").append(footer).append("</body></html>").toString());
            return;
        }
        if (path.equals("/robots.txt")) {
            req.response().setStatusCode(404).end();
            return;
        }
        int slash = path.lastIndexOf('/');
        if (slash > 0) {
            int i;
            try {
                i = Integer.parseInt(path.substring(slash + 1));
            } catch (NumberFormatException e) {
                req.response().setStatusCode(404).end();
                return;
            }
            if (i < 0 || i >= rates.length || !path.equals(path(i))) {
                req.response().setStatusCode(404).end();
                return;
            }
            int v = version(i);
            String etag = "\"" + i + "-" + v + "\"";
            if (etag.equals(req.getHeader("If-None-Match"))) {
                notModified.incrementAndGet();
                req.response().setStatusCode(304).putHeader("etag", etag).end();
                return;
            }
            req.response().putHeader("content-type", "text/html").putHeader("etag", etag)
                    .end("<html><head><title>page " + i + "</title></head><body>" + noise + "<main><p>page " + i + " version " + v
                            + "</p><p>" + TOPICS[(i + v) % TOPICS.length] + "</p></main>" + footer + "<a href=\"/\">home</a></body></html>");
            return;
        }
        req.response().setStatusCode(404).end();
    }
}
