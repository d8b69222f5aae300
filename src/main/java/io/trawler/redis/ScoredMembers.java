package io.trawler.redis;

import io.vertx.redis.client.Response;
import io.vertx.redis.client.ResponseType;
import java.util.ArrayList;
import java.util.List;

/** A sorted-set range read {@code WITHSCORES}, whichever protocol the client speaks. */
public final class ScoredMembers {

    /** One member and its score. */
    public record Scored(String member, double score) {
    }

    private ScoredMembers() {
    }

    /** The members and scores of a reply: RESP3 answers [[member, score], …], RESP2 [member, score, …]. */
    public static List<Scored> of(Response reply) {
        List<Scored> out = new ArrayList<>();
        if (reply == null || reply.size() == 0) {
            return out;
        }
        boolean pairs = reply.get(0).type() == ResponseType.MULTI;
        for (int i = 0; i < reply.size(); i += pairs ? 1 : 2) {
            Response member = pairs ? reply.get(i).get(0) : reply.get(i);
            Response score = pairs ? reply.get(i).get(1) : reply.get(i + 1);
            out.add(new Scored(member.toString(), score.toDouble()));
        }
        return out;
    }
}
