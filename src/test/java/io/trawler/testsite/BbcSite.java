package io.trawler.testsite;

import io.trawler.testsupport.SharedData;
import io.vertx.core.http.HttpServerRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

/**
 * A news site built from the labelled BBC corpus (../shared/data/corpus/bbc-news.tar.gz) for focused
 * crawling: one page per article, with topical link locality (each article links to 5 related articles,
 * 80 % of them on its own topic) but, as on real portals, also many links off its topic (a "most read" box of
 * 8 articles from anywhere on the site), plus navigation (home, one paginated index per section, a paginated
 * "latest" index mixing all topics). Laid out like the portals of seed 003 (sohu.com): one host per section
 * with one folder per day ({@code http://sport.bbc.test/20050317/123.html}) for 60 % of the articles, the
 * other 40 % on a topic-neutral news host ({@code http://news.bbc.test/20050317/124.html}), home and the
 * mixed index on {@code www.bbc.test}; so URLs predict topics only in part. Pages are keyed by URL. The first 10 articles of each label are held out as topic examples.
 * Deterministic for a given random seed. robots.txt is absent.
 */
public final class BbcSite {

    public static final List<String> LABELS = List.of("business", "entertainment", "politics", "sport", "tech");
    static final int EXAMPLES = 10;
    static final int PER_INDEX = 20;
    /** Links of an article's "most read" box: articles from anywhere on the site, whatever their topic. */
    static final int MOST_READ = 8;
    /** The home page, the seed of focused crawls. */
    public static final String HOME = "http://www.bbc.test/";
    /** The site's hosts (all served by one server; the crawler reaches them through trawler.fetch.resolve). */
    public static final List<String> HOSTS = List.of("www.bbc.test", "news.bbc.test", "business.bbc.test", "entertainment.bbc.test",
            "politics.bbc.test", "sport.bbc.test", "tech.bbc.test");

    /** One page: its path, topic label (null for navigation pages), title, paragraphs and links (paths). */
    public record Page(String path, String label, String title, List<String> paragraphs, List<String> links) {
    }

    private final Map<String, Page> pages = new LinkedHashMap<>();
    private final Map<String, List<String>> examples = new LinkedHashMap<>();

    /**
     * How articles link. {@code RELATED}: to related articles (80 % of their own label) and "most read" ones, as the
     * portals of seed 003 did; {@code LISTINGS}: only to the navigation (section index pages), two tag pages and the
     * latest-news listing, as today's CMS and static-site templates do (tags group articles across labels; every
     * listing paginates).
     */
    public enum Shape { RELATED, LISTINGS }

    static final int TAGS = 40;
    static final int TAGS_PER_ARTICLE = 2;

    public static BbcSite load(long seed) {
        return load(seed, Shape.RELATED);
    }

    public static BbcSite load(long seed, Shape shape) {
        Path root = SharedData.bbcCorpus();
        return new BbcSite(root.resolve("bbc"), seed, shape);
    }

