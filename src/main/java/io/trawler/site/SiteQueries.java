package io.trawler.site;

import io.trawler.errors.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.util.List;

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

    /** The site's name, or its id when the site is gone. */
    @Transactional
    public String name(String siteId) {
        Site site = Site.findById(siteId);
        return site == null ? siteId : site.name;
    }
}
