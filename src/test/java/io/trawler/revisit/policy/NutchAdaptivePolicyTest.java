package io.trawler.revisit.policy;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.trawler.frontier.PageRecord;
import io.trawler.refresh.PageHistory;
import io.trawler.revisit.RefreshPlan;
import io.trawler.revisit.UpdatePolicies;
import io.trawler.revisit.UpdatePolicy;
import io.trawler.testsupport.Api;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The fourth update policy, Nutch's adaptive interval: the intervals Nutch computes, within the plan's bounds; and,
 * being a bean, a policy the API takes and the freshness page offers.
 */
@QuarkusTest
class NutchAdaptivePolicyTest {

    private static final long DAY = 86_400_000L;

    @Inject
    UpdatePolicies policies;

    private static RefreshPlan plan(long min, long max, long initial) {
        RefreshPlan p = new RefreshPlan();
        p.policy = "nutch-adaptive";
        p.targetProbability = 0.5;
        p.minIntervalMs = min;
        p.maxIntervalMs = max;
        p.initialIntervalMs = initial;
        p.versions = 3;
        return p;
    }

    /** Visits at the given times (ms), the page changed at those marked; returns each visit's due time. */
    private static long[] visit(UpdatePolicy.PageScheduler s, long[] at, boolean[] changed) {
        PageHistory h = new PageHistory();
        long[] due = new long[at.length];
        long fp = 1;
        for (int i = 0; i < at.length; i++) {
            fp += changed[i] ? 1 : 0;
            PageRecord r = PageRecord.builder("http://a.test/", 200, "fetched", at[i], 0, 0).textFp(fp).build();
            PageHistory.Observation o = h.add(new PageHistory.Fetch(at[i], 200, fp, 0, null));
            due[i] = s.due(r.url(), h, r, o, i == 0);
        }
        return due;
    }

    @Test
    void intervalsGrowWhileUnchangedAndShrinkOnAChange() {
        UpdatePolicy.PageScheduler s = policies.named("nutch-adaptive").orElseThrow()
                .schedulerFor("site", plan(60_000, 30 * DAY, DAY), List.of("http://a.test/"));
        long t0 = 1_000_000_000_000L;
        long[] at = {t0, t0 + DAY, t0 + DAY + 2 * DAY};
        long[] due = visit(s, at, new boolean[] {false, false, true});
        assertEquals(t0 + DAY, due[0], "first revisit after the initial interval");
        assertEquals(at[1] + Math.round(1.4 * DAY), due[1], "unchanged after a day: 1.4 days");
        assertEquals(at[2] + Math.round(0.8 * 2 * DAY), due[2], "changed after two days: 1.6 days");
    }

    @Test
    void theIntervalStaysWithinThePlansBounds() {
        UpdatePolicy.PageScheduler s = policies.named("nutch-adaptive").orElseThrow()
                .schedulerFor("site", plan(DAY, 2 * DAY, 10 * DAY), List.of());
        long t0 = 1_000_000_000_000L;
        long[] due = visit(s, new long[] {t0, t0 + 3 * DAY, t0 + 3 * DAY + 60_000}, new boolean[] {false, false, true});
        assertEquals(t0 + 2 * DAY, due[0], "an initial interval beyond the maximum is the maximum");
        assertEquals(t0 + 3 * DAY + 2 * DAY, due[1]);
        assertEquals(t0 + 3 * DAY + 60_000 + DAY, due[2], "never under the minimum");
    }

    @Test
    void theApiTakesItAndTheFreshnessPageOffersIt() {
        assertTrue(policies.names().contains("nutch-adaptive"));
        String site = Api.createSite(Map.of("name", "nutch", "seeds", List.of("http://nutch.test/")));
        Api.as().body(Map.of("policy", "nutch-adaptive")).put("/api/v1/sites/" + site + "/plan/refresh").then().statusCode(200)
                .body("policy", equalTo("nutch-adaptive"));
        Api.as().body(Map.of("policy", "weekly")).put("/api/v1/sites/" + site + "/plan/refresh").then().statusCode(400)
                .body(containsString("nutch-adaptive"));
        Api.as().accept("text/html").get("/ui/sites/" + site + "/freshness").then().statusCode(200)
                .body(containsString("<option value=\"nutch-adaptive\" selected>nutch-adaptive (shorter after a change, longer after none)</option>"));
    }
}
