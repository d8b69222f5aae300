/**
 * Search over a crawl's pages: a Lucene index per crawl of its records' URLs and main text ({@link CrawlIndex}, plain
 * Java), filled by the manager's {@link SearchIndexer} from the stored WARC records after the crawl ends (and, for a
 * running crawl, when someone searches it), queried with all words (or "phrases") required and the total number of
 * matches counted.
 */
package io.trawler.search;
