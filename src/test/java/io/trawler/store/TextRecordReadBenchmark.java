package io.trawler.store;

import io.trawler.fetch.FetchResult;
import io.trawler.parse.HtmlParser;
import io.trawler.testsupport.SharedData;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What reading a page's text record costs the search indexer, in one JVM, the two ways interleaved (µs of CPU per
 * record, one thread): each member inflated into a new array and parsed by jwarc's reader (before), against inflated
 * into the batch's buffers and read in place ({@link ConversionBlock}, the indexer's batched path now); and the
 * inflating alone. Real text: the blog's pages (their title and main text) and the BBC articles.
 *
 * <pre>./mvnw test -Pbenchmark -Dtest=TextRecordReadBenchmark</pre>
 */
@Tag("benchmark")
class TextRecordReadBenchmark {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int MAX = PageText.MAX_BLOCK_BYTES + 4096;

    @TempDir
    Path dir;

    @Test
    void textRecordReads() throws Exception {
        List<PageText> texts = new ArrayList<>();
        for (Path page : SharedData.blogPages(Integer.MAX_VALUE)) {
            HtmlParser.Readable r = HtmlParser.readable(Files.readString(page, StandardCharsets.UTF_8), "https://dustinpfister.github.io/");
            texts.add(new PageText(r.title(), r.mainText()));
        }
        int blog = texts.size();
        try (Stream<Path> files = Files.walk(SharedData.bbcCorpus())) {
            for (Path f : files.filter(p -> p.toString().endsWith(".txt")).sorted().toList()) {
                String article = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                int nl = article.indexOf('\n');
                texts.add(new PageText(nl < 0 ? article : article.substring(0, nl), nl < 0 ? "" : article.substring(nl + 1)));
            }
        }
        report("blog pages", texts.subList(0, blog));
        report("BBC articles", texts.subList(blog, texts.size()));
    }

    private void report(String name, List<PageText> texts) throws Exception {
        Path warcs = Files.createTempDirectory(dir, "warc");
        long[] offsets = new long[texts.size()];
        String file = null;
        long chars = 0;
        try (WarcStore store = new WarcStore(warcs, Long.MAX_VALUE, "bench", "bench")) {
            for (int i = 0; i < texts.size(); i++) {
                WarcStore.Stored s = store.write(new FetchResult("http://a.test/" + i, 200, "OK", List.of(Map.entry("Content-Type", "text/html")),
                        "<html></html>".getBytes(StandardCharsets.UTF_8), null, null, null, Instant.parse("2026-11-29T00:00:00Z"), 3),
                        List.of(Map.entry("User-Agent", "bench")), null, texts.get(i));
                offsets[i] = s.textOffset();
                file = s.file();
                chars += texts.get(i).title().length() + 1 + texts.get(i).mainText().length();
            }
        }
        Path path = warcs.resolve(file);
        WarcRecordReader reader = new WarcRecordReader(warcs, new LocalWarcArchive(warcs));
        List<Double> before = new ArrayList<>();
        List<Double> now = new ArrayList<>();
        List<Double> inflating = new ArrayList<>();
        for (int round = 0; round < 8; round++) {   // interleaved; the first two rounds warm the JIT
            double b = perRecord(() -> {
                try (FileChannel ch = FileChannel.open(path)) {
                    for (long offset : offsets) {
                        byte[] member = GzipMember.read(ch, offset, MAX).orElseThrow();
                        check(ConversionBlockTest.byJwarc(member));
                    }
                }
            }, offsets.length);
            String f = file;
            double n = perRecord(() -> {
                for (int from = 0; from < offsets.length; from += 500) {
                    Map<Long, PageText> read = reader.texts(f, Arrays.copyOfRange(offsets, from, Math.min(offsets.length, from + 500)));
                    check(read.get(offsets[from]));
                }
            }, offsets.length);
            double z = perRecord(() -> {
                try (FileChannel ch = FileChannel.open(path)) {
                    GzipMember.Buffers buffers = new GzipMember.Buffers();
                    for (long offset : offsets) {
                        GzipMember.inflate(ch, offset, MAX, buffers, (content, length) -> { });
                    }
                }
            }, offsets.length);
            if (round >= 2) {
                before.add(b);
                now.add(n);
                inflating.add(z);
            }
        }
        System.out.printf("%s (%,d records, %,d characters each on average), µs of CPU per text record, median of 6 interleaved rounds:"
                        + " a new array and jwarc's reader (before) %.1f; the batch's buffers, read in place, in batches of 500 (now) %.1f (%.2fx);"
                        + " of which inflating %.1f%n", name, texts.size(), chars / texts.size(), median(before), median(now),
                median(now) / median(before), median(inflating));
    }

    private static void check(PageText t) {
        if (t == null) {
            throw new IllegalStateException("a text record was not read");
        }
    }

    private interface Body {
        void run() throws Exception;
    }

    private static double perRecord(Body body, int records) throws Exception {
        long t0 = THREADS.getCurrentThreadCpuTime();
        body.run();
        return (THREADS.getCurrentThreadCpuTime() - t0) / 1e3 / records;
    }

    private static double median(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        s.sort(null);
        return s.size() % 2 == 1 ? s.get(s.size() / 2) : (s.get(s.size() / 2 - 1) + s.get(s.size() / 2)) / 2;
    }
}
