package io.trawler.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The native executable built by {@code native/build-worker.sh}, for the ITs and benchmarks that run it. */
public final class NativeRunner {

    private NativeRunner() {
    }

    /**
     * {@code -Dnative.runner} (which must be an executable: CI names the one it built), else target/*-runner; null when
     * none is given and none is built.
     */
    public static Path find() throws IOException {
        String given = System.getProperty("native.runner", "");
        if (!given.isBlank()) {
            Path p = Path.of(given);
            if (!Files.isExecutable(p)) {
                throw new IllegalStateException("-Dnative.runner=" + given + " is not an executable");
            }
            return p;
        }
        if (!Files.isDirectory(Path.of("target"))) {
            return null;
        }
        try (Stream<Path> s = Files.list(Path.of("target"))) {
            return s.filter(p -> p.getFileName().toString().endsWith("-runner") && Files.isExecutable(p)).findFirst().orElse(null);
        }
    }
}
