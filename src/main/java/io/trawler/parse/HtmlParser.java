package io.trawler.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Extracts what the crawler needs from an HTML page with jsoup: outgoing links from
 * {@code a}/{@code area}/{@code frame}/{@code iframe} and {@code link rel=canonical} (resolved against
 * {@code <base href>} when present), the meta robots directives and {@code rel=nofollow}, and the fingerprint of
 * its main text ({@link MainText}) for change detection.
 */
public final class HtmlParser {

    private static final String LINK_SELECTOR = "a[href], area[href], frame[src], iframe[src], link[rel~=(?i)canonical][href]";

    /** A link as found on the page, already absolute (not yet normalised); its anchor text when the text was asked for, else "". */
    public record Link(String url, String tag, boolean nofollow, String anchor) {
    }

    /** What a page says about itself and where it links. */
    public record ParsedPage(String title, List<Link> links, Optional<String> canonical, boolean noindex, boolean nofollow,
            String text, String mainText, long mainTextFingerprint) {

        /** Links the crawler may follow: none under meta nofollow, and none marked rel=nofollow. */
        public List<String> followable() {
            if (nofollow) {
                return List.of();
            }
            List<String> out = new ArrayList<>(links.size());
            for (Link l : links) {
                if (!l.nofollow()) {
                    out.add(l.url());
                }
            }
            return out;
        }
    }

    private HtmlParser() {
    }

    public static ParsedPage parse(String html, String pageUrl, int maxLinks) {
        return parse(html, pageUrl, maxLinks, false);
    }

    /** Parses a page; with {@code withText} also its visible text (title and body), else the text is empty. */
    public static ParsedPage parse(String html, String pageUrl, int maxLinks, boolean withText) {
        Document doc = Jsoup.parse(html, pageUrl);
        boolean noindex = false;
        boolean nofollow = false;
        for (Element meta : doc.select("meta[name~=(?i)^(robots|trawler)$][content]")) {
            for (String d : meta.attr("content").toLowerCase(Locale.ROOT).split("[,\\s]+")) {
                switch (d) {
                    case "noindex" -> noindex = true;
                    case "nofollow" -> nofollow = true;
                    case "none" -> {
                        noindex = true;
                        nofollow = true;
                    }
                    default -> {
                    }
                }
            }
        }
        List<Link> links = new ArrayList<>();
        Optional<String> canonical = Optional.empty();
        for (Element e : doc.select(LINK_SELECTOR)) {
            if (links.size() >= maxLinks) {
                break;
            }
            String tag = e.normalName();
            String attr = tag.equals("frame") || tag.equals("iframe") ? "src" : "href";
            String abs = e.absUrl(attr);
            if (abs.isEmpty()) {
                continue;
            }
            if (tag.equals("link")) {
                canonical = Optional.of(abs);
            }
            boolean relNofollow = e.attr("rel").toLowerCase(Locale.ROOT).contains("nofollow");
            links.add(new Link(abs, tag, relNofollow, withText && tag.equals("a") ? anchor(e) : ""));
        }
        String text = withText ? doc.title() + "\n" + (doc.body() == null ? "" : doc.body().text()) : "";
        String title = doc.title();
        String main = MainText.of(doc);   // last: it strips the document
        return new ParsedPage(title, links, canonical, noindex, nofollow, text, main, MainText.fingerprint(title + "\n" + main));
    }

    /** At most this many characters of a link's anchor text are kept. */
    static final int MAX_ANCHOR = 200;

    /** A link's anchor text, cut at {@value #MAX_ANCHOR} characters (nested anchors of a hostile page stay small). */
    private static String anchor(Element a) {
        String t = a.text();
        return t.length() <= MAX_ANCHOR ? t : t.substring(0, MAX_ANCHOR);
    }
}
