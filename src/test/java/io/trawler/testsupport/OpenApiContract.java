package io.trawler.testsupport;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.restassured.RestAssuredRequest;
import com.atlassian.oai.validator.restassured.RestAssuredResponse;
import io.restassured.RestAssured;
import io.restassured.filter.Filter;
import io.restassured.filter.FilterContext;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Every REST Assured exchange with {@code /api/} in every test is checked against the OpenAPI document the server
 * under test serves ({@code /q/openapi}, fetched once per server with the test admin token): the response always
 * (status code declared, body matching its schema), the request too when the server accepted it (a test that sends
 * a bad request on purpose gets a 4xx, which must itself be declared). A violation fails the test that caused it.
 * Registered for every test class by JUnit's extension auto-detection (enabled in the pom's surefire and failsafe
 * settings) and, for {@code @QuarkusTest} classes, by {@link OpenApiContractCallback}.
 */
public final class OpenApiContract implements BeforeAllCallback, Filter {

    private static final OpenApiContract INSTANCE = new OpenApiContract();
    private static final Map<Integer, OpenApiInteractionValidator> VALIDATORS = new ConcurrentHashMap<>();
    private static final Map<Integer, String> TOKENS = new ConcurrentHashMap<>();
    private static final java.util.Set<Integer> NO_API = ConcurrentHashMap.newKeySet();

    /** The validator is stateless apart from its cache: one instance for every test class. */
    @Override
    public void beforeAll(ExtensionContext context) {
        register();
    }

    /** Adds the check to REST Assured's global filters (of the calling class loader's REST Assured), once. */
    public static synchronized void register() {
        if (!RestAssured.filters().contains(INSTANCE)) {
            RestAssured.filters(INSTANCE);
        }
    }

    @Override
    public Response filter(FilterableRequestSpecification request, FilterableResponseSpecification responseSpec, FilterContext ctx) {
        Response response = ctx.next(request, responseSpec);
        String path = URI.create(request.getURI()).getPath();
        if (NO_API.contains(request.getPort())) {
            return response;
        }
        if (path == null || !path.startsWith("/api/") || path.contains("//") || path.contains("/./") || path.contains("/../")) {
            return response;   // not an API path, or a malformed one (an empty id) no operation of the document names
        }
        OpenApiInteractionValidator validator = VALIDATORS.computeIfAbsent(request.getPort(), OpenApiContract::load);
        ValidationReport report = response.statusCode() >= 400 && response.statusCode() < 500
                ? validator.validateResponse(path, com.atlassian.oai.validator.model.Request.Method.valueOf(request.getMethod()),
                        RestAssuredResponse.of(response))
                : validator.validate(RestAssuredRequest.of(request), RestAssuredResponse.of(response));
        if (report.hasErrors()) {
            String messages = report.getMessages().stream().filter(m -> m.getLevel() == ValidationReport.Level.ERROR)
                    .map(m -> m.getKey() + ": " + m.getMessage()).collect(Collectors.joining("\n  "));
            throw new AssertionError("OpenAPI contract violated by " + request.getMethod() + " " + path + " → " + response.statusCode()
                    + ":\n  " + messages);
        }
        return response;
    }

    private static OpenApiInteractionValidator load(int port) {
        String spec;
        try {
            HttpURLConnection c = (HttpURLConnection) URI.create("http://localhost:" + port + "/q/openapi?format=json").toURL().openConnection();
            c.setRequestProperty("Authorization", "Bearer " + TOKENS.getOrDefault(port, Api.TOKEN));
            try (InputStream in = c.getInputStream()) {
                spec = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the served OpenAPI document on port " + port, e);
        }
        return OpenApiInteractionValidator.createForInlineApiSpecification(spec)
                .withLevelResolver(LevelResolver.create()
                        // the Authorization header and session cookie are checked by the server; the validator need not see them
                        .withLevel("validation.request.security.missing", ValidationReport.Level.IGNORE)
                        .withLevel("validation.request.security.invalid", ValidationReport.Level.IGNORE)
                        // tests of unknown paths and methods (404, 405): the document cannot declare what does not exist
                        .withLevel("validation.request.path.missing", ValidationReport.Level.IGNORE)
                        .withLevel("validation.request.operation.notAllowed", ValidationReport.Level.IGNORE)
                        // a body sent with a GET is ignored by the server (the fuzz test sends them)
                        .withLevel("validation.request.body.unexpected", ValidationReport.Level.IGNORE)
                        // so is a query parameter an operation does not take
                        .withLevel("validation.request.parameter.query.unexpected", ValidationReport.Level.IGNORE)
                        .build())
                .build();
    }

    /** The violations (errors) the served document finds in an answer, for tests of this check itself. */
    public static java.util.List<String> violations(int port, String method, String path, int status, String json) {
        com.atlassian.oai.validator.model.SimpleResponse.Builder r = com.atlassian.oai.validator.model.SimpleResponse.Builder.status(status);
        if (json != null) {
            r.withContentType("application/json").withBody(json);
        }
        ValidationReport report = VALIDATORS.computeIfAbsent(port, OpenApiContract::load)
                .validateResponse(path, com.atlassian.oai.validator.model.Request.Method.valueOf(method), r.build());
        return report.getMessages().stream().filter(m -> m.getLevel() == ValidationReport.Level.ERROR).map(ValidationReport.Message::getMessage)
                .toList();
    }

    /** Whether the check is registered with REST Assured. */
    public static boolean active() {
        return RestAssured.filters().contains(INSTANCE);
    }

    /** A server on {@code port} that serves no API (a worker process). */
    static void noApi(int port) {
        VALIDATORS.remove(port);
        NO_API.add(port);
    }

    /** The admin token of a server on {@code port} other than the test profile's (a packaged server an IT started). */
    static void token(int port, String token) {
        NO_API.remove(port);
        TOKENS.put(port, token);
        VALIDATORS.remove(port);
    }
}
