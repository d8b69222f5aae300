package io.trawler.store;

import io.trawler.fetch.CappedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/** The default archive: WARC files stay in the directory they were written to, and are read from it. */
public final class LocalWarcArchive implements WarcArchive {

    private final Path dir;

    public LocalWarcArchive(Path dir) {
        this.dir = dir;
    }

    @Override
    public boolean remote() {
        return false;
    }

    @Override
    public void store(Path file) {
        // the file is already where it is kept
    }

    @Override
    public Optional<InputStream> open(String fileName, long offset, long maxBytes) throws IOException {
        Optional<FileChannel> ch = channel(fileName, offset);
        if (ch.isPresent()) {
            ch.get().position(offset);
        }
        return ch.map(c -> new CappedInputStream(Channels.newInputStream(c), maxBytes));
    }

    /**
     * The content of the gzip member at {@code offset} of a file here (one record, inflated, its check verified); empty
     * when the file is not here, or the member is larger than {@code max} or not as {@link WarcStore} writes them.
     */
    Optional<byte[]> member(String fileName, long offset, int max) throws IOException {
        Optional<FileChannel> ch = channel(fileName, offset);
        if (ch.isEmpty()) {
            return Optional.empty();
        }
        try (FileChannel c = ch.get()) {
            return GzipMember.read(c, offset, max);
        }
    }

    /**
     * What is done with a member read, each in turn: its content is the first {@code length} bytes of the batch's
     * buffer, valid during the call only (the next member is read into it).
     */
    @FunctionalInterface
    interface MemberSink {
        void accept(long offset, byte[] content, int length) throws IOException;
    }

    /**
     * As {@link #member}, for several members of one file opened once: hands each member that could be read to
     * {@code sink} (an offset not handed over: not here, too large, not as written here, or damaged; an offset whose
     * sink failed is not handed over again).
     */
    void members(String fileName, long[] offsets, int max, MemberSink sink) throws IOException {
        Optional<FileChannel> ch = channel(fileName, 0);
        if (ch.isEmpty()) {
            return;
        }
        try (FileChannel c = ch.get()) {
            long size = c.size();
            GzipMember.Buffers buffers = new GzipMember.Buffers();   // the batch's: no thread keeps them after it
            for (long offset : offsets) {
                if (offset < 0 || offset >= size) {
                    continue;
                }
                try {
                    GzipMember.inflate(c, offset, max, buffers, (content, length) -> sink.accept(offset, content, length));
                } catch (IOException | RuntimeException damaged) {
                    // this member is left out: its reader falls back to the record's own read
                }
            }
        }
    }

    /** The file opened for reading, when it is here and longer than {@code offset}. */
    private Optional<FileChannel> channel(String fileName, long offset) throws IOException {
        Path f = dir.resolve(fileName);
        if (!Files.isRegularFile(f)) {
            return Optional.empty();
        }
        FileChannel ch;
        try {
            ch = FileChannel.open(f);
        } catch (NoSuchFileException goneMeanwhile) {
            return Optional.empty();
        }
        if (offset >= ch.size()) {
            ch.close();
            return Optional.empty();
        }
        return Optional.of(ch);
    }

    @Override
    public boolean delete(String fileName) throws IOException {
        if (!WarcArchive.plainName(fileName)) {
            return false;
        }
        return Files.deleteIfExists(dir.resolve(fileName));
    }

    @Override
    public String describe() {
        return "local directory " + dir.toAbsolutePath();
    }
}
