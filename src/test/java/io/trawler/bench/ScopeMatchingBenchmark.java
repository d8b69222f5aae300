package io.trawler.bench;

import io.trawler.parse.CrawlScope;
import io.trawler.site.ScopeIndex;
import io.trawler.site.Site;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Scope matching against hostile patterns: the exclude pattern {@code (.*a){12}$} on a 2,000-character URL with
 * RE2J against java.util.regex (one URL, bounded), and the sites covering 20 signals among 1,000 sites that all
 * carry that pattern, found by host first.
 *
 * <p>{@code ./mvnw test -Pbenchmark -Dtest=ScopeMatchingBenchmark}
 */
@Tag("benchmark")
class ScopeMatchingBenchmark {

    static final String HOSTILE = "(.*a){12}$";

    @Test
    void hostilePatterns() {
        String url = "http://a.test/" + "a".repeat(22) + "b";
        long t0 = System.nanoTime();
        Pattern.compile(HOSTILE).matcher(url).find();
        double backtracking = (System.nanoTime() - t0) / 1e6;
        CrawlScope scope = new CrawlScope(List.of("a.test"), List.of(), List.of(HOSTILE), 10);
        String longUrl = "http://a.test/" + "a".repeat(2000) + "b";
        long t1 = System.nanoTime();
        for (int i = 0; i < 100; i++) {
            scope.check(longUrl, 1);
        }
        double re2 = (System.nanoTime() - t1) / 1e6 / 100;
        System.out.printf("(.*a){12}$: java.util.regex %.1f ms on a 37-character URL; RE2J %.2f ms on a 2,015-character URL%n",
                backtracking, re2);

        List<Site> sites = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            Site s = new Site();
            s.id = "s" + i;
            s.hosts = List.of("host" + i + ".test");
            s.include = List.of();
            s.exclude = List.of(HOSTILE);
            sites.add(s);
        }
        long t2 = System.nanoTime();
        ScopeIndex index = new ScopeIndex(sites);
        double build = (System.nanoTime() - t2) / 1e6;
        long t3 = System.nanoTime();
        int covered = 0;
        for (int i = 0; i < 20; i++) {
            covered += index.covering("http://host" + (i * 37) + ".test/" + "a".repeat(2000) + "b").size();
        }
        System.out.printf("20 signals among 1,000 sites with that pattern: index built in %.1f ms, matched in %.2f ms (%d covered)%n", build,
                (System.nanoTime() - t3) / 1e6, covered);
    }
}
