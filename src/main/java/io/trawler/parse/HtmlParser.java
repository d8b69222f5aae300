package io.trawler.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * Extracts what the crawler needs from an HTML page with jsoup: outgoing links from
 * {@code a}/{@code area}/{@code frame}/{@code iframe} and {@code link rel=canonical} (resolved against
 * {@code <base href>} when present), the meta robots directives and {@code rel=nofollow}, and the fingerprint of
 * its main text ({@link MainText}) for change detection.
 */
public final class HtmlParser {

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

    /**
     * Characters of a page parsed by default ({@code trawler.fetch.max-parsed-chars}): a document tree costs several times
     * its text on the heap, so a 10 MB page parsed whole by each processing thread at once would take more than a
     * small server's heap; links and text come from the page's first 2 Mi characters (the WARC keeps it all).
     */
    public static final int DEFAULT_MAX_PARSED_CHARS = 2 << 20;

    /** The first {@code maxChars} characters of {@code html} (not splitting a surrogate pair), or all of it. */
    public static String parseable(String html, int maxChars) {
        if (html.length() <= maxChars) {
            return html;
        }
        int end = Character.isHighSurrogate(html.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
        return html.substring(0, end);
    }

    public static ParsedPage parse(String html, String pageUrl, int maxLinks) {
        return parse(html, pageUrl, maxLinks, false);
    }

    /** A page's title and main text: what a reader comes for. */
    public record Readable(String title, String mainText) {
    }

    /** Only the title and the main text (as {@link #parse} finds them), without walking the links or the whole text. */
    public static Readable readable(String html, String pageUrl) {
        Document doc = Jsoup.parse(parseable(html, DEFAULT_MAX_PARSED_CHARS), pageUrl);
        String title = doc.title();
        return new Readable(title, MainText.of(doc));
    }

    /** Parses a page; with {@code withText} also its visible text (title and body), else the text is empty. */
    public static ParsedPage parse(String html, String pageUrl, int maxLinks, boolean withText) {
        Document doc = Jsoup.parse(html, pageUrl);
        Collector found = new Collector(doc.baseUri(), maxLinks, withText);
        NodeTraversor.traverse(found, doc);   // one pass for the links and the robots directives
        String title = doc.title();
        String text = withText ? title + "\n" + (doc.body() == null ? "" : VisibleText.of(doc.body())) : "";
        String main = MainText.of(doc);   // last: it strips the document
        return new ParsedPage(title, found.links, found.canonical, found.noindex, found.nofollow, text, main,
                MainText.fingerprint(title, main));
    }

    /**
     * What one walk over the document finds: links of {@code a}/{@code area}/{@code frame}/{@code iframe} and
     * {@code link rel=canonical} in document order (up to the cap), and the directives of {@code meta name=robots|trawler}.
     */
    private static final class Collector implements NodeVisitor {
        private final String base;
        private final int maxLinks;
        private final boolean withText;
        final List<Link> links = new ArrayList<>();
        Optional<String> canonical = Optional.empty();
        boolean noindex;
        boolean nofollow;

        Collector(String base, int maxLinks, boolean withText) {
            this.base = base;
            this.maxLinks = maxLinks;
            this.withText = withText;
        }

        @Override
        public void head(Node node, int depth) {
            if (!(node instanceof Element e)) {
                return;
            }
            switch (e.normalName()) {
                case "a", "area" -> link(e, "href");
                case "frame", "iframe" -> link(e, "src");
                case "link" -> {
                    if (e.attr("rel").toLowerCase(Locale.ROOT).contains("canonical")) {
                        link(e, "href");
                    }
                }
                case "meta" -> meta(e);
                default -> {
                }
            }
        }

        private void link(Element e, String attr) {
            if (links.size() >= maxLinks || !e.hasAttr(attr)) {
                return;
            }
            String abs = LinkResolver.absolute(base, e.attr(attr));
            if (abs.isEmpty()) {
                return;
            }
            String tag = e.normalName();
            if (tag.equals("link")) {
                canonical = Optional.of(abs);
            }
            boolean relNofollow = e.attr("rel").toLowerCase(Locale.ROOT).contains("nofollow");
            links.add(new Link(abs, tag, relNofollow, withText && tag.equals("a") ? anchor(e) : ""));
        }

        private void meta(Element e) {
            String name = e.attr("name");
            if (!(name.equalsIgnoreCase("robots") || name.equalsIgnoreCase("trawler")) || !e.hasAttr("content")) {
                return;
            }
            for (String d : e.attr("content").toLowerCase(Locale.ROOT).split("[,\\s]+")) {
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
    }

    /** At most this many characters of a link's anchor text are kept. */
    static final int MAX_ANCHOR = 200;

    /** A link's anchor text, cut at {@value #MAX_ANCHOR} characters (nested anchors of a hostile page stay small). */
    private static String anchor(Element a) {
        String t = a.text();
        // cut before MAX_ANCHOR, not inside a surrogate pair
        return t.length() <= MAX_ANCHOR ? t : t.substring(0, Character.isHighSurrogate(t.charAt(MAX_ANCHOR - 1)) ? MAX_ANCHOR - 1 : MAX_ANCHOR);
    }
}
