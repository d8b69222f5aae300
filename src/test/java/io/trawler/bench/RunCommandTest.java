package io.trawler.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmarks read the run command's options from bin/trawler itself. */
class RunCommandTest {

    @Test
    void readsTheScriptsDefaultOptionsAndItsMallocArenas() {
        List<String> options = RunCommand.defaults();
        assertTrue(options.contains("-Xmx160m"), options.toString());
        assertTrue(options.contains("-XX:-G1UseAdaptiveIHOP"), "the G1 threshold's options ($gc) are expanded: " + options);
        assertTrue(options.contains("-XX:InitiatingHeapOccupancyPercent=45"), options.toString());
        assertTrue(options.contains("-XX:TrimNativeHeapInterval=5000"), options.toString());
        assertEquals("MALLOC_ARENA_MAX=2", options.get(options.size() - 1));
        assertFalse(options.stream().anyMatch(o -> o.contains("$") || o.contains("\"") || o.isBlank()), options.toString());
    }

    @Test
    void theTokenStandsForTheDefaultsAndLaterOptionsStay() {
        List<String> expanded = RunCommand.expand(List.of("-Xlog:gc", RunCommand.TOKEN, "-Xmx128m"));
        assertEquals("-Xlog:gc", expanded.get(0));
        assertEquals(RunCommand.defaults(), expanded.subList(1, expanded.size() - 1));
        assertEquals("-Xmx128m", expanded.get(expanded.size() - 1), "a later -Xmx wins over the run command's");
    }

    @Test
    void aScriptWithoutDefaultsIsRefusedRatherThanMeasuredWithout(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("trawler");
        Files.writeString(script, "#!/bin/sh\nexec java -jar app.jar\n");
        assertThrows(IllegalStateException.class, () -> RunCommand.defaults(script));
    }
}
