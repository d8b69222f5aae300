package io.trawler.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The parser's limit of the crawl benchmark: what jsoup alone costs for the benchmark's pages — parse each page and
 * resolve its links to absolute URLs — on one thread, in CPU-seconds per 1,000 pages. No crawler can spend less per
 * page while it parses with jsoup; Trawler's CPU per page is reported against it.
 */
final class ParserLimit {

    private static final int PASSES = 5;

    private ParserLimit() {
    }

    /** {CPU-s per 1,000 pages (median of the passes after the first), pages, passes counted}. */
    static double[] measure(Path root, String base) throws IOException {
        List<String[]> pages = new ArrayList<>();
        try (var files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).filter(f -> f.toString().endsWith(".html")).toList()) {
                String rel = root.relativize(f).toString().replace('\\', '/');
                String url = base + (rel.equals("index.html") ? "/" : "/" + rel);
                pages.add(new String[] {url, new String(Files.readAllBytes(f), StandardCharsets.UTF_8)});
            }
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        List<Double> perThousand = new ArrayList<>();
        long sink = 0;
        for (int pass = 0; pass < PASSES; pass++) {
            long t0 = threads.getCurrentThreadCpuTime();
            for (String[] p : pages) {
                Document doc = Jsoup.parse(p[1], p[0]);
                for (Element a : doc.select("a[href]")) {
                    sink += a.absUrl("href").length();
                }
            }
            long cpu = threads.getCurrentThreadCpuTime() - t0;
            if (pass > 0) {   // the first pass warms the JIT
                perThousand.add(cpu / 1e9 / pages.size() * 1000);
            }
        }
        if (sink == 0) {
            throw new IllegalStateException("no links found under " + root);
        }
        return new double[] {CrawlBenchmark.median(perThousand), pages.size(), perThousand.size()};
    }
}
