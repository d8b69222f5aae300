package io.trawler.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The frontier is a port: no main code outside its package names its Redis implementation, its key schema or its
 * scripts, so that a second backend replaces one class, not nine.
 */
class FrontierBoundaryTest {

    private static final Pattern INSIDE = Pattern.compile("\\bRedisFrontier\\b|\\bFrontierKeys\\b|frontier\\.lua");

    @Test
    void nothingOutsideTheFrontierPackageKnowsHowItIsStored() throws IOException {
        Path main = Path.of("src/main/java/io/trawler");
        Path own = main.resolve("frontier");
        List<String> offenders;
        try (var files = Files.walk(main)) {
            offenders = files.filter(f -> f.toString().endsWith(".java") && !f.startsWith(own)).filter(f -> {
                try {
                    return INSIDE.matcher(Files.readString(f)).find();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).map(Path::toString).sorted().toList();
        }
        assertEquals(List.of(), offenders);
    }
}
