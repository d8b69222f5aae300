package io.trawler.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A peer crawler's crawl of the benchmark's site, in a JVM of its own: crawler4j 4.4 ({@code src/test/peers/crawler4j},
 * built here with the project's Maven wrapper on first use), so that Trawler and its peer are measured in one run.
 */
final class PeerCrawl {

    static final Path PROJECT = Path.of("src/test/peers/crawler4j").toAbsolutePath();

    /** What the peer reported: pages visited, seconds and process CPU seconds of the crawl, peak RSS. */
    record Result(long pages, double seconds, double cpuSeconds, double rssMib) {
        double pagesPerSecond() {
            return pages / seconds;
        }

        double cpuPer1000() {
            return 1000 * cpuSeconds / pages;
        }
    }

    private PeerCrawl() {
    }

    /** Crawls everything under {@code prefix} with crawler4j and {@code threads} threads. */
    static Result crawler4j(String prefix, int threads, Path storage) throws IOException, InterruptedException {
        Path lib = PROJECT.resolve("target/lib");
        if (!Files.isDirectory(lib)) {
            run(List.of(Path.of("mvnw").toAbsolutePath().toString(), "-q", "-f", PROJECT.resolve("pom.xml").toString(), "package",
                    "dependency:copy-dependencies", "-DoutputDirectory=" + lib), 600);
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        String cp = PROJECT.resolve("target/classes") + ":" + lib + "/*";
        String out = run(List.of(java, "-cp", cp, "io.trawler.peers.Crawler4jRun", prefix, Integer.toString(threads), storage.toString()), 1800);
        Matcher m = Pattern.compile("pages=(\\d+) seconds=([\\d.]+) cpu=([\\d.]+) rss=([\\d.]+)").matcher(out);
        if (!m.find()) {
            throw new IllegalStateException("crawler4j printed no result:\n" + out.substring(Math.max(0, out.length() - 4000)));
        }
        return new Result(Long.parseLong(m.group(1)), Double.parseDouble(m.group(2)), Double.parseDouble(m.group(3)),
                Double.parseDouble(m.group(4)));
    }

    private static String run(List<String> command, int timeoutSeconds) throws IOException, InterruptedException {
        Path log = Files.createTempFile("peer-", ".log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("timed out: " + command);
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        Files.delete(log);
        if (p.exitValue() != 0) {
            throw new IllegalStateException(command + " exited with " + p.exitValue() + ":\n" + out.substring(Math.max(0, out.length() - 4000)));
        }
        return out;
    }
}
