package io.trawler.testsite;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPOutputStream;

/**
 * A generated web site of configurable size and shape, deterministic for a seed: pages under skewed
 * first-level directories ({@code /d0/} holds the most), a 4-ary tree of links so every page is
 * reachable within a few hops, plus 10–40 random links per page (mostly within the directory). With
 * traps on, page 1 links to everything a hostile or broken site has: a robots-disallowed directory,
 * redirects (one into the site, one to a new page, a loop, an endless chain), 404 and 500, a slow
 * page, a silent one, a stalled one, an endless drip, an endless body, a PDF, wrong and missing charsets, an
 * infinite calendar, a 503 with Retry-After, meta nofollow and a gzip-encoded page. Its model
 * ({@link #expectedRequests}) says exactly which URIs a correct crawler requests, and how often.
 */
public final class GeneratedSite {

    /**
     * Shape of the site. {@code crawlDelay} is the robots.txt Crawl-delay in seconds, or null for none. {@code archive}: a
     * dated blog archive instead of first-level directories {@code /dN/}: all directories but the last two are years under
     * one first-level directory ({@code /archives/YYYY/MM/pN.html}), holding {@code archiveShare} of the pages, the last two
     * are {@code /tags/} and {@code /about/}.
     */
    public record Options(int pages, int dirs, double skew, int minLinks, int maxLinks, int bodyBytes, long seed, boolean traps,
            String crawlDelay, double archiveShare) {

        public Options(int pages, int dirs, double skew, int minLinks, int maxLinks, int bodyBytes, long seed, boolean traps, String crawlDelay) {
            this(pages, dirs, skew, minLinks, maxLinks, bodyBytes, seed, traps, crawlDelay, 0);
        }

        public static Options of(int pages) {
            return new Options(pages, 12, 1.3, 10, 40, 2048, 42, true, null);
        }

        /**
         * A dated blog archive of {@code pages} pages: {@code share} of them under {@code /archives/YYYY/MM/} in
         * {@code years} years, the rest under {@code /tags/} and {@code /about/}; no traps.
         */
        public static Options archive(int pages, int years, double share) {
            return new Options(pages, years + 2, 0, 10, 40, 2048, 42, false, null, share);
        }

        public Options withoutTraps() {
            return new Options(pages, dirs, skew, minLinks, maxLinks, bodyBytes, seed, false, crawlDelay, archiveShare);
        }

        public Options withCrawlDelay(String seconds) {
            return new Options(pages, dirs, skew, minLinks, maxLinks, bodyBytes, seed, traps, seconds, archiveShare);
        }

        public Options withBodyBytes(int bytes) {
            return new Options(pages, dirs, skew, minLinks, maxLinks, bytes, seed, traps, crawlDelay, archiveShare);
        }
    }

    enum Kind { HTML, REDIRECT, ERROR, SLOW, SILENT, STALL, DRIP, HUGE, PDF, CHARSET_WRONG, CHARSET_META, BUSY, NOFOLLOW, GZIP }

    /** One resource of the model: what it is, where it links, where it redirects. */
    record Node(Kind kind, List<String> links, String location) {
        static Node html(List<String> links) {
            return new Node(Kind.HTML, links, null);
        }
    }

    static final String CHINESE_PATH = "/charset/%E4%B8%AD%E6%96%87.html";
    static final int SLOW_MS = 1200;
    static final String CALENDAR_START = "2024-01-01";

    private final Options options;
    private final String[] paths;
    private final int[][] links;
    private final Map<String, Integer> byPath = new HashMap<>();
    private final Map<String, Node> specials = new HashMap<>();
    private final Map<String, AtomicInteger> busyHits = new HashMap<>();
    private final AtomicInteger notModified = new AtomicInteger();
    private volatile boolean validators;
    private volatile int revision;
    private volatile int revisedEvery = 1;

