package io.trawler.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.fetch.FetchError;
import io.trawler.fetch.FetchResult;
import io.trawler.testsupport.S3ProxyServer;
import io.trawler.testsupport.Warcs;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcResponse;

/**
 * WARC files of an edge node in an S3 store: a real S3 server (S3Proxy) on loopback, files closed by size and age,
 * sent by the uploader and read back record by record from another node's point of view (an empty local directory).
 */
class WarcArchiveTest {

    private static S3ProxyServer s3;
    private static int buckets;

    @TempDir
    Path dir;
    @TempDir
    Path elsewhere;

    @BeforeAll
    static void startS3() throws Exception {
        s3 = S3ProxyServer.start();
    }

    @AfterAll
    static void stopS3() {
        s3.close();
    }

    private static String bucket() {
        String b = "warc-test-" + (++buckets);
        s3.createBucket(b);
        return b;
    }

    private static FetchResult page(String url, String body) {
        return new FetchResult(url, 200, "OK", List.of(Map.entry("Content-Type", "text/html; charset=utf-8")),
                body.getBytes(StandardCharsets.UTF_8), null, FetchError.NONE, null, Instant.parse("2026-11-25T01:02:03Z"), 12);
    }

    @Test
    void closedFilesGoToTheStoreAndEveryRecordReadsBackByteForByteFromAnotherNode() throws Exception {
        try (S3WarcArchive archive = new S3WarcArchive(s3.settings(bucket()))) {
            WarcUploader uploader = new WarcUploader(dir, archive, Duration.ofHours(1));
            WarcStore store = new WarcStore(dir, 6000, Duration.ZERO, "edge-1", "Trawler test", f -> uploader.nudge());
            WarcRecordReader here = new WarcRecordReader(dir, new LocalWarcArchive(dir));
            List<WarcStore.Stored> stored = new ArrayList<>();
            List<byte[]> localBytes = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                WarcStore.Stored s = store.write(page("http://a.test/p" + i, "<html><p>page " + i + "</p>" + "y".repeat(300 + 37 * i) + "</html>"),
                        List.of(Map.entry("Host", "a.test")));
                stored.add(s);
                localBytes.add(here.raw(s.file(), s.offset()).orElseThrow());
            }
            store.close();
            uploader.close(Duration.ofSeconds(30));
            assertEquals(List.of(), Warcs.files(dir), "every closed file was sent and its local copy removed");
            WarcUploader.Status status = uploader.status();
            assertNull(status.lastError());
            assertTrue(status.uploaded() > 1, "rotated by size: " + status);

            WarcRecordReader remote = new WarcRecordReader(elsewhere, archive);
            for (int i = 0; i < stored.size(); i++) {
                WarcStore.Stored s = stored.get(i);
                byte[] raw = remote.raw(s.file(), s.offset()).orElseThrow();
                assertArrayEquals(localBytes.get(i), raw, "record " + i);
                WarcResponse r = (WarcResponse) new WarcReader(new ByteArrayInputStream(raw)).next().orElseThrow();
                assertEquals("http://a.test/p" + i, r.target());
                assertEquals(s.payloadDigest(), r.payloadDigest().orElseThrow().prefixedBase32());
                String body = remote.read(s.file(), s.offset(), rec -> new String(((WarcResponse) rec).http().body().stream().readAllBytes(),
                        StandardCharsets.UTF_8)).orElseThrow();
                assertTrue(body.startsWith("<html><p>page " + i + "</p>"), body);
                // one gzip member: it decompresses on its own
                assertTrue(new String(new GZIPInputStream(new ByteArrayInputStream(raw)).readAllBytes(), StandardCharsets.UTF_8)
                        .startsWith("WARC/1.0"));
            }
            assertEquals(Optional.empty(), remote.raw("TRAWLER-nothing.warc.gz", 0));
            assertEquals(Optional.empty(), remote.raw(stored.get(0).file(), 10_000_000), "offset beyond the end");
            assertEquals(Optional.empty(), remote.raw("../" + stored.get(0).file(), 0), "a name with a path is refused");
        }
    }

    /**
     * The text an edge worker stores beside each page (its conversion record) reads back on the manager from the object
     * store, as the search indexer reads it when the file is not on its own disk.
     */
    @Test
    void aPagesStoredTextReadsBackFromTheStoreOnAnotherNode() throws Exception {
        try (S3WarcArchive archive = new S3WarcArchive(s3.settings(bucket()))) {
            WarcUploader uploader = new WarcUploader(dir, archive, Duration.ofHours(1));
            WarcStore store = new WarcStore(dir, 6000, Duration.ZERO, "edge-1", "Trawler test", f -> uploader.nudge());
            List<WarcStore.Stored> stored = new ArrayList<>();
            List<PageText> texts = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                PageText t = new PageText("Page " + i, "Zorbex quay report " + i + ", ümlaut and 東京. " + "z".repeat(200 + 41 * i));
                texts.add(t);
                stored.add(store.write(page("http://a.test/p" + i, "<html><p>page " + i + "</p></html>"), List.of(Map.entry("Host", "a.test")),
                        null, t));
            }
            store.close();
            uploader.close(Duration.ofSeconds(30));
            assertEquals(List.of(), Warcs.files(dir), "every file went to the store");
            WarcRecordReader manager = new WarcRecordReader(elsewhere, archive);
            for (int i = 0; i < stored.size(); i++) {
                assertEquals(texts.get(i), manager.text(stored.get(i).file(), stored.get(i).textOffset()).orElseThrow(), "page " + i);
            }
            assertEquals(Optional.empty(), manager.text(stored.get(0).file(), stored.get(0).offset()), "a response is no text record");
        }
    }

    /**
     * A deleted crawl's files go from the object store (as {@code crawl.CrawlDeletion} removes them, through the reader
     * every node uses): their records are no longer found, the files kept for another crawl's revisits still are, and a
     * second deletion finds nothing to delete.
     */
    @Test
    void filesOfADeletedCrawlGoFromTheStoreAndTheKeptOnesStay() throws Exception {
        try (S3WarcArchive archive = new S3WarcArchive(s3.settings(bucket()))) {
            WarcUploader uploader = new WarcUploader(dir, archive, Duration.ofHours(1));
            WarcStore first = new WarcStore(dir, 1_000_000, Duration.ZERO, 1, "edge-1", "Trawler test", f -> uploader.nudge(), "crawl-a",
                    List.of());
            WarcStore.Stored gone = first.write(page("http://a.test/gone", "<html>gone</html>"), List.of(Map.entry("Host", "a.test")));
            first.close();
            WarcStore second = new WarcStore(dir, 1_000_000, Duration.ZERO, 1, "edge-1", "Trawler test", f -> uploader.nudge(), "crawl-b",
                    List.of());
            WarcStore.Stored kept = second.write(page("http://a.test/kept", "<html>kept</html>"), List.of(Map.entry("Host", "a.test")));
            second.close();
            uploader.close(Duration.ofSeconds(30));
            assertEquals(List.of(), Warcs.files(dir), "both files were sent");
            assertTrue(!gone.file().equals(kept.file()), "each crawl its own file");

            WarcRecordReader manager = new WarcRecordReader(elsewhere, archive);
            assertTrue(manager.raw(gone.file(), gone.offset()).isPresent());
            assertTrue(manager.delete(gone.file()), "deleted from the store");
            assertEquals(Optional.empty(), manager.raw(gone.file(), gone.offset()), "its records are gone");
            assertEquals(Optional.empty(), manager.openFile(gone.file()));
            assertTrue(!manager.delete(gone.file()), "nothing left to delete");
            assertTrue(manager.raw(kept.file(), kept.offset()).isPresent(), "the other crawl's file stays");
        }
    }

    @Test
    void aFileBeingWrittenStaysUntilItClosesByAgeAndAQuietWorkersLastRecordsGoToo() throws Exception {
        try (S3WarcArchive archive = new S3WarcArchive(s3.settings(bucket()))) {
            WarcUploader uploader = new WarcUploader(dir, archive, Duration.ofMillis(50));
            WarcStore store = new WarcStore(dir, 1 << 30, Duration.ofMillis(300), "edge-1", "Trawler test", f -> uploader.nudge());
            WarcStore.Stored s = store.write(page("http://a.test/quiet", "<html>quiet</html>"), List.of());
            Thread.sleep(200);
            assertEquals(1, Warcs.files(dir).size(), "the open file is not sent");
            assertEquals(0, uploader.status().uploaded());
            long deadline = System.currentTimeMillis() + 10_000;
            while (uploader.status().uploaded() == 0 && System.currentTimeMillis() < deadline) {
                store.closeIfOlder();   // what the worker loop does twice a second
                Thread.sleep(50);
            }
            assertEquals(1, uploader.status().uploaded());
            assertEquals(List.of(), Warcs.files(dir));
            assertTrue(new WarcRecordReader(elsewhere, archive).raw(s.file(), s.offset()).isPresent());
            store.close();
            uploader.close(Duration.ofSeconds(10));
        }
    }

    @Test
    void whileTheStoreRefusesFilesStayOnDiskAndGoOnceItTakesThem() throws Exception {
        String bucket = bucket();
        var wrong = new S3WarcArchive.Settings(bucket, "warc/", Optional.of(s3.endpoint()), "us-east-1", true,
                Optional.of(S3ProxyServer.ACCESS_KEY), Optional.of("not-the-secret"));
        WarcStore.Stored s;
        try (S3WarcArchive refusing = new S3WarcArchive(wrong)) {
            WarcUploader uploader = new WarcUploader(dir, refusing, Duration.ofHours(1));
            WarcStore store = new WarcStore(dir, 1 << 30, Duration.ZERO, "edge-1", "Trawler test", f -> uploader.nudge());
            s = store.write(page("http://a.test/kept", "<html>kept</html>"), List.of());
            store.close();
            uploader.close(Duration.ofSeconds(30));
            WarcUploader.Status status = uploader.status();
            assertNotNull(status.lastError(), "the refusal is reported");
            assertTrue(status.lastError().contains("s3://" + bucket + "/warc/" + s.file()), status.lastError());
            assertEquals(1, status.pending());
            assertEquals(1, Warcs.files(dir).size(), "the file waits on disk");
        }
        try (S3WarcArchive archive = new S3WarcArchive(s3.settings(bucket))) {
            WarcUploader next = new WarcUploader(dir, archive, Duration.ofHours(1));   // the worker's next start
            next.close(Duration.ofSeconds(30));
            assertEquals(1, next.status().uploaded());
            assertEquals(List.of(), Warcs.files(dir));
            assertTrue(new WarcRecordReader(elsewhere, archive).raw(s.file(), s.offset()).isPresent());
        }
    }

    @Test
    void aFileLeftHalfWrittenByAKilledWorkerIsCutBackAndThenSent() throws Exception {
        WarcStore writer = new WarcStore(dir, 1 << 30, "edge-1", "Trawler test");
        WarcStore.Stored last = null;
        for (int i = 0; i < 3; i++) {
            last = writer.write(page("http://a.test/p" + i, "<html>" + i + "</html>"), List.of());
        }
        // what a kill -9 leaves: the file with half a record at its end and a marker nobody holds
        Path crashed = Files.createDirectory(dir.resolve("crashed"));
        Files.copy(dir.resolve(last.file()), crashed.resolve(last.file()));
        Files.copy(dir.resolve(last.file() + WarcStore.OPEN_SUFFIX), crashed.resolve(last.file() + WarcStore.OPEN_SUFFIX));
        long complete = Files.size(crashed.resolve(last.file()));
        Files.write(crashed.resolve(last.file()), new byte[] {0x1f, (byte) 0x8b, 8, 0, 9, 9}, java.nio.file.StandardOpenOption.APPEND);
        writer.close();
        try (S3WarcArchive archive = new S3WarcArchive(s3.settings(bucket()))) {
            WarcUploader uploader = new WarcUploader(crashed, archive, Duration.ofHours(1));
            uploader.close(Duration.ofSeconds(30));
            assertEquals(1, uploader.status().uploaded());
            WarcStore.Stored l = last;
            try (var c = s3.client()) {
                String bucket = "warc-test-" + buckets;
                assertEquals(complete, c.headObject(b -> b.bucket(bucket).key("warc/" + l.file())).contentLength(),
                        "sent cut back to its last complete record");
            }
            WarcResponse r = new WarcRecordReader(elsewhere, archive).read(l.file(), l.offset(), rec -> (WarcResponse) rec).orElseThrow();
            assertEquals("http://a.test/p2", r.target());
        }
    }
}
