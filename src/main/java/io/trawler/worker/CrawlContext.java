package io.trawler.worker;

import io.trawler.crawl.CrawlSpec;
import io.trawler.frontier.PolitenessScope;
import io.trawler.order.LearningFocusedOrder;
import io.trawler.order.LinkLearner;
import io.trawler.order.OrderingStrategy;
import io.trawler.order.Rescoring;
import io.trawler.order.TopicModel;
import io.trawler.parse.CrawlScope;
import io.trawler.parse.LinkResolver;
import io.trawler.partition.LaneRouting;

/**
 * A running crawl as a worker sees it: its spec, compiled scope, lane routing, ordering strategy, for a focused crawl the topic model this worker measures relevance with (null otherwise), the
 * site's URL rules (the form its links are fetched in, each distinct link normalised once), for a learning focused crawl this worker's
 * link learner (null otherwise), the links already handed to the frontier (null where every link must be sent), and
 * whether each lane's shard keeps the node's politeness on its own ({@code shardedNodePoliteness}: a node serving several
 * lanes then spaces its fetches itself, {@link ClientSpacing}).
 */
record CrawlContext(CrawlSpec spec, CrawlScope scope, LaneRouting routing, OrderingStrategy order, TopicModel topic,
        LinkResolver urls, LinkLearner learner, KnownLinks known, boolean shardedNodePoliteness) {

    static CrawlContext of(CrawlSpec spec) {
        OrderingStrategy order = spec.order();
        TopicModel topic = order.rules().rescoring().focused() && spec.topic() != null ? TopicModel.of(spec.topic()) : null;
        LinkLearner learner = topic != null && order instanceof LearningFocusedOrder l ? new LinkLearner(l.settings()) : null;
        return new CrawlContext(spec, spec.scope(), spec.routing(), order, topic,
                new LinkResolver(spec.urlRules(), LinkResolver.DEFAULT_CAPACITY), learner, knownLinks(order),
                spec.frontierSettings().shards() > 1 && spec.frontierSettings().politenessScope() == PolitenessScope.NODE);
    }

    /** Links already handed over are not sent again, where the frontier does nothing with a link it has seen. */
    private static KnownLinks knownLinks(OrderingStrategy order) {
        Rescoring r = order.rules().rescoring();
        return r == Rescoring.NONE || r == Rescoring.FOCUS_LEARN
                ? new KnownLinks(KnownLinks.DEFAULT_CAPACITY) : null;
    }

    String id() {
        return spec.crawlId();
    }

    boolean focused() {
        return topic != null;
    }
}
