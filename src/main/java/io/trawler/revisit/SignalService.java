package io.trawler.revisit;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.config.Text;
import io.trawler.parse.MatchBudget;
import io.trawler.parse.UrlNormalizer;
import io.trawler.site.ScopeIndex;
import io.trawler.site.Site;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Search-usage signals (a URL shown for a query at a rank, with impressions and clicks): each goes to every site
 * whose scope covers its URL and adds to the page's view weight — impressions × 1/rank (the chance a result at
 * that rank is looked at) plus clicks — and to the page's latest queries, which the user-experience policy uses.
 */
@ApplicationScoped
public class SignalService {

    private final RefreshStore store;

    public SignalService(RefreshStore store) {
        this.store = store;
    }

    /** One signal as the API takes it. */
    public record Signal(String url, String query, int rank, long impressions, long clicks) {
    }

    /** A signal that no site takes, and why. */
    public record Rejection(int index, @Schema(nullable = true) String url, String reason) {
    }

    /** View weight a signal adds to its page. */
    public static double weight(Signal s) {
        return s.impressions() / (double) s.rank() + s.clicks();
    }

    /** Why a signal past the request's matching budget was not taken. */
    public static final String NOT_CHECKED = "not checked: this request used up its scope-matching budget (long URLs against sites with"
            + " many long patterns); send the rest in another request";

    /** Stores the signals of pages some site covers; returns the others. */
    public List<Rejection> add(List<Signal> signals) {
        List<Site> sites = QuarkusTransaction.requiringNew().call(() -> Site.<Site>listAll());
        ScopeIndex index = new ScopeIndex(sites);
        Map<String, List<RefreshStore.Signal>> bySite = new LinkedHashMap<>();
        List<Rejection> rejected = new ArrayList<>();
        MatchBudget budget = MatchBudget.perRequest();
        for (int i = 0; i < signals.size(); i++) {
            Signal s = signals.get(i);
            Optional<String> url = UrlNormalizer.normalize(s.url().trim());
            if (url.isEmpty()) {
                rejected.add(new Rejection(i, quote(s.url()), "not an absolute http(s) URL of at most 2048 characters"));
                continue;
            }
            Optional<List<Site>> covering = index.covering(url.get(), budget);
            if (covering.isEmpty()) {
                rejected.add(new Rejection(i, quote(s.url()), NOT_CHECKED));
                continue;
            }
            boolean covered = false;
            for (Site site : covering.get()) {
                covered = true;   // every site whose scope covers the page hears of its use
                // the page as the site's crawls fetch it (its URL rules may sort or drop parameters)
                String page = site.urlRules().normalize(s.url().trim()).orElse(url.get());
                bySite.computeIfAbsent(site.id, x -> new ArrayList<>()).add(new RefreshStore.Signal(page, weight(s), s.query()));
            }
            if (!covered) {
                rejected.add(new Rejection(i, quote(s.url()), "no site's scope covers this URL"));
            }
        }
        bySite.forEach(store::addSignals);
        return rejected;
    }

    /** At most 200 characters of an input, as every API message ({@link Text#quote}); null stays null. */
    static String quote(String s) {
        return s == null ? null : Text.quote(s);
    }
}
