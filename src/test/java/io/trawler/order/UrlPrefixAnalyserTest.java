package io.trawler.order;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The URL analyser of seed 003 on its sohu.com example URLs, S, M and U computed by hand (f = 3). */
class UrlPrefixAnalyserTest {

    static final String U1 = "http://news.sohu.com/20110225/n279530112.shtml";
    static final String U2 = "http://news.sohu.com/20110224/n279505996.shtml";
    static final String U3 = "http://news.sohu.com/20110124/n279044809.shtml";
    static final String U4 = "http://news.sohu.com/20110224/n279500720.shtml";
    static final String U5 = "http://star.news.sohu.com/";
    static final String U6 = "http://t.sohu.com/p/m/484111946";

    @Test
    void prefixesEndInASlashAndStopAtTheQuery() {
        assertEquals(List.of("http://news.sohu.com/", "http://news.sohu.com/20110225/"), UrlPrefixAnalyser.prefixes(U1));
        assertEquals(List.of("http://star.news.sohu.com/"), UrlPrefixAnalyser.prefixes(U5));
        assertEquals(List.of("http://t.sohu.com/", "http://t.sohu.com/p/", "http://t.sohu.com/p/m/"), UrlPrefixAnalyser.prefixes(U6));
        assertEquals(List.of("http://a.com/", "http://a.com/x/"), UrlPrefixAnalyser.prefixes("http://a.com/x/y?z=/1/2/"));
        assertEquals(List.of("http://a.com/"), UrlPrefixAnalyser.prefixes("http://a.com"));
    }

    @Test
    void theSeedsExample() {
        // (1)(2)(3) relevant: the one maximal frequent string is http://news.sohu.com/ (each date appears once)
        UrlPrefixAnalyser queue2 = new UrlPrefixAnalyser(3);
        List.of(U1, U2, U3).forEach(queue2::add);
        Set<String> s = queue2.maximalPrefixes();
        assertEquals(Set.of("http://news.sohu.com/"), s);

        // queue 3: (4), (5), (6) and three more t.sohu.com/p/m/ pages; M = {t.sohu.com/p/m/} (news.sohu.com/ has 1, star 1)
        UrlPrefixAnalyser queue3 = new UrlPrefixAnalyser(3);
        List.of(U4, U5, U6, "http://t.sohu.com/p/m/1", "http://t.sohu.com/p/m/2", "http://news.sohu.com/20110224/x.shtml")
                .forEach(queue3::add);
        assertEquals(Set.of("http://t.sohu.com/p/m/"), queue3.maximalPrefixes());
        // U = M − S = {t.sohu.com/p/m/}

        FocusSettings f = FocusSettings.DEFAULTS;
        assertEquals(1.5, UrlPrefixAnalyser.multiplier("http://news.sohu.com/20110301/n1.shtml", queue2, queue3, f), "matches S: × a");
        assertEquals(0.5, UrlPrefixAnalyser.multiplier("http://t.sohu.com/p/m/999", queue2, queue3, f), "matches U: × b");
        assertEquals(1.0, UrlPrefixAnalyser.multiplier("http://t.sohu.com/q/1", queue2, queue3, f), "matches neither");
        assertEquals(1.0, UrlPrefixAnalyser.multiplier(U5, queue2, queue3, f), "star.news.sohu.com is another host");

        // one more relevant page under 20110224/ and a third: the date becomes frequent, news.sohu.com/ stops being maximal
        queue2.add(U4);
        queue2.add("http://news.sohu.com/20110224/n3.shtml");
        assertEquals(Set.of("http://news.sohu.com/20110224/"), queue2.maximalPrefixes());
        assertEquals(1.0, UrlPrefixAnalyser.multiplier("http://news.sohu.com/20110301/n1.shtml", queue2, queue3, f));
        assertEquals(1.5, UrlPrefixAnalyser.multiplier("http://news.sohu.com/20110224/n9.shtml", queue2, queue3, f));
    }

    @Test
    void aPrefixFrequentInBothQueuesIsNotInU() {
        UrlPrefixAnalyser rel = new UrlPrefixAnalyser(2);
        UrlPrefixAnalyser irr = new UrlPrefixAnalyser(2);
        List.of("http://a.com/x/1", "http://a.com/x/2").forEach(rel::add);
        List.of("http://a.com/x/3", "http://a.com/x/4", "http://a.com/y/1", "http://a.com/y/2").forEach(irr::add);
        assertEquals(Set.of("http://a.com/x/"), rel.maximalPrefixes());
        assertEquals(Set.of("http://a.com/x/", "http://a.com/y/"), irr.maximalPrefixes());
        FocusSettings f = new FocusSettings(2, 1.5, 0.5);
        assertEquals(1.5, UrlPrefixAnalyser.multiplier("http://a.com/x/9", rel, irr, f));
        assertEquals(0.5, UrlPrefixAnalyser.multiplier("http://a.com/y/9", rel, irr, f));
    }
}
