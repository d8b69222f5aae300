package io.trawler.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The packages' allowed dependencies ({@link ArchitectureRules}) hold for the build's classes, and each rule fails on
 * the fixture's classes, which break every one of them on purpose.
 */
class ArchitectureRulesTest {

    private static final String FIXTURE = "io.trawler.architecture.fixture";

    @TestFactory
    Stream<DynamicTest> theBuildKeepsEveryRule() {
        JavaClasses main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.trawler");
        assertTrue(main.size() > 200, "the build's classes: " + main.size());
        return ArchitectureRules.of("io.trawler").entrySet().stream()
                .map(r -> DynamicTest.dynamicTest(r.getKey(), () -> r.getValue().check(main)));
    }

    @TestFactory
    Stream<DynamicTest> everyRuleFailsOnADeliberateViolation() {
        JavaClasses fixture = new ClassFileImporter().importPackages(FIXTURE);
        Map<String, String> culprits = Map.of(
                "no package cycles", "fixture.crawl.Crawls",
                "the core is plain Java", "fixture.order.Ordering",
                "the core depends only on the core", "fixture.order.Ordering",
                "only the stores talk to Redis", "fixture.worker.Worker",
                "the in-memory frontier is plain Java", "fixture.frontier.memory.Twin",
                "the UI reads through services", "fixture.ui.ThingPage");
        Map<String, ArchRule> rules = ArchitectureRules.of(FIXTURE);
        assertEquals(culprits.keySet(), rules.keySet(), "a deliberate violation for every rule");
        return rules.entrySet().stream().map(r -> DynamicTest.dynamicTest(r.getKey(), () -> {
            AssertionError failure = assertThrows(AssertionError.class, () -> r.getValue().check(fixture));
            assertTrue(failure.getMessage().contains(culprits.get(r.getKey())), failure.getMessage());
        }));
    }
}
