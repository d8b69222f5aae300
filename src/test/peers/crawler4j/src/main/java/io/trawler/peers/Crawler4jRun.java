package io.trawler.peers;

import edu.uci.ics.crawler4j.crawler.CrawlConfig;
import edu.uci.ics.crawler4j.crawler.CrawlController;
import edu.uci.ics.crawler4j.crawler.Page;
import edu.uci.ics.crawler4j.crawler.WebCrawler;
import edu.uci.ics.crawler4j.fetcher.PageFetcher;
import edu.uci.ics.crawler4j.robotstxt.RobotstxtConfig;
import edu.uci.ics.crawler4j.robotstxt.RobotstxtServer;
import edu.uci.ics.crawler4j.url.WebURL;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One crawl of a site with crawler4j, as a peer for Trawler's crawl benchmark: every page under the seed's prefix,
 * politeness off, robots.txt honoured, no depth or page limit, the given number of threads. Prints one line:
 * {@code pages=N seconds=S cpu=C rss=R} — pages visited, seconds and process CPU seconds from the first page visited to
 * the last (the crawl, not the JVM's start or crawler4j's shutdown waits), and the peak resident set in MiB.
 *
 * <pre>java -cp classes:lib/* io.trawler.peers.Crawler4jRun http://127.0.0.1:8080/ 64 /tmp/storage</pre>
 */
public final class Crawler4jRun {

    static String prefix;
    static final AtomicLong VISITED = new AtomicLong();
    static volatile long firstNanos;
    static volatile long firstCpu;
    static volatile long lastNanos;
    static volatile long lastCpu;

    /** Visits every page under the prefix; counts them and notes the crawl's first and last moments. */
    public static class Visitor extends WebCrawler {
        @Override
        public boolean shouldVisit(Page referringPage, WebURL url) {
            return url.getURL().startsWith(prefix);
        }

        @Override
        public void visit(Page page) {
            long n = VISITED.incrementAndGet();
            long now = System.nanoTime();
            long cpu = processCpu();
            if (n == 1) {
                firstNanos = now;
                firstCpu = cpu;
            }
            synchronized (VISITED) {
                if (now > lastNanos) {
                    lastNanos = now;
                    lastCpu = cpu;
                }
            }
        }
    }

    static long processCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    public static void main(String[] args) throws Exception {
        prefix = args[0];
        int threads = Integer.parseInt(args[1]);
        Path storage = Path.of(args[2]);
        Files.createDirectories(storage);
        CrawlConfig config = new CrawlConfig();
        config.setCrawlStorageFolder(storage.toString());
        config.setPolitenessDelay(0);
        config.setMaxDepthOfCrawling(-1);
        config.setMaxPagesToFetch(-1);
        config.setIncludeBinaryContentInCrawling(false);
        config.setResumableCrawling(false);
        config.setMaxConnectionsPerHost(threads);
        config.setMaxTotalConnections(threads);
        // crawler4j checks for the end every threadMonitoringDelaySeconds and waits before shutting down: short, so the
        // process ends soon after the crawl (the figures count the crawl only)
        config.setThreadMonitoringDelaySeconds(1);
        config.setThreadShutdownDelaySeconds(1);
        config.setCleanupDelaySeconds(1);
        PageFetcher fetcher = new PageFetcher(config);
        RobotstxtServer robots = new RobotstxtServer(new RobotstxtConfig(), fetcher);
        CrawlController controller = new CrawlController(config, fetcher, robots);
        controller.addSeed(prefix);
        controller.start(Visitor.class, threads);
        double seconds = (lastNanos - firstNanos) / 1e9;
        double cpu = (lastCpu - firstCpu) / 1e9;
        long rssKib = 0;
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmHWM:")) {
                rssKib = Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        System.out.printf("pages=%d seconds=%.3f cpu=%.3f rss=%.1f%n", VISITED.get(), seconds, cpu, rssKib / 1024.0);
        System.exit(0);
    }
}
