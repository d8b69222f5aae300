package io.trawler.hashing;

/**
 * Path hash mod m (seed 004): URLs spread over nodes by the path hash of the whole normalised URL, as
 * the printed program hashes {@code url.charAt(i)}. Hashing the path alone would send every site's home
 * page "/" to the same node (see docs/partitioning.md).
 */
public record PathHashAssignment(int nodes) implements NodeAssignment {

    @Override
    public int nodeOf(String url) {
        return PathHash.of(url) % nodes;
    }

    @Override
    public String name() {
        return "path hash mod m";
    }
}