    public GeneratedSite(Options options) {
        this.options = options;
        int n = options.pages();
        Random random = new Random(options.seed());
        double[] cumulative = new double[options.dirs()];
        double total = 0;
        for (int d = 0; d < options.dirs(); d++) {
            total += 1 / Math.pow(d + 1, options.skew());
            cumulative[d] = total;
        }
        paths = new String[n];
        int[] dirOf = new int[n];
        List<List<Integer>> pagesOfDir = new ArrayList<>();
        for (int d = 0; d < options.dirs(); d++) {
            pagesOfDir.add(new ArrayList<>());
        }
        boolean archive = options.archiveShare() > 0;
        int years = options.dirs() - 2;
        for (int i = 0; i < n; i++) {
            int d;
            if (archive) {
                double r = random.nextDouble();
                d = r < options.archiveShare() ? (int) (r / options.archiveShare() * years) : r < (1 + options.archiveShare()) / 2 ? years : years + 1;
            } else {
                double r = random.nextDouble() * total;
                d = 0;
                while (cumulative[d] < r) {
                    d++;
                }
            }
            dirOf[i] = d;
            pagesOfDir.get(d).add(i);
            paths[i] = i == 0 ? "/" : archive ? archivePath(d, years, i) : "/d" + d + "/p" + i + ".html";
            byPath.put(paths[i], i);
        }
        links = new int[n][];
        for (int i = 0; i < n; i++) {
            Set<Integer> out = new LinkedHashSet<>();
            for (int c = 4 * i + 1; c <= 4 * i + 4 && c < n; c++) {
                out.add(c);
            }
            int want = options.minLinks() + random.nextInt(options.maxLinks() - options.minLinks() + 1);
            List<Integer> sameDir = pagesOfDir.get(dirOf[i]);
            int guard = 0;
            while (out.size() < Math.min(want, n - 1) && guard++ < want * 10) {
                int target = random.nextDouble() < 0.7 ? sameDir.get(random.nextInt(sameDir.size())) : random.nextInt(n);
                if (target != i) {
                    out.add(target);
                }
            }
            links[i] = out.stream().mapToInt(Integer::intValue).toArray();
        }
        if (options.traps()) {
            defineTraps();
        }
    }

    /** A page of the dated archive: a year's month, or a tag or about page. */
    private static String archivePath(int d, int years, int i) {
        if (d < years) {
            return String.format(java.util.Locale.ROOT, "/archives/%d/%02d/p%d.html", 2009 + d, 1 + i % 12, i);
        }
        return (d == years ? "/tags/" : "/about/") + "p" + i + ".html";
    }

    private void defineTraps() {
        specials.put("/private/secret.html", Node.html(List.of("/private/deeper.html")));
        specials.put("/private/deeper.html", Node.html(List.of()));
        specials.put("/redirect/to/3", new Node(Kind.REDIRECT, List.of(), paths[Math.min(3, paths.length - 1)]));
        specials.put("/redirect/new", new Node(Kind.REDIRECT, List.of(), "/redirect-target.html"));
        specials.put("/redirect-target.html", Node.html(List.of()));
        specials.put("/loop/a", new Node(Kind.REDIRECT, List.of(), "/loop/b"));
        specials.put("/loop/b", new Node(Kind.REDIRECT, List.of(), "/loop/a"));
        specials.put("/error500.html", new Node(Kind.ERROR, List.of(), null));
        specials.put("/slow.html", new Node(Kind.SLOW, List.of("/slow-target.html"), null));
        specials.put("/slow-target.html", Node.html(List.of()));
        specials.put("/stall.html", new Node(Kind.STALL, List.of(), null));
        specials.put("/silent.html", new Node(Kind.SILENT, List.of(), null));
        specials.put("/drip.html", new Node(Kind.DRIP, List.of("/drip-target.html"), null));
        specials.put("/drip-target.html", Node.html(List.of()));
        specials.put("/huge.html", new Node(Kind.HUGE, List.of("/huge-target.html"), null));
        specials.put("/huge-target.html", Node.html(List.of()));
        specials.put("/doc.pdf", new Node(Kind.PDF, List.of(), null));
        specials.put("/charset/wrong.html", new Node(Kind.CHARSET_WRONG, List.of("/charset/wrong-target.html"), null));
        specials.put("/charset/wrong-target.html", Node.html(List.of()));
        specials.put("/charset/meta-gbk.html", new Node(Kind.CHARSET_META, List.of(CHINESE_PATH), null));
        specials.put(CHINESE_PATH, Node.html(List.of()));
        specials.put("/busy.html", new Node(Kind.BUSY, List.of("/busy-target.html"), null));
        specials.put("/busy-target.html", Node.html(List.of()));
        specials.put("/nofollow.html", new Node(Kind.NOFOLLOW, List.of(), null));
        specials.put("/nofollow-target.html", Node.html(List.of()));
        specials.put("/gzip.html", new Node(Kind.GZIP, List.of("/gzip-target.html"), null));
        specials.put("/gzip-target.html", Node.html(List.of()));
        specials.put("/orphan-from-sitemap.html", Node.html(List.of("/orphan-child.html")));
        specials.put("/orphan-child.html", Node.html(List.of()));
    }

