package io.trawler.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Redis Cluster's slot function, checked against values from the Redis Cluster specification and redis-cli. */
class HashSlotsTest {

    @Test
    void crc16IsXmodem() {
        assertEquals(0x31C3, HashSlots.crc16("123456789".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void slotsAsRedisComputesThem() {
        // CLUSTER KEYSLOT foo = 12182, bar = 5061, {user1000}.following = {user1000}.followers = 3443
        assertEquals(12182, HashSlots.slotOfKey("foo"));
        assertEquals(5061, HashSlots.slotOfKey("bar"));
        assertEquals(HashSlots.slotOfKey("{user1000}.following"), HashSlots.slotOfKey("{user1000}.followers"));
        assertEquals(HashSlots.slot("user1000"), HashSlots.slotOfKey("{user1000}.following"));
        assertEquals(HashSlots.slotOfKey("foo{}{bar}"), HashSlots.slot("foo{}{bar}"), "an empty tag: the whole key");
    }

    @Test
    void theShardsOfACrawlLieInEqualSlotRangesFromItsHomeShard() {
        for (int i = 0; i < 500; i++) {
            String crawl = "crawl" + i;
            for (int shards = 2; shards <= 10; shards++) {
                int home = HashSlots.slotOfKey(FrontierKeys.shardPrefix(crawl, 0, shards));
                assertEquals(HashSlots.slotOfKey(FrontierKeys.prefix(crawl)), home);
                int width = HashSlots.SLOTS / shards;
                for (int shard = 1; shard < shards; shard++) {
                    int ahead = Math.floorMod(HashSlots.slotOfKey(FrontierKeys.shardPrefix(crawl, shard, shards)) - home, HashSlots.SLOTS);
                    assertTrue(ahead >= shard * width && ahead < (shard + 1) * width, crawl + " shard " + shard + "/" + shards);
                }
            }
        }
    }
}
