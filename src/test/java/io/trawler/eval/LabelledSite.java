package io.trawler.eval;

import io.trawler.testsite.BbcSite;
import java.util.List;
import java.util.Optional;

/**
 * A site with a labelled target set, as the focused-crawl evaluations read it: its home page, each page's HTML by URL
 * and each page's label (null for pages that are not articles: listings, tags, archives), and how many pages carry a
 * label. The pages live in memory; the crawl simulations fetch from here.
 */
public interface LabelledSite {

    /** Where a crawl starts. */
    String home();

    /** The page's HTML, empty for a URL the site does not have. */
    Optional<String> html(String url);

    /** The page's label, or null. */
    String label(String url);

    /** How many pages carry the label: the target set's size. */
    long targets(String label);

    /** Whether a URL belongs to the site (its scope). */
    boolean inScope(String url);

    /** The site's labels, in a fixed order. */
    List<String> labels();

    /** The BBC test site as a labelled site. */
    static LabelledSite of(BbcSite site) {
        return new LabelledSite() {
            @Override
            public String home() {
                return BbcSite.HOME;
            }

            @Override
            public Optional<String> html(String url) {
                return Optional.ofNullable(site.pages().get(url)).map(site::html);
            }

            @Override
            public String label(String url) {
                BbcSite.Page p = site.pages().get(url);
                return p == null ? null : p.label();
            }

            @Override
            public long targets(String label) {
                return site.targets(label);
            }

            @Override
            public boolean inScope(String url) {
                return true;
            }

            @Override
            public List<String> labels() {
                return BbcSite.LABELS;
            }
        };
    }
}
