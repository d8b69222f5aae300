package io.trawler.schedule;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.trawler.config.Background;
import io.trawler.config.TrawlerConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import org.jboss.logging.Logger;

/**
 * Runs due schedules on the manager: every {@code trawler.schedule.check-interval} it claims each due schedule (moving
 * its next run on by the expression, from the value it read: of several managers one wins) and starts its crawl.
 * A run that cannot start (the site has a crawl running) is recorded on the schedule and skipped, not retried; runs
 * missed while no manager ran are not made up: the next is the expression's first time after now.
 */
@ApplicationScoped
public class ScheduleRunner {

    private static final Logger LOG = Logger.getLogger(ScheduleRunner.class);
    static final int PER_TICK = 50;

    private final ScheduleConfig config;
    private final TrawlerConfig trawler;
    private final CrawlStarter starter;
    private ScheduledExecutorService thread;

    public ScheduleRunner(ScheduleConfig config, TrawlerConfig trawler, CrawlStarter starter) {
        this.config = config;
        this.trawler = trawler;
        this.starter = starter;
    }

    void onStart(@Observes StartupEvent event) {
        if (!trawler.role().runsManager()) {
            return;
        }
        thread = Background.every("trawler-schedules", Thread.NORM_PRIORITY, config.checkInterval(), this::tick);
    }

    void onStop(@Observes ShutdownEvent event) {
        if (thread != null) {
            thread.shutdownNow();
        }
    }

    /** The expression's first time after {@code after} in the schedule's zone, or null when it names none. */
    public static Instant nextRun(String cron, String zone, Instant after) {
        return nextRun(Cron.parse(cron), ZoneId.of(zone), after);
    }

    /** As {@link #nextRun(String, String, Instant)} for an expression already parsed. */
    public static Instant nextRun(Cron cron, ZoneId zone, Instant after) {
        return cron.next(ZonedDateTime.ofInstant(after, zone)).map(ZonedDateTime::toInstant).orElse(null);
    }

    void tick() {
        try {
            Instant now = Instant.now();
            List<CrawlSchedule> due = QuarkusTransaction.requiringNew().call(() -> CrawlSchedule.due(now, PER_TICK));
            for (CrawlSchedule s : due) {
                run(s, now);
            }
        } catch (RuntimeException e) {
            LOG.warnf(e, "Schedules: this round failed (the next one tries again)");
        }
    }

    private void run(CrawlSchedule s, Instant now) {
        Instant next;
        try {
            next = nextRun(s.cron, s.timeZone, now);
        } catch (RuntimeException e) {
            next = null;   // an expression or zone no longer valid: the schedule stops until it is edited
        }
        Instant following = next;
        int claimed = QuarkusTransaction.requiringNew().call(() -> CrawlSchedule.update(
                "nextRun = ?1, lastRun = ?2 where id = ?3 and nextRun = ?4", following, now, s.id, s.nextRun));
        if (claimed == 0) {
            return;   // another manager ran it, or it was edited meanwhile
        }
        try {
            String crawlId = starter.start(s.siteId, s.crawl);
            QuarkusTransaction.requiringNew().run(() -> CrawlSchedule.update("lastCrawlId = ?1, lastError = null where id = ?2", crawlId, s.id));
            LOG.infof("Schedule %s of site %s started crawl %s", s.id, s.siteId, crawlId);
        } catch (CrawlStarter.Refused | RuntimeException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            String stored = why.length() > 500 ? why.substring(0, 500) : why;
            QuarkusTransaction.requiringNew().run(() -> CrawlSchedule.update("lastError = ?1 where id = ?2", stored, s.id));
            LOG.infof("Schedule %s of site %s started no crawl: %s", s.id, s.siteId, why);
        }
    }
}
