package io.trawler.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
    void theShardsOfACrawlLieInDifferentRangesOfTheSlotRing() {
        for (int i = 0; i < 500; i++) {
            String crawl = "crawl" + i;
            for (int shards = 2; shards <= 10; shards++) {
                assertEquals(HashSlots.slotOfKey(FrontierKeys.prefix(crawl)), HashSlots.slotOfKey(FrontierKeys.shardPrefix(crawl, 0, shards)));
                java.util.Set<Integer> ranges = new java.util.HashSet<>();
                for (int shard = 0; shard < shards; shard++) {
                    ranges.add(FrontierKeys.rangeOf(crawl, shard, shards));
                }
                assertEquals(shards, ranges.size(), crawl + ": " + shards + " shards in as many ranges");
            }
        }
    }

    @Test
    void onAnEvenlySplitClusterEachShardHasAMasterOfItsOwn() {
        // redis-cli --cluster create with 3 masters: 0-5460, 5461-10922, 10923-16383
        int[] firstSlot = {0, 5461, 10923};
        for (int i = 0; i < 500; i++) {
            java.util.Set<Integer> masters = new java.util.HashSet<>();
            for (int shard = 0; shard < 3; shard++) {
                int slot = HashSlots.slotOfKey(FrontierKeys.shardPrefix("crawl" + i, shard, 3));
                masters.add(slot >= firstSlot[2] ? 2 : slot >= firstSlot[1] ? 1 : 0);
            }
            assertEquals(3, masters.size(), "crawl" + i);
        }
    }
}
