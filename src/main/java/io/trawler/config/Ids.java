package io.trawler.config;

import java.security.SecureRandom;

/** Opaque ids: 16 lower-case base-32 characters (80 random bits). */
public final class Ids {

    private static final char[] ALPHABET = "abcdefghijklmnopqrstuvwxyz234567".toCharArray();

    private Ids() {
    }

    /** The random source, made when first used (at run time: a native image never holds one seeded while it was built). */
    private static final class Random {
        static final SecureRandom SOURCE = new SecureRandom();
    }

    public static String newId() {
        byte[] b = new byte[10];
        Random.SOURCE.nextBytes(b);
        StringBuilder s = new StringBuilder(16);
        long acc = 0;
        int bits = 0;
        for (byte x : b) {
            acc = (acc << 8) | (x & 0xFF);
            bits += 8;
            while (bits >= 5) {
                s.append(ALPHABET[(int) (acc >>> (bits - 5)) & 31]);
                bits -= 5;
            }
        }
        return s.toString();
    }
}
