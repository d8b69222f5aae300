package io.trawler.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.eval.BlogSite;
import io.trawler.testsite.BbcSite;
import io.trawler.testsupport.SharedData;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/**
 * The planner on real site shapes: every real graph of {@code ../shared/data} (the blog, the BBC corpus as a site, the
 * Hollins and EPA crawls) and two shapes seed 000's first-level paths cannot balance — a dated blog archive (93 % of the
 * pages under {@code /archives/YYYY/MM/}) and a wiki (most pages directly in {@code /wiki/}). For 2…5 coordinated
 * crawlers, with and without a page limit, a prediction never promises more than its busiest crawler allows (U/M, U the
 * pages the crawl should fetch: under a limit, the limit), and the
 * two hard shapes split nearly N ways: the archive by descending into its years, the wiki by path hash.
 */
class RealSitePlanTest {

    record Site(String name, LinkGraph graph) {
    }

    @Test
    void predictionsNeverPromiseMoreThanTheBusiestCrawlerAllows() throws Exception {
        List<Site> sites = List.of(new Site("blog", blog()), new Site("bbc", bbc()), new Site("hollins", HollinsPartitionTest.hollins()),
                new Site("epa", LinkGraphs.readEpa(SharedData.path("graphs/epa-urls.txt"), SharedData.path("graphs/epa-edges.txt"))),
                new Site("dated archive", datedArchive(3000, 7)), new Site("wiki", wiki(3000, 7)));
        System.out.println("site            N  limit  splits hashed  overlap  coverage  acceleration  busiest/should");
        for (Site s : sites) {
            SitePartitioner p = new SitePartitioner(s.graph());
            PartitionSimulator sim = new PartitionSimulator(p);
            int depth = p.maxLevel();
            System.out.printf(Locale.ROOT, "%s: %,d URLs%n", s.name(), s.graph().size());
            for (int n = 2; n <= 5; n++) {
                PartitionPlan plan = p.plan(n, 0.9, 2);
                for (long limit : new long[] {0, s.graph().size() * 2L / 3}) {
                    PartitionSimulator.Result r = sim.simulate(plan, CrawlMode.COORDINATED, depth, new PartitionSimulator.Limit(limit));
                    long busiest = Arrays.stream(r.fetchedBy()).max().orElseThrow();
                    long should = new PartitionSimulator.Limit(limit).should(s.graph().size());
                    System.out.printf(Locale.ROOT, "%-14s %2d %6d %7d %6d %8.4f %9.4f %13.3f %15.3f%n", s.name(), n, limit, plan.splitPaths().size(),
                            plan.hashedPaths().size(), r.metrics().overlap(), r.metrics().coverage(), r.metrics().acceleration(),
                            busiest / (double) should);
                    assertEquals(should / (double) busiest, r.metrics().acceleration(), 1e-9, s.name() + " " + n);
                    // U/M with M at least I/N: N-fold at most, more only by the pages no crawler reaches (seed 000's U)
                    assertTrue(r.metrics().acceleration() <= n / r.metrics().coverage() + 1e-9, s.name() + " " + n + ": " + r.metrics().acceleration());
                    if (s.name().equals("dated archive") || s.name().equals("wiki")) {
                        assertTrue(r.metrics().acceleration() >= 0.8 * n, s.name() + " " + n + " limit " + limit + ": " + r.metrics().acceleration());
                    }
                }
            }
        }
    }

