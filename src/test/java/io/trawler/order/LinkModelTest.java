package io.trawler.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The learning focused strategy's rules: link features, the online link model, tunnelling decay and re-scoring. */
class LinkModelTest {

    static final String BLOG = "https://dustinpfister.github.io";

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "https://dustinpfister.github.io/categories/three-js/page/2/|h=dustinpfister.github.io s0=categories s1=three-js s2=page s3=N shape=/categories/three-js/*/N",
            "https://dustinpfister.github.io/2021/04/30/three-js-camera/|h=dustinpfister.github.io s0=N s1=N s2=N s3=three-js-camera shape=/N/N/N/*",
            "https://dustinpfister.github.io/|h=dustinpfister.github.io shape=",
            "http://127.0.0.1:8080/Tags/Misc?page=3#top|h=127.0.0.1:8080 s0=tags s1=misc shape=/tags/misc",
    })
    void featuresOfALink(String url, String expected) {
        assertEquals(List.of(expected.split(" ")), LinkFeatures.of(url, ""));
    }

    @Test
    void anchorTermsAreFeaturesToo() {
        List<String> f = LinkFeatures.of(BLOG + "/tags/", "Cameras in three.js");
        assertTrue(f.contains("a=camera"), f.toString());
        assertEquals("2021 04 30 three js camera", LinkFeatures.pathWords(BLOG + "/2021/04/30/three-js-camera/"));
        assertEquals("categories three js page 2 q lodash", LinkFeatures.pathWords(BLOG + "/categories/three-js/page/2/?q=lodash"));
    }

    /**
     * A listing chain whose pages lead to relevant posts is learned as worth following; a tag page that never leads
     * anywhere is learned as not; a link whose specific features were never seen stays near the prior even when one
     * generic feature (its host) has a good record.
     */
    @Test
    void theModelLearnsWhichLinksPayOff() {
        LinkModel model = new LinkModel();
        List<String> listing = LinkFeatures.of(BLOG + "/categories/three-js/page/2/", "2");
        List<String> misc = LinkFeatures.of(BLOG + "/tags/misc/", "misc");
        double before = model.estimate(LinkFeatures.of(BLOG + "/categories/three-js/page/3/", "3"));
        assertEquals(LinkModel.PRIOR, before, 1e-12, "nothing learned: the prior");
        for (int page = 2; page < 8; page++) {
            List<String> f = LinkFeatures.of(BLOG + "/categories/three-js/page/" + page + "/", Integer.toString(page));
            model.learn(f, 0);          // the listing page itself is not relevant …
            model.credit(f, 1.0);       // … but a relevant post was found through it
            model.learn(misc, 0);
        }
        double next = model.estimate(LinkFeatures.of(BLOG + "/categories/three-js/page/9/", "9"));
        double tag = model.estimate(LinkFeatures.of(BLOG + "/tags/misc/", "misc"));
        double unknown = model.estimate(LinkFeatures.of(BLOG + "/about/contact/", "contact"));
        assertTrue(next > 0.5, "the next listing page: " + next);
        assertTrue(tag < next / 4, "the tag page that never paid off: " + tag + " (its host's record is good: " + model.payoff("h=dustinpfister.github.io") + ")");
        assertTrue(model.payoff("s0=tags") < 0.02, "every /tags/ link so far led nowhere");
        assertTrue(unknown < next && unknown < 0.5, "a link of unknown features stays low: " + unknown);
        assertTrue(model.payoff("s1=three-js") > model.payoff("s1=misc"));
        assertEquals(0, new LinkModel().estimate(List.of()), "no features, no estimate");
        // credit never exceeds the trials of a feature
        model.credit(listing, 100);
        assertTrue(model.payoff("s0=categories") <= 1.0);
    }

    @ParameterizedTest
    @CsvSource({
            // context, parent sim, learned, tunnel, priority (γ = 0.3, model weight 1)
            "0.2, 0.0, 0.1, 0, 0.2",
            "0.2, 0.6, 0.1, 0, 0.6",
            "0.2, 0.0, 0.9, 0, 0.9",
            "0.2, 0.0, 0.9, 1, 0.27",
            "0.2, 0.0, 0.9, 2, 0.081",
            "0.5, 0.0, 0.0, 3, 0.0135",
    })
    void priorityIsTheBestEvidenceDecayedByTheTunnel(double context, double parent, double learned, int tunnel, double expected) {
        assertEquals(expected, LearningSettings.DEFAULTS.priority(context, parent, learned, tunnel), 1e-12);
    }

    @Test
    void tunnellingDecaysAndStopsAtItsLimit() {
        LearningSettings s = LearningSettings.DEFAULTS;   // 3 irrelevant pages in a row
        int tunnel = 0;
        for (int step = 1; step <= 3; step++) {
            tunnel = s.tunnelAfter(tunnel, false, false);
            assertEquals(step, tunnel);
            assertTrue(s.follows(tunnel), "within the limit at " + step);
        }
        assertFalse(s.follows(s.tunnelAfter(tunnel, false, false)), "past the limit: links no longer queued");
        assertEquals(0, s.tunnelAfter(tunnel, true, false), "a relevant page starts again");
        assertEquals(0, s.tunnelAfter(tunnel, false, true), "so does a hub");
        // 0 gives back the seed's T: an irrelevant page's links are not queued
        LearningSettings seed = new LearningSettings(0, 0.3, 1.0, 10, 1.0, 0.35);
        assertFalse(seed.follows(seed.tunnelAfter(0, false, false)));
        assertTrue(seed.follows(seed.tunnelAfter(0, true, false)));
        assertThrows(IllegalArgumentException.class, () -> new LearningSettings(-1, 0.3, 1, 10, 1, 0.35));
        assertThrows(IllegalArgumentException.class, () -> new LearningSettings(3, 0, 1, 10, 1, 0.35));
        assertThrows(IllegalArgumentException.class, () -> new LearningSettings(3, 0.3, 1, 0, 1, 0.35));
    }

    /** Re-scoring: the same queued link ranks higher once the model learned its kind pays off. */
    @Test
    void reScoringMovesALinkUpAsTheModelLearns() {
        LinkModel model = new LinkModel();
        LearningSettings s = LearningSettings.DEFAULTS;
        List<String> queuedListing = LinkFeatures.of(BLOG + "/categories/lodash/page/4/", "4");
        List<String> queuedPost = LinkFeatures.of(BLOG + "/2020/01/01/misc-notes/", "misc notes");
        double listingBefore = s.priority(0.05, 0, model.estimate(queuedListing), 1);
        double postBefore = s.priority(0.12, 0, model.estimate(queuedPost), 1);
        assertTrue(postBefore > listingBefore, "before learning the post's own context wins");
        for (int page = 2; page < 4; page++) {
            List<String> f = LinkFeatures.of(BLOG + "/categories/lodash/page/" + page + "/", Integer.toString(page));
            model.learn(f, 0);
            model.credit(f, 1.0);
        }
        double listingAfter = s.priority(0.05, 0, model.estimate(queuedListing), 1);
        double postAfter = s.priority(0.12, 0, model.estimate(queuedPost), 1);
        assertTrue(listingAfter > postAfter, listingAfter + " against " + postAfter);
    }
}
