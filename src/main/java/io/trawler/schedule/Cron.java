package io.trawler.schedule;

import com.cronutils.descriptor.CronDescriptor;
import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import java.time.ZonedDateTime;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A cron expression as crontab(5) writes it — five fields, minute hour day-of-month month day-of-week ({@code 30 2 * * 1}:
 * Mondays at 02:30), or one of {@code @hourly @daily @weekly @monthly @yearly} — parsed by cron-utils. Immutable.
 */
public final class Cron {

    private static final CronParser PARSER = new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.UNIX));
    private static final Map<String, String> MACROS = Map.of("@hourly", "0 * * * *", "@daily", "0 0 * * *", "@midnight", "0 0 * * *",
            "@weekly", "0 0 * * 0", "@monthly", "0 0 1 * *", "@yearly", "0 0 1 1 *", "@annually", "0 0 1 1 *");

    private final String expression;
    private final com.cronutils.model.Cron cron;
    private final ExecutionTime times;

    private Cron(String expression, com.cronutils.model.Cron cron) {
        this.expression = expression;
        this.cron = cron;
        this.times = ExecutionTime.forCron(cron);
    }

    /** The expression parsed; IllegalArgumentException saying what is wrong. */
    /** The longest expression a schedule keeps (its column's width). */
    public static final int MAX_LENGTH = 100;

    public static Cron parse(String expression) {
        if (expression == null || expression.isBlank()) {
            throw new IllegalArgumentException("give five fields (minute hour day-of-month month day-of-week) or @daily, @weekly, …");
        }
        String e = expression.trim().replaceAll("\\s+", " ");
        if (e.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("at most " + MAX_LENGTH + " characters (this one has " + e.length() + ")");
        }
        String fields = MACROS.getOrDefault(e.toLowerCase(Locale.ROOT), e);
        if (fields.startsWith("@")) {
            throw new IllegalArgumentException("unknown macro " + e + "; one of " + String.join(", ", new java.util.TreeSet<>(MACROS.keySet())));
        }
        int n = fields.split(" ").length;
        if (n != 5) {
            throw new IllegalArgumentException(n + " fields; a cron expression has five: minute hour day-of-month month day-of-week");
        }
        Cron parsed;
        try {
            parsed = new Cron(e, PARSER.parse(fields).validate());
        } catch (IllegalArgumentException ex) {
            throw new IllegalArgumentException(ex.getMessage() == null ? "not a cron expression" : ex.getMessage());
        }
        // a day that no month has, or a 29 February that falls on no named weekday for years: it would never fire
        if (parsed.next(java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC)).filter(t -> t.getYear() <= java.time.Year.now().getValue() + 28)
                .isEmpty()) {
            throw new IllegalArgumentException("never fires: no date matches " + e + " (is the day in the month?)");
        }
        return parsed;
    }

    /** The first time strictly after {@code after} (in its zone) that the expression names; empty if there is none. */
    public Optional<ZonedDateTime> next(ZonedDateTime after) {
        return times.nextExecution(after);
    }

    /** In words ("at 02:30 at Monday day"), as cron-utils says it in English. */
    public String describe() {
        try {
            return CronDescriptor.instance(Locale.UK).describe(cron);
        } catch (RuntimeException e) {
            return expression;
        }
    }

    public String expression() {
        return expression;
    }
}
