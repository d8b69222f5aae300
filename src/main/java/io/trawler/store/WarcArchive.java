package io.trawler.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a node's closed WARC files are kept so that any node (the manager's page view above all) can read their
 * records: the local WARC directory itself ({@link LocalWarcArchive}, the default) or an S3-compatible object store
 * ({@link S3WarcArchive}) for edge workers. Files are archived whole, once closed; records are read back from an
 * offset.
 */
public interface WarcArchive {

    /** Whether {@code file} is a plain WARC file name as stores write them (no directory part, not hidden): any other is refused. */
    static boolean plainName(String file) {
        return file != null && !file.isEmpty() && !file.contains("/") && !file.contains("\\") && !file.startsWith(".");
    }

    /** Whether archived files leave the node: then a {@link WarcUploader} sends closed files and removes local copies. */
    boolean remote();

    /**
     * Archives one closed, complete WARC file under its file name. Once this returns, the file's records can be read
     * through {@link #open} from any node and the local copy may be deleted. Storing a file twice is harmless.
     */
    void store(Path file) throws IOException;

    /**
     * The bytes of an archived file from {@code offset}, at most {@code maxBytes} of them; empty when the archive has
     * no such file or the offset lies beyond its end. The caller closes the stream (early, if it wants).
     */
    Optional<InputStream> open(String fileName, long offset, long maxBytes) throws IOException;

    /**
     * Deletes an archived file (its crawl was deleted and no kept record refers to it); false when the archive had no
     * such file. The local directory's own copy is the caller's.
     */
    boolean delete(String fileName) throws IOException;

    /** Where files go, for logs and the health check (no credentials). */
    String describe();
}
