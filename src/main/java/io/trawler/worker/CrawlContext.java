package io.trawler.worker;

import io.trawler.crawl.CrawlSpec;
import io.trawler.parse.CrawlScope;

/** A running crawl as a worker sees it: its spec, compiled scope and frontier bucket bits. */
record CrawlContext(CrawlSpec spec, CrawlScope scope, int bucketBits) {

    static CrawlContext of(CrawlSpec spec, int bucketBits) {
        return new CrawlContext(spec, spec.scope(), bucketBits);
    }

    String id() {
        return spec.crawlId();
    }
}
