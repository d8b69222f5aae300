package io.trawler.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A worker's link learner: tunnels through irrelevant pages up to the limit, learns hubs, re-scores what moved. */
class LinkLearnerTest {

    static final String B = "https://blog.test";

    @Test
    void tunnelsThroughListingsAndLearnsThatThePaginationChainPaysOff() {
        LinkLearner learner = new LinkLearner(LearningSettings.DEFAULTS);
        assertTrue(learner.measured(B + "/", 0, false, true).follow(), "seeds are always expanded");
        // the home page links a category listing (weak context) and a tag page
        learner.score(B + "/categories/lodash/", "lodash", B + "/", 0, 0.05, 0);
        double tagBefore = learner.score(B + "/tags/misc/", "misc", B + "/", 0, 0.0, 0);
        // the listing is irrelevant: its links still go out, one page into the tunnel
        LinkLearner.Links listing = learner.measured(B + "/categories/lodash/", 0, false, false);
        assertEquals(new LinkLearner.Links(1, true), listing);
        double page2 = learner.score(B + "/categories/lodash/page/2/", "2", B + "/categories/lodash/", 1, 0.0, 0);
        learner.score(B + "/2020/01/01/lodash-chunk/", "lodash chunk", B + "/categories/lodash/", 1, 0.4, 0);
        // the post is relevant: its page learns, and the listing that led to it is credited as a hub
        assertEquals(new LinkLearner.Links(0, true), learner.measured(B + "/2020/01/01/lodash-chunk/", 1, true, false));
        assertTrue(learner.estimate(B + "/categories/lodash/page/3/", "3") > LinkModel.PRIOR, "the listing chain learned as a hub");
        // the tag page leads nowhere: irrelevant pages in a row end the tunnel after three
        int tunnel = 0;
        for (int i = 1; i <= 3; i++) {
            LinkLearner.Links l = learner.measured(B + "/tags/misc/" + i, tunnel, false, false);
            tunnel = l.tunnel();
            assertTrue(l.follow(), "within the tunnel at " + i);
        }
        assertFalse(learner.measured(B + "/tags/misc/4", tunnel, false, false).follow(), "past maxTunnel: not expanded");
        assertTrue(tagBefore >= 0 && page2 >= 0);
    }

    @Test
    void reScoresOnlyWhatMovedEveryFewPages() {
        LinkLearner learner = new LinkLearner(new LearningSettings(3, 0.3, 1.0, 2, 1.0, 0.35));
        learner.measured(B + "/", 0, false, true);
        learner.score(B + "/categories/canvas/page/5/", "5", B + "/", 0, 0.0, 0);
        learner.score(B + "/about/", "about", B + "/", 0, 0.3, 0);
        assertEquals(Map.of(), learner.rescore(), "not due before two measured pages");
        for (int p = 2; p < 4; p++) {
            String url = B + "/categories/canvas/page/" + p + "/";
            learner.score(url, Integer.toString(p), B + "/", 0, 0.0, 0);
            learner.measured(url, 0, true, false);
        }
        Map<String, Double> moved = learner.rescore();
        assertTrue(moved.containsKey(B + "/categories/canvas/page/5/"), "the listing page moved up: " + moved);
        assertFalse(moved.containsKey(B + "/about/"), "its own context still decides the about page: " + moved);
        assertEquals(Map.of(), learner.rescore(), "nothing new measured since");
        assertEquals(2, learner.queuedCount());
    }

    @Test
    void anIrrelevantSeedsLinksStartOneStepIntoTheTunnel() {
        LinkLearner learner = new LinkLearner(LearningSettings.DEFAULTS);
        assertEquals(new LinkLearner.Links(1, true), learner.measured(B + "/", 0, false, true), "irrelevant seed: expanded, tunnel 1");
        assertEquals(new LinkLearner.Links(0, true), learner.measured(B + "/topic/", 0, true, true), "relevant seed: tunnel 0");
        // a seed past the tunnel limit is still expanded
        assertTrue(learner.measured(B + "/far/", 7, false, true).follow());
    }

    @Test
    void aLinkFoundAgainKeepsItsFirstDiscovery() {
        LinkLearner learner = new LinkLearner(LearningSettings.DEFAULTS);
        double first = learner.score(B + "/2020/01/01/lodash-chunk/", "lodash chunk", B + "/categories/lodash/", 1, 0.4, 0);
        // the same post in another page's sidebar, with stronger evidence: the frontier keeps the first entry, so does the learner
        assertEquals(first, learner.score(B + "/2020/01/01/lodash-chunk/", "lodash", B + "/tags/misc/", 0, 0.9, 0.5));
        assertEquals(1, learner.queuedCount());
        // once fetched, finding it again does not queue it for re-scoring
        learner.measured(B + "/2020/01/01/lodash-chunk/", 1, true, false);
        learner.score(B + "/2020/01/01/lodash-chunk/", "lodash chunk", B + "/tags/misc/", 0, 0.4, 0);
        assertEquals(0, learner.queuedCount());
    }

    @Test
    void aLinkThatLedToNothingTeachesTheModelSo() {
        LinkLearner learner = new LinkLearner(LearningSettings.DEFAULTS);
        for (int i = 0; i < 5; i++) {
            String url = B + "/files/report-" + i + ".pdf";
            learner.score(url, "download", B + "/", 0, 0, 0);
            learner.measured(url, 0, false, false);   // the worker's verdict on a page it could not measure (not HTML, 404)
        }
        assertTrue(learner.estimate(B + "/files/report-9.pdf", "download") < LinkModel.PRIOR, "learned as unproductive");
    }
}
