package io.trawler.parse;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The main text of an HTML page and its fingerprint, for change detection: what a reader comes for, without the
 * parts that change on every request or every day whatever the page says — scripts, styles, navigation, headers
 * and footers, asides, forms, and blocks whose id or class names them as ads, banners, menus, sidebars, share
 * buttons, related links or comments. The main text is the {@code main} element, else the {@code article}, else
 * {@code [role=main]}, else the body; whitespace is collapsed.
 */
public final class MainText {

    private static final String BOILERPLATE_TAGS = "script, style, noscript, template, nav, header, footer, aside, form, iframe, "
            + "[role=navigation], [role=banner], [role=contentinfo], [role=complementary], [aria-hidden=true]";
    private static final Pattern BOILERPLATE_NAMES = Pattern.compile(
            "(?i)(^|[-_\\s])(ads?|advert\\w*|banner|sponsor\\w*|promo\\w*|nav\\w*|menu|sidebar|footer|header|cookies?|share|social|"
                    + "related|comments?|breadcrumbs?|widget|timestamp|clock)([-_\\s]|$)");

    private MainText() {
    }

    /** The main text of a parsed document. The document is changed: boilerplate is removed from it. */
    public static String of(Document doc) {
        doc.select(BOILERPLATE_TAGS).remove();
        for (Element e : doc.select("[class], [id]")) {
            if (e.parent() != null && (BOILERPLATE_NAMES.matcher(e.className()).find() || BOILERPLATE_NAMES.matcher(e.id()).find())) {
                e.remove();
            }
        }
        Element main = doc.selectFirst("main");
        if (main == null) {
            main = doc.selectFirst("article");
        }
        if (main == null) {
            main = doc.selectFirst("[role=main]");
        }
        if (main == null) {
            main = doc.body();
        }
        return main == null ? "" : main.text().strip();
    }

    /** 64-bit fingerprint (FNV-1a) of a text. */
    public static long fingerprint(String text) {
        return fingerprint(text.getBytes(StandardCharsets.UTF_8));
    }

    /** 64-bit fingerprint of raw bytes (pages that are not HTML). */
    public static long fingerprint(byte[] bytes) {
        long h = 0xcbf29ce484222325L;
        for (byte b : bytes) {
            h ^= b & 0xFF;
            h *= 0x100000001b3L;
        }
        return h;
    }
}
