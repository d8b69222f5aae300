package io.trawler.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.trawler.crawl.CrawlSpec;
import java.io.IOException;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Checks the native-image configuration Quarkus generated for the native worker ({@code native/build-worker.sh} keeps
 * it in target/*-native-image-source-jar with the native-image command line, which this test finds there; or {@code
 * -Dnative.sources=} a folder of {@code -Dquarkus.native.sources-only=true}; skipped when neither exists; CI builds
 * the worker before the README's test command) for what a native worker needs and the analysis cannot see: classes holding a random generator initialised at
 * run time, every charset, the Lua scripts and the embedded Redis server as resources, what the worker reads as JSON
 * and the Lucene attributes its analyzers make by reflection, and no HTTP client it does not use. The rules are
 * derived from the code (classes and resources found by scanning), so a new one is checked without editing this test.
 */
class NativeConfigurationTest {

    private static final Path CLASSES = Path.of("target/classes");
    private static Path dir;
    private static String args;
    private static JsonNode reflection;
    private static List<Pattern> resources;

    /** {@code -Dnative.sources}, else the source folder of the last native build; null when there is none. */
    static Path sources() throws IOException {
        String given = System.getProperty("native.sources", "");
        if (!given.isBlank()) {
            return Path.of(given);
        }
        if (!Files.isDirectory(Path.of("target"))) {
            return null;
        }
        try (var s = Files.list(Path.of("target"))) {
            return s.filter(p -> p.getFileName().toString().endsWith("-native-image-source-jar"))
                    .filter(p -> Files.exists(p.resolve("native-image.args"))).findFirst().orElse(null);
        }
    }

    @BeforeAll
    static void read() throws IOException {
        dir = sources();
        org.junit.jupiter.api.Assumptions.assumeTrue(dir != null, "no native build (native/build-worker.sh) to check");
        args = Files.readString(dir.resolve("native-image.args"));
        Path runner;
        try (var s = Files.list(dir)) {
            runner = s.filter(p -> p.getFileName().toString().endsWith("-runner.jar")).findFirst().orElseThrow();
        }
        ObjectMapper json = new ObjectMapper();
        try (ZipFile jar = new ZipFile(runner.toFile())) {
            reflection = json.readTree(jar.getInputStream(jar.getEntry("META-INF/native-image/reflect-config.json")));
            JsonNode res = json.readTree(jar.getInputStream(jar.getEntry("META-INF/native-image/resource-config.json")));
            resources = new ArrayList<>();
            res.path("resources").path("includes").forEach(i -> resources.add(Pattern.compile(i.path("pattern").asText())));
        }
    }

    private static List<String> mainClasses() throws IOException {
        try (var s = Files.walk(CLASSES)) {
            return s.map(CLASSES::relativize).map(Path::toString).filter(n -> n.endsWith(".class"))
                    .map(n -> n.substring(0, n.length() - 6).replace('/', '.')).sorted().toList();
        }
    }

    @Test
    void everyClassHoldingARandomGeneratorIsInitialisedAtRunTime() throws Exception {
        Set<String> runTime = new HashSet<>();
        var m = Pattern.compile("--initialize-at-run-time=(\\S+)").matcher(args);
        while (m.find()) {
            runTime.addAll(List.of(m.group(1).split(",")));
        }
        Set<String> holders = new TreeSet<>();
        for (String name : mainClasses()) {
            Class<?> c;
            try {
                c = Class.forName(name, false, getClass().getClassLoader());
            } catch (Throwable notLoadable) {
                continue;   // generated or optional classes
            }
            for (var f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) && java.util.Random.class.isAssignableFrom(f.getType())) {
                    holders.add(name);
                }
            }
        }
        assertTrue(holders.contains("io.trawler.config.Ids$Random"), "the scan finds the known holders: " + holders);
        holders.removeAll(runTime);
        assertEquals(Set.of(), holders, "static random generators seeded at build time would repeat on every start");
    }

    @Test
    void everyCharsetAPageMayDeclareIsIncluded() {
        assertTrue(args.contains("-H:+AddAllCharsets"), args);
        assertTrue(args.contains("--enable-url-protocols=http,https"), args);
    }

    @Test
    void theScriptsAndTheEmbeddedRedisServerAreResources() throws IOException {
        List<String> scripts;
        try (var s = Files.walk(CLASSES)) {
            scripts = s.map(CLASSES::relativize).map(Path::toString).filter(n -> n.endsWith(".lua")).sorted().toList();
        }
        assertTrue(scripts.size() >= 3, "scripts found: " + scripts);
        for (String script : scripts) {
            assertTrue(resources.stream().anyMatch(p -> p.matcher(script).matches()), script + " is not a resource of the image");
        }
        List<String> servers = new ArrayList<>();
        try (ZipFile jar = new ZipFile(lib("com.github.codemonstur.embedded-redis").toFile())) {
            jar.stream().map(e -> e.getName()).filter(n -> n.startsWith("redis-server-") && n.endsWith("-linux-amd64")).forEach(servers::add);
        }
        assertTrue(!servers.isEmpty());
        for (String server : servers) {
            assertTrue(resources.stream().anyMatch(p -> p.matcher(server).matches()), server + " is not a resource of the image");
        }
    }

    @Test
    void whatTheWorkerReadsAsJsonIsRegisteredForReflection() {
        Set<String> registered = new HashSet<>();
        reflection.forEach(e -> {
            if (e.path("allDeclaredConstructors").asBoolean() || e.path("allPublicConstructors").asBoolean()) {
                registered.add(e.path("name").asText());
            }
        });
        // the crawl spec a worker reads from Redis, and every type of ours reachable through its components
        Set<String> reachable = new TreeSet<>();
        Deque<Type> todo = new ArrayDeque<>(List.of(CrawlSpec.class));
        while (!todo.isEmpty()) {
            Type t = todo.pop();
            if (t instanceof ParameterizedType p) {
                todo.addAll(List.of(p.getActualTypeArguments()));
                todo.push(p.getRawType());
            } else if (t instanceof Class<?> c && c.getName().startsWith("io.trawler.") && !c.isEnum() && reachable.add(c.getName())) {
                if (c.isRecord()) {
                    for (RecordComponent rc : c.getRecordComponents()) {
                        todo.push(rc.getGenericType());
                    }
                } else {
                    for (var f : c.getDeclaredFields()) {
                        if (!Modifier.isStatic(f.getModifiers())) {
                            todo.push(f.getGenericType());
                        }
                    }
                }
            }
        }
        assertTrue(reachable.size() >= 3, "reachable: " + reachable);
        reachable.removeAll(registered);
        assertEquals(Set.of(), reachable, "read from JSON by a worker but not registered for reflection");
    }

    @Test
    void theLuceneAttributesTheAnalyzersMakeByNameAreRegistered() throws IOException {
        Set<String> registered = new HashSet<>();
        reflection.forEach(e -> registered.add(e.path("name").asText()));
        Set<String> missing = new TreeSet<>();
        try (ZipFile jar = new ZipFile(lib("org.apache.lucene.lucene-core").toFile())) {
            jar.stream().map(e -> e.getName())
                    .filter(n -> n.startsWith("org/apache/lucene/analysis/tokenattributes/") && n.endsWith("AttributeImpl.class"))
                    .map(n -> n.substring(0, n.length() - 6).replace('/', '.')).filter(n -> !registered.contains(n)).forEach(missing::add);
        }
        assertEquals(Set.of(), missing);
    }

    @Test
    void theWorkerCarriesTheObjectStoreClientAndNoHttpClientItDoesNotUse() throws IOException {
        List<String> jars;
        try (var s = Files.list(dir.resolve("lib"))) {
            jars = s.map(p -> p.getFileName().toString()).toList();
        }
        assertTrue(jars.stream().anyMatch(j -> j.startsWith("software.amazon.awssdk.url-connection-client-")), "the JDK-based S3 transport");
        assertEquals(List.of(), jars.stream().filter(j -> j.matches("software\\.amazon\\.awssdk\\.(apache5?-client|netty-nio-client)-.*|"
                + "org\\.apache\\.httpcomponents\\..*")).toList());
    }

    private static Path lib(String prefix) throws IOException {
        try (var s = Files.list(dir.resolve("lib"))) {
            return s.filter(p -> p.getFileName().toString().startsWith(prefix + "-")).findFirst()
                    .orElseThrow(() -> new AssertionError(prefix + " is not in " + dir.resolve("lib")));
        }
    }
}
