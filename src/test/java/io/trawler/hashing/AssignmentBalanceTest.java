package io.trawler.hashing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trawler.partition.BalanceReport;
import io.trawler.testsite.StaticSite;
import io.trawler.testsupport.SharedData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Node assignment balance on real URLs: the Hollins and EPA graphs and the real blog, together. */
class AssignmentBalanceTest {

    static List<String> urls;

    @BeforeAll
    static void load() throws IOException {
        urls = new ArrayList<>(BalanceReport.readUrls(List.of(SharedData.path("graphs/hollins-urls.txt"),
                SharedData.path("graphs/epa-urls.txt"))));
        Path blog = StaticSite.extract(SharedData.path("sites/dustinpfister.tar.gz"), Path.of("target/sites/dustinpfister"));
        try (Stream<Path> files = Files.walk(blog)) {
            files.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().startsWith("."))
                    .forEach(f -> urls.add("https://dustinpfister.github.io/" + blog.relativize(f).toString().replace('\\', '/')));
        }
    }

    @Test
    void pathHashSpreadsEvenlyOverSevenNodes() {
        AssignmentBalance b = AssignmentBalance.measure(urls, PathHashAssignment::new, 7);
        System.out.print(BalanceReport.report(urls, 7));
        assertTrue(urls.size() > 13_000, "URLs: " + urls.size());
        assertTrue(b.maxOverMean() <= 1.05, "max/mean " + b.maxOverMean());
    }

    @Test
    void consistentRingMovesOnlyTheFailedNodesUrls() {
        ConsistentHashRing ring = new ConsistentHashRing(7, 160);
        int[] before = new int[urls.size()];
        for (int i = 0; i < urls.size(); i++) {
            before[i] = ring.nodeOf(urls.get(i));
        }
        ring.setDown(3, true);
        int moved = 0;
        for (int i = 0; i < urls.size(); i++) {
            int after = ring.nodeOf(urls.get(i));
            if (before[i] == 3) {
                assertTrue(after != 3);
                moved++;
            } else {
                assertEquals(before[i], after, "only node 3's URLs move: " + urls.get(i));
            }
        }
        assertTrue(moved > 0);
    }

    @Test
    void modAssignmentsReshuffleWhenANodeLeaves() {
        AssignmentBalance host = AssignmentBalance.measure(urls, HostHashAssignment::new, 7);
        AssignmentBalance ring = AssignmentBalance.measure(urls, n -> new ConsistentHashRing(n, 160), 7);
        assertTrue(host.movedOnLeave() > 0.5, "mod m moves most URLs: " + host.movedOnLeave());
        assertTrue(ring.movedOnLeave() < 0.3, "the ring moves about one node's share: " + ring.movedOnLeave());
    }
}