    /** The URIs page 1 links to when traps are on. */
    static List<String> trapLinks() {
        return List.of("/private/secret.html", "/redirect/to/3", "/redirect/new", "/loop/a", "/chain/0", "/missing.html",
                "/error500.html", "/slow.html", "/silent.html", "/stall.html", "/drip.html", "/huge.html", "/doc.pdf", "/charset/wrong.html",
                "/charset/meta-gbk.html", "/calendar?date=" + CALENDAR_START, "/busy.html", "/nofollow.html", "/gzip.html");
    }

    public Options options() {
        return options;
    }

    public int pages() {
        return paths.length;
    }

    public String path(int i) {
        return paths[i];
    }

    /** Model lookup: the node at a URI, or null for a 404. */
    Node node(String uri) {
        Integer i = byPath.get(uri);
        if (i != null) {
            List<String> out = new ArrayList<>();
            for (int t : links[i]) {
                out.add(paths[t]);
            }
            if (i == 1 && options.traps()) {
                out.addAll(trapLinks());
            }
            return Node.html(out);
        }
        if (!options.traps()) {
            return null;
        }
        Node special = specials.get(uri);
        if (special != null) {
            return special;
        }
        if (uri.startsWith("/chain/")) {
            int k = Integer.parseInt(uri.substring(7));
            return new Node(Kind.REDIRECT, List.of(), "/chain/" + (k + 1));
        }
        if (uri.startsWith("/calendar?date=")) {
            LocalDate d = LocalDate.parse(uri.substring(15));
            return Node.html(List.of("/calendar?date=" + d.minusDays(1), "/calendar?date=" + d.plusDays(1)));
        }
        return null;
    }

    List<String> sitemapUris() {
        return options.traps() ? List.of("/orphan-from-sitemap.html") : List.of();
    }

    public String robotsTxt(String base) {
        StringBuilder s = new StringBuilder("User-agent: *\nDisallow: /private/\n");
        if (options.crawlDelay() != null) {
            s.append("Crawl-delay: ").append(options.crawlDelay()).append('\n');
        }
        if (!sitemapUris().isEmpty()) {
            s.append("\nSitemap: ").append(base).append("/sitemap.xml\n");
        }
        return s.toString();
    }

    /**
     * What a correct crawl with these limits requests: every URI reachable from the home page (and the
     * sitemap, at depth 1) within {@code maxDepth} links, redirects followed for {@code maxRedirects}
     * hops, robots.txt respected; mapped to the number of requests (a silent page is tried
     * {@code attempts} times, the 503 page twice).
     */
    public Map<String, Integer> expectedRequests(int maxDepth, int maxRedirects, int attempts) {
        Map<String, Integer> expected = new TreeMap<>();
        record Visit(String uri, int depth, int hops) {
        }
        ArrayDeque<Visit> queue = new ArrayDeque<>();
        Set<String> seen = new java.util.HashSet<>();
        queue.add(new Visit("/", 0, 0));
        seen.add("/");
        for (String s : sitemapUris()) {
            if (seen.add(s)) {
                queue.add(new Visit(s, 1, 0));
            }
        }
        while (!queue.isEmpty()) {
            Visit v = queue.poll();
            if (v.uri().startsWith("/private/")) {
                continue;
            }
            Node node = node(v.uri());
            int requests = node == null ? 1 : switch (node.kind()) {
                case SILENT -> attempts;
                case BUSY -> 2;
                default -> 1;
            };
            expected.put(v.uri(), requests);
            if (node == null) {
                continue;
            }
            if (node.kind() == Kind.REDIRECT) {
                if (v.hops() + 1 <= maxRedirects && seen.add(node.location())) {
                    queue.add(new Visit(node.location(), v.depth(), v.hops() + 1));
                }
                continue;
            }
            if (v.depth() + 1 > maxDepth) {
                continue;
            }
            for (String l : node.links()) {
                if (seen.add(l)) {
                    queue.add(new Visit(l, v.depth() + 1, 0));
                }
            }
        }
        expected.put("/robots.txt", 1);
        if (!sitemapUris().isEmpty()) {
            expected.put("/sitemap.xml", 1);
        }
        return expected;
    }