    private BbcSite(Path corpus, long seed, Shape shape) {
        Random rnd = new Random(seed);
        Map<String, List<String[]>> byLabel = new LinkedHashMap<>();   // label -> [path, title, body]
        int n = 0;
        List<String> nav = new ArrayList<>(List.of(HOME));
        LABELS.forEach(l -> nav.add("http://" + l + ".bbc.test/"));
        nav.add("http://www.bbc.test/latest/1.html");
        for (String label : LABELS) {
            List<Path> files;
            try (Stream<Path> s = Files.list(corpus.resolve(label))) {
                files = s.filter(p -> p.toString().endsWith(".txt")).sorted().toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            List<String> ex = new ArrayList<>();
            List<String[]> arts = new ArrayList<>();
            for (int i = 0; i < files.size(); i++) {
                String text = read(files.get(i));
                if (i < EXAMPLES) {
                    ex.add(text);
                    continue;
                }
                n++;
                String day = String.format("200503%02d", 1 + rnd.nextInt(30));
                String path = (rnd.nextDouble() < 0.6 ? "http://" + label + ".bbc.test/" : "http://news.bbc.test/") + day + "/" + n + ".html";
                int nl = text.indexOf('\n');
                arts.add(new String[] {path, text.substring(0, Math.max(0, nl)).trim(), text.substring(nl + 1)});
            }
            examples.put(label, ex);
            byLabel.put(label, arts);
        }
        List<String[]> all = new ArrayList<>();
        byLabel.values().forEach(all::addAll);
        Map<Integer, List<String[]>> tagged = new LinkedHashMap<>();
        for (String label : LABELS) {
            for (String[] a : byLabel.get(label)) {
                List<String> links = new ArrayList<>(nav);
                if (shape == Shape.LISTINGS) {
                    // two tags: the first mostly among the label's own eight, the second any of the forty
                    int own = LABELS.indexOf(label) * (TAGS / LABELS.size());
                    int t1 = rnd.nextDouble() < 0.7 ? own + rnd.nextInt(TAGS / LABELS.size()) : rnd.nextInt(TAGS);
                    int t2 = rnd.nextInt(TAGS);
                    for (int t : t2 == t1 ? List.of(t1) : List.of(t1, t2)) {
                        tagged.computeIfAbsent(t, x -> new ArrayList<>()).add(a);
                        links.add("http://www.bbc.test/tags/" + t + "/1.html");
                    }
                    pages.put(a[0], new Page(a[0], label, a[1], paragraphs(a[2]), links));
                    continue;
                }
                for (int k = 0; k < 5; k++) {
                    String other = rnd.nextDouble() < 0.8 ? label : LABELS.get(rnd.nextInt(LABELS.size()));
                    List<String[]> pool = byLabel.get(other);
                    links.add(pool.get(rnd.nextInt(pool.size()))[0]);
                }
                for (int k = 0; k < MOST_READ; k++) {
                    links.add(all.get(rnd.nextInt(all.size()))[0]);
                }
                pages.put(a[0], new Page(a[0], label, a[1], paragraphs(a[2]), links));
            }
            index(label, byLabel.get(label), "http://" + label + ".bbc.test/", "http://" + label + ".bbc.test/page/", nav, cap(label) + " news");
        }
        tagged.forEach((t, arts) -> index(null, arts, "http://www.bbc.test/tags/" + t + "/1.html", "http://www.bbc.test/tags/" + t + "/", nav,
                "Tagged " + t));
        List<String[]> latest = new ArrayList<>(all);
        Collections.shuffle(latest, rnd);
        index(null, latest, "http://www.bbc.test/latest/1.html", "http://www.bbc.test/latest/", nav, "Latest news");
        List<String> home = new ArrayList<>(nav);
        for (String label : LABELS) {
            byLabel.get(label).subList(0, 2).forEach(a -> home.add(a[0]));
        }
        pages.put(HOME, new Page(HOME, null, "BBC News", List.of("News from the UK and around the world."), home));
    }

    private void index(String label, List<String[]> arts, String first, String prefix, List<String> nav, String title) {
        int pagesN = (arts.size() + PER_INDEX - 1) / PER_INDEX;
        for (int k = 1; k <= pagesN; k++) {
            String path = k == 1 ? first : prefix + k + ".html";
            List<String> links = new ArrayList<>(nav);
            List<String> titles = new ArrayList<>();
            for (String[] a : arts.subList((k - 1) * PER_INDEX, Math.min(arts.size(), k * PER_INDEX))) {
                links.add(a[0]);
                titles.add(a[1]);
            }
            if (k < pagesN) {
                links.add(prefix + (k + 1) + ".html");
            }
            pages.put(path, new Page(path, null, title + (k > 1 ? " – page " + k : ""), titles, links));
        }
    }

    private static List<String> paragraphs(String body) {
        List<String> paras = new ArrayList<>();
        for (String p : body.split("\n\\s*\n")) {
            if (!p.isBlank()) {
                paras.add(p.trim());
            }
        }
        return paras;
    }

    private static String cap(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static String read(Path p) {
        try {
            byte[] b = Files.readAllBytes(p);
            return new String(b, StandardCharsets.ISO_8859_1).replace("\r", "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Map<String, Page> pages() {
        return pages;
    }

    /** The held-out articles of a label (not on the site), to use as topic examples. */
    public List<String> examples(String label) {
        return examples.get(label);
    }

    /** Pages of a label: the targets of a focused crawl for it. */
    public long targets(String label) {
        return pages.values().stream().filter(p -> label.equals(p.label())).count();
    }

    public String html(Page p) {
        StringBuilder s = new StringBuilder("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>").append(esc(p.title()))
                .append("</title></head><body>\n<nav>");
        List<String> links = p.links();
        int navEnd = Math.min(7, links.size());
        for (int i = 0; i < navEnd; i++) {
            s.append("<a href=\"").append(links.get(i)).append("\">").append(navName(links.get(i))).append("</a> ");
        }
        s.append("</nav>\n<h1>").append(esc(p.title())).append("</h1>\n");
        for (String para : p.paragraphs()) {
            s.append("<p>").append(esc(para)).append("</p>\n");
        }
        s.append("<ul>\n");
        for (int i = navEnd; i < links.size(); i++) {
            Page t = pages.get(links.get(i));
            s.append("<li><a href=\"").append(links.get(i)).append("\">").append(esc(t == null ? "more" : t.title())).append("</a></li>\n");
        }
        return s.append("</ul></body></html>\n").toString();
    }

    private static String navName(String url) {
        if (url.equals(HOME)) {
            return "Home";
        }
        if (url.contains("/latest/")) {
            return "Latest";
        }
        return cap(url.substring(7, url.indexOf('.')));
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** Serves the site, by Host header (its port ignored). */
    public void serve(HttpServerRequest req) {
        String host = String.valueOf(req.getHeader("Host"));
        int colon = host.indexOf(':');
        Page p = pages.get("http://" + (colon < 0 ? host : host.substring(0, colon)) + req.path());
        if (p == null) {
            req.response().setStatusCode(404).putHeader("Content-Type", "text/html").end("<html>not found</html>");
            return;
        }
        req.response().putHeader("Content-Type", "text/html; charset=utf-8").end(html(p));
    }
}
