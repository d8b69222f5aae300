package io.trawler.search;

import io.trawler.order.TextAnalysis;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.CodecReader;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.FixedBitSet;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.PhraseQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TotalHitCountCollectorManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.NIOFSDirectory;

/**
 * One crawl's search index: a document per page record with its URL and main text, analysed as focused crawling
 * analyses text ({@link TextAnalysis}: Unicode words, CJK bigrams, English stems). Queries: every word must occur, in
 * the URL or the text; a "quoted phrase" must occur as a phrase. The commit's user data keeps the largest record id
 * indexed, so indexing resumes where it stopped after a restart; searches read the last commit. Thread-safe (Lucene's writer and readers).
 *
 * <p>A page whose content another crawl's index already holds (a revisit record of an earlier crawl's response) is not
 * analysed again: {@link #copyFrom} copies that index's document (its postings, as a merge does) and points the copy at
 * this crawl's record. Each document therefore carries the record it stands for as updatable doc values
 * ({@code page}, {@code pageStatus}), and the record it was made for as a key term; indexes made before this (without
 * them) are read as before and are never a copy's source.
 */
public final class CrawlIndex implements Closeable {

    /** A record to index: its text is empty for records without a stored HTML or text body. */
    public record Doc(long pageId, String url, int status, String title, String text) {
    }

    /**
     * One match: {@code snippet} is the passage of the main text that matched best (the start of the text when only
     * the URL matched), {@code passage} the same passage in parts, the matched words marked (empty when no word
     * matched in the text).
     */
    public record Hit(long pageId, String url, int status, String title, String snippet, List<Passages.Part> passage) {

        /** This hit with a passage found in its page's text. */
        public Hit withPassage(List<Passages.Part> parts) {
            return parts.isEmpty() ? this : new Hit(pageId, url, status, title, Passages.plain(parts), List.copyOf(parts));
        }
    }

    /** Matches of a query: how many in all, and those of the page asked for, best first. */
    public record Result(long total, List<Hit> hits) {
    }

    static final String ID = "id";
    static final String URL = "url";
    static final String TEXT = "text";
    static final String STATUS = "status";
    static final String TITLE = "title";
    static final String SNIPPET = "snippet";
    private static final String UP_TO = "upTo";
    /** The record a document was made for (its content's record; a key term, so that a copy can be found and re-pointed). */
    static final String KEY = "key";
    /** The record a document stands for, and its status (doc values: a copy is re-pointed at the record of this crawl). */
    static final String PAGE = "page";
    static final String PAGE_STATUS = "pageStatus";
    /** Commit data: the index's format ("2": every document has a key and doc values) and whether revisits were copied. */
    private static final String FORMAT = "format";
    private static final String COPIED = "copiedRevisits";
    /** Characters of the text kept to show with a hit. */
    static final int SNIPPET_CHARS = 240;

    /**
     * A URL's words: split at every character that is not a letter or digit ({@code annual-figures.csv} gives annual,
     * figur, csv), then as the text (lower case, CJK bigrams, stop words, stems), so a query's words meet both fields.
     */
    static final Analyzer URL_ANALYZER = new Analyzer() {
        @Override
        protected TokenStreamComponents createComponents(String field) {
            org.apache.lucene.analysis.Tokenizer source = org.apache.lucene.analysis.util.CharTokenizer
                    .fromTokenCharPredicate(Character::isLetterOrDigit);
            return new TokenStreamComponents(source, TextAnalysis.normalise(source));
        }
    };

    private final Directory dir;
    private final IndexWriter writer;
    /** Readers on the writer, for the index's own lookups of what it holds, committed or not (copies' keys). */
    private final org.apache.lucene.search.SearcherManager searchers;
    /**
     * Readers of the last commit, for searches: a search never makes the writer flush what it holds (a reader on the
     * writer would write a small segment for every search of a crawl being indexed, and merge them after).
     */
    private org.apache.lucene.search.SearcherManager committed;
    /** Commits so far, and how many the searches had seen at their last refresh (a commit is seen by the next search). */
    private volatile long commits;
    private volatile long refreshedCommits;
    private volatile long upTo;
    /** Whether every document has a key and doc values (an index made before they existed is read without them). */
    private final boolean keyed;
    private volatile boolean copied;
    /** Records past {@link #upTo} the index holds: copies, made before the records before them were indexed. */
    private final Set<Long> ahead = ConcurrentHashMap.newKeySet();

    /** A copy's record in this crawl: its id and status (a 304 is found with the content it confirmed). */
    public record Copy(long pageId, int status) {
    }

