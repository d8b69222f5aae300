package io.trawler.parse;

import org.jsoup.nodes.CDataNode;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.parser.Tag;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * An element's visible text, exactly as jsoup's {@link Element#text()} gives it (whitespace collapsed to one space,
 * a space between blocks, zero-width spaces and soft hyphens dropped, {@code pre} kept as it is, trimmed), at a
 * fraction of its cost: jsoup appends every character on its own, this appends each run of ordinary characters at
 * once. The text of every page is taken once per fetch (the main text's fingerprint), so this is on the crawl's hot
 * path. VisibleTextTest holds the two equal on real pages; a jsoup upgrade that changes its rules fails it.
 */
public final class VisibleText {

    private VisibleText() {
    }

    /** A thread's builder is kept for its next page unless a large page grew it past this (characters). */
    private static final int KEPT_CAPACITY = 64 * 1024;
    /**
     * Each thread's builder, reused page after page: a page's text is built in it and copied out once (a new builder a
     * page grew and copied its text twice on the way, and the trim copied it a third time). Taken out while in use.
     * Not jsoup's StringUtil.borrowBuilder: it lets go of any builder past 8K characters, the size of a page's text.
     */
    private static final ThreadLocal<StringBuilder> BUILDER = new ThreadLocal<>();

    /** The element's text, as {@code element.text()} returns it. */
    public static String of(Element element) {
        StringBuilder accum = BUILDER.get();
        if (accum == null) {
            accum = new StringBuilder(16 * 1024);
        } else {
            BUILDER.set(null);   // a call within this one (none today) would take a builder of its own
        }
        try {
            NodeTraversor.traverse(new Accumulator(accum), element);
            return trimmed(accum);
        } finally {
            if (accum.capacity() <= KEPT_CAPACITY) {
                accum.setLength(0);
                BUILDER.set(accum);
            }
        }
    }

    /** {@code s.toString().trim()} (String.trim's rule: characters up to U+0020 go) in one copy. */
    static String trimmed(StringBuilder s) {
        int start = 0;
        int end = s.length();
        while (start < end && s.charAt(start) <= ' ') {
            start++;
        }
        while (end > start && s.charAt(end - 1) <= ' ') {
            end--;
        }
        return s.substring(start, end);
    }

    /** jsoup's text accumulator (Element.TextAccumulator of jsoup 1.24), with the whitespace rules of its StringUtil. */
    private record Accumulator(StringBuilder accum) implements NodeVisitor {

        @Override
        public void head(Node node, int depth) {
            if (node instanceof TextNode text) {
                String s = text.getWholeText();
                if (text instanceof CDataNode || preserveWhitespace(text.parentNode())) {
                    accum.append(s);
                } else {
                    appendNormalised(accum, s, lastIsSpace(accum));
                }
            } else if (node instanceof Element e) {
                if (!accum.isEmpty() && leadingSeparator(e) && !lastIsSpace(accum)) {
                    accum.append(' ');
                }
            }
        }

        @Override
        public void tail(Node node, int depth) {
            if (node instanceof Element e) {
                Node next = node.nextSibling();
                if (trailingSeparator(e) && (next instanceof TextNode || next instanceof Element n && n.tag().isInline())
                        && !lastIsSpace(accum)) {
                    accum.append(' ');
                }
            }
        }

        private static boolean leadingSeparator(Element e) {
            return e.isBlock() || e.nameIs("br") || e.tag().is(Tag.TextBoundary) && e.childNodeSize() > 0 && e.hasText();
        }

        private static boolean trailingSeparator(Element e) {
            return e.tag().is(Tag.TextBoundary) || !e.tag().isInline() || hasBlockChild(e);
        }

        private static boolean hasBlockChild(Element e) {
            for (int i = 0; i < e.childNodeSize(); i++) {
                if (e.childNode(i) instanceof Element c && c.isBlock()) {
                    return true;
                }
            }
            return false;
        }

        /** Whether the node or one of its five nearest ancestors keeps whitespace ({@code pre}, {@code textarea}). */
        private static boolean preserveWhitespace(Node node) {
            if (node instanceof Element el) {
                int i = 0;
                do {
                    if (el.tag().preserveWhitespace()) {
                        return true;
                    }
                    el = el.parent();
                } while (++i < 6 && el != null);
            }
            return false;
        }
    }

    private static boolean lastIsSpace(StringBuilder sb) {
        return !sb.isEmpty() && sb.charAt(sb.length() - 1) == ' ';
    }

    /**
     * jsoup's {@code StringUtil.appendNormalisedWhitespace}: each run of whitespace (including the no-break space)
     * becomes one space, leading whitespace is dropped when {@code stripLeading}, zero-width spaces and soft hyphens
     * are dropped. Both are BMP characters, so a scan by char finds the same runs as jsoup's scan by code point.
     */
    static void appendNormalised(StringBuilder accum, String s, boolean stripLeading) {
        if (plain(s)) {   // most of a page's prose: words and single spaces, appended at once
            accum.append(s, stripLeading && s.startsWith(" ") ? 1 : 0, s.length());
            return;
        }
        boolean lastWasWhite = false;
        boolean reachedNonWhite = false;
        int run = -1;   // start of the characters to append as they are (ordinary ones, and single plain spaces)
        int len = s.length();
        for (int i = 0; i < len; i++) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\u00a0') {
                if ((stripLeading && !reachedNonWhite) || lastWasWhite) {
                    run = flush(accum, s, run, i);   // dropped
                } else if (c == ' ') {
                    run = run < 0 ? i : run;   // a plain space stays as it is: part of the run
                } else {
                    run = flush(accum, s, run, i);
                    accum.append(' ');
                }
                lastWasWhite = true;
            } else if (c == '\u200b' || c == '\u00ad') {
                run = flush(accum, s, run, i);   // dropped
            } else {
                run = run < 0 ? i : run;
                lastWasWhite = false;
                reachedNonWhite = true;
            }
        }
        flush(accum, s, run, len);
    }

    /**
     * Whether the text has nothing to normalise but, perhaps, one leading space: no whitespace other than single plain
     * spaces, no zero-width space or soft hyphen. Each test is one of the JDK's vectorised scans, so a long paragraph
     * is checked in a few passes instead of character by character.
     */
    private static boolean plain(String s) {
        return s.indexOf('\n') < 0 && s.indexOf("  ") < 0 && s.indexOf('\t') < 0 && s.indexOf('\u00a0') < 0 && s.indexOf('\r') < 0
                && s.indexOf('\f') < 0 && s.indexOf('\u00ad') < 0 && s.indexOf('\u200b') < 0;
    }

    /** Appends the run {@code [run, end)} of {@code s}, if any; returns -1 (no run). */
    private static int flush(StringBuilder accum, String s, int run, int end) {
        if (run >= 0) {
            accum.append(s, run, end);
        }
        return -1;
    }
}
