package io.trawler.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.trawler.errors.ApiError;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SiteRequestValidatorTest {

    static Stream<Arguments> cases() {
        List<String> seeds = List.of("https://a.test/");
        return Stream.of(
                Arguments.of(new SiteRequest("ok", seeds, null, null, null), List.of()),
                Arguments.of(new SiteRequest(null, seeds, null, null, null), List.of("name")),
                Arguments.of(new SiteRequest(" ", seeds, null, null, null), List.of("name")),
                Arguments.of(new SiteRequest("x".repeat(201), seeds, null, null, null), List.of("name")),
                Arguments.of(new SiteRequest("s", null, null, null, null), List.of("seeds")),
                Arguments.of(new SiteRequest("s", List.of(), null, null, null), List.of("seeds")),
                Arguments.of(new SiteRequest("s", List.of("a.test/x", "ftp://a.test/"), null, null, null), List.of("seeds[0]", "seeds[1]")),
                Arguments.of(new SiteRequest("s", seeds, new SiteRequest.Scope(List.of("b.test"), null, null), null, null), List.of("seeds")),
                Arguments.of(new SiteRequest("s", seeds, new SiteRequest.Scope(List.of("*.test"), null, null), null, null), List.of()),
                Arguments.of(new SiteRequest("s", seeds, new SiteRequest.Scope(List.of("bad host!"), null, null), null, null), List.of("scope.hosts[0]")),
                Arguments.of(new SiteRequest("s", seeds, new SiteRequest.Scope(null, List.of("("), List.of("[")), null, null),
                        List.of("scope.include[0]", "scope.exclude[0]")),
                Arguments.of(new SiteRequest("s", seeds, null, new SiteRequest.Politeness(-1L, 0, null), null),
                        List.of("politeness.delayMs", "politeness.maxConcurrentPerHost")),
                Arguments.of(new SiteRequest("s", seeds, null, null, new SiteRequest.Limits(0L, -1)), List.of("limits.maxPages", "limits.maxDepth")));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void problemsByField(SiteRequest request, List<String> fields) {
        assertEquals(fields, SiteRequestValidator.validate(request).stream().map(ApiError.Detail::field).toList());
    }
}
