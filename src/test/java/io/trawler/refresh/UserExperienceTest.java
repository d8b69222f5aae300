package io.trawler.refresh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UserExperienceTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "date tweak off the topic|Election results: the count goes on. Updated Monday.|Election results: the count goes on. Updated Tuesday.|0.0|0.1",
        "story rewritten on the topic|Weather today: sunny spells.|Election results: the count goes on, turnout high.|0.9|1.0",
        "topic grows on the page|Local news. Election soon.|Local news. Election results: turnout, counting, election winners.|0.2|0.9"
    })
    void impactMeasuresHowFarTheQueriesRelevanceMoved(String name, String before, String after, double min, double max) {
        double impact = ChangeImpact.of(List.of("election results"), before, after);
        assertTrue(impact >= min && impact <= max, name + ": " + impact);
    }

    @ParameterizedTest(name = "weight {0} impact {1}")
    @CsvSource({
        "0, NaN, 100000",       // no signals: the poisson interval
        "1, 0.5, 50000",        // the site's mean page: half of it
        "3, 0.5, 25000",        // viewed three times as often
        "3, 0.25, 40000",       // ... but its changes matter half as much
        "1000, 1, 1000"         // never below the minimum interval
    })
    void viewedPagesWithImpactfulChangesComeSooner(double weight, double impact, long expectedInterval) {
        RevisitSchedule poisson = new RevisitSchedule(new RevisitTarget(0.5, 1000, 1_000_000), 100_000);
        PageHistory h = new PageHistory();
        h.add(new PageHistory.Fetch(1_000_000, 200, 1, 0, null));   // one visit: the initial interval, 100 s
        long due = new UserExperienceSchedule(poisson).nextDue(h, weight, 1, impact, 0.5);
        assertEquals(expectedInterval, due - h.lastFetch());
    }
}
