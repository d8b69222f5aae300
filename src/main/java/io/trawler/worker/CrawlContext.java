package io.trawler.worker;

import io.trawler.crawl.CrawlSpec;
import io.trawler.order.Strategy;
import io.trawler.parse.CrawlScope;
import io.trawler.partition.LaneRouting;

/** A running crawl as a worker sees it: its spec, compiled scope, lane routing and frontier bucket bits. */
record CrawlContext(CrawlSpec spec, CrawlScope scope, LaneRouting routing, Strategy order, int bucketBits) {

    static CrawlContext of(CrawlSpec spec, int bucketBits) {
        return new CrawlContext(spec, spec.scope(), spec.routing(), spec.order(), bucketBits);
    }

    String id() {
        return spec.crawlId();
    }
}
