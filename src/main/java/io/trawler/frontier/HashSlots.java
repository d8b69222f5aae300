package io.trawler.frontier;

import java.nio.charset.StandardCharsets;

/**
 * Redis Cluster's key-to-slot function (CRC16/XMODEM of the hash tag, modulo 16,384), so that the frontier can give the
 * shards of one crawl hash tags whose slots lie far apart: on a cluster whose masters own even slot ranges, the lanes of
 * a crawl then live on different masters.
 */
public final class HashSlots {

    /** Slots of a Redis Cluster. */
    public static final int SLOTS = 16_384;

    private HashSlots() {
    }

    /** The slot of a key: of its hash tag (the text between the first {@code {} and the next {@code }}) when it has one. */
    public static int slotOfKey(String key) {
        int open = key.indexOf('{');
        if (open >= 0) {
            int close = key.indexOf('}', open + 1);
            if (close > open + 1) {
                return slot(key.substring(open + 1, close));
            }
        }
        return slot(key);
    }

    /** The slot of a hash tag's text. */
    public static int slot(String tag) {
        return crc16(tag.getBytes(StandardCharsets.UTF_8)) % SLOTS;
    }

    static int crc16(byte[] bytes) {
        int crc = 0;
        for (byte b : bytes) {
            crc ^= (b & 0xff) << 8;
            for (int i = 0; i < 8; i++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
            }
            crc &= 0xffff;
        }
        return crc;
    }
}
