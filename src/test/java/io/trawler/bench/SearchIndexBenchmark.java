package io.trawler.bench;

import io.trawler.order.TextAnalysis;
import io.trawler.parse.HtmlParser;
import io.trawler.search.CrawlIndex;
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
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What the search indexer spends per page, stage by stage, on one thread (CPU time): reading a stored body back (a
 * gzip member inflated and decoded), extracting title and main text (jsoup, as the page view does), analysing the text
 * (Lucene's tokenizer and filters alone), and indexing it (a {@link CrawlIndex} in a temporary directory, batches of
 * 500, a commit every 2,000 pages, as the indexer's two-second steps). Pages: the crawl benchmark's generated site
 * (8 KB pages) and the real blog of {@code ../shared/data} (2,549 pages).
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
            double[] t = pass(pages, work.resolve("index-" + pass));
            if (pass > 0 && (best == null || t[4] < best[4])) {
                best = t;
            }
        }
        double per = 1e3 / pages.size();   // ms of CPU per page from s of CPU in all... in µs below
        System.out.printf("%s: per page, µs of CPU: read %.0f, main text %.0f, analysis %.0f, index (with its analysis) %.0f;"
                        + " all %.0f (%.3f CPU-s per 1,000 pages)%n", name, best[0] * per * 1e3, best[1] * per * 1e3, best[2] * per * 1e3,
                best[3] * per * 1e3, best[4] * per * 1e3, best[4] * per);
    }

    /** Seconds of CPU: read, main text, analysis alone, indexing, and read + main text + indexing. */
    private static double[] pass(List<Body> pages, Path dir) throws Exception {
        long read = 0;
        long text = 0;
        long analysis = 0;
        List<CrawlIndex.Doc> docs = new ArrayList<>(pages.size());
        long id = 0;
        for (Body b : pages) {
            long t0 = THREADS.getCurrentThreadCpuTime();
            String html = new String(gunzip(b.gzipped()), StandardCharsets.UTF_8);
            long t1 = THREADS.getCurrentThreadCpuTime();
            HtmlParser.Readable r = HtmlParser.readable(html, b.url());
            long t2 = THREADS.getCurrentThreadCpuTime();
            String title = r.title() == null ? "" : r.title();
            docs.add(new CrawlIndex.Doc(++id, b.url(), 200, title, r.mainText()));
            tokens(title + "\n" + r.mainText());
            long t3 = THREADS.getCurrentThreadCpuTime();
            read += t1 - t0;
            text += t2 - t1;
            analysis += t3 - t2;
        }
        long t4 = THREADS.getCurrentThreadCpuTime();
        try (CrawlIndex index = new CrawlIndex(dir)) {
            for (int from = 0; from < docs.size(); from += 500) {
                List<CrawlIndex.Doc> batch = docs.subList(from, Math.min(docs.size(), from + 500));
                index.addUncommitted(batch);
                if ((from + 500) % 2_000 == 0 || from + 500 >= docs.size()) {
                    index.commit(batch.get(batch.size() - 1).pageId());
                }
            }
        }
        long indexing = THREADS.getCurrentThreadCpuTime() - t4;
        CrawlBenchmark.deleteTree(dir);
        return new double[] {read / 1e9, text / 1e9, analysis / 1e9, indexing / 1e9, (read + text + indexing) / 1e9};
    }

    /** The analysis chain's parts, in one run: its cost up to each step, and Lucene's stemmer against remembered stems. */
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
        as.put("all, stems remembered (TextAnalysis)", TextAnalysis.analyzer());
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
