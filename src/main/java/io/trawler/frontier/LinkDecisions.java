package io.trawler.frontier;

/**
 * What the crawl decided about the links of one fetched page: how many distinct links were in scope, on hosts outside
 * the scope, refused by the include/exclude patterns, or beyond the depth limit, and whether the in-scope ones were
 * followed at all (a focused crawl does not follow an irrelevant page's links; a crawl of listed URLs follows none).
 * It travels in the page record as {@code "in,host,pattern,deep,followed"} and is stored with the record: the crawl
 * log's scope decisions.
 */
public record LinkDecisions(int inScope, int otherHosts, int byPattern, int tooDeep, boolean followed) {

    public LinkDecisions {
        if (inScope < 0 || otherHosts < 0 || byPattern < 0 || tooDeep < 0) {
            throw new IllegalArgumentException("negative link count");
        }
    }

    /** The form in the page record. */
    public String encode() {
        return inScope + "," + otherHosts + "," + byPattern + "," + tooDeep + "," + (followed ? 1 : 0);
    }

    /** The decisions of a page record's {@code scope} field; IllegalArgumentException naming what is wrong. */
    public static LinkDecisions decode(String v) {
        String[] parts = v.split(",", -1);
        if (parts.length != 5 || !(parts[4].equals("0") || parts[4].equals("1"))) {
            throw new IllegalArgumentException("scope is not in,host,pattern,deep,followed: " + (v.length() <= 40 ? v : v.substring(0, 40)));
        }
        try {
            return new LinkDecisions(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2]),
                    Integer.parseInt(parts[3]), parts[4].equals("1"));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("scope count is not a number: " + (v.length() <= 40 ? v : v.substring(0, 40)));
        }
    }

    /** Every distinct link the page held. */
    public int total() {
        return inScope + otherHosts + byPattern + tooDeep;
    }
}
