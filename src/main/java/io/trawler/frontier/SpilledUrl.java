package io.trawler.frontier;

/**
 * A queued URL beyond its host queue's head, as {@code frontier.lua} spills it: {@code "score depth hops attempts "}
 * and the URL relative to its host ({@code +} for {@code https://host}, {@code -} for {@code http://host}, {@code =}
 * before any other URL).
 *
 * @param score the URL's priority in the queue (lowest first)
 * @param depth its crawl depth
 * @param url   the URL, whole again
 */
public record SpilledUrl(double score, int depth, String url) {

    /** The entry decoded, or null for an entry of another form. */
    public static SpilledUrl decode(String entry, String host) {
        String[] parts = entry.split(" ", 5);
        if (parts.length != 5 || parts[4].isEmpty()) {
            return null;
        }
        try {
            String rest = parts[4].substring(1);
            String url = switch (parts[4].charAt(0)) {
                case '+' -> "https://" + host + rest;
                case '-' -> "http://" + host + rest;
                case '=' -> rest;
                default -> null;
            };
            return url == null ? null : new SpilledUrl(Double.parseDouble(parts[0]), Integer.parseInt(parts[1]), url);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
