package io.trawler.search;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.trawler.config.Background;
import io.trawler.config.TrawlerConfig;
import io.trawler.crawl.Crawl;
import io.trawler.crawl.CrawlState;
import io.trawler.crawl.Page;
import io.trawler.crawl.PageContent;
import io.trawler.parse.HtmlParser;
import io.trawler.store.PageText;
import io.trawler.store.StoredPayload;
import io.trawler.store.WarcRecordReader;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jboss.logging.Logger;
import org.netpreserve.jwarc.WarcResponse;

/**
 * Keeps crawls' search indexes (one {@link CrawlIndex} per crawl under {@code <data-dir>/search/<crawl>}): on one
 * background thread of the manager, it indexes every ended crawl's records (crawls that ended before search existed
 * too) once no crawl is running or ten minutes after it ended (see {@link SearchConfig#indexWhileCrawling()}), and any
 * crawl's records so far when
 * someone has searched it in the last 10 minutes (with {@link SearchConfig#onDemand()}, only crawls someone has
 * searched at all); crawls of sites whose {@code search.indexed} setting is off are not indexed; the text comes from the stored WARC records: the conversion record the worker wrote beside a page's response
 * (its title and main text as the worker extracted them), or for records without one the response, parsed (main text
 * as the page view extracts it). Each step of at most two seconds is one Lucene commit. Indexes of deleted crawls are removed.
 */
@ApplicationScoped
public class SearchIndexer {

    private static final Logger LOG = Logger.getLogger(SearchIndexer.class);
    /** Text of a page indexed (its first 64 Ki characters of main text). */
    static final int MAX_TEXT = PageText.MAX_CHARS;
    static final int MAX_BODY = 5 * 1024 * 1024;
    /** Indexes kept open at once. */
    static final int OPEN = 16;
    /** A running crawl is kept indexed this long after its last search. */
    static final long WANTED_MS = 10 * 60_000;
    /** The longest an ended crawl waits for a moment when no crawl runs before it is indexed anyway. */
    static final long IDLE_WAIT_MS = 10 * 60_000;
    /** How long one crawl is indexed in a step before the others get a turn. */
    static final long STEP_MS = 2_000;

    /** What a search answers: the matches, and how much of the crawl the index holds. */
    public record Answer(CrawlIndex.Result result, long indexedUpTo, boolean complete) {
    }

    private final SearchConfig config;
    private final TrawlerConfig trawler;
    private final WarcRecordReader records;
    private final PageContent contents;
    private final Map<String, CrawlIndex> open = new LinkedHashMap<>(16, 0.75f, true);
    private final Map<String, Long> wanted = new ConcurrentHashMap<>();
    /** Crawls with a catch-up queued by a search and not yet run (one at a time per crawl, however often it is searched). */
    private final Set<String> catchingUp = ConcurrentHashMap.newKeySet();
    /** Ended crawls waiting for the indexes of the crawls holding their unchanged pages, since when. */
    private final Map<String, Long> awaitingSources = new ConcurrentHashMap<>();
    private ScheduledExecutorService thread;
    /** Set at shutdown: the indexer stops at its next batch. */
    private volatile boolean stopping;
    private long lastSweep;

    /** Documents made by analysing a record's text, and documents copied from another crawl's index (unchanged pages). */
    private final Counter analysed;
    private final Counter copied;

    public SearchIndexer(SearchConfig config, TrawlerConfig trawler, WarcRecordReader records, PageContent contents,
            MeterRegistry metrics) {
        this.analysed = Counter.builder("trawler.search.documents").tag("made", "analysed")
                .description("Search documents made by analysing a page's text").register(metrics);
        this.copied = Counter.builder("trawler.search.documents").tag("made", "copied")
                .description("Search documents copied from an earlier crawl's index (unchanged pages, not analysed again)").register(metrics);
        this.contents = contents;
        this.config = config;
        this.trawler = trawler;
        this.records = records;
    }

    void onStart(@Observes StartupEvent event) {
        if (!trawler.role().runsManager() || !config.enabled()) {
            return;
        }
        thread = Background.every("trawler-search", Thread.MIN_PRIORITY, config.interval(), this::tick);
    }

