package io.trawler.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Webrecorder's warcio.js (npm {@code warcio}), the WARC reader of ReplayWeb.page, reading WARC files whole: each file's
 * records counted by type, a revisit without a WARC-Refers-To-Target-URI refused. Node.js is needed (CI installs
 * Debian's); the package is installed once under {@code ~/.cache/trawler/warcio-<version>} from the npm registry.
 */
public final class Warcio {

    public static final String VERSION = "2.4.11";

    private static final String SCRIPT = """
            import { WARCParser } from 'warcio';
            import fs from 'node:fs';
            for (const file of process.argv.slice(2)) {
              const parser = new WARCParser(fs.createReadStream(file));
              const types = {};
              for await (const record of parser) {
                await record.readFully(false);
                const t = record.warcType;
                types[t] = (types[t] || 0) + 1;
                if (t === 'revisit' && !record.warcHeader('WARC-Refers-To-Target-URI')) {
                  throw new Error('a revisit record without WARC-Refers-To-Target-URI in ' + file);
                }
              }
              console.log(JSON.stringify({ file, types }));
            }
            """;

    private Warcio() {
    }

    /** Each file's records by WARC-Type, as warcio.js read them (IOException when it could not read one whole). */
    public static Map<Path, Map<String, Integer>> read(List<Path> files) throws IOException, InterruptedException {
        Path home = install();
        List<String> command = new ArrayList<>(List.of("node", home.resolve("read.mjs").toString()));
        files.forEach(f -> command.add(f.toAbsolutePath().toString()));
        Process p = new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("warcio.js could not read the files: " + out);
        }
        Map<Path, Map<String, Integer>> counts = new LinkedHashMap<>();
        ObjectMapper json = new ObjectMapper();
        for (String line : out.split("\n")) {
            if (line.startsWith("{")) {
                JsonNode n = json.readTree(line);
                Map<String, Integer> types = new TreeMap<>();
                n.get("types").fields().forEachRemaining(e -> types.put(e.getKey(), e.getValue().asInt()));
                counts.put(Path.of(n.get("file").asText()), types);
            }
        }
        return counts;
    }

    /** Records by WARC-Type as jwarc reads the file (to compare with warcio.js). */
    public static Map<String, Integer> jwarcCounts(Path file) throws IOException {
        Map<String, Integer> types = new TreeMap<>();
        try (org.netpreserve.jwarc.WarcReader reader = new org.netpreserve.jwarc.WarcReader(file)) {
            for (org.netpreserve.jwarc.WarcRecord r : reader) {
                types.merge(r.type(), 1, Integer::sum);
            }
        }
        return types;
    }

    private static synchronized Path install() throws IOException, InterruptedException {
        Path home = Path.of(System.getProperty("user.home"), ".cache", "trawler", "warcio-" + VERSION);
        if (!Files.isDirectory(home.resolve("node_modules").resolve("warcio"))) {
            Files.createDirectories(home);
            Files.writeString(home.resolve("package.json"), "{\"name\": \"trawler-warcio\", \"private\": true, \"type\": \"module\"}");
            Process p = new ProcessBuilder("npm", "install", "--no-audit", "--no-fund", "warcio@" + VERSION).directory(home.toFile())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException("npm install warcio@" + VERSION + " failed: " + out);
            }
        }
        Files.writeString(home.resolve("read.mjs"), SCRIPT);
        return home;
    }
}
