package io.trawler.parse;

import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;

/**
 * The main text of an HTML page and its fingerprint, for change detection: what a reader comes for, without the
 * parts that change on every request or every day whatever the page says — scripts, styles, navigation, headers
 * and footers, asides, forms, and blocks whose id or class names them as ads, banners, menus, sidebars, share
 * buttons, related links or comments. The main text is the {@code main} element, else the {@code article}, else
 * {@code [role=main]}, else the body; whitespace is collapsed.
 */
public final class MainText {

    /** Elements that are boilerplate by their tag. */
    private static final java.util.Set<String> BOILERPLATE_TAGS = java.util.Set.of("script", "style", "noscript", "template", "nav",
            "header", "footer", "aside", "form", "iframe");
    /** ... or by their role. */
    private static final java.util.Set<String> BOILERPLATE_ROLES = java.util.Set.of("navigation", "banner", "contentinfo", "complementary");
    private static final Pattern BOILERPLATE_NAMES = Pattern.compile(
            "(?i)(^|[-_\\s])(ads?|advert\\w*|banner|sponsor\\w*|promo\\w*|nav\\w*|menu|sidebar|footer|header|cookies?|share|social|"
                    + "related|comments?|breadcrumbs?|widget|timestamp|clock)([-_\\s]|$)");

    private MainText() {
    }

    /** The main text of a parsed document. The document is changed: boilerplate is removed from it. */
    public static String of(Document doc) {
        Stripper walk = new Stripper();
        NodeTraversor.filter(walk, doc);   // one walk: boilerplate removed, the main candidates found among what stays
        Element main = walk.main != null ? walk.main : walk.article != null ? walk.article : walk.roleMain != null ? walk.roleMain : doc.body();
        return main == null ? "" : VisibleText.of(main).strip();
    }

    /** Removes boilerplate elements (by tag, role, aria-hidden, or id and class names) and notes the first main, article and role=main kept. */
    private static final class Stripper implements NodeFilter {
        Element main;
        Element article;
        Element roleMain;

        @Override
        public FilterResult head(Node node, int depth) {
            if (!(node instanceof Element e)) {
                return FilterResult.SKIP_CHILDREN;
            }
            if (boilerplate(e)) {
                return FilterResult.REMOVE;
            }
            switch (e.normalName()) {
                case "main" -> main = main == null ? e : main;
                case "article" -> article = article == null ? e : article;
                default -> {
                }
            }
            if (roleMain == null && is(e, "role", "main")) {
                roleMain = e;
            }
            return FilterResult.CONTINUE;
        }

        /** An attribute's value as jsoup's {@code [name=value]} compares it: lower case (English), not trimmed. */
        private static boolean is(Element e, String name, String lowerCaseValue) {
            String v = e.attr(name);
            return v.length() == lowerCaseValue.length() && v.toLowerCase(java.util.Locale.ENGLISH).equals(lowerCaseValue);
        }

        private static boolean boilerplate(Element e) {
            if (e.parent() == null) {
                return false;   // the document itself
            }
            if (BOILERPLATE_TAGS.contains(e.normalName())) {
                return true;
            }
            String role = e.attr("role");
            if (!role.isEmpty() && BOILERPLATE_ROLES.contains(role.toLowerCase(java.util.Locale.ENGLISH))) {
                return true;
            }
            if (is(e, "aria-hidden", "true")) {
                return true;
            }
            String cls = e.attr("class");
            String id = e.attr("id");
            return (!cls.isEmpty() && BOILERPLATE_NAMES.matcher(cls).find()) || (!id.isEmpty() && BOILERPLATE_NAMES.matcher(id).find());
        }
    }

    /** 64-bit fingerprint (FNV-1a) of a text: of its UTF-8 bytes. */
    public static long fingerprint(String text) {
        return fnv(FNV_OFFSET, text);
    }

    /** The fingerprint of a page's title and main text: that of {@code title + "\n" + main}, without building it. */
    public static long fingerprint(String title, String main) {
        return fnv(step(fnv(FNV_OFFSET, title), '\n'), main);
    }

    /** 64-bit fingerprint of raw bytes (pages that are not HTML). */
    public static long fingerprint(byte[] bytes) {
        long h = FNV_OFFSET;
        for (byte b : bytes) {
            h = step(h, b & 0xFF);
        }
        return h;
    }

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;

    private static long step(long h, int octet) {
        return (h ^ octet) * 0x100000001b3L;
    }

    /**
     * FNV-1a over the text's UTF-8 encoding as {@code String.getBytes(UTF_8)} gives it (a lone surrogate is '?'),
     * encoded on the fly: the text of every fetched page passes here, and the bytes are never needed.
     */
    private static long fnv(long h, String s) {
        int len = s.length();
        for (int i = 0; i < len; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                h = step(h, c);
            } else if (c < 0x800) {
                h = step(step(h, 0xC0 | (c >> 6)), 0x80 | (c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < len && Character.isLowSurrogate(s.charAt(i + 1))) {
                    int cp = Character.toCodePoint(c, s.charAt(++i));
                    h = step(step(step(step(h, 0xF0 | (cp >> 18)), 0x80 | ((cp >> 12) & 0x3F)), 0x80 | ((cp >> 6) & 0x3F)),
                            0x80 | (cp & 0x3F));
                } else {
                    h = step(h, '?');
                }
            } else {
                h = step(step(step(h, 0xE0 | (c >> 12)), 0x80 | ((c >> 6) & 0x3F)), 0x80 | (c & 0x3F));
            }
        }
        return h;
    }
}
