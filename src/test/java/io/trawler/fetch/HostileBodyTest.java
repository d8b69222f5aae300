package io.trawler.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.testsite.TestWebServer;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hostile bodies against the fetcher, with a 10 MB cap: an endless chunked body, a 200 MB body, gzip and deflate
 * bombs (1 GiB of zeros each, about 1 MB on the wire) and a brotli body nobody asked for. The server counts what it
 * managed to send on each connection: once the cap is reached the connection must be reset, so a server that would
 * send forever sends at most the cap plus what the socket buffers hold. Heap after GC and the time of an ordinary
 * fetch beside the bombs are printed.
 */
class HostileBodyTest {

    private static final int CAP = 10 * 1024 * 1024;
    private static final int ORDINARY = 200;

    static Vertx vertx;
    static TestWebServer server;
    static HttpFetcher fetcher;
    static Buffer gzipBomb;
    static Buffer deflateBomb;
    static final Map<String, AtomicLong> sent = new ConcurrentHashMap<>();
    static final Map<String, Boolean> closed = new ConcurrentHashMap<>();
    static volatile String acceptEncoding;

    @BeforeAll
    static void start() throws Exception {
        gzipBomb = Buffer.buffer(zeros(true, 1L << 30));
        deflateBomb = Buffer.buffer(zeros(false, 1L << 30));
        System.out.printf("bombs: gzip %,d bytes, deflate %,d bytes, each 1 GiB decoded%n", gzipBomb.length(), deflateBomb.length());
        vertx = Vertx.vertx();
        server = TestWebServer.start(HostileBodyTest::handle);
        fetcher = fetcher(256L << 20, 5, 20);
    }

    /** A fetcher with the 10 MiB cap, this in-flight budget and these idle and total timeouts (seconds). */
    private static HttpFetcher fetcher(long budget, int idleSeconds, int totalSeconds) {
        return new HttpFetcher(vertx, new TestFetchConfig(CAP) {
            @Override
            public long maxBytesInFlight() {
                return budget;
            }

            @Override
            public java.time.Duration idleTimeout() {
                return java.time.Duration.ofSeconds(idleSeconds);
            }

            @Override
            public java.time.Duration totalTimeout() {
                return java.time.Duration.ofSeconds(totalSeconds);
            }
        });
    }

    @AfterAll
    static void stop() throws Exception {
        fetcher.close();
        server.close();
        vertx.close();
    }

    static void handle(HttpServerRequest req) {
        String path = req.path();
        HttpServerResponse res = req.response();
        if (path.startsWith("/ordinary")) {
            acceptEncoding = req.getHeader("Accept-Encoding");
            res.putHeader("Content-Type", "text/html").end("<html>" + "ordinary ".repeat(100) + "</html>");
            return;
        }
        AtomicLong counter = new AtomicLong();   // what this response got out (the map keeps the latest per path)
        sent.put(path, counter);
        res.closeHandler(v -> closed.put(path, true));
        res.exceptionHandler(e -> closed.put(path, true));
        switch (path) {
            case "/endless" -> {
                res.setChunked(true).putHeader("Content-Type", "text/html");
                pump(res, counter, Long.MAX_VALUE, Buffer.buffer("x".repeat(64 * 1024)));
            }
            case "/200mb" -> {
                long total = 200L << 20;
                res.putHeader("Content-Type", "text/html").putHeader("Content-Length", Long.toString(total));
                pump(res, counter, total, Buffer.buffer("y".repeat(64 * 1024)));
            }
            case "/gzip-bomb" -> sendWhole(res.putHeader("Content-Encoding", "gzip"), counter, gzipBomb);
            case "/deflate-bomb" -> sendWhole(res.putHeader("Content-Encoding", "deflate"), counter, deflateBomb);
            case "/brotli" -> sendWhole(res.putHeader("Content-Encoding", "br"), counter, Buffer.buffer(new byte[16 * 1024]));
            default -> res.setStatusCode(404).end();
        }
    }

    private static void sendWhole(HttpServerResponse res, AtomicLong counter, Buffer body) {
        res.putHeader("Content-Type", "text/html").putHeader("Content-Length", Integer.toString(body.length()));
        pump(res, counter, body.length(), null, body);
    }

    private static void pump(HttpServerResponse res, AtomicLong counter, long total, Buffer chunk) {
        pump(res, counter, total, chunk, null);
    }

