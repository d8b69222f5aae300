package io.trawler.crawl;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.agroal.api.AgroalDataSource;
import io.trawler.config.Text;
import io.trawler.config.TrawlerConfig;
import io.trawler.frontier.Frontier;
import io.trawler.frontier.LinkDecisions;
import io.trawler.frontier.PageRecord;
import io.trawler.frontier.PageRecordSource;
import io.trawler.store.LinkGraphStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.jboss.logging.Logger;

/**
 * Moves page records from a crawl's Redis streams (one per shard, {@link PageRecordSource}) into the database in
 * batches (one transaction per batch, which also stores the cursor after it), appends the pages' links to the crawl's
 * link graph, then releases the records. Workers never touch the database; the hot path never waits for it.
 *
 * <p>Crash order: a record leaves the stream only after the commit that stored it is durable ({@link DurableCommits}:
 * H2 without its write delay, PostgreSQL with a synchronous commit), so a {@code kill -9} at any point leaves every
 * record either in the database or still in the stream, from where the next start ingests it again (the stored
 * {@code ingested_until} says where to resume; stream ids make the replay idempotent).
 *
 * <p>Poison-proof: each record is checked and bounded first ({@link PageRow}); a record that cannot be stored
 * is quarantined with its reason ({@code page_quarantine}, readable through the API) and never holds up its batch
 * (when a batch fails, its records are stored one by one). Every row carries its stream id, unique per crawl, and
 * inserts skip ids already stored, so a replay after a crash or a retry stores nothing twice. One ingester per
 * crawl at a time (a lock per crawl).
 */
@ApplicationScoped
public class PageIngestor {

    private static final Logger LOG = Logger.getLogger(PageIngestor.class);
    static final int BATCH = 2000;
    private static final String INSERT = "INSERT INTO page (crawl_id, url, status, outcome, fetched_at, partition_index, depth,"
            + " content_type, digest, warc_file, warc_offset, bytes, truncated, fetch_ms, redirect, error, relevance, relevant, stream_id, url_key,"
            + " links_in, links_host, links_pattern, links_deep, links_followed, record_id, revisit, refers_to, warc_bytes, text_offset)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING";
    private static final String QUARANTINE = "INSERT INTO page_quarantine (crawl_id, stream_id, reason, record, created_at)"
            + " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING";

    private final Instance<AgroalDataSource> dataSource;
    private final PageRecordSource source;
    private final TrawlerConfig config;
    private final PageRankRefresher ranks;
    private final ObjectMapper json;
    private final jakarta.enterprise.event.Event<PagesIngested> ingested;
    private final Map<String, CrawlInfo> infoOf = new ConcurrentHashMap<>();
    private final Map<String, LinkGraphStore> graphs = new ConcurrentHashMap<>();
    private final Map<String, ReentrantLock> locks = new ConcurrentHashMap<>();
    /** Last stream id stored per crawl: read from the database once, then kept with each commit. */
    private final Map<String, String> ingestedUntil = new ConcurrentHashMap<>();
    private final DurableCommits durable = new DurableCommits();

    private record CrawlInfo(String siteId, long maxPages, boolean hostsCounted) {
    }

    private record Entry(String streamId, Map<String, String> fields, PageRecord record, PageRow row) {
    }

    private record Refused(String streamId, Map<String, String> fields, String reason) {
    }

    /** The datasource is resolved on use: in the worker role it is inactive and must never be created. */
    public PageIngestor(Instance<AgroalDataSource> dataSource, Frontier records, TrawlerConfig config, PageRankRefresher ranks,
            ObjectMapper json, jakarta.enterprise.event.Event<PagesIngested> ingested) {
        this.ingested = ingested;
        this.ranks = ranks;
        this.dataSource = dataSource;
        this.source = records;
        this.config = config;
        this.json = json;
    }

    /** Ingests one batch; returns how many stream entries it took (stored or quarantined). */
    public int ingestBatch(String crawlId) throws SQLException, IOException {
        ReentrantLock lock = locks.computeIfAbsent(crawlId, k -> new ReentrantLock());
        lock.lock();
        try {
            return ingestLocked(crawlId);
        } finally {
            lock.unlock();
        }
    }

