package io.trawler.frontier;

import io.trawler.frontier.memory.InMemoryFrontier;

/** The frontier's contract, met by the in-memory backend (plain Java, one process). */
class InMemoryFrontierContractTest extends FrontierContract {

    @Override
    Frontier newFrontier() {
        return new InMemoryFrontier();
    }
}
