package io.trawler.hashing;

/** Host hash mod m (seed 002, peer-to-peer): every URL of a host goes to one node; the site hash decides which. */
public record HostHashAssignment(int nodes) implements NodeAssignment {

    @Override
    public int nodeOf(String url) {
        return SiteHash.of(Urls.host(url)) % nodes;
    }

    @Override
    public String name() {
        return "host hash mod m";
    }
}
