package io.trawler.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** CPU time and memory of a Linux process, from /proc. */
final class ProcStats {

    static final double TICKS_PER_SECOND = 100.0;

    private ProcStats() {
    }

    /** User + system CPU seconds of the process so far. */
    static double cpuSeconds(long pid) throws IOException {
        return cpuTicks(Files.readString(Path.of("/proc", Long.toString(pid), "stat"))) / TICKS_PER_SECOND;
    }

    /** User + system clock ticks of a /proc stat line (of a process or of one of its threads). */
    static long cpuTicks(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // fields after the command: state(0) ppid(1) ... utime(11) stime(12)
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    /** Peak resident set size (VmHWM) in MiB. */
    static double peakRssMib(long pid) throws IOException {
        return statusKb(pid, "VmHWM:") / 1024.0;
    }

    /** Current resident set size (VmRSS) in MiB. */
    static double rssMib(long pid) throws IOException {
        return statusKb(pid, "VmRSS:") / 1024.0;
    }

    /** The process's anonymous, file-backed and peak resident memory now, in MiB: "anon A, files F, peak P". */
    static String rssParts(long pid) throws IOException {
        return String.format("anon %.0f, files %.0f, peak %.0f MiB", statusKb(pid, "RssAnon:") / 1024.0, statusKb(pid, "RssFile:") / 1024.0,
                peakRssMib(pid));
    }

    private static long statusKb(long pid, String field) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith(field)) {
                return Long.parseLong(line.substring(field.length()).trim().split("\\s+")[0]);
            }
        }
        return -1;
    }
}
