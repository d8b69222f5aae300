package io.trawler.config;

/** Text as every database takes it: PostgreSQL refuses the NUL character in text, so it never reaches a column. */
public final class Text {

    private Text() {
    }

    /** {@code s} with every NUL replaced by U+FFFD (null stays null). */
    public static String storable(String s) {
        return s == null || s.indexOf('\u0000') < 0 ? s : s.replace('\u0000', '\uFFFD');
    }
}
