package io.trawler.testsupport;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.tools.ValidateTool;

/** WARC checks for tests: jwarc's validator over files, and reading one record at an offset. */
public final class Warcs {

    private Warcs() {
    }

    public static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".warc.gz")).sorted().toList();
        }
    }

    /** jwarc's own validator ({@code jwarc validate}: block and payload digests, WARC headers, HTTP framing). */
    public static boolean valid(Path file) {
        try {
            Method validate = ValidateTool.class.getDeclaredMethod("validate", Path.class);
            validate.setAccessible(true);
            return (Boolean) validate.invoke(new ValidateTool(false), file);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("jwarc's ValidateTool changed", e);
        }
    }

    public static Optional<WarcRecord> recordAt(Path file, long offset) throws IOException {
        FileChannel ch = FileChannel.open(file);
        ch.position(offset);
        WarcReader reader = new WarcReader(ch);
        return reader.next();
    }

    /** The block of the file's first record, its warcinfo (application/warc-fields), as text. */
    public static String warcinfo(Path file) throws IOException {
        try (WarcReader reader = new WarcReader(file)) {
            WarcRecord first = reader.next().orElseThrow(() -> new IOException("empty WARC file " + file));
            if (!(first instanceof org.netpreserve.jwarc.Warcinfo info)) {
                throw new IOException("the first record of " + file + " is a " + first.type() + ", not a warcinfo");
            }
            return new String(info.body().stream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }
}
