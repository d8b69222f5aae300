package io.trawler.schedule;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Recurring crawls: how often the manager looks for due schedules. */
@ConfigMapping(prefix = "trawler.schedule")
public interface ScheduleConfig {

    /** How often the manager looks for due schedules (a run starts at most this late). */
    @WithDefault("PT15S")
    Duration checkInterval();

    /** Schedules a site may have. */
    @WithDefault("20")
    int maxPerSite();
}
