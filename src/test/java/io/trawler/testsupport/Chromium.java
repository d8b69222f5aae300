package io.trawler.testsupport;

import com.deque.html.axecore.playwright.AxeBuilder;
import com.deque.html.axecore.results.Rule;
import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Debian's Chromium (/usr/bin/chromium, installed by .ci/run when absent) driven by Playwright, which must never
 * download a browser of its own. Also: axe-core's serious and critical findings on a page, and screenshots under
 * target/ui-screenshots.
 */
public final class Chromium implements AutoCloseable {

    public static final Path EXECUTABLE = Path.of(System.getenv().getOrDefault("TRAWLER_CHROMIUM", "/usr/bin/chromium"));
    public static final Path SHOTS = Path.of("target/ui-screenshots");

    private final Playwright playwright;
    private final Browser browser;

    private Chromium() {
        this.playwright = Playwright.create(new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
        this.browser = playwright.chromium().launch(new BrowserType.LaunchOptions().setExecutablePath(EXECUTABLE).setHeadless(true)
                .setArgs(List.of("--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                        "--disable-dev-shm-usage", "--no-first-run", "--disable-sync")));
    }

    public static Chromium launch() {
        if (!Files.isExecutable(EXECUTABLE)) {
            throw new IllegalStateException(EXECUTABLE + " is missing: install Debian's chromium (apt-get install chromium)");
        }
        return new Chromium();
    }

    public Browser browser() {
        return browser;
    }

    /** axe-core's violations of impact serious or critical on the page as it is now, one line each. */
    public static List<String> seriousViolations(Page page) {
        List<String> found = new ArrayList<>();
        // frames are left out: the only ones are the page view's sandboxed frames of crawled pages (not ours to audit;
        // without scripts, axe could not run in them anyway)
        com.deque.html.axecore.args.AxeRunOptions options = new com.deque.html.axecore.args.AxeRunOptions();
        options.setIFrames(false);
        // legacy mode runs axe in the top frame only (the default walks every frame, and waits forever on one that
        // cannot run scripts)
        for (Rule r : new AxeBuilder(page).options(options).setLegacyMode(true).analyze().getViolations()) {
            if ("serious".equals(r.getImpact()) || "critical".equals(r.getImpact())) {
                found.add(page.url() + ": " + r.getId() + " (" + r.getImpact() + ") " + r.getHelp() + " ×" + r.getNodes().size()
                        + (r.getNodes().isEmpty() ? "" : " e.g. " + r.getNodes().get(0).getHtml()));
            }
        }
        return found;
    }

    public static void screenshot(Page page, String name) {
        screenshot(page, name, true);
    }

    public static void screenshot(Page page, String name, boolean fullPage) {
        try {
            Files.createDirectories(SHOTS);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        // a screenshot is a record, not a check: headless Chromium now and then misses a frame under load, so try
        // the full page, then the viewport, and go on without one rather than fail the tour
        Path file = SHOTS.resolve(name + ".png");
        for (boolean full : fullPage ? new boolean[] {true, true, false} : new boolean[] {false, false}) {
            try {
                page.screenshot(new Page.ScreenshotOptions().setPath(file).setFullPage(full).setTimeout(15_000)
                        .setAnimations(com.microsoft.playwright.options.ScreenshotAnimations.DISABLED));
                return;
            } catch (com.microsoft.playwright.TimeoutError e) {
                System.out.println("screenshot " + name + " timed out" + (full ? " (full page)" : ""));
            }
        }
    }

    @Override
    public void close() {
        browser.close();
        playwright.close();
    }
}
