package io.trawler.testsupport;

import io.trawler.testsite.StaticSite;
import java.nio.file.Files;
import java.nio.file.Path;

/** The real data in ../shared/data (a real site, link graphs, WARC files). */
public final class SharedData {

    private SharedData() {
    }

    public static Path path(String relative) {
        Path p = Path.of("..", "shared", "data").resolve(relative).toAbsolutePath().normalize();
        if (!Files.exists(p)) {
            throw new IllegalStateException("missing test data " + p + ": check out ../shared beside the project");
        }
        return p;
    }

    /** The real blog, extracted under target/sites/dustinpfister (once). */
    public static Path blog() throws java.io.IOException {
        return StaticSite.extract(path("sites/dustinpfister.tar.gz"), Path.of("target/sites/dustinpfister"));
    }

    /** The labelled BBC corpus, extracted under target/corpus/bbc (once). */
    public static Path bbcCorpus() {
        return StaticSite.extract(path("corpus/bbc-news.tar.gz"), Path.of("target/corpus/bbc"));
    }

    /** The first {@code limit} HTML pages of the real blog, in path order. */
    public static java.util.List<Path> blogPages(int limit) throws java.io.IOException {
        try (var files = Files.walk(blog())) {
            return files.filter(p -> p.toString().endsWith(".html")).sorted().limit(limit).toList();
        }
    }
}