    private int ingestLocked(String crawlId) throws SQLException, IOException {
        String last = ingestedUntil.containsKey(crawlId) ? ingestedUntil.get(crawlId) : lastIngested(crawlId);
        PageRecordSource.Batch batch = CrawlService.await(source.read(crawlId, last, BATCH));
        if (batch.entries().isEmpty()) {
            return 0;
        }
        List<Entry> good = new ArrayList<>(batch.entries().size());
        List<Refused> refused = new ArrayList<>();
        String lastId = batch.cursor();
        for (PageRecordSource.Entry e : batch.entries()) {
            try {
                PageRecord r = e.record();
                good.add(new Entry(e.id(), e.fields(), r, PageRow.of(e.id(), r)));
            } catch (IllegalArgumentException bad) {
                refused.add(new Refused(e.id(), e.fields(), bad.getMessage()));
            }
        }
        List<Entry> stored = store(crawlId, good, refused, lastId);
        LinkGraphStore graph = graph(crawlId);
        List<PageRecord> records = new ArrayList<>(stored.size());
        for (Entry e : stored) {
            PageRecord r = e.record();
            records.add(r);
            if (r.links() != null || "fetched".equals(r.outcome())) {
                List<String> out = r.links() == null ? List.of() : r.links();
                graph.add(r.url(), out);
                ranks.fetched(crawlId, r.url(), out);
            }
        }
        graph.flush();
        ingestedUntil.put(crawlId, lastId);
        if (!refused.isEmpty()) {
            LOG.warnf("Crawl %s: %d page records quarantined (first: %s: %s)", crawlId, refused.size(), refused.get(0).streamId(),
                    refused.get(0).reason());
        }
        try {
            ingested.fire(new PagesIngested(crawlId, info(crawlId).siteId(), records));
        } catch (RuntimeException listener) {
            if (Thread.currentThread().isInterrupted()) {
                throw listener;   // shutting down
            }
            LOG.errorf(listener, "Crawl %s: a listener of ingested pages failed; the pages are stored", crawlId);
        }
        // the commit above was durable when it returned (DurableCommits): only now may the stream forget these records
        CrawlService.await(source.release(crawlId, lastId));
        return batch.entries().size();
    }

    /**
     * Stores the batch and moves {@code ingested_until} in one transaction; if the database refuses the batch, stores
     * its records one by one and quarantines those it refuses. Returns the records stored.
     */
    private List<Entry> store(String crawlId, List<Entry> good, List<Refused> refused, String lastId) throws SQLException {
        boolean countHosts = info(crawlId).hostsCounted();
        try (Connection c = dataSource.get().getConnection()) {
            c.setAutoCommit(false);
            try {
                durable.begin(c);
                insert(c, crawlId, good).addTo(c, crawlId, countHosts);
                quarantine(c, crawlId, refused);
                markIngested(c, crawlId, lastId);
                c.commit();
                return good;
            } catch (SQLException batchFailed) {
                c.rollback();
                LOG.warnf("Crawl %s: a batch of %d page records failed (%s); storing them one by one", crawlId, good.size(),
                        batchFailed.getMessage());
            }
            List<Entry> stored = new ArrayList<>(good.size());
            for (Entry e : good) {
                try {
                    durable.begin(c);
                    insert(c, crawlId, List.of(e)).addTo(c, crawlId, countHosts);
                    c.commit();
                    stored.add(e);
                } catch (SQLException one) {
                    c.rollback();
                    refused.add(new Refused(e.streamId(), e.fields(), "the database refused it: " + one.getMessage()));
                }
            }
            try {
                durable.begin(c);
                quarantine(c, crawlId, refused);
                markIngested(c, crawlId, lastId);
                c.commit();
            } catch (SQLException e) {
                c.rollback();
                throw e;
            }
            return stored;
        }
    }

    /** The rows one transaction inserted, counted by status class and by host. */
    private record Tallies(StatusClasses.Tally classes, HostStats.Tally hosts) {

