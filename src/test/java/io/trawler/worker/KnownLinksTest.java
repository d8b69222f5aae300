package io.trawler.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.trawler.frontier.Discovery;
import io.trawler.frontier.FrontierEntry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KnownLinksTest {

    private static Discovery link(int lane, String url) {
        return new Discovery(lane, FrontierEntry.of(url, 1), "fifo");
    }

    @Test
    void onlyLinksNotHandedOverYetAreSentAndOnlyOnceTheFrontierTookThem() {
        KnownLinks known = new KnownLinks(100);
        List<Discovery> page = List.of(link(0, "http://a.example/"), link(0, "http://a.example/x"), link(1, "http://a.example/x"));
        assertEquals(page, known.unknown(page));
        assertEquals(page, known.unknown(page), "nothing is remembered before the completion succeeded");
        known.remember(page.subList(0, 2));
        assertEquals(List.of(page.get(2)), known.unknown(page), "the same URL in another lane is another link");
        List<Discovery> next = List.of(link(0, "http://a.example/y"), link(0, "http://a.example/x"));
        assertEquals(List.of(next.get(0)), known.unknown(next));
    }

    @Test
    void boundedItStartsAgainEmpty() {
        KnownLinks known = new KnownLinks(50);
        List<Discovery> links = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            Discovery d = link(0, "http://a.example/p" + i);
            links.add(d);
            known.remember(List.of(d));
            assertEquals(true, known.size() <= 50);
        }
        // the last ones are known, the earliest were forgotten: they are sent again (the frontier refuses them as seen)
        assertEquals(List.of(), known.unknown(links.subList(110, 120)));
        assertEquals(links.subList(0, 10), known.unknown(links.subList(0, 10)));
    }
}
