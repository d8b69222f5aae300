package io.trawler.hashing;

/**
 * The path hash of seed 004 §3.2, value in [0, 2^15): s = (s << 5) + (c & 0x1F) for each character;
 * after every third character (i % 3 == 2) r ^= s and s = 0; the result is r ^ s (SPEC §4: the printed
 * {@code return r*s} is 0 for every string whose length is a multiple of 3; the comment says XOR).
 */
public final class PathHash {

    public static final int BITS = 15;
    public static final int SIZE = 1 << BITS;

    private PathHash() {
    }

    public static int of(CharSequence s) {
        int acc = 0;
        int r = 0;
        for (int i = 0; i < s.length(); i++) {
            acc = (acc << 5) + (s.charAt(i) & 0x1F);
            if (i % 3 == 2) {
                r ^= acc;
                acc = 0;
            }
        }
        return r ^ acc;
    }
}
