package io.trawler.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.trawler.schedule.CrawlSchedule;
import io.trawler.schedule.Cron;
import io.trawler.site.SiteQueries;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.io.IOException;
import java.util.List;

/** A site's schedules as the API shows them and the site page lists them. */
@ApplicationScoped
public class ScheduleViews {

    private final ObjectMapper json;
    private final SiteQueries sites;

    public ScheduleViews(ObjectMapper json, SiteQueries sites) {
        this.json = json;
        this.sites = sites;
    }

    /** The site's schedules, oldest first; 404 when there is no such site. */
    @Transactional
    public List<ScheduleView> ofSite(String siteId) {
        sites.site(siteId);
        return CrawlSchedule.ofSite(siteId).stream().map(this::view).toList();
    }

    /** One schedule as the API shows it: its crawl settings read back, its expression described in words. */
    ScheduleView view(CrawlSchedule s) {
        CrawlRequest crawl;
        try {
            crawl = json.readValue(s.crawl, CrawlRequest.class);
        } catch (IOException e) {
            crawl = null;
        }
        String description;
        try {
            description = Cron.parse(s.cron).describe();
        } catch (IllegalArgumentException e) {
            description = s.cron;
        }
        return new ScheduleView(s.id, s.siteId, s.cron, description, s.timeZone, s.enabled, crawl, s.nextRun, s.lastRun,
                s.lastCrawlId, s.lastError, s.createdAt);
    }
}
