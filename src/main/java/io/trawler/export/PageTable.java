package io.trawler.export;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * A crawl's page records as a table: CSV (RFC 4180, a header row) or JSON Lines (one object a line, the fields of
 * {@code GET /api/v1/crawls/{id}/pages}). Crawled text is data: a CSV cell that a spreadsheet would read as a formula
 * (starting with {@code = + - @}, a tab or a carriage return) gets a leading apostrophe, as OWASP advises.
 */
public final class PageTable {

    /** The CSV columns, in order; {@link Row#cells()} gives the values in the same order. */
    public static final List<String> COLUMNS = List.of("id", "url", "status", "outcome", "fetchedAt", "partition", "depth", "contentType",
            "bytes", "truncated", "fetchMs", "digest", "warcFile", "warcOffset", "redirect", "error", "relevance", "relevant",
            "linksInScope", "linksOtherHosts", "linksByPattern", "linksTooDeep", "linksFollowed", "recordId", "revisit", "refersTo");

    /** One record's cells (null for an absent value). */
    public interface Row {
        List<Object> cells();
    }

    private static final ObjectMapper JSON = new ObjectMapper().findAndRegisterModules()
            .disable(com.fasterxml.jackson.databind.SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    private PageTable() {
    }

    public static void csvHeader(Writer out) throws IOException {
        out.write(String.join(",", COLUMNS));
        out.write("\r\n");
    }

    public static void csvRow(Writer out, Row row) throws IOException {
        List<Object> cells = row.cells();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                out.write(',');
            }
            out.write(cell(cells.get(i)));
        }
        out.write("\r\n");
    }

    /** One JSON object and a newline. */
    public static void jsonLine(Writer out, Object record) throws IOException {
        out.write(JSON.writeValueAsString(record));
        out.write('\n');
    }

    static String cell(Object value) {
        if (value == null) {
            return "";
        }
        String s = value.toString();
        if (value instanceof String && !s.isEmpty() && "=+-@\t\r".indexOf(s.charAt(0)) >= 0) {
            s = "'" + s;
        }
        if (s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }
}
