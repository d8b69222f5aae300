package io.trawler.hashing;

/**
 * The site hash of seed 004 §3.1, value in [0, 2^21): r = (r << 7) + (c & 0x7F) for each character of
 * the host, folded to 21 bits by end-around carry after each character (SPEC §4: the printed loop never
 * folds because it copies r first; folding is what its comments describe).
 */
public final class SiteHash {

    public static final int BITS = 21;
    public static final int SIZE = 1 << BITS;
    private static final long MASK = SIZE - 1;

    private SiteHash() {
    }

    public static int of(String host) {
        long r = 0;
        for (int i = 0; i < host.length(); i++) {
            r = (r << 7) + (host.charAt(i) & 0x7F);
            while (r >= SIZE) {
                r = (r & MASK) + (r >>> BITS);
            }
        }
        return (int) r;
    }
}
