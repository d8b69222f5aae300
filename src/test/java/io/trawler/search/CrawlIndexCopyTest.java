package io.trawler.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.NIOFSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crawl's unchanged pages are copied from the index of the crawl that holds their content, not analysed again: found
 * by their words as this crawl's records (id and status), after a restart too; a copy not committed is gone at the
 * next start; an index made before copies existed is never a source.
 */
class CrawlIndexCopyTest {

    @TempDir
    Path dir;

    /** Records 1…20 of crawl A: each has the word "common" and a word of its own ("uniqueN" spelled out). */
    private static List<CrawlIndex.Doc> crawlA() {
        List<CrawlIndex.Doc> docs = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            docs.add(new CrawlIndex.Doc(i, "http://a.test/p" + i, 200, "Page " + i, "common words and " + word(i)));
        }
        return docs;
    }

    /** Crawl A's index, complete, under {@code a}. */
    private void indexCrawlA() throws Exception {
        try (CrawlIndex a = new CrawlIndex(dir.resolve("a"))) {
            a.add(crawlA(), 20);
        }
    }

    private static String word(int i) {
        return "zq" + "abcdefghijklmnopqrstuvwxyz".substring(i, i + 3) + "ling";
    }

    @Test
    void aSearchReadsTheLastCommitAndNeverFlushesTheWriter() throws Exception {
        try (CrawlIndex index = new CrawlIndex(dir.resolve("a"))) {
            assertEquals(0, index.search("common", 0, 10).total(), "a new index is searchable, empty");
            index.addUncommitted(crawlA());
            long files = segmentFiles(dir.resolve("a"));
            assertEquals(0, index.search("common", 0, 10).total());
            assertEquals(files, segmentFiles(dir.resolve("a")), "the search wrote no segment");
            index.commit(20);
            assertEquals(20, index.search("common", 0, 10).total());
        }
    }

    private static long segmentFiles(Path index) throws java.io.IOException {
        try (var files = java.nio.file.Files.list(index)) {
            return files.count();
        }
    }

    @Test
    void copiesStandForThisCrawlsRecordsAndSurviveARestart() throws Exception {
        indexCrawlA();
        Path b = dir.resolve("b");
        try (CrawlIndex index = new CrawlIndex(b)) {
            assertFalse(index.revisitsCopied());
            // records 101…120 of crawl B: 105 and 107 revisit records 5 and 7 (107 a 304); 999 is in no index
            Set<Long> copied = index.copyFrom(dir.resolve("a"), Map.of(5L, new CrawlIndex.Copy(105, 200), 7L, new CrawlIndex.Copy(107, 304),
                    999L, new CrawlIndex.Copy(119, 200)));
            assertEquals(Set.of(5L, 7L), copied);
            assertTrue(index.hasKey(5) && index.hasKey(7) && !index.hasKey(6), "a copy is found by its original's key at once");
            index.commitCopies();
            assertTrue(index.holds(105) && index.holds(107) && !index.holds(106));
            List<CrawlIndex.Doc> own = new ArrayList<>();
            for (int i = 101; i <= 120; i++) {
                if (!index.holds(i)) {
                    own.add(new CrawlIndex.Doc(i, "http://a.test/p" + (i - 100), 200, "Page " + (i - 100), "common words and changed " + word(i - 100)));
                }
            }
            assertEquals(18, own.size());
            index.add(own, 120);
            check(index);
        }
        try (CrawlIndex again = new CrawlIndex(b)) {
            assertTrue(again.revisitsCopied());
            assertTrue(again.holds(105));
            assertTrue(again.hasKey(5) && again.hasKey(101) && !again.hasKey(105), "keys: the originals' for copies, their own for the rest");
            check(again);
        }
    }

    private static void check(CrawlIndex index) throws Exception {
        CrawlIndex.Result five = index.search(word(5), 0, 10);
        assertEquals(1, five.total(), "the copy, standing for this crawl's record");
        assertEquals(105L, five.hits().get(0).pageId());
        assertEquals(200, five.hits().get(0).status());
        assertEquals("Page 5", five.hits().get(0).title());
        CrawlIndex.Result seven = index.search("\"common words and " + word(7) + "\"", 0, 10);
        assertEquals(1, seven.total(), "the phrase of the unchanged content (record 107 is a 304 of it)");
        assertEquals(107L, seven.hits().get(0).pageId());
        assertEquals(304, seven.hits().get(0).status());
        assertEquals("http://a.test/p7", seven.hits().get(0).url());
        assertEquals(20, index.search("common", 0, 50).total(), "20 records: 18 analysed, 2 copied");
        assertEquals(18, index.search("changed", 0, 50).total());
        assertEquals(0, index.search("\"common words and " + word(6) + "\"", 0, 10).total(), "record 6 of crawl A was not copied");
    }

    @Test
    void aCopyNotCommittedIsGoneAtTheNextStart() throws Exception {
        indexCrawlA();
        Path b = dir.resolve("b");
        try (CrawlIndex index = new CrawlIndex(b)) {
            index.add(List.of(new CrawlIndex.Doc(101, "http://a.test/p1", 200, "", "first")), 101);
            assertEquals(Set.of(3L), index.copyFrom(dir.resolve("a"), Map.of(3L, new CrawlIndex.Copy(103, 200))));
            assertTrue(index.holds(103));
            assertEquals(0, index.search(word(3), 0, 10).total(), "a search reads the last commit, not the copy made since");
        }
        try (CrawlIndex again = new CrawlIndex(b)) {
            assertFalse(again.revisitsCopied());
            assertFalse(again.holds(103));
            assertEquals(0, again.search(word(3), 0, 10).total());
            assertEquals(1, again.search("first", 0, 10).total());
        }
    }

    @Test
    void anIndexMadeBeforeCopiesExistedIsNoSource() throws Exception {
        Path old = dir.resolve("old");
        try (NIOFSDirectory d = new NIOFSDirectory(old); IndexWriter w = new IndexWriter(d, new IndexWriterConfig())) {
            Document doc = new Document();
            doc.add(new LongPoint(CrawlIndex.ID, 5));
            doc.add(new StoredField(CrawlIndex.ID, 5));
            doc.add(new TextField(CrawlIndex.TEXT, "common words", org.apache.lucene.document.Field.Store.NO));
            doc.add(new TextField(CrawlIndex.URL, "http://a.test/old", org.apache.lucene.document.Field.Store.YES));
            doc.add(new StoredField(CrawlIndex.STATUS, 200));
            w.addDocument(doc);
            w.setLiveCommitData(Map.of("upTo", "5").entrySet());
            w.commit();
        }
        try (CrawlIndex index = new CrawlIndex(dir.resolve("b"))) {
            assertEquals(Set.of(), index.copyFrom(old, Map.of(5L, new CrawlIndex.Copy(105, 200))));
            assertEquals(0, index.search("common", 0, 10).total());
        }
        // and the old index itself is still searched as before, its hits' ids from its stored fields
        try (CrawlIndex legacy = new CrawlIndex(old)) {
            assertEquals(5L, legacy.search("common", 0, 10).hits().get(0).pageId());
        }
    }

    @Test
    void aDamagedSourceIsRefusedAndLeavesTheIndexAsItWas() throws Exception {
        Path damaged = dir.resolve("damaged");
        java.nio.file.Files.createDirectories(damaged);
        java.nio.file.Files.write(damaged.resolve("segments_1"), "not an index".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        try (CrawlIndex index = new CrawlIndex(dir.resolve("b"))) {
            index.add(List.of(new CrawlIndex.Doc(101, "http://a.test/p1", 200, "", "first")), 101);
            org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                    () -> index.copyFrom(damaged, Map.of(5L, new CrawlIndex.Copy(105, 200))));
            assertFalse(index.holds(105));
            assertEquals(1, index.search("first", 0, 10).total());
            index.commitCopies();
            assertTrue(index.revisitsCopied());
        }
    }
}
