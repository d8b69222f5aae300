package io.trawler.testsupport;

import io.quarkus.test.junit.callback.QuarkusTestBeforeEachCallback;
import io.quarkus.test.junit.callback.QuarkusTestMethodContext;

/**
 * Registers {@link OpenApiContract} for {@code @QuarkusTest} classes: they run in Quarkus's own class loader, with
 * their own copy of REST Assured, which a plain JUnit extension would not reach.
 */
public class OpenApiContractCallback implements QuarkusTestBeforeEachCallback {

    @Override
    public void beforeEach(QuarkusTestMethodContext context) {
        OpenApiContract.register();
    }
}
