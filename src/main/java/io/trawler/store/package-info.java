/**
 * What a crawl keeps: WARC files (jwarc, gzip per record, rotated by size), page records ingested
 * from the frontier's stream into the database, and the crawl's compact link graph.
 */
package io.trawler.store;