        /** Adds both to the crawl's counts inside the caller's transaction (host figures only where the crawl keeps them). */
        void addTo(Connection c, String crawlId, boolean countHosts) throws SQLException {
            classes.addTo(c, crawlId);
            if (countHosts) {
                hosts.addTo(c, crawlId);
            }
        }
    }

    /** Inserts the records (skipping those already stored) and tallies by status class and host the rows it inserted. */
    private static Tallies insert(Connection c, String crawlId, List<Entry> entries) throws SQLException {
        Tallies tally = new Tallies(new StatusClasses.Tally(), new HostStats.Tally());
        if (entries.isEmpty()) {
            return tally;
        }
        try (PreparedStatement ps = c.prepareStatement(INSERT)) {
            for (Entry e : entries) {
                bind(ps, crawlId, e.row());
                ps.addBatch();
            }
            int[] inserted = ps.executeBatch();
            for (int i = 0; i < inserted.length; i++) {
                // 0: already stored (a replay); a driver that cannot tell (SUCCESS_NO_INFO) is taken at its word
                if (inserted[i] != 0) {
                    tally.classes().add(entries.get(i).row().status());
                    tally.hosts().add(entries.get(i).row());
                }
            }
        }
        return tally;
    }

    private void quarantine(Connection c, String crawlId, List<Refused> refused) throws SQLException {
        if (refused.isEmpty()) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement(QUARANTINE)) {
            for (Refused r : refused) {
                ps.setString(1, crawlId);
                ps.setString(2, r.streamId());
                String reason = Text.storable(r.reason() == null ? "unknown" : r.reason());
                ps.setString(3, reason.length() <= 500 ? reason : reason.substring(0, 500));
                ps.setString(4, recordJson(r.fields()));
                ps.setTimestamp(5, Timestamp.from(Instant.now()));
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** The record's fields as JSON, each value cut at 64 KiB (a quarantined record is for reading, not replaying). */
    private String recordJson(Map<String, String> fields) {
        Map<String, String> bounded = new LinkedHashMap<>();
        fields.forEach((k, v) -> bounded.put(k, v == null || v.length() <= 65_536 ? v : v.substring(0, 65_536) + "…"));
        try {
            return json.writeValueAsString(bounded);
        } catch (IOException e) {
            return "{}";
        }
    }

    private static void markIngested(Connection c, String crawlId, String lastId) throws SQLException {
        try (PreparedStatement up = c.prepareStatement("UPDATE crawl SET ingested_until = ? WHERE id = ?")) {
            up.setString(1, lastId);
            up.setString(2, crawlId);
            up.executeUpdate();
        }
    }

    private CrawlInfo info(String crawlId) throws SQLException {
        CrawlInfo info = infoOf.get(crawlId);
        if (info == null) {
            try (Connection c = dataSource.get().getConnection();
                    PreparedStatement ps = c.prepareStatement("SELECT site_id, spec, hosts_counted FROM crawl WHERE id = ?")) {
                ps.setString(1, crawlId);
                try (var rs = ps.executeQuery()) {
                    long maxPages = 0;
                    String site = "";
                    boolean hosts = false;
                    if (rs.next()) {
                        site = rs.getString(1);
                        hosts = rs.getBoolean(3);
                        try {
                            maxPages = json.readTree(rs.getString(2)).path("maxPages").asLong(0);
                        } catch (IOException e) {
                            maxPages = 0;
                        }
                    }
                    info = new CrawlInfo(site, maxPages, hosts);
                }
            }
            infoOf.put(crawlId, info);
        }
        return info;
    }

    /** Ingests until the stream is empty. */
    public void drain(String crawlId) throws SQLException, IOException {
        while (ingestBatch(crawlId) > 0) {
            // keep going
        }
    }

    /** Closes the crawl's link graph files and forgets everything kept for the crawl (after its last batch). */
    void onForgotten(@Observes CrawlForgotten e) {
        forget(e.crawlId());
    }

    public void forget(String crawlId) {
        ReentrantLock lock = locks.computeIfAbsent(crawlId, k -> new ReentrantLock());
        lock.lock();
        try {
            ingestedUntil.remove(crawlId);
            infoOf.remove(crawlId);
            LinkGraphStore g = graphs.remove(crawlId);
            if (g != null) {
                try {
                    g.close();
                } catch (IOException e) {
                    LOG.warnf("Crawl %s: closing its link graph failed: %s", crawlId, e.toString());
                }
            }
        } finally {
            lock.unlock();
            locks.remove(crawlId);
        }
    }

    /** Crawls this ingester keeps state for (open graphs, cached positions). */
    public java.util.Set<String> tracked() {
        java.util.Set<String> ids = new java.util.HashSet<>(graphs.keySet());
        ids.addAll(ingestedUntil.keySet());
        return ids;
    }

    private LinkGraphStore graph(String crawlId) throws IOException, SQLException {
        LinkGraphStore g = graphs.get(crawlId);
        if (g == null) {
            long maxPages = info(crawlId).maxPages();
            g = new LinkGraphStore(config.dataDir().resolve("graphs").resolve(crawlId), maxPages <= 0 ? LinkGraphStore.DEFAULT_MAX_NODES
                    : (int) Math.min(LinkGraphStore.DEFAULT_MAX_NODES, maxPages));
            graphs.put(crawlId, g);
        }
        return g;
    }

    private String lastIngested(String crawlId) throws SQLException {
        try (Connection c = dataSource.get().getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT ingested_until FROM crawl WHERE id = ?")) {
            ps.setString(1, crawlId);
            try (var rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }


    private static void bind(PreparedStatement ps, String crawlId, PageRow r) throws SQLException {
        ps.setString(1, crawlId);
        ps.setString(2, r.url());
        ps.setInt(3, r.status());
        ps.setString(4, r.outcome());
        ps.setTimestamp(5, Timestamp.from(r.fetchedAt()));
        ps.setInt(6, r.partition());
        ps.setInt(7, r.depth());
        setNullable(ps, 8, r.contentType());
        setNullable(ps, 9, r.digest());
        setNullable(ps, 10, r.warcFile());
        setNullable(ps, 11, r.warcOffset());
        setNullable(ps, 12, r.bytes());
        ps.setBoolean(13, r.truncated());
        if (r.fetchMs() == null) {
            ps.setNull(14, Types.INTEGER);
        } else {
            ps.setInt(14, r.fetchMs());
        }
        setNullable(ps, 15, r.redirect());
        setNullable(ps, 16, r.error());
        if (r.relevance() == null) {
            ps.setNull(17, Types.DOUBLE);
            ps.setNull(18, Types.BOOLEAN);
        } else {
            ps.setDouble(17, r.relevance());
            ps.setBoolean(18, r.relevant());
        }
        ps.setString(19, r.streamId());
        ps.setString(20, r.url().length() > 255 ? r.url().substring(0, 255) : r.url());
        LinkDecisions d = r.links();
        if (d == null) {
            for (int i = 21; i <= 24; i++) {
                ps.setNull(i, Types.INTEGER);
            }
            ps.setNull(25, Types.BOOLEAN);
        } else {
            ps.setInt(21, d.inScope());
            ps.setInt(22, d.otherHosts());
            ps.setInt(23, d.byPattern());
            ps.setInt(24, d.tooDeep());
            ps.setBoolean(25, d.followed());
        }
        setNullable(ps, 26, r.recordId());
        setNullable(ps, 27, r.revisit());
        setNullable(ps, 28, r.refersTo());
        setNullable(ps, 29, r.warcBytes());
        setNullable(ps, 30, r.textOffset());
    }

    private static void setNullable(PreparedStatement ps, int i, String v) throws SQLException {
        if (v == null) {
            ps.setNull(i, Types.VARCHAR);
        } else {
            ps.setString(i, v);
        }
    }

    private static void setNullable(PreparedStatement ps, int i, Long v) throws SQLException {
        if (v == null) {
            ps.setNull(i, Types.BIGINT);
        } else {
            ps.setLong(i, v);
        }
    }
}
