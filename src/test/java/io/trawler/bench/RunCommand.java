package io.trawler.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The README's run command's JVM options and environment, read from {@code bin/trawler} itself so that a benchmark
 * measures what the script runs: the word {@link #TOKEN} among a server's options ({@code bench.apps=folder|RUN_COMMAND})
 * stands for them.
 */
final class RunCommand {

    /** The word in a server's options that stands for bin/trawler's defaults. */
    static final String TOKEN = "RUN_COMMAND";

    private static final Pattern ASSIGNMENT = Pattern.compile("^(gc|defaults)=\"([^\"]*)\"\\s*$", Pattern.MULTILINE);
    private static final Pattern ARENAS = Pattern.compile("MALLOC_ARENA_MAX:-(\\d+)");

    private RunCommand() {
    }

    /** bin/trawler's default JVM options, then its default MALLOC_ARENA_MAX as NAME=value (an environment variable). */
    static List<String> defaults() {
        return defaults(Path.of("bin/trawler"));
    }

    static List<String> defaults(Path script) {
        String text;
        try {
            text = Files.readString(script);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the run command's options from " + script, e);
        }
        String gc = "";
        String defaults = null;
        Matcher m = ASSIGNMENT.matcher(text);
        while (m.find()) {
            if (m.group(1).equals("gc")) {
                gc = m.group(2);
            } else {
                defaults = m.group(2);
            }
        }
        if (defaults == null) {
            throw new IllegalStateException(script + " has no defaults=\"…\" line: update RunCommand");
        }
        List<String> options = new ArrayList<>(List.of(defaults.replace("$gc", gc).trim().split("\\s+")));
        Matcher arenas = ARENAS.matcher(text);
        if (arenas.find()) {
            options.add("MALLOC_ARENA_MAX=" + arenas.group(1));
        }
        return options;
    }

    /** A server's options with {@link #TOKEN} replaced by the run command's. */
    static List<String> expand(List<String> options) {
        List<String> out = new ArrayList<>();
        for (String o : options) {
            if (o.equals(TOKEN)) {
                out.addAll(defaults());
            } else {
                out.add(o);
            }
        }
        return out;
    }
}
