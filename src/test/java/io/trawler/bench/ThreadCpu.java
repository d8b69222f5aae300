package io.trawler.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * CPU seconds a HotSpot JVM's threads spent over an interval, by kind: the JIT compilers, the garbage collector, and
 * the rest, read from /proc/&lt;pid&gt;/task. HotSpot starts and stops compiler threads as its queue grows and shrinks,
 * so call {@link #sample()} often (every 100 ms loses at most that much of a thread that exits).
 */
final class ThreadCpu {

    enum Kind { JIT, GC, OTHER }

    private final Path tasks;
    private final Map<String, Long> firstTicks = new HashMap<>();
    private final Map<String, Long> lastTicks = new HashMap<>();
    private final Map<String, Kind> kinds = new HashMap<>();
    private boolean started;

    ThreadCpu(long pid) throws IOException {
        this.tasks = Path.of("/proc", Long.toString(pid), "task");
        sample();
        started = true;
    }

    /** Reads every thread's CPU ticks; a thread first seen after the first sample counts from zero. */
    void sample() throws IOException {
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(tasks)) {
            for (Path task : dir) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                } catch (NoSuchFileException gone) {
                    continue;
                }
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                String key = task.getFileName() + " " + name;   // tids are reused: tid and name
                long ticks = ProcStats.cpuTicks(stat);
                if (!firstTicks.containsKey(key)) {
                    firstTicks.put(key, started ? 0L : ticks);
                    kinds.put(key, kindOf(name));
                }
                lastTicks.put(key, ticks);
            }
        }
    }

    /** CPU seconds of the threads of one kind between the first sample and the last. */
    double seconds(Kind kind) {
        long ticks = 0;
        for (Map.Entry<String, Long> e : lastTicks.entrySet()) {
            if (kinds.get(e.getKey()) == kind) {
                ticks += e.getValue() - firstTicks.get(e.getKey());
            }
        }
        return ticks / ProcStats.TICKS_PER_SECOND;
    }

    /** CPU seconds of the threads whose name (as Linux keeps it: 15 characters) starts with {@code prefix}. */
    double secondsOf(String prefix) {
        long ticks = 0;
        for (Map.Entry<String, Long> e : lastTicks.entrySet()) {
            if (e.getKey().substring(e.getKey().indexOf(' ') + 1).startsWith(prefix)) {
                ticks += e.getValue() - firstTicks.get(e.getKey());
            }
        }
        return ticks / ProcStats.TICKS_PER_SECOND;
    }

    /** HotSpot's thread names, as Linux keeps them (15 characters). */
    static Kind kindOf(String name) {
        if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
            return Kind.JIT;
        }
        if (name.startsWith("GC Thread") || name.startsWith("G1 ") || name.equals("VM Thread")) {
            return Kind.GC;
        }
        return Kind.OTHER;
    }
}
