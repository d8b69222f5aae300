package io.trawler.bench;

import io.trawler.fetch.FetchResult;
import io.trawler.order.TextAnalysis;
import io.trawler.parse.HtmlParser;
import io.trawler.search.CrawlIndex;
import io.trawler.store.LocalWarcArchive;
import io.trawler.store.PageText;
import io.trawler.store.WarcRecordReader;
import io.trawler.store.WarcStore;
import io.trawler.testsite.GeneratedSite;
import io.trawler.testsupport.SharedData;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What the search indexer spends per page, stage by stage, on one thread (CPU time). Before: reading a stored body
 * back (a gzip member inflated and decoded), extracting title and main text (jsoup, as the page view does), analysing
 * the text (Lucene's tokenizer and filters alone), and indexing it (a {@link CrawlIndex} in a temporary directory,
 * batches of 500, a commit every 2,000 pages, as the indexer's two-second steps). Now: reading the text the worker
 * stored beside each page (its conversion record, written by a real {@link WarcStore}) and indexing it; and what
 * storing that text adds to the worker (CPU and WARC bytes); the analysis chain's steps against TextAnalysis's one-pass
 * tokenizer; and what the text field's index options cost. Pages: the crawl benchmark's generated site (8 KB pages) and
 * the real blog of {@code ../shared/data} (2,549 pages).
 *
 * <p>{@code ./mvnw test -Pbenchmark -Dtest=SearchIndexBenchmark}
 */
@Tag("benchmark")
class SearchIndexBenchmark {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    record Body(String url, byte[] gzipped) {
    }

    @Test
    void stagesPerPage() throws Exception {
        Path work = Files.createTempDirectory("search-bench");
        Path generated = CrawlBenchmark.writeSite(work.resolve("site"), 5_000, "http://127.0.0.1:1");
        report("generated site (5,000 pages of ~8 KB)", bodies(generated, "http://127.0.0.1:1/"), work);
        analysers(bodies(generated, "http://127.0.0.1:1/"));
        indexOptions(bodies(generated, "http://127.0.0.1:1/"), work);
        List<Body> blog = bodies(SharedData.blog(), "https://dustinpfister.github.io/");
        report("real blog (2,549 pages)", blog, work);
        analysers(blog);
        CrawlBenchmark.deleteTree(work);
    }

    private static List<Body> bodies(Path root, String base) throws IOException {
        List<Body> out = new ArrayList<>();
        try (var files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".html")).sorted().toList()) {
                out.add(new Body(base + root.relativize(f).toString().replace('\\', '/'), gzip(Files.readAllBytes(f))));
            }
        }
        return out;
    }

    private static void report(String name, List<Body> pages, Path work) throws Exception {
        double[] best = null;
        for (int pass = 0; pass < 4; pass++) {   // the first passes warm the JIT; the best of the rest is printed
            double[] t = pass(pages, work.resolve("pass-" + pass));
            if (pass > 0 && (best == null || t[4] + t[6] < best[4] + best[6])) {
                best = t;
            }
        }
        double us = 1e6 / pages.size();   // µs of CPU per page from s of CPU for all pages
        System.out.printf("%s, per page, µs of CPU:%n"
                        + "  parsing the stored page again (before): read %.0f, main text %.0f, analysis %.0f, index (with its analysis) %.0f;"
                        + " all %.0f (%.3f CPU-s per 1,000 pages)%n"
                        + "  the worker's stored text (now): read the conversion record %.0f, index %.0f; all %.0f (%.3f CPU-s per 1,000 pages),"
                        + " %.1fx less%n"
                        + "  what storing the text adds to the worker: %.0f µs of CPU (writing the records: %.0f without it, %.0f with it),"
                        + " %.0f bytes (%.1f %% of the WARC's)%n"
                        + "  reading the conversion records in batches of 500, each file opened once (the indexer's path): %.1f µs%n",
                name, best[0] * us, best[1] * us, best[2] * us, best[3] * us, best[4] * us, best[4] * us / 1e3,
                best[5] * us, best[3] * us, best[6] * us, best[6] * us / 1e3, best[4] / best[6],
                (best[8] - best[7]) * us, best[7] * us, best[8] * us, (best[10] - best[9]) / pages.size(), 100.0 * (best[10] - best[9]) / best[9], best[11] * us);
    }

    /**
     * Seconds of CPU: read, main text, analysis alone, indexing, read + main text + indexing (before); reading the
     * conversion records, reading them + indexing (now); writing the pages' records without and with their text; and
     * the WARC bytes without and with it.
     */
    private static double[] pass(List<Body> pages, Path dir) throws Exception {
        long read = 0;
        long text = 0;
        long analysis = 0;
        List<CrawlIndex.Doc> docs = new ArrayList<>(pages.size());
        List<PageText> texts = new ArrayList<>(pages.size());
        long id = 0;
        for (Body b : pages) {
            long t0 = THREADS.getCurrentThreadCpuTime();
            String html = new String(gunzip(b.gzipped()), StandardCharsets.UTF_8);
            long t1 = THREADS.getCurrentThreadCpuTime();
            HtmlParser.Readable r = HtmlParser.readable(html, b.url());
            long t2 = THREADS.getCurrentThreadCpuTime();
            PageText page = new PageText(r.title(), r.mainText());
            docs.add(new CrawlIndex.Doc(++id, b.url(), 200, page.title(), page.mainText()));
            texts.add(page);
            tokens(page.title() + "\n" + page.mainText());
            long t3 = THREADS.getCurrentThreadCpuTime();
            read += t1 - t0;
            text += t2 - t1;
            analysis += t3 - t2;
        }
        long indexing = index(docs, dir.resolve("index"));
        // the worker's side: the same pages written as WARC records, without their text and with it
        Written plain = write(pages, null, dir.resolve("warc-plain"));
        Written withText = write(pages, texts, dir.resolve("warc-text"));
        // the indexer's side now: each page's text read from its conversion record
        WarcRecordReader reader = new WarcRecordReader(dir.resolve("warc-text"), new LocalWarcArchive(dir.resolve("warc-text")));
        long t5 = THREADS.getCurrentThreadCpuTime();
        List<CrawlIndex.Doc> stored = new ArrayList<>(pages.size());
        for (int i = 0; i < pages.size(); i++) {
            PageText t = reader.text(withText.file(), withText.textOffsets()[i]).orElseThrow();
            stored.add(new CrawlIndex.Doc(i + 1, pages.get(i).url(), 200, t.title(), t.mainText()));
        }
        long readText = THREADS.getCurrentThreadCpuTime() - t5;
        // as the indexer reads them: a batch of 500 pages' texts with their file opened once
        long t6 = THREADS.getCurrentThreadCpuTime();
        List<CrawlIndex.Doc> batched = new ArrayList<>(pages.size());
        for (int from = 0; from < pages.size(); from += 500) {
            long[] offsets = java.util.Arrays.copyOfRange(withText.textOffsets(), from, Math.min(pages.size(), from + 500));
            java.util.Map<Long, PageText> found = reader.texts(withText.file(), offsets);
            for (int i = 0; i < offsets.length; i++) {
                PageText t = found.get(offsets[i]);
                batched.add(new CrawlIndex.Doc(from + i + 1, pages.get(from + i).url(), 200, t.title(), t.mainText()));
            }
        }
        long readBatched = THREADS.getCurrentThreadCpuTime() - t6;
        if (!batched.equals(docs)) {
            throw new IllegalStateException("the texts read in batches differ from the page's");
        }
        if (!stored.equals(docs)) {
            throw new IllegalStateException("the stored text differs from the page's");
        }
        CrawlBenchmark.deleteTree(dir);
        return new double[] {read / 1e9, text / 1e9, analysis / 1e9, indexing / 1e9, (read + text + indexing) / 1e9,
                readText / 1e9, (readText + indexing) / 1e9, plain.cpuNanos() / 1e9, withText.cpuNanos() / 1e9, plain.bytes(), withText.bytes(), readBatched / 1e9};
    }

    /** What writing the pages' records cost: CPU, the file and its size, and where each page's text went (-1: none). */
    private record Written(long cpuNanos, String file, long bytes, long[] textOffsets) {
    }

    /** Writes every page's exchange (with its text when {@code texts} is given) into one WARC file. */
    private static Written write(List<Body> pages, List<PageText> texts, Path dir) throws Exception {
        List<FetchResult> fetched = new ArrayList<>(pages.size());
        for (Body b : pages) {
            fetched.add(new FetchResult(b.url(), 200, "OK", List.of(Map.entry("Content-Type", "text/html; charset=utf-8")),
                    gunzip(b.gzipped()), null, null, null, Instant.parse("2026-11-29T00:00:00Z"), 10));
        }
        List<Map.Entry<String, String>> request = List.of(Map.entry("User-Agent", "bench"));
        long[] offsets = new long[pages.size()];
        String file = null;
        long t0 = THREADS.getCurrentThreadCpuTime();
        try (WarcStore store = new WarcStore(dir, Long.MAX_VALUE, "bench", "bench")) {
            for (int i = 0; i < fetched.size(); i++) {
                WarcStore.Stored s = store.write(fetched.get(i), request, null, texts == null ? null : texts.get(i));
                file = s.file();
                offsets[i] = s.textOffset() == null ? -1 : s.textOffset();
            }
        }
        long cpu = THREADS.getCurrentThreadCpuTime() - t0;
        return new Written(cpu, file, Files.size(dir.resolve(file)), offsets);
    }

    /** Nanoseconds of CPU to index the documents as the indexer does: batches of 500, a commit every 2,000. */
    private static long index(List<CrawlIndex.Doc> docs, Path dir) throws IOException {
        long t0 = THREADS.getCurrentThreadCpuTime();
        try (CrawlIndex index = new CrawlIndex(dir)) {
            for (int from = 0; from < docs.size(); from += 500) {
                List<CrawlIndex.Doc> batch = docs.subList(from, Math.min(docs.size(), from + 500));
                index.addUncommitted(batch);
                if ((from + 500) % 2_000 == 0 || from + 500 >= docs.size()) {
                    index.commit(batch.get(batch.size() - 1).pageId());
                }
            }
        }
        return THREADS.getCurrentThreadCpuTime() - t0;
    }

    /** The analysis chain's parts, in one run: its cost up to each step, and TextAnalysis's one-pass tokenizer against the chain. */
    static void analysers(List<Body> pages) throws Exception {
        List<String> texts = new ArrayList<>();
        for (Body b : pages) {
            HtmlParser.Readable r = HtmlParser.readable(new String(gunzip(b.gzipped()), StandardCharsets.UTF_8), b.url());
            texts.add(r.mainText());
        }
        java.util.Map<String, org.apache.lucene.analysis.Analyzer> as = new java.util.LinkedHashMap<>();
        as.put("the tokenizer alone", analyzer(t -> t));
        as.put("up to stop words (width, lower case, CJK bigrams, stop words)", analyzer(t -> new org.apache.lucene.analysis.StopFilter(
                new org.apache.lucene.analysis.cjk.CJKBigramFilter(new org.apache.lucene.analysis.LowerCaseFilter(
                        new org.apache.lucene.analysis.cjk.CJKWidthFilter(t))), org.apache.lucene.analysis.en.EnglishAnalyzer.ENGLISH_STOP_WORDS_SET)));
        as.put("all, Lucene's PorterStemFilter (before)", analyzer(t -> new org.apache.lucene.analysis.en.PorterStemFilter(
                new org.apache.lucene.analysis.StopFilter(new org.apache.lucene.analysis.cjk.CJKBigramFilter(
                        new org.apache.lucene.analysis.LowerCaseFilter(new org.apache.lucene.analysis.cjk.CJKWidthFilter(t))),
                        org.apache.lucene.analysis.en.EnglishAnalyzer.ENGLISH_STOP_WORDS_SET))));
        as.put("all, the ASCII stretches in one pass (TextAnalysis, WordTokenizer)", TextAnalysis.analyzer());
        for (int pass = 0; pass < 3; pass++) {
            for (var e : as.entrySet()) {
                long t0 = THREADS.getCurrentThreadCpuTime();
                long n = 0;
                for (String t : texts) {
                    try (TokenStream ts = e.getValue().tokenStream("text", t)) {
                        ts.reset();
                        while (ts.incrementToken()) {
                            n++;
                        }
                        ts.end();
                    }
                }
                if (pass == 2) {
                    System.out.printf("  analysis, %s: %.0f µs of CPU per page (%d terms, %d characters)%n", e.getKey(),
                            (THREADS.getCurrentThreadCpuTime() - t0) / 1e3 / texts.size(), n / texts.size(),
                            texts.stream().mapToInt(String::length).sum() / texts.size());
                }
            }
        }
    }

    /**
     * What the text field's index options cost (the text alone, analysed as TextAnalysis does, batches of 500, a commit
     * every 2,000): positions (as CrawlIndex, for phrases), frequencies only, no norms, a 64 MB buffer; and CrawlIndex.
     */
    static void indexOptions(List<Body> pages, Path work) throws Exception {
        List<CrawlIndex.Doc> docs = new ArrayList<>();
        long id = 0;
        for (Body b : pages) {
            HtmlParser.Readable r = HtmlParser.readable(new String(gunzip(b.gzipped()), StandardCharsets.UTF_8), b.url());
            docs.add(new CrawlIndex.Doc(++id, b.url(), 200, r.title(), r.mainText()));
        }
        var positions = org.apache.lucene.document.TextField.TYPE_NOT_STORED;
        var freqs = new org.apache.lucene.document.FieldType(positions);
        freqs.setIndexOptions(org.apache.lucene.index.IndexOptions.DOCS_AND_FREQS);
        var noNorms = new org.apache.lucene.document.FieldType(positions);
        noNorms.setOmitNorms(true);
        java.util.Map<String, java.util.function.Function<Path, Long>> ways = new java.util.LinkedHashMap<>();
        ways.put("the text field with positions (as CrawlIndex)", dir -> textOnly(docs, dir, positions, 16));
        ways.put("frequencies only (no phrases)", dir -> textOnly(docs, dir, freqs, 16));
        ways.put("positions, no norms (no length in the ranking)", dir -> textOnly(docs, dir, noNorms, 16));
        ways.put("positions, a 64 MB buffer", dir -> textOnly(docs, dir, positions, 64));
        ways.put("CrawlIndex (URL, title, snippet, ids, status too)", dir -> {
            try {
                return index(docs, dir);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        for (int pass = 0; pass < 3; pass++) {
            for (var e : ways.entrySet()) {
                Path dir = work.resolve("options-" + pass + "-" + Integer.toHexString(e.getKey().hashCode()));
                long nanos = e.getValue().apply(dir);
                CrawlBenchmark.deleteTree(dir);
                if (pass == 2) {
                    System.out.printf("  indexing, %s: %.0f µs of CPU per page, its analysis included%n", e.getKey(), nanos / 1e3 / docs.size());
                }
            }
        }
    }

    private static long textOnly(List<CrawlIndex.Doc> docs, Path dir, org.apache.lucene.document.FieldType type, int bufferMb) {
        long t0 = THREADS.getCurrentThreadCpuTime();
        try (var d = new org.apache.lucene.store.NIOFSDirectory(dir); var w = new org.apache.lucene.index.IndexWriter(d,
                new org.apache.lucene.index.IndexWriterConfig(TextAnalysis.analyzer()).setRAMBufferSizeMB(bufferMb))) {
            for (int from = 0; from < docs.size(); from += 500) {
                List<org.apache.lucene.document.Document> block = new ArrayList<>();
                for (CrawlIndex.Doc doc : docs.subList(from, Math.min(docs.size(), from + 500))) {
                    var x = new org.apache.lucene.document.Document();
                    x.add(new org.apache.lucene.document.Field("text", doc.title() + "\n" + doc.text(), type));
                    block.add(x);
                }
                w.addDocuments(block);
                if ((from + 500) % 2_000 == 0 || from + 500 >= docs.size()) {
                    w.commit();
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return THREADS.getCurrentThreadCpuTime() - t0;
    }

    private static org.apache.lucene.analysis.Analyzer analyzer(java.util.function.UnaryOperator<TokenStream> filters) {
        return new org.apache.lucene.analysis.Analyzer() {
            @Override
            protected TokenStreamComponents createComponents(String field) {
                var source = new org.apache.lucene.analysis.standard.StandardTokenizer();
                return new TokenStreamComponents(source, filters.apply(source));
            }
        };
    }

    private static int tokens(String text) throws IOException {
        int n = 0;
        try (TokenStream ts = TextAnalysis.analyzer().tokenStream("text", text)) {
            ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                n++;
            }
            ts.end();
        }
        return n;
    }

    private static byte[] gzip(byte[] b) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(b);
        }
        return out.toByteArray();
    }

    private static byte[] gunzip(byte[] b) throws IOException {
        try (GZIPInputStream z = new GZIPInputStream(new java.io.ByteArrayInputStream(b))) {
            return z.readAllBytes();
        }
    }
}