    public CrawlIndex(Path path) throws IOException {
        // plain file reads, not memory maps: FSDirectory.open's MMapDirectory calls madvise through the foreign-function
        // API, which a native image (the edge worker) cannot link; an operator's searches of one crawl do not need maps
        this.dir = new NIOFSDirectory(path);
        IndexWriterConfig cfg = new IndexWriterConfig(new org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper(
                TextAnalysis.analyzer(), Map.of(URL, URL_ANALYZER))).setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
                // closing drops what was added since the last commit: it is indexed again from upTo, never twice
                .setCommitOnClose(false);
        this.writer = new IndexWriter(dir, cfg);
        Map<String, String> data = new java.util.HashMap<>();
        boolean exists = DirectoryReader.indexExists(dir);
        if (exists) {
            for (Map.Entry<String, String> e : writer.getLiveCommitData()) {
                data.put(e.getKey(), e.getValue());
            }
        }
        this.upTo = data.containsKey(UP_TO) ? Long.parseLong(data.get(UP_TO)) : 0;
        this.keyed = !exists || "2".equals(data.get(FORMAT));
        this.copied = "1".equals(data.get(COPIED));
        org.apache.lucene.search.SearcherManager lookups = null;
        try {
            if (!keyed) {
                // an index committed by a closing writer of an older version may hold records past upTo: they come again
                writer.deleteDocuments(LongPoint.newRangeQuery(ID, upTo + 1, Long.MAX_VALUE));
                commit(upTo);   // and searches, which read the last commit, no longer find them
            } else if (!exists) {
                commit(0);   // an empty index, so that searches have a commit to read
            }
            lookups = new org.apache.lucene.search.SearcherManager(writer, null);
            this.searchers = lookups;
            if (keyed && exists) {
                ahead.addAll(pagesAfter(upTo));
            }
        } catch (IOException | RuntimeException e) {
            org.apache.lucene.util.IOUtils.closeWhileHandlingException(lookups, writer, dir);
            throw e;
        }
    }

    /** The searchers of the last commit, made at the first search (an index only written keeps no reader of its own). */
    private synchronized org.apache.lucene.search.SearcherManager committed() throws IOException {
        if (committed == null) {
            long seen = commits;   // read first: a commit made meanwhile is seen now or at the next search
            committed = new org.apache.lucene.search.SearcherManager(dir, null);
            refreshedCommits = seen;
        }
        return committed;
    }

    /** The largest record id indexed and committed (0: none). */
    public long upTo() {
        return upTo;
    }

    /** Whether the index holds the record (a copy made ahead of the records indexed in order). */
    public boolean holds(long pageId) {
        return pageId <= upTo || ahead.contains(pageId);
    }

    /** How many records past {@code after} the index holds ahead of its order (copies). */
    public long heldAfter(long after) {
        return ahead.stream().filter(id -> id > after).count();
    }

    /** Whether a document made for record {@code record} (its key: a copy's is its original's) is in the index. */
    public boolean hasKey(long record) throws IOException {
        IndexSearcher searcher = searchers.acquire();
        try {
            return searcher.count(new TermQuery(new Term(KEY, Long.toString(record)))) > 0;
        } finally {
            searchers.release(searcher);
        }
    }

    /** Whether this crawl's revisits were copied from the indexes holding their content (once, when the crawl had ended). */
    public boolean revisitsCopied() {
        return copied;
    }

