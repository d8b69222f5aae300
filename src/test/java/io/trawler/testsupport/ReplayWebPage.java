package io.trawler.testsupport;

import com.microsoft.playwright.Frame;
import com.microsoft.playwright.Page;
import io.trawler.testsite.TestWebServer;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Webrecorder's ReplayWeb.page (npm {@code replaywebpage}), the web archive viewer of the field, opening a WACZ in
 * Debian's Chromium: the test's own web server serves the viewer's {@code ui.js} and service worker
 * ({@code /replay/sw.js}), a page embedding {@code <replay-web-page>}, and the package (with range requests, as the viewer
 * reads a WACZ). The package is fetched once from the npm registry ({@code npm pack}) into
 * {@code ~/.cache/trawler/replaywebpage-<version>}.
 */
public final class ReplayWebPage {

    public static final String VERSION = "2.5.3";
    /** The index the viewer's service worker serves for its frame ({@code getIndexHtml} in {@code sw.js}). */
    private static final String VIEWER_INDEX = "<!doctype html><html><head><script src=\"./ui.js\"></script></head>"
            + "<body><replay-app-main></replay-app-main></body></html>";
    private static final Pattern RANGE = Pattern.compile("bytes=(\\d*)-(\\d*)");

    private ReplayWebPage() {
    }

    /**
     * Opens the package at the capture of {@code url} nearest {@code timestamp} (14 digits, UTC) and returns the text of
     * the archived page as the viewer shows it, once it holds {@code expected}; fails with what the viewer showed when it
     * does not within {@code timeout}.
     */
    public static String pageText(byte[] wacz, String url, String timestamp, String expected, Duration timeout) throws Exception {
        Path pkg = install();
        byte[] ui = Files.readAllBytes(pkg.resolve("ui.js"));
        byte[] sw = Files.readAllBytes(pkg.resolve("sw.js"));
        String embed = "<!doctype html><html><head><meta charset=\"utf-8\"><title>replay</title><script src=\"/ui.js\"></script></head>"
                + "<body><replay-web-page source=\"/archive.wacz\" url=\"" + url + "\" ts=\"" + timestamp + "\" embed=\"replayonly\""
                + " style=\"display:block;width:1000px;height:700px\"></replay-web-page></body></html>";
        List<String> missing = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (TestWebServer server = TestWebServer.start(req -> serve(req, embed, ui, sw, wacz, missing));
                Chromium chromium = Chromium.launch()) {
            Page page = chromium.browser().newPage();
            List<String> console = new ArrayList<>();
            page.onConsoleMessage(m -> console.add(m.type() + ": " + m.text()));
            page.navigate(server.base() + "/");
            long start = System.nanoTime();
            long end = start + timeout.toNanos();
            boolean reloaded = false;
            String seen = "";
            while (System.nanoTime() < end) {
                // a first visit registers the service worker while the page loads; a visitor who sees nothing reloads,
                // and the then-active worker serves the archive
                if (!reloaded && System.nanoTime() - start > timeout.toNanos() / 3
                        && page.frames().stream().noneMatch(f -> f.url().contains("mp_/" + url))) {
                    reloaded = true;
                    page.reload();
                }
                for (Frame f : page.frames()) {
                    // the archived page is the frame the service worker serves from the collection (…/w/<coll>/<ts>mp_/<url>)
                    if (f.url().contains("mp_/" + url)) {
                        try {
                            seen = f.innerText("body", new Frame.InnerTextOptions().setTimeout(2_000));
                        } catch (RuntimeException notYet) {
                            continue;
                        }
                        if (seen.contains(expected)) {
                            return seen;
                        }
                    }
                }
                page.waitForTimeout(250);
            }
            List<String> frames = page.frames().stream().map(Frame::url).toList();
            throw new AssertionError("ReplayWeb.page did not show " + url + " with '" + expected + "' within " + timeout + "; frames "
                    + frames + "; text seen: " + seen + "; console: " + console + "; not found here: " + missing);
        }
    }

    private static void serve(HttpServerRequest req, String embed, byte[] ui, byte[] sw, byte[] wacz, List<String> missing) {
        var res = req.response();
        switch (req.path()) {
            case "/" -> res.putHeader("Content-Type", "text/html; charset=utf-8").end(embed);
            // the page loads the viewer, and so does the viewer's own frame under /replay/ (its index served by the worker)
            case "/ui.js", "/replay/ui.js" -> res.putHeader("Content-Type", "application/javascript").end(Buffer.buffer(ui));
            // the viewer's frame; its service worker serves this index once it controls the frame, but a frame that opens
            // before the worker is active asks the server (as replayweb.page's own hosting serves it)
            case "/replay/", "/replay/index.html" -> res.putHeader("Content-Type", "text/html; charset=utf-8").end(VIEWER_INDEX);
            case "/replay/sw.js" -> res.putHeader("Content-Type", "application/javascript").end(Buffer.buffer(sw));
            case "/archive.wacz" -> {
                res.putHeader("Content-Type", "application/wacz").putHeader("Accept-Ranges", "bytes");
                String range = req.getHeader("Range");
                Matcher m = range == null ? null : RANGE.matcher(range.trim());
                int from = 0;
                int to = wacz.length - 1;
                if (m != null && m.matches() && !(m.group(1).isEmpty() && m.group(2).isEmpty())) {
                    if (m.group(1).isEmpty()) {   // the last n bytes
                        from = Math.max(0, wacz.length - Integer.parseInt(m.group(2)));
                    } else {
                        from = Integer.parseInt(m.group(1));
                        to = m.group(2).isEmpty() ? to : Math.min(to, Integer.parseInt(m.group(2)));
                    }
                    res.setStatusCode(206).putHeader("Content-Range", "bytes " + from + "-" + to + "/" + wacz.length);
                }
                int length = Math.max(0, to - from + 1);
                res.putHeader("Content-Length", Integer.toString(length));
                if (req.method() == HttpMethod.HEAD) {
                    res.end();
                } else {
                    res.end(Buffer.buffer(java.util.Arrays.copyOfRange(wacz, from, from + length)));
                }
            }
            default -> {
                missing.add(req.path());
                res.setStatusCode(404).end();
            }
        }
    }

    private static synchronized Path install() throws IOException, InterruptedException {
        Path home = Path.of(System.getProperty("user.home"), ".cache", "trawler", "replaywebpage-" + VERSION);
        Path pkg = home.resolve("package");
        if (!Files.isRegularFile(pkg.resolve("sw.js")) || !Files.isRegularFile(pkg.resolve("ui.js"))) {
            Files.createDirectories(home);
            run(home, "npm", "pack", "--silent", "replaywebpage@" + VERSION);
            run(home, "tar", "xzf", "replaywebpage-" + VERSION + ".tgz", "package/ui.js", "package/sw.js", "package/LICENSE");
        }
        return pkg;
    }

    private static void run(Path dir, String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + out);
        }
    }
}