    /** Writes {@code chunk} (or the slices of {@code whole}) while the connection takes them, until {@code total}. */
    private static void pump(HttpServerResponse res, AtomicLong counter, long total, Buffer chunk, Buffer whole) {
        while (!res.writeQueueFull()) {
            long done = counter.get();
            if (done >= total) {
                res.end();
                return;
            }
            Buffer next;
            if (whole != null) {
                next = whole.getBuffer((int) done, (int) Math.min(total, done + 64 * 1024));
            } else {
                next = chunk.length() <= total - done ? chunk : chunk.getBuffer(0, (int) (total - done));
            }
            Future<Void> f = res.write(next);
            counter.addAndGet(next.length());
            if (f.failed() || res.closed()) {
                return;
            }
        }
        res.drainHandler(v -> pump(res, counter, total, chunk, whole));
    }

    private static byte[] zeros(boolean gzip, long size) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] block = new byte[1 << 20];
        try (var z = gzip ? new GZIPOutputStream(out, 1 << 16) : new DeflaterOutputStream(out, new Deflater(9), 1 << 16)) {
            for (long n = 0; n < size; n += block.length) {
                z.write(block);
            }
        }
        return out.toByteArray();
    }

    private static FetchResult get(String path) throws Exception {
        return fetcher.fetch(server.base() + path).toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
    }

    @Test
    void hostileBodiesCostTheCapAndNoMore() throws Exception {
        long heapBefore = heapAfterGc();
        long ordinaryAlone = ordinaryFetches();
        List<Future<FetchResult>> hostile = new ArrayList<>();
        List<String> paths = List.of("/endless", "/200mb", "/gzip-bomb", "/deflate-bomb", "/brotli");
        long t0 = System.nanoTime();
        for (String p : paths) {
            hostile.add(fetcher.fetch(server.base() + p));
        }
        long ordinaryBeside = ordinaryFetches();
        List<FetchResult> results = new ArrayList<>();
        for (Future<FetchResult> f : hostile) {
            results.add(f.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS));
        }
        long hostileMs = (System.nanoTime() - t0) / 1_000_000;
        Thread.sleep(500);   // let the server notice the resets
        List<Integer> kept = results.stream().map(r -> r.body().length).toList();
        boolean gzipDecoded = results.get(2).body().length >= 16 && new String(results.get(2).body(), 0, 16).chars().allMatch(c -> c == 0);
        results.replaceAll(r -> new FetchResult(r.url(), r.status(), r.reason(), r.headers(), new byte[0], r.truncated(), r.error(),
                r.errorMessage(), r.startedAt(), r.durationMs()));
        hostile.clear();
        long heapAfter = heapAfterGc();
        for (int i = 0; i < paths.size(); i++) {
            FetchResult r = results.get(i);
            System.out.printf("%-14s status %d, error %s, truncated %s, kept %,d bytes; server sent %,d bytes, connection closed: %s%n",
                    paths.get(i), r.status(), r.error(), r.truncated(), kept.get(i), sent.get(paths.get(i)).get(),
                    closed.containsKey(paths.get(i)));
        }
        System.out.printf("heap after GC: %,d KB before, %,d KB after; hostile fetches done in %d ms; %d ordinary fetches: %d ms alone, "
                + "%d ms beside the hostile ones (%.2f×)%n", heapBefore >> 10, heapAfter >> 10, hostileMs, ORDINARY, ordinaryAlone,
                ordinaryBeside, (double) ordinaryBeside / ordinaryAlone);

        for (int i = 0; i < 4; i++) {
            assertEquals("length", results.get(i).truncated(), paths.get(i));
            assertEquals(CAP, kept.get(i), paths.get(i));
        }
        // the bombs' few compressed bytes sit in the socket buffers at once; the two long bodies must see their connection go
        assertTrue(closed.containsKey("/endless"), "the endless body's connection was not closed at the cap");
        assertTrue(closed.containsKey("/200mb"), "the 200 MB body's connection was not closed at the cap");
        // the endless and the 200 MB body: what the server got out is the cap plus the socket buffers, nothing like their size
        assertTrue(sent.get("/endless").get() < CAP + (16 << 20), "endless body: " + sent.get("/endless").get() + " bytes sent");
        assertTrue(sent.get("/200mb").get() < CAP + (16 << 20), "200 MB body: " + sent.get("/200mb").get() + " bytes sent");
        assertTrue(gzipDecoded, "the gzip bomb decoded");
        FetchResult brotli = results.get(4);
        assertFalse(brotli.ok());
        assertEquals(FetchError.INVALID, brotli.error());
        assertTrue(brotli.errorMessage().contains("not asked for"), brotli.errorMessage());
        assertEquals("gzip, deflate", acceptEncoding);
        assertTrue(heapAfter - heapBefore < 32L << 20, "heap grew by " + ((heapAfter - heapBefore) >> 20) + " MB");
        assertEquals(0, fetcher.bytesInFlight(), "every fetch gave its bytes back");
    }

    /** A budget smaller than the bodies in flight holds them back, yet every one completes (one at a time may overdraw). */
    @Test
    void aSmallBudgetSlowsBodiesDownButNeverStallsThem() throws Exception {
        byte[] four = "z".repeat(4 << 20).getBytes();
        Buffer body = Buffer.buffer(four);
        HttpFetcher tight = fetcher(1 << 20, 10, 30);
        try (TestWebServer s = TestWebServer.start(req -> req.response().putHeader("Content-Type", "text/plain").end(body))) {
            List<Future<FetchResult>> all = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                all.add(tight.fetch(s.base() + "/" + i));
            }
            for (Future<FetchResult> f : all) {
                FetchResult r = f.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
                assertTrue(r.ok(), r.errorMessage());
                assertEquals(null, r.truncated(), "complete, not cut off while waiting");
                assertEquals(four.length, r.body().length);
            }
            assertEquals(0, tight.bytesInFlight());
        } finally {
            tight.close();
        }
    }

    /** Bombs decoded side by side stay within the shared budget plus one body cap (one body may overdraw at a time). */
    @Test
    void bombsTogetherStayWithinTheBudget() throws Exception {
        long limit = 4 << 20;
        HttpFetcher tight = fetcher(limit, 1, 30);
        java.util.concurrent.atomic.AtomicLong peak = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicBoolean running = new java.util.concurrent.atomic.AtomicBoolean(true);
        Thread watch = new Thread(() -> {
            while (running.get()) {
                peak.accumulateAndGet(tight.bytesInFlight(), Math::max);
                Thread.onSpinWait();
            }
        });
        watch.start();
        try {
            List<Future<FetchResult>> all = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                all.add(tight.fetch(server.base() + "/gzip-bomb"));
            }
            for (Future<FetchResult> f : all) {
                FetchResult r = f.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
                assertEquals("length", r.truncated());
                assertEquals(CAP, r.body().length);
            }
        } finally {
            running.set(false);
            watch.join();
            tight.close();
        }
        System.out.printf("6 gzip bombs at once, budget %,d, cap %,d: peak decoded bytes held %,d%n", limit, CAP, peak.get());
        assertTrue(peak.get() <= limit + CAP + (256 << 10), "peak " + peak.get());
    }

    @Test
    void aBodyIsTheSameWhateverItsCoding() throws Exception {
        byte[] text = ("<html>" + "same text, ".repeat(3000) + "</html>").getBytes();
        for (String coding : List.of("gzip", "deflate", "raw-deflate")) {
            Buffer encoded = Buffer.buffer(encode(coding, text));
            try (TestWebServer s = TestWebServer.start(req -> req.response().putHeader("Content-Encoding",
                    coding.equals("raw-deflate") ? "deflate" : coding).end(encoded))) {
                FetchResult r = fetcher.fetch(s.base() + "/").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
                assertTrue(r.ok(), coding + ": " + r.errorMessage());
                assertEquals(new String(text), new String(r.body()), coding);
            }
        }
        try (TestWebServer s = TestWebServer.start(req -> req.response().putHeader("Content-Encoding", "gzip").end("not gzip at all"))) {
            FetchResult r = fetcher.fetch(s.base() + "/").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            assertEquals(FetchError.INVALID, r.error());
            assertTrue(r.errorMessage().contains("not gzip"), r.errorMessage());
        }
    }

    private static byte[] encode(String coding, byte[] text) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        var z = switch (coding) {
            case "gzip" -> new GZIPOutputStream(out);
            case "deflate" -> new DeflaterOutputStream(out, new Deflater());
            default -> new DeflaterOutputStream(out, new Deflater(Deflater.DEFAULT_COMPRESSION, true));
        };
        z.write(text);
        z.close();
        return out.toByteArray();
    }

    private static long ordinaryFetches() throws Exception {
        long t0 = System.nanoTime();
        List<Future<FetchResult>> all = new ArrayList<>();
        for (int i = 0; i < ORDINARY; i++) {
            all.add(fetcher.fetch(server.base() + "/ordinary/" + i));
            if (all.size() == 8) {
                for (Future<FetchResult> f : all) {
                    assertTrue(f.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS).ok());
                }
                all.clear();
            }
        }
        for (Future<FetchResult> f : all) {
            assertTrue(f.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS).ok());
        }
        return Math.max(1, (System.nanoTime() - t0) / 1_000_000);
    }

    private static long heapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
