package io.trawler.site;

import io.trawler.errors.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What the API and the UI read about sites, one transaction per read; a site that does not exist is a 404 for both. */
@ApplicationScoped
public class SiteQueries {

    /** The site; 404 when there is none. */
    @Transactional
    public Site site(String id) {
        Site site = Site.findById(id);
        if (site == null) {
            throw ApiException.notFound("site", id);
        }
        return site;
    }

    /** Every site. */
    @Transactional
    public List<Site> all() {
        return Site.listAll();
    }

    /** How many sites there are. */
    @Transactional
    public long count() {
        return Site.count();
    }

    /** The sites' names by id, in one query (a site that is gone is absent). */
    @Transactional
    public Map<String, String> names(Collection<String> siteIds) {
        if (siteIds.isEmpty()) {
            return Map.of();
        }
        Map<String, String> names = new HashMap<>();
        Site.<Site>list("id in ?1", List.copyOf(siteIds)).forEach(s -> names.put(s.id, s.name));
        return names;
    }
}