    /** Writes the site's plain pages (no traps) and robots.txt as static files under {@code root}, for nginx. */
    public void writeStatic(java.nio.file.Path root, String base) throws IOException {
        java.nio.file.Files.createDirectories(root);
        java.nio.file.Files.writeString(root.resolve("robots.txt"), robotsTxt(base));
        for (int i = 0; i < paths.length; i++) {
            String uri = paths[i];
            java.nio.file.Path file = root.resolve(uri.equals("/") ? "index.html" : uri.substring(1));
            java.nio.file.Files.createDirectories(file.getParent());
            java.nio.file.Files.writeString(file, page(uri, node(uri).links(), base, ""));
        }
    }

    // ---------------------------------------------------------------- serving

    void serve(HttpServerRequest req, String base, Vertx vertx) {
        HttpServerResponse res = req.response();
        String uri = req.uri();
        if (uri.equals("/robots.txt")) {
            res.putHeader("Content-Type", "text/plain").end(robotsTxt(base));
            return;
        }
        if (uri.equals("/sitemap.xml") && !sitemapUris().isEmpty()) {
            StringBuilder s = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
            sitemapUris().forEach(u -> s.append("<url><loc>").append(base).append(u).append("</loc></url>\n"));
            res.putHeader("Content-Type", "application/xml").end(s.append("</urlset>\n").toString());
            return;
        }
        Node node = node(uri);
        if (node == null) {
            res.setStatusCode(404).putHeader("Content-Type", "text/html; charset=utf-8").end("<html><body>not found</body></html>");
            return;
        }
        switch (node.kind()) {
            case HTML -> {
                if (validators) {
                    conditional(req, uri, node.links(), base);
                } else {
                    html(res, uri, node.links(), base, "");
                }
            }
            case REDIRECT -> res.setStatusCode(uri.startsWith("/redirect/to") ? 301 : 302).putHeader("Location", node.location()).end();
            case ERROR -> res.setStatusCode(500).putHeader("Content-Type", "text/html").end("<html><a href=\"/after-500.html\">x</a></html>");
            case SLOW -> vertx.setTimer(SLOW_MS, t -> html(res, uri, node.links(), base, ""));
            case SILENT -> {
                // never answers: the crawler's idle timeout ends it, and it is tried again later
            }
            case STALL -> {
                res.setChunked(true).putHeader("Content-Type", "text/html");
                res.write("<html><body>");
            }
            case DRIP -> {
                res.setChunked(true).putHeader("Content-Type", "text/html; charset=utf-8");
                res.write("<html><body><a href=\"/drip-target.html\">drip</a>");
                long timer = vertx.setPeriodic(300, t -> {
                    if (!res.closed() && !res.ended()) {
                        res.write(".");
                    }
                });
                res.closeHandler(v -> vertx.cancelTimer(timer));
            }
            case HUGE -> {
                res.setChunked(true).putHeader("Content-Type", "text/html; charset=utf-8");
                res.write("<html><body><a href=\"/huge-target.html\">huge</a>");
                Buffer chunk = Buffer.buffer("<p>" + "filler ".repeat(9000) + "</p>\n");
                endless(res, chunk);
            }
            case PDF -> res.putHeader("Content-Type", "application/pdf").end(Buffer.buffer("%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"));
            case CHARSET_WRONG -> res.putHeader("Content-Type", "text/html; charset=utf-8")
                    .end(Buffer.buffer(chinesePage("<a href=\"/charset/wrong-target.html\">目标</a>", "")
                            .getBytes(Charset.forName("GB18030"))));
            case CHARSET_META -> res.putHeader("Content-Type", "text/html")
                    .end(Buffer.buffer(chinesePage("<a href=\"/charset/中文.html\">中文</a>", "<meta charset=\"gbk\">")
                            .getBytes(Charset.forName("GBK"))));
            case BUSY -> {
                int hit = busyHits.computeIfAbsent(uri, k -> new AtomicInteger()).incrementAndGet();
                if (hit == 1) {
                    res.setStatusCode(503).putHeader("Retry-After", "1").end("busy");
                } else {
                    html(res, uri, node.links(), base, "");
                }
            }
            case NOFOLLOW -> html(res, uri, List.of("/nofollow-target.html"), base, "<meta name=\"robots\" content=\"nofollow\">");
            case GZIP -> {
                byte[] body = page(uri, node.links(), base, "").getBytes(StandardCharsets.UTF_8);
                res.putHeader("Content-Type", "text/html; charset=utf-8").putHeader("Content-Encoding", "gzip").end(Buffer.buffer(gzip(body)));
            }
            default -> throw new IllegalStateException(node.kind().name());
        }
    }

