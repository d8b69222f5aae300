package io.trawler.worker;

import io.trawler.crawl.CrawlSpec;
import io.trawler.store.WarcStore;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * A worker's WARC files, one series per crawl: each crawl's records go to files of their own (the crawl's id in their
 * names), each beginning with a {@code warcinfo} record that says what they hold as the IIPC's conventions ask
 * (software, format, hostname, operator, the crawl and its site, the robots policy, the user agent). A crawl's files can
 * then be kept, sent and deleted with it. A series is opened at the crawl's first record and closed when the crawl ends
 * here.
 */
final class CrawlWarcFiles implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(CrawlWarcFiles.class);

    /** The settings every series shares. */
    record Settings(Path dir, long maxFileBytes, Duration maxFileAge, int level, String node, String software, String operator,
            String userAgent, Consumer<Path> onClosed) {
    }

    private final Settings settings;
    private final Map<String, WarcStore> stores = new ConcurrentHashMap<>();

    CrawlWarcFiles(Settings settings) {
        this.settings = settings;
    }

    /** The crawl's series (opened at its first record). */
    WarcStore of(CrawlSpec spec) {
        return stores.computeIfAbsent(spec.crawlId(), id -> new WarcStore(settings.dir(), settings.maxFileBytes(), settings.maxFileAge(),
                settings.level(), settings.node(), settings.software(), settings.onClosed(), id, info(spec)));
    }

    /** The warcinfo fields of a crawl's files. */
    List<Map.Entry<String, String>> info(CrawlSpec spec) {
        List<Map.Entry<String, String>> f = new ArrayList<>();
        f.add(Map.entry("hostname", settings.node()));
        if (settings.operator() != null && !settings.operator().isBlank()) {
            f.add(Map.entry("operator", settings.operator()));
        }
        f.add(Map.entry("isPartOf", "trawler-crawl-" + spec.crawlId()));
        f.add(Map.entry("description", "Trawler crawl " + spec.crawlId() + " of site " + spec.siteId() + " (" + spec.strategy() + ", "
                + spec.partitions() + (spec.partitions() == 1 ? " lane)" : " lanes)")));
        f.add(Map.entry("robots", spec.respectRobots() ? "obey" : "ignore"));
        f.add(Map.entry("http-header-user-agent", settings.userAgent()));
        f.add(Map.entry("trawler-crawl", spec.crawlId()));
        f.add(Map.entry("trawler-site", spec.siteId() == null ? "" : spec.siteId()));
        return f;
    }

    /** Closes the files that are older than the maximum age (their next records start new ones). */
    void closeIfOlder() {
        for (WarcStore s : stores.values()) {
            try {
                s.closeIfOlder();
            } catch (IOException e) {
                LOG.warnf("WARC close failed: %s", e.toString());
            }
        }
    }

    /** The crawl ended here: its file is closed (and sent, with a remote archive). */
    void end(String crawlId) {
        WarcStore s = stores.remove(crawlId);
        if (s != null) {
            try {
                s.close();
            } catch (IOException e) {
                LOG.warnf("WARC close of crawl %s failed: %s", crawlId, e.toString());
            }
        }
    }

    Path dir() {
        return settings.dir();
    }

    @Override
    public void close() {
        for (String id : List.copyOf(stores.keySet())) {
            end(id);
        }
    }
}