    void onStop(@Observes ShutdownEvent event) {
        stopping = true;
        if (thread != null) {
            // no interrupt: Lucene's file channels close under an interrupted thread, and the index's write lock with them
            thread.shutdown();
            try {
                if (!thread.awaitTermination(10, TimeUnit.SECONDS)) {
                    thread.shutdownNow();   // a batch that would not end: interrupted after all
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (open) {
            open.values().forEach(SearchIndexer::closeQuietly);
            open.clear();
        }
    }

    public boolean enabled() {
        return config.enabled() && trawler.role().runsManager();
    }

    /**
     * Searches a crawl's index as it is now; a running crawl (or an ended one not yet indexed) is indexed further in the
     * background, so a later search finds more.
     */
    public Answer search(Crawl crawl, String query, int offset, int limit) throws IOException {
        if (!crawl.searchIndexed) {
            wanted.put(crawl.id, System.currentTimeMillis());
            if (thread != null && catchingUp.add(crawl.id)) {
                thread.execute(() -> {
                    catchingUp.remove(crawl.id);
                    indexQuietly(crawl.id);
                });
            }
        }
        CrawlIndex index = index(crawl.id);
        org.apache.lucene.search.Query q = CrawlIndex.parse(query);
        CrawlIndex.Result found = index.search(q, offset, limit);
        return new Answer(new CrawlIndex.Result(found.total(), withPassages(q, found.hits())), index.upTo(), crawl.searchIndexed);
    }

    /**
     * The hits with the passage of their text that matched, the words marked: the text is read again from the stored
     * records of the hits shown (at most a page of results), so the index keeps no text or offsets for it.
     */
    private List<CrawlIndex.Hit> withPassages(org.apache.lucene.search.Query q, List<CrawlIndex.Hit> hits) throws IOException {
        if (q == null || hits.isEmpty()) {
            return hits;
        }
        List<Long> ids = hits.stream().map(CrawlIndex.Hit::pageId).toList();
        Map<Long, Page> pages = QuarkusTransaction.requiringNew().call(() -> Page.<Page>list("id in ?1", ids).stream()
                .collect(java.util.stream.Collectors.toMap(p -> p.id, p -> p)));
        // a revisit's text is its original's
        Map<Long, Page> originals = pages.values().stream().anyMatch(p -> p.revisit != null) ? contents.originals(pages.values()) : Map.of();
        Map<Long, PageText> texts = storedTexts(pages.values(), originals);
        List<CrawlIndex.Hit> out = new ArrayList<>(hits.size());
        for (CrawlIndex.Hit h : hits) {
            Page p = pages.get(h.pageId());
            out.add(p == null ? h : h.withPassage(Passages.best(q, doc(p, originals.get(p.id), texts).text())));
        }
        return out;
    }

    void tick() {
        try {
            long now = System.currentTimeMillis();
            wanted.values().removeIf(at -> now - at > WANTED_MS);
            // ended crawls wait while a crawl runs (the crawl has the CPU), unless someone searches them, for at most
            // IDLE_WAIT_MS after they ended (a crawl that never ends does not keep the others out of search)
            java.time.Instant waitedEnough = java.time.Instant.ofEpochMilli(now - IDLE_WAIT_MS);
            List<String> todo = QuarkusTransaction.requiringNew().call(() -> {
                boolean crawling = !config.indexWhileCrawling() && Crawl.count("state = ?1", CrawlState.RUNNING.name()) > 0;
                // crawls of sites not indexed for search cost nothing (they are indexed if the site's setting comes on)
                return Crawl.<Crawl>list("searchIndexed = false and drained = true and state not in ?1"
                                + " and siteId not in (select s.id from Site s where s.searchIndexed = false) order by startedAt", List.of("RUNNING", "PAUSED"))
                        .stream().filter(c -> indexesNow(c.finishedAt, crawling, waitedEnough) && requested(c.id)).map(c -> c.id).toList();
            });
            List<String> all = new ArrayList<>(todo);
            wanted.keySet().stream().filter(id -> !todo.contains(id)).forEach(all::add);
            for (String id : all) {
                if (stopping || Thread.currentThread().isInterrupted()) {
                    return;
                }
                indexQuietly(id);
            }
            if (now - lastSweep > 60_000) {
                lastSweep = now;
                sweep();
            }
        } catch (RuntimeException e) {
            LOG.warnf(e, "Search indexer: this round failed (the next one tries again)");
        }
    }

    /**
     * Whether an ended crawl is indexed in the background now: when no crawl runs ({@code crawling} false, or indexing
     * while crawling allowed), or once it ended before {@code waitedEnough} (a crawl without an end time: at once).
     */
    static boolean indexesNow(java.time.Instant finishedAt, boolean crawling, java.time.Instant waitedEnough) {
        return !crawling || finishedAt == null || finishedAt.isBefore(waitedEnough);
    }

    private void indexQuietly(String crawlId) {
        try {
            index(crawlId, STEP_MS);
        } catch (IOException | RuntimeException e) {
            LOG.warnf("Search indexer: crawl %s could not be indexed now: %s", crawlId, e.toString());
        }
    }

    /**
     * Indexes the crawl's records after those its index holds, for at most {@code budgetMs}; marks an ended crawl
     * indexed once every record is in. Returns how many records were indexed.
     */
    synchronized int index(String crawlId, long budgetMs) throws IOException {
        Crawl crawl = QuarkusTransaction.requiringNew().call(() -> Crawl.<Crawl>findById(crawlId));
        if (crawl == null || crawl.searchIndexed) {
            return 0;   // gone, or its index is complete (a crawl searched lately stays wanted for a while)
        }
        boolean ended = !crawl.isActive() && crawl.drained;
        CrawlIndex index = index(crawlId);
        if (ended && !index.revisitsCopied() && !copyRevisits(crawlId, index)) {
            return 0;   // the indexes holding its unchanged pages are still being made: this crawl waits for them
        }
        long deadline = System.currentTimeMillis() + budgetMs;
        int done = 0;
        long last = index.upTo();
        boolean pending = false;   // added and not yet committed
        // when every revisit still to come was copied, only the responses are read (an unchanged recrawl: none)
        boolean responsesOnly = index.revisitsCopied() && QuarkusTransaction.requiringNew().call(() -> Page.count(
                "crawlId = ?1 and id > ?2 and revisit is not null", crawlId, index.upTo())) <= index.heldAfter(index.upTo());
        try {
            while (true) {
                long after = last;
                List<Page> batch = QuarkusTransaction.requiringNew().call(() -> responsesOnly
                        ? Page.responsesAfter(crawlId, after, config.batch()) : Page.after(crawlId, after, config.batch()));
                if (!batch.isEmpty()) {
                    // records copied from another crawl's index are there already
                    List<Page> todo = batch.stream().filter(p -> !index.holds(p.id)).toList();
                    // a revisit record's content is the record it refers to (one query for the batch's revisits)
                    Map<Long, Page> originals = todo.stream().anyMatch(p -> p.revisit != null) ? contents.originals(todo) : Map.of();
                    Map<Long, PageText> texts = storedTexts(todo, originals);
                    List<CrawlIndex.Doc> docs = new ArrayList<>(todo.size());
                    for (Page p : todo) {
                        docs.add(doc(p, originals.get(p.id), texts));
                    }
                    analysed.increment(docs.size());
                    index.addUncommitted(docs);
                    pending = true;
                    last = batch.get(batch.size() - 1).id;
                    done += batch.size();
                }
                boolean all = batch.size() < config.batch();
                if (all || System.currentTimeMillis() > deadline || stopping) {
                    if (pending) {
                        pending = false;
                        index.commit(last);   // one commit for the step's batches
                    }
                    if (all && ended) {
                        QuarkusTransaction.requiringNew().run(() -> Crawl.update("searchIndexed = true where id = ?1", crawlId));
                    }
                    return done;
                }
            }
        } finally {
            if (pending) {
                pending = false;
                index.commit(last);   // a later batch failed: the batches before it stay indexed
            }
        }
    }

    /** Revisit records looked up at a time when copying their documents. */
    static final int COPY_BATCH = 2_000;
    /**
     * Documents copied in one merge of their sources' indexes (each merge reads a source whole, so fewer is cheaper; the
     * records of a chunk are held in memory, ~100 bytes each).
     */
    static final int COPY_CHUNK = 100_000;

    /**
     * Copies the documents of the crawl's revisit records (past what its index holds) from the indexes of the earlier
     * crawls whose responses they refer to, when those are complete: their text is not read nor analysed again. Only
     * revisits of the same URL in another crawl, each original once (a continuous crawl may revisit a page several
     * times: the others are analysed). In chunks of at most {@link #COPY_CHUNK} records, each committed (a restart
     * goes on with the records not yet held), then marked done, so that it happens once for the crawl. False, having
     * done nothing, while a source crawl's index is still to be made (at most {@link #IDLE_WAIT_MS}: then the rest is
     * analysed).
     */
    private boolean copyRevisits(String crawlId, CrawlIndex index) throws IOException {
        // the crawls holding the originals, and whether their indexes are complete (only those are sources)
        List<Crawl> sources = QuarkusTransaction.requiringNew().call(() -> Crawl.<Crawl>list("id in (select distinct o.crawlId"
                + " from Page p, Page o where p.crawlId = ?1 and p.revisit is not null and o.recordId = p.refersTo"
                + " and o.revisit is null and o.crawlId <> p.crawlId)", crawlId));
        Set<String> complete = new java.util.HashSet<>();
        boolean waiting = false;
        for (Crawl c : sources) {
            if (c.searchIndexed) {
                complete.add(c.id);
            } else if (!c.isActive() && c.drained && requested(c.id)) {
                waiting = true;   // ended and to be indexed in the background: soon a source
            }
        }
        long now = System.currentTimeMillis();
        if (waiting && now - awaitingSources.computeIfAbsent(crawlId, k -> now) < IDLE_WAIT_MS) {
            return false;
        }
        awaitingSources.remove(crawlId);
        Map<String, Map<Long, CrawlIndex.Copy>> chunk = new java.util.HashMap<>();
        int inChunk = 0;
        int n = 0;
        long after = index.upTo();
        while (!complete.isEmpty()) {
            if (stopping) {
                return false;   // the chunks committed stay; the rest is copied at the next start
            }
            long from = after;
            // each revisit with the response it refers to, of the same URL in another crawl (ids and statuses only)
            List<Object[]> rows = QuarkusTransaction.requiringNew().call(() -> Page.getEntityManager().createQuery(
                    "select p.id, p.status, o.id, o.crawlId from Page p, Page o where p.crawlId = ?1 and p.id > ?2"
                            + " and p.revisit is not null and o.recordId = p.refersTo and o.revisit is null and o.crawlId <> p.crawlId"
                            + " and o.url = p.url order by p.id", Object[].class)
                    .setParameter(1, crawlId).setParameter(2, from).setMaxResults(COPY_BATCH).getResultList());
            for (Object[] r : rows) {
                long page = ((Number) r[0]).longValue();
                long original = ((Number) r[2]).longValue();
                String source = (String) r[3];
                if (!complete.contains(source) || index.holds(page)) {
                    continue;
                }
                Map<Long, CrawlIndex.Copy> fromSource = chunk.computeIfAbsent(source, c -> new java.util.HashMap<>());
                // an original is copied once: a copy is re-pointed by the original's key, which two copies would share
                if (!fromSource.containsKey(original) && !index.hasKey(original)) {
                    fromSource.put(original, new CrawlIndex.Copy(page, ((Number) r[1]).intValue()));
                    inChunk++;
                }
            }
            boolean last = rows.size() < COPY_BATCH;
            if (inChunk >= COPY_CHUNK || last && inChunk > 0) {
                for (Map.Entry<String, Map<Long, CrawlIndex.Copy>> e : chunk.entrySet()) {
                    Path dir = root().resolve(e.getKey());
                    if (!Files.isDirectory(dir)) {
                        continue;
                    }
                    try {
                        n += index.copyFrom(dir, e.getValue()).size();
                    } catch (IOException | RuntimeException unreadable) {
                        // a source index that cannot be read (damaged, removed meanwhile): its pages are analysed instead
                        LOG.warnf("Search indexer: crawl %s's unchanged pages not copied from crawl %s's index: %s", crawlId, e.getKey(),
                                unreadable.toString());
                    }
                }
                index.commit(index.upTo());
                chunk.clear();
                inChunk = 0;
            }
            if (last) {
                break;
            }
            after = ((Number) rows.get(rows.size() - 1)[0]).longValue();
        }
        index.commitCopies();
        copied.increment(n);
        return true;
    }

    /**
     * A record's document, its text read from {@code original} when the page's record is a revisit (its status the
     * page's own: a 304 page is found with its content): the text its worker stored, as {@link #storedTexts} read it,
     * else the stored page parsed.
     */
    private CrawlIndex.Doc doc(Page p, Page original, Map<Long, PageText> stored) {
        Page content = p.revisit != null ? original : p;
        PageText text = content == null ? PageText.NONE
                : Optional.ofNullable(stored.get(content.id)).or(() -> parsedText(content, p.url)).orElse(PageText.NONE);
        return new CrawlIndex.Doc(p.id, p.url, p.status, text.title(), text.mainText());
    }

    /**
     * The texts the workers stored beside the records holding the pages' content (conversion records), by that record's
     * id, each WARC file opened once for them all; none for records stored without one (before it existed, crawls of
     * sites not indexed then) or not readable here.
     */
    private Map<Long, PageText> storedTexts(java.util.Collection<Page> pages, Map<Long, Page> originals) {
        Map<String, List<Page>> byFile = new java.util.HashMap<>();
        for (Page p : pages) {
            Page content = p.revisit != null ? originals.get(p.id) : p;
            if (content != null && content.warcFile != null && content.textOffset != null) {
                byFile.computeIfAbsent(content.warcFile, f -> new ArrayList<>()).add(content);
            }
        }
        Map<Long, PageText> out = new java.util.HashMap<>();
        for (Map.Entry<String, List<Page>> e : byFile.entrySet()) {
            try {
                Map<Long, PageText> byOffset = records.texts(e.getKey(), e.getValue().stream().mapToLong(c -> c.textOffset).toArray());
                for (Page c : e.getValue()) {
                    PageText t = byOffset.get(c.textOffset);
                    if (t != null) {
                        out.put(c.id, t);
                    }
                }
            } catch (IOException | RuntimeException unreadable) {
                // this file's pages are parsed instead
            }
        }
        return out;
    }

    /**
     * The text of a stored 2xx response without a conversion record beside it: an HTML page parsed (title and main text
     * as the page view extracts them), a text page as it is; empty when the record is not readable here.
     */
    private Optional<PageText> parsedText(Page content, String url) {
        if (content.warcFile == null || content.warcOffset == null || content.status / 100 != 2) {
            return Optional.empty();
        }
        try {
            return records.read(content.warcFile, content.warcOffset,
                    r -> r instanceof WarcResponse response ? StoredPayload.of(response, MAX_BODY).orElse(null) : null)
                    .map(payload -> {
                        if (!payload.html()) {
                            return new PageText("", payload.text());
                        }
                        HtmlParser.Readable parsed = HtmlParser.readable(payload.text(), url);
                        return new PageText(parsed.title(), parsed.mainText());
                    });
        } catch (IOException | RuntimeException e) {
            return Optional.empty();   // the page is found by its URL only
        }
    }

    private CrawlIndex index(String crawlId) throws IOException {
        synchronized (open) {
            CrawlIndex index = open.get(crawlId);
            if (index != null) {
                return index;
            }
            Path dir = root().resolve(crawlId);
            Files.createDirectories(dir);
            index = new CrawlIndex(dir);
            open.put(crawlId, index);
            if (open.size() > OPEN) {
                var eldest = open.entrySet().iterator().next();
                closeQuietly(eldest.getValue());
                open.remove(eldest.getKey());
            }
            return index;
        }
    }

    private Path root() {
        return trawler.dataDir().resolve("search");
    }

    /**
     * Whether an ended crawl is to be indexed: always, unless indexing is on demand ({@link SearchConfig#onDemand()});
     * then once it has been searched (its first search made its index, which stays until the crawl is deleted).
     */
    private boolean requested(String crawlId) {
        return !config.onDemand() || Files.isDirectory(root().resolve(crawlId));
    }

    /** Removes the indexes of crawls that no longer exist. */
    private void sweep() {
        Path root = root();
        if (!Files.isDirectory(root)) {
            return;
        }
        List<Path> dirs;
        try (Stream<Path> s = Files.list(root)) {
            dirs = s.filter(Files::isDirectory).toList();
        } catch (IOException e) {
            return;
        }
        Set<String> names = new java.util.HashSet<>(dirs.stream().map(d -> d.getFileName().toString()).toList());
        Set<String> existing = new java.util.HashSet<>(QuarkusTransaction.requiringNew().call(() -> Crawl.getEntityManager()
                .createQuery("select c.id from Crawl c where c.id in ?1", String.class).setParameter(1, names).getResultList()));
        for (Path d : dirs) {
            String id = d.getFileName().toString();
            if (!existing.contains(id)) {
                synchronized (open) {
                    CrawlIndex index = open.remove(id);
                    if (index != null) {
                        closeQuietly(index);
                    }
                }
                deleteTree(d);
            }
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            LOG.warnf("Search indexer: could not remove %s: %s", dir, e.toString());
        }
    }

    private static void closeQuietly(CrawlIndex index) {
        try {
            index.close();
        } catch (IOException | RuntimeException e) {
            // nothing more to do (an index closed under an interrupted thread reports its lock lost)
        }
    }
}
