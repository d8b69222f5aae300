package io.trawler.crawl;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The crawl log's filters (null: none): a status ({@code 404}), status class ({@code 4xx}), {@code errors} or an
 * outcome; a host (with its port when not the default); a content type prefix; a URL or path prefix; a least relevance.
 * {@link #where} turns them into a condition on the crawl's {@link Page} records; a filter that cannot be one is an
 * IllegalArgumentException whose message says what it should be.
 */
public record PageLogFilter(String status, String host, String type, String prefix, String minRelevance) {

    /** A where clause with its positional parameters. */
    public record Query(String where, List<Object> params) {
    }


    /**
     * The condition of the filters on the crawl's records after {@code after} (before it when {@code before}); the
     * conditions on crawl and id come first so the index on both bounds the scan.
     */
    Query where(String crawlId, long after, boolean before) {
        StringBuilder where = new StringBuilder("crawlId = ?1 and id " + (before ? "<" : ">") + " ?2");
        List<Object> params = new ArrayList<>(List.of(crawlId, after));
        if (status != null) {
            String s = status.toLowerCase(Locale.ROOT);
            if (s.matches("[1-5]xx")) {
                int from = (s.charAt(0) - '0') * 100;
                where.append(" and status >= ?").append(params.size() + 1).append(" and status < ?").append(params.size() + 2);
                params.add(from);
                params.add(from + 100);
            } else if (s.matches("\\d{1,3}")) {
                where.append(" and status = ?").append(params.size() + 1);
                params.add(Integer.parseInt(s));
            } else if (s.equals("errors")) {
                where.append(" and (outcome like 'error-%' or outcome = 'robots-unavailable')");
            } else {
                where.append(" and outcome = ?").append(params.size() + 1);
                params.add(s);
            }
        }
        if (host != null) {
            String h = host.toLowerCase(Locale.ROOT);
            if (!h.matches("[a-z0-9.\\-\\[\\]:]+")) {
                throw new IllegalArgumentException("A host is a name or address, with a port when it is not the default: example.com:8080.");
            }
            where.append(" and (url like ?").append(params.size() + 1).append(" escape '!' or url like ?").append(params.size() + 2)
                    .append(" escape '!')");
            params.add("http://" + like(h) + "/%");
            params.add("https://" + like(h) + "/%");
        }
        if (type != null) {
            where.append(" and lower(contentType) like ?").append(params.size() + 1).append(" escape '!'");
            params.add(like(type.toLowerCase(Locale.ROOT)) + "%");
        }
        if (prefix != null) {
            where.append(" and url like ?").append(params.size() + 1).append(" escape '!'");
            params.add(prefix.contains("://") ? like(prefix) + "%" : "%://%" + like(prefix.startsWith("/") ? prefix : "/" + prefix) + "%");
        }
        if (minRelevance != null) {
            try {
                double r = Double.parseDouble(minRelevance);
                where.append(" and relevance >= ?").append(params.size() + 1);
                params.add(r);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("Least relevance is a number, such as 0.2.");
            }
        }
        return new Query(where.toString(), params);
    }

    private static String like(String s) {
        return s.replace("!", "!!").replace("%", "!%").replace("_", "!_");
    }
}