    @Test
    void aDatedArchiveIsSplitIntoItsYearsAndAWikiIsHashed() {
        SitePartitioner archive = new SitePartitioner(datedArchive(3000, 7));
        PartitionPlan a = archive.plan(3, 0.9, 2);
        assertEquals(List.of("a.test/archives"), a.splitPaths(), "the archive holds 93 % of the site: one level deeper, its years");
        assertEquals(List.of(), a.hashedPaths());
        long[] urls = a.crawlers().stream().mapToLong(PartitionPlan.Crawler::urls).toArray();
        assertTrue(Arrays.stream(urls).max().orElseThrow() < 1.15 * Arrays.stream(urls).average().orElseThrow(), Arrays.toString(urls));
        assertTrue(a.crawlers().stream().allMatch(c -> c.paths().stream().allMatch(p -> p.startsWith("a.test/archives/") || !p.contains("archives"))));
        assertEquals(1, new SitePartitioner(datedArchive(3000, 7)).plan(1, 0.9, 2).crawlers().get(0).paths().stream()
                .filter(p -> p.startsWith("a.test/archives")).count(), "one crawler: nothing to split");

        SitePartitioner wiki = new SitePartitioner(wiki(3000, 7));
        PartitionPlan w = wiki.plan(3, 0.9, 2);
        assertEquals(List.of("a.test/wiki"), w.hashedPaths(), "the wiki's pages sit in one directory: hashed");
        assertTrue(w.crawlers().stream().noneMatch(c -> c.paths().contains("a.test/wiki")));
        LaneRouting routing = new LaneRouting(w.owners(), w.groups(), CrawlMode.INDEPENDENT, 3);
        int[] perLane = new int[3];
        for (int i = 0; i < 900; i++) {
            perLane[routing.owner("http://a.test/wiki/Page_" + i)]++;
        }
        assertTrue(Arrays.stream(perLane).allMatch(k -> k > 200), "hashed pages go to every lane: " + Arrays.toString(perLane));
        assertTrue(PlanNotes.of(w, null, 3000, Map.of("a.test/wiki", 2800)).get(0).contains("path hash"));
    }

    @Test
    void aSiteThatCannotBeSplitIsSaidPlainly() {
        // two pages: the home and one more; three crawlers cannot share it
        LinkGraph tiny = LinkGraph.of(new String[] {"http://a.test/", "http://a.test/x.html"}, new int[] {0}, new int[] {1}, 1, 0);
        SitePartitioner p = new SitePartitioner(tiny);
        PartitionPlan plan = p.plan(3, 0.9, 2);
        PartitionMetrics m = new PartitionSimulator(p).simulate(plan, CrawlMode.COORDINATED, 5).metrics();
        List<String> notes = PlanNotes.of(plan, m, 2, Map.of());
        assertTrue(notes.stream().anyMatch(s -> s.startsWith("The site cannot be split 3 ways evenly")), notes.toString());
        assertTrue(m.acceleration() <= 2 + 1e-9, "two pages: at most two-fold " + m.acceleration());
    }

    /**
     * A dated blog archive: a home page, {@code /archives/YYYY/MM/slug.html} posts of 15 years (93 %), tag pages and a
     * few pages about; posts link to the previous and next post, their month and year listings, three tags and five
     * posts of their year; the home links to the years and the latest posts.
     */
    static LinkGraph datedArchive(int pages, long seed) {
        Random random = new Random(seed);
        List<String> urls = new ArrayList<>(List.of("http://a.test/"));
        List<int[]> edges = new ArrayList<>();
        int posts = (int) (pages * 0.93);
        int tags = pages - posts - 12;
        Map<Integer, List<Integer>> byYear = new LinkedHashMap<>();
        Map<String, Integer> listing = new HashMap<>();
        for (int i = 0; i < posts; i++) {
            int year = 2009 + i * 15 / posts;
            int month = 1 + (i * 180 / posts) % 12;
            String monthDir = String.format(Locale.ROOT, "http://a.test/archives/%d/%02d/", year, month);
            int list = listing.computeIfAbsent(monthDir, u -> add(urls, u));
            int yearList = listing.computeIfAbsent("http://a.test/archives/" + year + "/", u -> add(urls, u));
            int post = add(urls, monthDir + "post-" + i + ".html");
            byYear.computeIfAbsent(year, y -> new ArrayList<>()).add(post);
            edges.add(new int[] {list, post});
            edges.add(new int[] {post, list});
            edges.add(new int[] {post, yearList});
            edges.add(new int[] {yearList, list});
            edges.add(new int[] {0, yearList});
        }
        List<Integer> tagPages = new ArrayList<>();
        for (int t = 0; t < tags; t++) {
            tagPages.add(add(urls, "http://a.test/tags/t" + t + "/"));
        }
        for (int k = 0; k < 12 && urls.size() < pages; k++) {
            edges.add(new int[] {0, add(urls, "http://a.test/about/p" + k + ".html")});
        }
        for (List<Integer> year : byYear.values()) {
            for (int j = 0; j < year.size(); j++) {
                int post = year.get(j);
                if (j > 0) {
                    edges.add(new int[] {post, year.get(j - 1)});
                    edges.add(new int[] {year.get(j - 1), post});
                }
                for (int k = 0; k < 5; k++) {
                    edges.add(new int[] {post, year.get(random.nextInt(year.size()))});
                }
                for (int k = 0; k < 3 && !tagPages.isEmpty(); k++) {
                    int tag = tagPages.get(random.nextInt(tagPages.size()));
                    edges.add(new int[] {post, tag});
                    edges.add(new int[] {tag, post});
                }
            }
        }
        return graph(urls, edges);
    }

