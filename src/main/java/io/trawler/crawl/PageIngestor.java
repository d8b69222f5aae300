package io.trawler.crawl;

import io.agroal.api.AgroalDataSource;
import io.trawler.config.TrawlerConfig;
import io.trawler.frontier.FrontierKeys;
import io.trawler.store.LinkGraphStore;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Moves page records from a crawl's Redis stream into the database in batches (one transaction per
 * batch, which also stores the last stream id taken, so a replay after a crash skips what was
 * stored), appends the pages' links to the crawl's link graph, then trims the stream. Workers never
 * touch the database; the hot path never waits for it.
 */
@ApplicationScoped
public class PageIngestor {

    static final int BATCH = 2000;
    private static final String INSERT = "INSERT INTO page (crawl_id, url, status, outcome, fetched_at, partition_index, depth,"
            + " content_type, digest, warc_file, warc_offset, bytes, truncated, fetch_ms, redirect, error, relevance, relevant)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    private final Instance<AgroalDataSource> dataSource;
    private final Redis redis;
    private final TrawlerConfig config;
    private final PageRankRefresher ranks;
    private final jakarta.enterprise.event.Event<PagesIngested> ingested;
    private final Map<String, String> siteOf = new ConcurrentHashMap<>();
    private final Map<String, LinkGraphStore> graphs = new ConcurrentHashMap<>();
    /** Last stream id stored per crawl: read from the database once, then kept with each commit. */
    private final Map<String, String> ingestedUntil = new ConcurrentHashMap<>();

    /** The datasource is resolved on use: in the worker role it is inactive and must never be created. */
    public PageIngestor(Instance<AgroalDataSource> dataSource, Redis redis, TrawlerConfig config, PageRankRefresher ranks,
            jakarta.enterprise.event.Event<PagesIngested> ingested) {
        this.ingested = ingested;
        this.ranks = ranks;
        this.dataSource = dataSource;
        this.redis = redis;
        this.config = config;
    }

