package io.trawler.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.lang.ArchRule;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.ws.rs.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The packages' allowed dependencies (docs/architecture.md says them in words), for the classes under a root package:
 * {@code io.trawler} in the build, a fixture of deliberate violations in {@link ArchitectureRulesTest}.
 */
final class ArchitectureRules {

    /** The crawl core: plain Java, testable without Quarkus. */
    static final String[] CORE = {"order", "partition", "hashing", "refresh", "parse"};

    /** Packages whose classes may talk to Redis: the frontier (and worker registry), its plumbing, the embedded server. */
    static final String[] REDIS_PACKAGES = {"frontier", "redis", "embedded"};

    /** Classes elsewhere that keep their state in Redis: the revisit state and the login throttle. */
    static final String[] REDIS_CLASSES = {"revisit.RefreshStore", "account.LoginThrottle"};

    private ArchitectureRules() {
    }

    /** The rules by name, for the classes under {@code root}. */
    static Map<String, ArchRule> of(String root) {
        Map<String, ArchRule> rules = new LinkedHashMap<>();
        rules.put("no package cycles", slices().matching(root + ".(*)..").should().beFreeOfCycles());
        rules.put("the core is plain Java", noClasses().that().resideInAnyPackage(packages(root, CORE))
                .should().dependOnClassesThat().resideInAnyPackage("jakarta..", "io.quarkus..", "io.vertx..", "io.smallrye..",
                        "org.eclipse.microprofile..", "io.micrometer..", "org.hibernate..", "com.fasterxml.jackson..")
                .because("ordering, partitioning, hashing, update policies and parsing run and are tested without Quarkus"));
        rules.put("the core depends only on the core", noClasses().that().resideInAnyPackage(packages(root, CORE))
                .should().dependOnClassesThat(resideInAPackage(root + "..").and(not(resideInAnyPackage(packages(root, CORE)))))
                .because("CDI wires the core; the core never reaches up into services, storage or the web"));
        rules.put("only the stores talk to Redis", noClasses().that().resideOutsideOfPackages(packages(root, REDIS_PACKAGES))
                .and(not(named(root, REDIS_CLASSES)))
                .should().dependOnClassesThat().resideInAnyPackage("io.vertx.redis..", "io.vertx.mutiny.redis..", "io.quarkus.redis..")
                .because("Redis key layouts stay private to the frontier, the revisit state and the login throttle"));
        rules.put("the in-memory frontier is plain Java", noClasses().that().resideInAPackage(root + ".frontier.memory..")
                .should().dependOnClassesThat().resideInAnyPackage("io.vertx.redis..", "jakarta..", "io.quarkus..", "io.smallrye..",
                        "org.hibernate..", "io.micrometer..", "com.fasterxml.jackson..")
                .orShould().dependOnClassesThat().haveSimpleNameStartingWith("Redis")
                .because("the frontier's second backend runs in one process, with no server and no container: the worker's unit tests"));
        rules.put("the UI reads through services", noClasses().that().resideInAPackage(root + ".ui..")
                .should().dependOnClassesThat(restResources(root).or(persistence()))
                .orShould().callMethodWhere(panacheQuery())
                .because("UI controllers and REST resources call the same @Transactional query services"));
        return rules;
    }

    private static String[] packages(String root, String... names) {
        return Arrays.stream(names).map(n -> root + "." + n + "..").toArray(String[]::new);
    }

    private static DescribedPredicate<JavaClass> named(String root, String... classes) {
        return DescribedPredicate.describe("one of " + Arrays.toString(classes),
                c -> Arrays.stream(classes).anyMatch(n -> c.getName().equals(root + "." + n)));
    }

    private static DescribedPredicate<JavaClass> restResources(String root) {
        return DescribedPredicate.describe("REST resources of " + root + ".api",
                c -> c.getPackageName().startsWith(root + ".api") && c.isAnnotatedWith(Path.class));
    }

    private static DescribedPredicate<JavaClass> persistence() {
        return resideInAnyPackage("java.sql..", "jakarta.transaction..", "jakarta.persistence..", "org.hibernate..")
                .or(assignableTo(QuarkusTransaction.class))
                .as("transactions, JDBC, JPA or Hibernate");
    }

    private static DescribedPredicate<JavaMethodCall> panacheQuery() {
        return DescribedPredicate.describe("a static query of a Panache entity",
                call -> call.getTargetOwner().isAssignableTo(PanacheEntityBase.class)
                        && call.getTarget().resolveMember().map(m -> m.getModifiers().contains(JavaModifier.STATIC)).orElse(true));
    }
}
