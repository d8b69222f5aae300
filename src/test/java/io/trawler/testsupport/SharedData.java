package io.trawler.testsupport;

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
}
