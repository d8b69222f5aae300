package io.trawler.api;

import io.trawler.site.Site;
import java.time.Instant;

/** A site as the API shows it, every default filled in. */
public record SiteView(String id, String name, java.util.List<String> seeds, SiteRequest.Scope scope,
        SiteRequest.Politeness politeness, SiteRequest.Limits limits, SiteRequest.Urls urls, SiteRequest.Retention retention,
        SiteRequest.Search search, Instant createdAt, Instant updatedAt) {

    public static SiteView of(Site s) {
        return new SiteView(s.id, s.name, s.seeds, new SiteRequest.Scope(s.hosts, s.include, s.exclude, s.allowPrivateNetworks),
                new SiteRequest.Politeness(s.delayMs, s.maxConcurrentPerHost, s.respectRobots, s.politenessScope, s.conditionalRequests),
                new SiteRequest.Limits(s.maxPages, s.maxDepth), new SiteRequest.Urls(s.urlQueryOrder, s.urlDropParameters),
                new SiteRequest.Retention(s.keepCrawls, s.keepDays), new SiteRequest.Search(s.searchIndexed), s.createdAt,
                s.updatedAt);
    }
}