    /** The records past {@code after} the committed index holds (its copies). */
    private Set<Long> pagesAfter(long after) throws IOException {
        Set<Long> out = new java.util.HashSet<>();
        IndexSearcher searcher = searchers.acquire();
        try {
            for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
                NumericDocValues pages = DocValues.getNumeric(leaf.reader(), PAGE);
                Bits live = leaf.reader().getLiveDocs();
                for (int d = pages.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = pages.nextDoc()) {
                    if ((live == null || live.get(d)) && pages.longValue() > after) {
                        out.add(pages.longValue());
                    }
                }
            }
        } finally {
            searchers.release(searcher);
        }
        return out;
    }

    /**
     * Copies, from the index of another crawl at {@code source}, the documents made for the records {@code copies} names
     * (by their ids there) as documents of this crawl's records (the copy's id and status), without analysing their
     * text again: the source's segments are merged in with every other document left out, then the copies re-pointed.
     * Not committed ({@link #commitCopies}). Returns the source records copied: none when the source is an index made
     * before copies existed, or does not hold them.
     */
    public Set<Long> copyFrom(Path source, Map<Long, Copy> copies) throws IOException {
        Set<Long> found = new java.util.HashSet<>();
        try (Directory from = new NIOFSDirectory(source)) {
            if (copies.isEmpty() || !DirectoryReader.indexExists(from)) {
                return found;
            }
            try (DirectoryReader reader = DirectoryReader.open(from)) {
                if (!"2".equals(reader.getIndexCommit().getUserData().get(FORMAT))) {
                    return found;
                }
                Query wanted = LongPoint.newSetQuery(ID, copies.keySet());
                IndexSearcher searcher = new IndexSearcher(reader);
                Weight weight = searcher.createWeight(searcher.rewrite(wanted), ScoreMode.COMPLETE_NO_SCORES, 1f);
                List<CodecReader> parts = new ArrayList<>();
                for (LeafReaderContext leaf : reader.leaves()) {
                    Scorer scorer = weight.scorer(leaf);
                    if (scorer == null) {
                        continue;
                    }
                    FixedBitSet keep = new FixedBitSet(leaf.reader().maxDoc());
                    Bits live = leaf.reader().getLiveDocs();
                    NumericDocValues pages = DocValues.getNumeric(leaf.reader(), PAGE);
                    DocIdSetIterator it = scorer.iterator();
                    for (int d = it.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = it.nextDoc()) {
                        // the source's own document of the record (not a copy it holds of another crawl's)
                        if ((live == null || live.get(d)) && pages.advanceExact(d) && copies.containsKey(pages.longValue())
                                && found.add(pages.longValue())) {
                            keep.set(d);
                        }
                    }
                    if (keep.cardinality() > 0) {
                        parts.add(only(org.apache.lucene.index.SlowCodecReaderWrapper.wrap(leaf.reader()), keep));
                    }
                }
                if (parts.isEmpty()) {
                    return found;
                }
                writer.addIndexes(parts.toArray(CodecReader[]::new));
            }
        }
        for (long original : found) {
            Copy c = copies.get(original);
            Term key = new Term(KEY, Long.toString(original));
            writer.updateDocValues(key, new NumericDocValuesField(PAGE, c.pageId()), new NumericDocValuesField(PAGE_STATUS, c.status()));
            ahead.add(c.pageId());
        }
        if (!found.isEmpty()) {
            searchers.maybeRefreshBlocking();   // the copies' keys are seen by the next lookups (hasKey)
        }
        return found;
    }

    /** A segment with only the {@code keep} documents live (a merge of it copies those alone). */
    private static CodecReader only(CodecReader in, FixedBitSet keep) {
        int n = keep.cardinality();
        return new org.apache.lucene.index.FilterCodecReader(in) {
            @Override
            public Bits getLiveDocs() {
                return keep;
            }

            @Override
            public int numDocs() {
                return n;
            }

            @Override
            public CacheHelper getCoreCacheHelper() {
                return null;
            }

            @Override
            public CacheHelper getReaderCacheHelper() {
                return null;
            }
        };
    }

    /** Commits the copies made, and that this crawl's revisits were copied (the records indexed so far unchanged). */
    public void commitCopies() throws IOException {
        copied = true;
        commit(upTo);
    }

    /** Adds the records and commits, remembering {@code lastId} as indexed (records are indexed in id order). */
    public void add(List<Doc> docs, long lastId) throws IOException {
        addUncommitted(docs);
        commit(lastId);
    }

    /**
     * Adds the records without committing: searches see them after the next {@link #commit}, and a restart indexes them
     * again unless a commit follows (each commit writes and syncs a segment, so an indexer commits a step's batches once).
     */
    public void addUncommitted(List<Doc> docs) throws IOException {
        List<Document> block = new ArrayList<>(docs.size());
        for (Doc d : docs) {
            Document doc = new Document();
            doc.add(new LongPoint(ID, d.pageId()));
            doc.add(new StoredField(ID, d.pageId()));
            doc.add(new StringField(KEY, Long.toString(d.pageId()), Field.Store.NO));
            doc.add(new NumericDocValuesField(PAGE, d.pageId()));
            doc.add(new NumericDocValuesField(PAGE_STATUS, d.status()));
            doc.add(new TextField(URL, d.url(), Field.Store.YES));
            doc.add(new TextField(TEXT, d.title() + "\n" + d.text(), Field.Store.NO));
            doc.add(new IntPoint(STATUS, d.status()));
            doc.add(new StoredField(STATUS, d.status()));
            doc.add(new StoredField(TITLE, d.title()));
            doc.add(new StoredField(SNIPPET, d.text().length() > SNIPPET_CHARS ? d.text().substring(0, SNIPPET_CHARS) : d.text()));
            block.add(doc);
        }
        writer.addDocuments(block);   // all or none: a batch that fails leaves nothing to be indexed twice
    }

    /** Commits what was added, remembering {@code lastId} as the largest record id indexed. */
    public void commit(long lastId) throws IOException {
        Map<String, String> data = new java.util.HashMap<>(Map.of(UP_TO, Long.toString(lastId)));
        if (keyed) {
            data.put(FORMAT, "2");
        }
        if (copied) {
            data.put(COPIED, "1");
        }
        writer.setLiveCommitData(data.entrySet());
        writer.commit();
        upTo = lastId;
        commits++;
    }

    /**
     * The matches of {@code query} (words and "phrases", all required, each in the URL or the text), {@code limit} from
     * {@code offset}, and their total count; an empty query or one of stop words only matches nothing. A search sees
     * what the last commit holds ({@link #upTo()} and the copies), never the documents added since: those come with the
     * indexer's next commit, at most a step later, and searching never makes the writer flush them early.
     */
    public Result search(String query, int offset, int limit) throws IOException {
        return search(parse(query), offset, limit);
    }

    /** As {@link #search(String, int, int)}, for a query {@link #parse} made (null: nothing searchable, no match). */
    public Result search(Query q, int offset, int limit) throws IOException {
        if (q == null) {
            return new Result(0, List.of());
        }
        org.apache.lucene.search.SearcherManager committed = committed();
        long seen = commits;
        if (seen != refreshedCommits) {
            committed.maybeRefreshBlocking();
            refreshedCommits = seen;
        }
        IndexSearcher searcher = committed.acquire();
        try {
            long total = searcher.search(q, new TotalHitCountCollectorManager());
            TopDocs top = searcher.search(q, Math.max(1, offset + limit));
            List<Hit> hits = new ArrayList<>();
            var stored = searcher.storedFields();
            List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
            for (int i = offset; i < top.scoreDocs.length; i++) {
                ScoreDoc sd = top.scoreDocs[i];
                Document d = stored.document(sd.doc);
                // the record it stands for: a copy's doc values were re-pointed; documents of old indexes have none
                LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(sd.doc, leaves));
                NumericDocValues page = DocValues.getNumeric(leaf.reader(), PAGE);
                NumericDocValues status = DocValues.getNumeric(leaf.reader(), PAGE_STATUS);
                int local = sd.doc - leaf.docBase;
                long id = page.advanceExact(local) ? page.longValue() : d.getField(ID).numericValue().longValue();
                int code = status.advanceExact(local) ? (int) status.longValue() : d.getField(STATUS).numericValue().intValue();
                hits.add(new Hit(id, d.get(URL), code, d.get(TITLE), d.get(SNIPPET), List.of()));
            }
            return new Result(total, hits);
        } finally {
            committed.release(searcher);
        }
    }

    /** Words and "quoted phrases", each required in the URL or the text; null when nothing searchable is left. */
    public static Query parse(String query) throws IOException {
        BooleanQuery.Builder all = new BooleanQuery.Builder();
        int clauses = 0;
        String[] parts = query.split("\"", -1);
        for (int i = 0; i < parts.length; i++) {
            boolean phrase = i % 2 == 1 && i < parts.length - 1;
            List<Positioned> terms = terms(parts[i]);
            if (phrase && terms.size() > 1) {
                all.add(either(field -> phrase(field, terms)), BooleanClause.Occur.MUST);
                clauses++;
            } else {
                for (Positioned t : terms) {
                    all.add(either(field -> new TermQuery(new Term(field, t.term()))), BooleanClause.Occur.MUST);
                    clauses++;
                }
            }
            if (clauses > 64) {
                break;
            }
        }
        return clauses == 0 ? null : all.build();
    }

    private static Query phrase(String field, List<Positioned> terms) {
        PhraseQuery.Builder p = new PhraseQuery.Builder();
        terms.forEach(t -> p.add(new Term(field, t.term()), t.position()));
        return p.build();
    }

    /** An analysed term and its position (stop words removed leave gaps, as in the index). */
    private record Positioned(String term, int position) {
    }

    private static Query either(java.util.function.Function<String, Query> perField) {
        return new BooleanQuery.Builder().add(perField.apply(URL), BooleanClause.Occur.SHOULD)
                .add(perField.apply(TEXT), BooleanClause.Occur.SHOULD).build();
    }

    private static List<Positioned> terms(String text) throws IOException {
        List<Positioned> out = new ArrayList<>();
        Analyzer a = TextAnalysis.analyzer();
        try (TokenStream ts = a.tokenStream(TEXT, text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute inc =
                    ts.addAttribute(org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute.class);
            ts.reset();
            int position = -1;
            while (ts.incrementToken()) {
                position += inc.getPositionIncrement();
                out.add(new Positioned(term.toString(), position));
            }
            ts.end();
        }
        return out;
    }

    @Override
    public void close() throws IOException {
        org.apache.lucene.search.SearcherManager c;
        synchronized (this) {
            c = committed;
        }
        // each closed whatever the others do (a writer left open would keep the index's lock)
        org.apache.lucene.util.IOUtils.close(c, searchers, writer, dir);
    }
}
