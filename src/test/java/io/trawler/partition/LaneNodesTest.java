package io.trawler.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Lanes on live nodes: spread at start, kept while their node lives and the crawl stays spread, moved when it falls
 * silent or a node joins, back to a pin.
 */
class LaneNodesTest {

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("three lanes on three fresh nodes", List.of("", "", ""), List.of(), Map.of("a", 0, "b", 0, "c", 0),
                        List.of("a", "b", "c")),
                Arguments.of("one crawl's lanes on distinct nodes, the least loaded first", List.of("", ""), List.of(),
                        Map.of("a", 2, "b", 0, "c", 1), List.of("b", "c")),
                Arguments.of("lanes stay on live nodes while spread", List.of("c", "a"), List.of(), Map.of("a", 0, "c", 0), List.of("c", "a")),
                Arguments.of("a node that joined takes a lane from one serving two more", List.of("c", "c"), List.of(),
                        Map.of("a", 0, "c", 0), List.of("c", "a")),
                Arguments.of("two nodes joined after every lane went to the first", List.of("n1", "n1", "n1"), List.of(),
                        Map.of("n1", 0, "n2", 0, "n3", 0), List.of("n1", "n3", "n2")),
                Arguments.of("three lanes on two nodes stay (one apart)", List.of("a", "a", "b"), List.of(), Map.of("a", 0, "b", 0),
                        List.of("a", "a", "b")),
                Arguments.of("a lane moves off a node other crawls load", List.of("a", "b"), List.of(), Map.of("a", 3, "b", 0, "c", 0),
                        List.of("c", "b")),
                Arguments.of("one lane apart and loads close: no move", List.of("a", "b"), List.of(), Map.of("a", 1, "b", 0, "c", 0),
                        List.of("a", "b")),
                Arguments.of("pinned lanes never move for balance", List.of("a", "a"), List.of("a", "a"), Map.of("a", 0, "b", 0),
                        List.of("a", "a")),
                Arguments.of("a silent node's lane moves", List.of("a", "b", "c"), List.of(), Map.of("a", 0, "c", 0), List.of("a", "a", "c")),
                Arguments.of("a pin wins when its node lives", List.of("a", "a"), List.of("", "b"), Map.of("a", 0, "b", 0), List.of("a", "b")),
                Arguments.of("a silent pin: placed like any lane", List.of("", ""), List.of("x", "x"), Map.of("a", 0), List.of("a", "a")),
                Arguments.of("no live node: nothing moves", List.of("a", ""), List.of("", "p"), Map.of(), List.of("a", "p")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void places(String name, List<String> current, List<String> pinned, Map<String, Integer> live, List<String> expected) {
        assertEquals(expected, LaneNodes.place(current, pinned, new HashMap<>(live)));
    }

    @org.junit.jupiter.api.Test
    void movesAreTheLanesThatChange() {
        assertEquals(Map.of(1, "a"), LaneNodes.moves(List.of("a", "b", "c"), List.of("a", "a", "c")));
    }
}
