package io.trawler.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.fetch.FetchError;
import io.trawler.fetch.FetchResult;
import io.trawler.testsupport.Warcs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcResponse;

class WarcStoreTest {

    @TempDir
    Path dir;

    private static FetchResult page(String url, String body, String truncated) {
        return new FetchResult(url, 200, "OK", List.of(Map.entry("Content-Type", "text/html"), Map.entry("Content-Encoding", "gzip"),
                Map.entry("Content-Length", "3")), body.getBytes(StandardCharsets.UTF_8), truncated, FetchError.NONE, null,
                Instant.parse("2026-11-22T01:02:03Z"), 12);
    }

    @Test
    void recordsAreValidReadableAtTheirOffsetAndRotateBySize() throws Exception {
        WarcStore store = new WarcStore(dir, 4000, "test node", "Trawler test");
        WarcStore.Stored first = null;
        for (int i = 0; i < 20; i++) {
            WarcStore.Stored s = store.write(page("http://a.test/p" + i, "<html>" + "x".repeat(500) + i + "</html>", i == 3 ? "length" : null),
                    List.of(Map.entry("Host", "a.test")));
            if (i == 0) {
                first = s;
            }
        }
        store.close();
        List<Path> files = Warcs.files(dir);
        assertTrue(files.size() > 1, "rotated: " + files);
        for (Path f : files) {
            assertTrue(Warcs.valid(f), f.toString());
            assertTrue(f.getFileName().toString().matches("TRAWLER-\\d{17}-\\d{5}-test_node\\.warc\\.gz"), f.toString());
        }
        WarcResponse r = (WarcResponse) Warcs.recordAt(dir.resolve(first.file()), first.offset()).orElseThrow();
        assertEquals("http://a.test/p0", r.target());
        assertEquals(first.payloadDigest(), r.payloadDigest().orElseThrow().prefixedBase32());
        assertEquals(200, r.http().status());
        assertTrue(r.http().headers().first("Content-Encoding").isEmpty(), "decoded entity stored without its coding");
        assertTrue(Files.size(files.get(0)) > 0);
    }

    @Test
    void everyCompressionLevelWritesTheSameRecordsAndAnotherLevelIsRefused() throws Exception {
        String body = "<html><body>" + "a page of words, repeated. ".repeat(300) + "</body></html>";
        long[] sizes = new long[2];
        int[] levels = {1, 9};
        for (int i = 0; i < levels.length; i++) {
            Path d = Files.createDirectory(dir.resolve("level-" + levels[i]));
            try (WarcStore store = new WarcStore(d, 1 << 30, java.time.Duration.ZERO, levels[i], "node", "Trawler test", f -> { })) {
                WarcStore.Stored s = store.write(page("http://a.test/p", body, null), List.of(Map.entry("Host", "a.test")));
                WarcResponse r = (WarcResponse) Warcs.recordAt(d.resolve(s.file()), s.offset()).orElseThrow();
                assertEquals(body, new String(r.http().body().stream().readAllBytes(), StandardCharsets.UTF_8));
                assertEquals(s.payloadDigest(), r.payloadDigest().orElseThrow().prefixedBase32());
                sizes[i] = Files.size(d.resolve(s.file()));
            }
            assertTrue(Warcs.files(d).stream().allMatch(Warcs::valid));
        }
        assertTrue(sizes[0] >= sizes[1], "level 1: " + sizes[0] + " bytes, level 9: " + sizes[1]);
        for (int bad : new int[] {0, 10, -1}) {
            org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> new WarcStore(dir, 1 << 30, java.time.Duration.ZERO, bad, "node", "Trawler test", f -> { }));
        }
    }

    @Test
    void aFileLeftOpenByADeadProcessIsCutBackToItsLastCompleteRecord() throws Exception {
        WarcStore store = new WarcStore(dir, 1 << 30, "node", "Trawler test");
        WarcStore.Stored last = null;
        for (int i = 0; i < 5; i++) {
            last = store.write(page("http://a.test/p" + i, "<html>" + i + "</html>", null), List.of(Map.entry("Host", "a.test")));
        }
        // what a kill -9 leaves: the file with half a record at its end and the marker, copied while this store is alive
        Path crashed = Files.createDirectory(dir.resolve("crashed"));
        Path file = dir.resolve(last.file());
        Files.copy(file, crashed.resolve(last.file()));
        Files.copy(dir.resolve(last.file() + WarcStore.OPEN_SUFFIX), crashed.resolve(last.file() + WarcStore.OPEN_SUFFIX));
        long complete = Files.size(file);
        Files.write(crashed.resolve(last.file()), new byte[] {0x1f, (byte) 0x8b, 8, 0, 1, 2, 3}, java.nio.file.StandardOpenOption.APPEND);
        assertEquals(List.of(), WarcStore.recover(dir), "the live store's own file is left alone");
        assertEquals(List.of(crashed.resolve(last.file())), WarcStore.recover(crashed));
        assertEquals(complete, Files.size(crashed.resolve(last.file())));
        assertTrue(Warcs.valid(crashed.resolve(last.file())));
        assertTrue(Files.notExists(crashed.resolve(last.file() + WarcStore.OPEN_SUFFIX)));
        WarcResponse r = (WarcResponse) Warcs.recordAt(crashed.resolve(last.file()), last.offset()).orElseThrow();
        assertEquals("http://a.test/p4", r.target());
        store.close();
        assertTrue(Files.notExists(dir.resolve(last.file() + WarcStore.OPEN_SUFFIX)), "a clean close removes the marker");
        assertTrue(Warcs.valid(file));
    }
}
