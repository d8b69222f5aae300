/**
 * Export of a crawl: its page records as CSV and JSON Lines ({@link PageTable}), its stored exchanges as a WACZ
 * package ({@link WaczBuilder}: the crawl's own WARC records copied byte for byte, a CDXJ index, a pages list and the
 * data package manifest). Plain Java; the API wires it ({@code api.ExportResource}).
 */
package io.trawler.export;
