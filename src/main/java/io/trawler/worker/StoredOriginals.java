package io.trawler.worker;

import io.trawler.refresh.PageHistory;
import io.trawler.store.WarcArchive;
import io.trawler.store.WarcRecordReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.jboss.logging.Logger;
import org.netpreserve.jwarc.WarcResponse;

/**
 * The content a page had when it was last stored in full, read back for a 304: a 304 carries no body and no links, so a
 * crawl that finds the site by its links parses the stored response instead (as Heritrix's duplicate reduction keeps
 * a page's outlinks). It is read from this node's WARC directory, or from the archive when closed files are sent to one
 * every node reads; a conditional request is sent only for a page whose stored content is {@link #reachable}, so the
 * site is not asked twice.
 */
final class StoredOriginals {

    private static final Logger LOG = Logger.getLogger(StoredOriginals.class);

    /** A stored response's payload (as the fetch decoded it) and its content type. */
    record Payload(byte[] body, String contentType) {
    }

    private final Path dir;
    private final WarcRecordReader reader;

    StoredOriginals(Path dir, WarcRecordReader reader) {
        this.dir = dir;
        this.reader = reader;
    }

    /**
     * Whether the content can be read here: its place is known, and its file is in this node's directory or in an archive
     * every node reads. A file name that is not a plain name never is.
     */
    boolean reachable(PageHistory.Content content) {
        if (content == null || !content.located() || !WarcArchive.plainName(content.file())) {
            return false;
        }
        return reader.sharedArchive() || Files.exists(dir.resolve(content.file()));
    }

    /** The stored response's payload, at most {@code maxBytes} of it; empty when it is gone or is not a response. Blocks. */
    Optional<Payload> read(PageHistory.Content content, int maxBytes) {
        if (content == null || !content.located() || !WarcArchive.plainName(content.file())) {
            return Optional.empty();
        }
        try {
            return reader.read(content.file(), content.offset(), record -> {
                if (!(record instanceof WarcResponse response)) {
                    return null;
                }
                var http = response.http();
                byte[] body;
                try (InputStream in = http.body().stream()) {
                    body = in.readNBytes(maxBytes);
                }
                return new Payload(body, http.headers().first("Content-Type").orElse(""));
            });
        } catch (IOException | RuntimeException e) {
            LOG.debugf("stored content %s@%d not read: %s", content.file(), content.offset(), e.toString());
            return Optional.empty();
        }
    }
}
