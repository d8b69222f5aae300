/**
 * Recurring crawls: a site's schedules (cron expressions in a time zone, with the crawl settings to start), stepped
 * through time by {@link Cron} (plain Java over cron-utils) and run by the manager's {@link ScheduleRunner}.
 */
package io.trawler.schedule;
