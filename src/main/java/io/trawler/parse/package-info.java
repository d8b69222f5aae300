/**
 * Turning fetched bytes into crawl decisions, in plain Java: charset detection, jsoup link and
 * meta-robots extraction, URL normalisation (crawler-commons) and the crawl scope.
 */
package io.trawler.parse;
