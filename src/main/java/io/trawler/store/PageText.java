package io.trawler.store;

import java.nio.charset.StandardCharsets;

/**
 * A page's text as the worker extracted it (its title and its main text, boilerplate left out), stored beside its
 * response as a WARC {@code conversion} record: the title on the first line, the main text after it. The search
 * indexer reads it there instead of parsing the page's HTML a second time.
 *
 * @param title    the page's title (on one line; at most {@link #MAX_TITLE_CHARS} characters kept), "" when it has none
 * @param mainText the main text, at most {@link #MAX_CHARS} characters kept
 */
public record PageText(String title, String mainText) {

    /** Characters of main text kept: what the search index takes of a page. */
    public static final int MAX_CHARS = 65_536;
    /** Characters of title kept. */
    public static final int MAX_TITLE_CHARS = 4_096;
    /** The most bytes a block holds: title, line end and main text, UTF-8 (at most three bytes a UTF-16 character). */
    static final int MAX_BLOCK_BYTES = 3 * (MAX_TITLE_CHARS + 1 + MAX_CHARS);

    /** No text: a page found by its URL only. */
    public static final PageText NONE = new PageText("", "");

    public PageText {
        title = title == null ? "" : cut(title.replace('\r', ' ').replace('\n', ' '), MAX_TITLE_CHARS);
        mainText = mainText == null ? "" : cut(mainText, MAX_CHARS);
    }

    /** The conversion record's block: the title, a line end, the main text (UTF-8). */
    byte[] block() {
        return (title + "\n" + mainText).getBytes(StandardCharsets.UTF_8);
    }

    /** The text a conversion record's block holds. */
    public static PageText ofBlock(String block) {
        int nl = block.indexOf('\n');
        return nl < 0 ? new PageText(block, "") : new PageText(block.substring(0, nl), block.substring(nl + 1));
    }

    private static String cut(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        int end = Character.isHighSurrogate(s.charAt(max - 1)) ? max - 1 : max;
        return s.substring(0, end);
    }
}