    /** A wiki: most pages directly in {@code /wiki/}, a few help pages; pages link to ten others at random. */
    static LinkGraph wiki(int pages, long seed) {
        Random random = new Random(seed);
        List<String> urls = new ArrayList<>(List.of("http://a.test/"));
        for (int i = 1; i < pages; i++) {
            urls.add(i % 20 == 0 ? "http://a.test/help/H" + i + ".html" : "http://a.test/wiki/Page_" + i);
        }
        List<int[]> edges = new ArrayList<>();
        for (int i = 0; i < pages; i++) {
            edges.add(new int[] {i, Math.min(pages - 1, 2 * i + 1)});
            edges.add(new int[] {i, Math.min(pages - 1, 2 * i + 2)});
            for (int k = 0; k < 10; k++) {
                edges.add(new int[] {i, random.nextInt(pages)});
            }
        }
        return graph(urls, edges);
    }

    /** The real blog's link graph: every HTML page reachable from its home, links as its pages have them. */
    static LinkGraph blog() {
        BlogSite site = BlogSite.load();
        Map<String, Integer> ids = new LinkedHashMap<>();
        List<int[]> edges = new ArrayList<>();
        ArrayDeque<String> queue = new ArrayDeque<>(List.of(BlogSite.HOME));
        ids.put(BlogSite.HOME, 0);
        while (!queue.isEmpty()) {
            String url = queue.poll();
            int from = ids.get(url);
            String html = site.html(url).orElse(null);
            if (html == null) {
                continue;
            }
            for (Element a : Jsoup.parse(html, url).select("a[href]")) {
                String target = a.absUrl("href").replaceAll("#.*$", "");
                if (!site.inScope(target) || !(target.endsWith("/") || target.endsWith(".html"))) {
                    continue;
                }
                Integer to = ids.get(target);
                if (to == null) {
                    to = ids.size();
                    ids.put(target, to);
                    queue.add(target);
                }
                edges.add(new int[] {from, to});
            }
        }
        return graph(new ArrayList<>(ids.keySet()), edges);
    }

    /** The BBC corpus as the test site builds it: articles and listings on a handful of hosts, their links. */
    static LinkGraph bbc() {
        Map<String, BbcSite.Page> pages = BbcSite.load(42).pages();
        List<String> urls = new ArrayList<>(List.of(BbcSite.HOME));
        Map<String, Integer> ids = new HashMap<>(Map.of(BbcSite.HOME, 0));
        List<int[]> edges = new ArrayList<>();
        pages.keySet().stream().sorted().forEach(u -> ids.computeIfAbsent(u, k -> add(urls, k)));
        pages.forEach((u, page) -> page.links().forEach(l -> {
            Integer to = ids.get(l);
            if (to != null) {
                edges.add(new int[] {ids.get(u), to});
            }
        }));
        return graph(urls, edges);
    }

    private static int add(List<String> urls, String url) {
        urls.add(url);
        return urls.size() - 1;
    }

    private static LinkGraph graph(List<String> urls, List<int[]> edges) {
        int[] from = edges.stream().mapToInt(e -> e[0]).toArray();
        int[] to = edges.stream().mapToInt(e -> e[1]).toArray();
        return LinkGraph.of(urls.toArray(String[]::new), from, to, from.length, 0);
    }
}
