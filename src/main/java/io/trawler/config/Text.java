package io.trawler.config;

/**
 * Text as every database and every message takes it: PostgreSQL refuses the NUL character in text, so it never
 * reaches a column; a message quotes at most {@value #MAX_QUOTE} characters of what it was given.
 */
public final class Text {

    /** The most characters of an input a message quotes. */
    public static final int MAX_QUOTE = 200;

    private Text() {
    }

    /** {@code s} with every NUL replaced by U+FFFD (null stays null). */
    public static String storable(String s) {
        return s == null || s.indexOf('\u0000') < 0 ? s : s.replace('\u0000', '\uFFFD');
    }

    /** The input as a message may quote it: at most {@value #MAX_QUOTE} characters, then an ellipsis and the full length. */
    public static String quote(Object input) {
        String s = String.valueOf(input);
        if (s.length() <= MAX_QUOTE) {
            return s;
        }
        return s.substring(0, MAX_QUOTE) + "… (" + s.length() + " characters)";
    }
}
