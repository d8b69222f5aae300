package io.trawler.hashing;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.BitSet;

/**
 * Consistent hashing of hosts on a 2^32 ring (seed 002): each node owns {@code virtualNodes} points
 * (MD5 of "node-N#v"); a host belongs to the first point clockwise from its own position. A failed node's
 * points are skipped, so its hosts pass to the next node clockwise and nobody else's move.
 */
public final class ConsistentHashRing implements NodeAssignment {

    private final int nodes;
    private final long[] points;
    private final int[] owners;
    private final BitSet down = new BitSet();

    public ConsistentHashRing(int nodes, int virtualNodes) {
        this.nodes = nodes;
        int n = nodes * virtualNodes;
        long[] packed = new long[n];
        int k = 0;
        for (int node = 0; node < nodes; node++) {
            for (int v = 0; v < virtualNodes; v++) {
                packed[k++] = (position("node-" + node + "#" + v) << 16) | node;
            }
        }
        Arrays.sort(packed);
        points = new long[n];
        owners = new int[n];
        for (int i = 0; i < n; i++) {
            points[i] = packed[i] >>> 16;
            owners[i] = (int) (packed[i] & 0xFFFF);
        }
    }

    /** Marks a node failed (its range passes clockwise) or back. */
    public ConsistentHashRing setDown(int node, boolean isDown) {
        down.set(node, isDown);
        return this;
    }

    @Override
    public int nodeOf(String url) {
        return ownerOf(position(Urls.host(url)));
    }

    int ownerOf(long position) {
        int i = Arrays.binarySearch(points, position);
        if (i < 0) {
            i = -i - 1;
        }
        for (int step = 0; step < points.length; step++) {
            int owner = owners[(i + step) % points.length];
            if (!down.get(owner)) {
                return owner;
            }
        }
        throw new IllegalStateException("every node is down");
    }

    @Override
    public int nodes() {
        return nodes;
    }

    @Override
    public String name() {
        return "consistent ring (" + points.length / nodes + " virtual nodes)";
    }

    /** Position on the ring: the first 4 bytes of the MD5 of the key, unsigned. */
    static long position(String key) {
        try {
            byte[] d = MessageDigest.getInstance("MD5").digest(key.getBytes(StandardCharsets.UTF_8));
            return ((d[0] & 0xFFL) << 24) | ((d[1] & 0xFFL) << 16) | ((d[2] & 0xFFL) << 8) | (d[3] & 0xFFL);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