    /** Ingests one batch; returns how many records it stored. */
    public int ingestBatch(String crawlId) throws SQLException, IOException {
        String last = ingestedUntil.containsKey(crawlId) ? ingestedUntil.get(crawlId) : lastIngested(crawlId);
        String start = last == null ? "-" : "(" + last;
        Response entries = CrawlService.await(redis.send(Request.cmd(Command.XRANGE).arg(FrontierKeys.pages(crawlId))
                .arg(start).arg("+").arg("COUNT").arg(BATCH)));
        if (entries == null || entries.size() == 0) {
            return 0;
        }
        String lastId = null;
        LinkGraphStore graph = graph(crawlId);
        List<Map<String, String>> records = new ArrayList<>(entries.size());
        try (Connection c = dataSource.get().getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement(INSERT)) {
                for (Response e : entries) {
                    lastId = e.get(0).toString();
                    Map<String, String> f = fields(e.get(1));
                    records.add(f);
                    bind(ps, crawlId, f);
                    ps.addBatch();
                    String links = f.get("links");
                    if (links != null || "fetched".equals(f.get("outcome"))) {
                        List<String> out = links == null || links.isEmpty() ? List.of() : Arrays.asList(links.split("\n"));
                        graph.add(f.get("url"), out);
                        ranks.fetched(crawlId, f.get("url"), out);
                    }
                }
                ps.executeBatch();
            }
            graph.flush();
            try (PreparedStatement up = c.prepareStatement("UPDATE crawl SET ingested_until = ? WHERE id = ?")) {
                up.setString(1, lastId);
                up.setString(2, crawlId);
                up.executeUpdate();
            }
            c.commit();
        }
        ingestedUntil.put(crawlId, lastId);
        ingested.fire(new PagesIngested(crawlId, siteOf(crawlId), records));
        CrawlService.await(redis.send(Request.cmd(Command.XTRIM).arg(FrontierKeys.pages(crawlId)).arg("MINID").arg(nextId(lastId))));
        return entries.size();
    }

    private String siteOf(String crawlId) throws SQLException {
        String site = siteOf.get(crawlId);
        if (site == null) {
            try (Connection c = dataSource.get().getConnection();
                    PreparedStatement ps = c.prepareStatement("SELECT site_id FROM crawl WHERE id = ?")) {
                ps.setString(1, crawlId);
                try (var rs = ps.executeQuery()) {
                    site = rs.next() ? rs.getString(1) : "";
                }
            }
            siteOf.put(crawlId, site);
        }
        return site;
    }

    /** Ingests until the stream is empty. */
    public void drain(String crawlId) throws SQLException, IOException {
        while (ingestBatch(crawlId) > 0) {
            // keep going
        }
    }

    /** Closes the crawl's link graph files. */
    public void closeGraph(String crawlId) {
        ingestedUntil.remove(crawlId);
        siteOf.remove(crawlId);
        LinkGraphStore g = graphs.remove(crawlId);
        if (g != null) {
            try {
                g.close();
            } catch (IOException ignored) {
                // best effort: the data was flushed after each batch
            }
        }
    }

    private LinkGraphStore graph(String crawlId) throws IOException {
        LinkGraphStore g = graphs.get(crawlId);
        if (g == null) {
            g = new LinkGraphStore(config.dataDir().resolve("graphs").resolve(crawlId));
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

    private static String nextId(String id) {
        int dash = id.indexOf('-');
        return id.substring(0, dash) + "-" + (Long.parseLong(id.substring(dash + 1)) + 1);
    }

    private static Map<String, String> fields(Response r) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i + 1 < r.size(); i += 2) {
            m.put(r.get(i).toString(), r.get(i + 1) == null ? null : r.get(i + 1).toString());
        }
        return m;
    }

    private static void bind(PreparedStatement ps, String crawlId, Map<String, String> f) throws SQLException {
        ps.setString(1, crawlId);
        ps.setString(2, f.getOrDefault("url", ""));
        ps.setInt(3, intOf(f.get("status"), 0));
        ps.setString(4, f.getOrDefault("outcome", "unknown"));
        ps.setTimestamp(5, Timestamp.from(Instant.ofEpochMilli(longOf(f.get("fetchedAt"), System.currentTimeMillis()))));
        ps.setInt(6, intOf(f.get("partition"), 0));
        ps.setInt(7, intOf(f.get("depth"), 0));
        setNullable(ps, 8, f.get("contentType"));
        setNullable(ps, 9, f.get("digest"));
        setNullable(ps, 10, f.get("warcFile"));
        if (f.get("warcOffset") == null || f.get("warcOffset").isEmpty()) {
            ps.setNull(11, Types.BIGINT);
        } else {
            ps.setLong(11, Long.parseLong(f.get("warcOffset")));
        }
        if (f.get("bytes") == null) {
            ps.setNull(12, Types.BIGINT);
        } else {
            ps.setLong(12, Long.parseLong(f.get("bytes")));
        }
        ps.setBoolean(13, f.get("truncated") != null && !f.get("truncated").isEmpty());
        if (f.get("fetchMs") == null) {
            ps.setNull(14, Types.INTEGER);
        } else {
            ps.setInt(14, Integer.parseInt(f.get("fetchMs")));
        }
        setNullable(ps, 15, f.get("redirect"));
        setNullable(ps, 16, f.get("error"));
        if (f.get("relevance") == null || f.get("relevance").isEmpty()) {
            ps.setNull(17, Types.DOUBLE);
            ps.setNull(18, Types.BOOLEAN);
        } else {
            ps.setDouble(17, Double.parseDouble(f.get("relevance")));
            ps.setBoolean(18, "1".equals(f.get("relevant")));
        }
    }

    private static void setNullable(PreparedStatement ps, int i, String v) throws SQLException {
        if (v == null || v.isEmpty()) {
            ps.setNull(i, Types.VARCHAR);
        } else {
            ps.setString(i, v);
        }
    }

    private static int intOf(String v, int d) {
        return v == null || v.isEmpty() ? d : Integer.parseInt(v);
    }

    private static long longOf(String v, long d) {
        return v == null || v.isEmpty() ? d : Long.parseLong(v);
    }
}
