package io.trawler.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One build a benchmark starts a server of: its {@code quarkus-app} folder and the server's JVM options (and environment,
 * as NAME=value), given as {@code folder} or {@code folder|options}, several comma-separated in {@code bench.apps};
 * {@link RunCommand#TOKEN} among the options stands for bin/trawler's defaults.
 */
record AppUnderTest(Path folder, List<String> options) {

    /** The builds of a {@code bench.apps} value, in order. */
    static List<AppUnderTest> parse(String apps) {
        List<AppUnderTest> out = new ArrayList<>();
        for (String app : apps.split(",")) {
            String[] parts = app.split("\\|", 2);
            List<String> options = parts.length > 1 ? RunCommand.expand(List.of(parts[1].trim().split("\\s+"))) : List.of();
            out.add(new AppUnderTest(Path.of(parts[0].trim()), options));
        }
        return out;
    }
}