    /**
     * A plain page as a static web server sends it: with an ETag of its content, answering 304 to a request whose
     * If-None-Match names it.
     */
    private void conditional(HttpServerRequest req, String uri, List<String> links, String base) {
        String body = page(uri, links, base, "");
        String etag = "\"" + Integer.toHexString(body.hashCode()) + "\"";
        HttpServerResponse res = req.response().putHeader("ETag", etag);
        if (etag.equals(req.getHeader("If-None-Match"))) {
            notModified.incrementAndGet();
            res.setStatusCode(304).end();
        } else {
            res.putHeader("Content-Type", "text/html; charset=utf-8").end(body);
        }
    }

    /** Pages send an ETag and answer conditional requests (as static web servers do), from now on. */
    public GeneratedSite withValidators() {
        validators = true;
        return this;
    }

    /** The 304s sent so far. */
    public int notModified() {
        return notModified.get();
    }

    /** From now on, the plain pages whose number is a multiple of {@code every} carry a new revision of their text. */
    public void revise(int every) {
        revisedEvery = every;
        revision++;
    }

    private void html(HttpServerResponse res, String uri, List<String> links, String base, String head) {
        if (!res.closed()) {
            res.putHeader("Content-Type", "text/html; charset=utf-8").end(page(uri, links, base, head));
        }
    }

    private String page(String uri, List<String> links, String base, String head) {
        StringBuilder s = new StringBuilder(options.bodyBytes() + links.size() * 48 + 256);
        s.append("<!DOCTYPE html><html><head><title>").append(uri).append("</title>").append(head).append("</head><body><h1>")
                .append(uri).append("</h1>\n<ul>\n");
        for (int i = 0; i < links.size(); i++) {
            String href = i % 3 == 2 ? base + links.get(i) : links.get(i);
            s.append("<li><a href=\"").append(href.replace("&", "&amp;")).append("\">link ").append(i).append("</a></li>\n");
        }
        s.append("</ul>\n<p>");
        Integer number = byPath.get(uri);
        if (revision > 0 && number != null && number % revisedEvery == 0) {
            s.append("revision ").append(revision).append(' ');
        }
        int seed = uri.hashCode();
        while (s.length() < options.bodyBytes()) {
            seed = seed * 1103515245 + 12345;
            s.append(WORDS[Math.floorMod(seed >> 8, WORDS.length)]).append(' ');
        }
        return s.append("</p></body></html>\n").toString();
    }

    private static final String[] WORDS = {"crawler", "frontier", "politeness", "lease", "redis", "vertical", "search", "fresh",
            "page", "link", "site", "partition", "overlap", "coverage", "node", "queue", "host", "robots", "sitemap", "archive"};

    private static String chinesePage(String link, String head) {
        return "<!DOCTYPE html><html><head>" + head + "<title>中文页面</title></head><body><p>这是一个用于测试字符集检测的中文页面，"
                + "包含足够多的汉字以便统计检测能够可靠地识别编码。垂直搜索引擎需要抓取新鲜的网页，同时不能给网站带来过大的负担。</p>"
                + link + "</body></html>";
    }

    private static void endless(HttpServerResponse res, Buffer chunk) {
        while (!res.closed() && !res.writeQueueFull()) {
            res.write(chunk);
        }
        if (!res.closed()) {
            res.drainHandler(v -> endless(res, chunk));
        }
    }

    private static byte[] gzip(byte[] b) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
                gz.write(b);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
