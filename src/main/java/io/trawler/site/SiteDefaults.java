package io.trawler.site;

/** Values a site gets for what its request leaves out. */
public final class SiteDefaults {

    public static final long DELAY_MS = 1000;
    public static final int MAX_CONCURRENT_PER_HOST = 1;
    public static final boolean RESPECT_ROBOTS = true;
    public static final long MAX_PAGES = 100_000;
    public static final int MAX_DEPTH = 20;

    private SiteDefaults() {
    }
}
