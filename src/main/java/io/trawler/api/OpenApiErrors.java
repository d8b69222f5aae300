package io.trawler.api;

import io.trawler.errors.ApiError;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * Declares, on every operation of the OpenAPI document, the error answers the API really gives, each with the
 * {@link ApiError} body ({@link ErrorMappers}, {@link HttpLimits}, the authentication mechanisms): 400 (a bad body,
 * parameter or header), 401 (no or a bad token), 403 (a right the caller lacks, or a missing CSRF token), 404 (an
 * unknown id, on paths with one), 409 (a state that forbids the change, on POST, PUT and DELETE; on the GETs of plan
 * predictions and crawl search, a site without a link graph or not indexed for search), 413 and 415 (a
 * body too large or of another type, on any operation), 414 and 431 (an oversized request line or headers, anywhere) and 503 (Redis out of reach).
 * Registered with {@code mp.openapi.filter} (no compile-time tie to the OpenAPI extension, which the native worker's
 * build leaves out); the success answers are declared on the resource methods.
 */
public class OpenApiErrors implements OASFilter {

    static final String SCHEMA = "ApiError";

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getComponents() == null) {
            openAPI.setComponents(OASFactory.createComponents());
        }
        openAPI.getComponents().addSchema(SCHEMA, apiErrorSchema());
        inlineNullableReferences(openAPI);
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        openAPI.getPaths().getPathItems().forEach((path, item) -> {
            if (!path.startsWith("/api/")) {
                return;
            }
            boolean hasId = path.contains("{");
            // predictions need a crawl's link graph: 409 when the site has none yet (PlanService.NoGraphException); a
            // crawl's search, a site indexed for search: 409 when it is not (CrawlSearch)
            boolean needsGraph = path.endsWith("/plan/predictions") || path.endsWith("/search");
            item.getOperations().forEach((method, op) -> declare(op, method, hasId, needsGraph));
        });
    }

    /**
     * OpenAPI 3.0 cannot say "this reference, or null" directly: SmallRye's model holds it as
     * {@code anyOf: [$ref, {type: null}]} and writes it to a 3.0 document as {@code allOf: [$ref]} beside
     * {@code nullable: true}, which validators read as "never null" (the referenced schema refuses null). Such a
     * property gets a copy of the referenced schema instead, with {@code nullable: true}, which every 3.0 reader
     * understands.
     */
    private static void inlineNullableReferences(OpenAPI openAPI) {
        Map<String, Schema> components = openAPI.getComponents().getSchemas();
        if (components == null) {
            return;
        }
        for (Schema schema : components.values()) {
            if (schema.getProperties() == null) {
                continue;
            }
            for (Map.Entry<String, Schema> p : new LinkedHashMap<>(schema.getProperties()).entrySet()) {
                Schema prop = p.getValue();
                // SmallRye's model says "a reference or null" as anyOf [$ref, {type: null}]
                List<Schema> any = prop.getAnyOf();
                if (any == null || any.size() != 2) {
                    continue;
                }
                Schema refSchema = any.get(0).getRef() != null ? any.get(0) : any.get(1);
                Schema other = refSchema == any.get(0) ? any.get(1) : any.get(0);
                if (refSchema.getRef() == null || other.getType() == null || !other.getType().equals(List.of(Schema.SchemaType.NULL))) {
                    continue;
                }
                String ref = refSchema.getRef();
                Schema target = components.get(ref.substring(ref.lastIndexOf('/') + 1));
                if (target == null) {
                    continue;
                }
                java.util.List<Schema.SchemaType> types = new java.util.ArrayList<>(target.getType() == null ? java.util.List.of() : target.getType());
                types.add(Schema.SchemaType.NULL);   // written as nullable: true in a 3.0 document
                Schema copy = OASFactory.createSchema().type(types).format(target.getFormat())
                        .properties(target.getProperties()).required(target.getRequired()).items(target.getItems())
                        .enumeration(target.getEnumeration()).additionalPropertiesSchema(target.getAdditionalPropertiesSchema())
                        .description(prop.getDescription() != null ? prop.getDescription() : target.getDescription())
                        .example(target.getExample());
                schema.addProperty(p.getKey(), copy);
            }
        }
    }

    private static void declare(Operation op, PathItem.HttpMethod method, boolean hasId, boolean needsGraph) {
        if (op.getResponses() == null) {
            op.setResponses(OASFactory.createAPIResponses());
        }
        boolean changes = method == PathItem.HttpMethod.POST || method == PathItem.HttpMethod.PUT || method == PathItem.HttpMethod.DELETE;
        boolean body = op.getRequestBody() != null;
        Map<String, String> errors = new LinkedHashMap<>();
        errors.put("400", "The request is malformed: a field, parameter or header is wrong (details name it); nothing changed");
        errors.put("401", "No valid API token or session");
        errors.put("403", "The caller's role lacks the right (or a session request lacks its CSRF token)");
        if (hasId) {
            errors.put("404", "No such resource");
        }
        if (changes || needsGraph) {
            errors.put("409", "The resource's state forbids this change (for example a crawl that has ended, a site with crawls)");
        }
        // a body is refused for its size or type on any operation, one that takes none included
        errors.put("413", "The request body is larger than the server takes");
        errors.put("415", body ? "The request body is not JSON" : "A request body of a type this operation does not take");
        errors.put("414", "The request URI is longer than 8,192 characters");
        errors.put("431", "The request headers are larger than 64 KiB");
        errors.put("503", "Redis (the frontier) is out of reach; try again");
        errors.forEach((code, description) -> {
            APIResponse existing = op.getResponses().getAPIResponse(code);
            if (existing == null) {
                op.getResponses().addAPIResponse(code, error(description));
            } else if (existing.getContent() == null) {
                existing.setContent(content());
            }
        });
    }

    private static APIResponse error(String description) {
        return OASFactory.createAPIResponse().description(description).content(content());
    }

    private static org.eclipse.microprofile.openapi.models.media.Content content() {
        return OASFactory.createContent().addMediaType("application/json",
                OASFactory.createMediaType().schema(OASFactory.createSchema().ref(SCHEMA)));
    }

    private static Schema apiErrorSchema() {
        Schema detail = OASFactory.createSchema().addType(Schema.SchemaType.OBJECT)
                .addProperty("field", OASFactory.createSchema().addType(Schema.SchemaType.STRING).description("The field, parameter or header"))
                .addProperty("message", OASFactory.createSchema().addType(Schema.SchemaType.STRING))
                .addRequired("field").addRequired("message");
        return OASFactory.createSchema().addType(Schema.SchemaType.OBJECT).description("The body of every error response")
                .addProperty("error", OASFactory.createSchema().addType(Schema.SchemaType.STRING)
                        .description("A stable code: invalid_request, invalid_json, unauthorized, forbidden, not_found, conflict, …"))
                .addProperty("message", OASFactory.createSchema().addType(Schema.SchemaType.STRING).description("A sentence for people"))
                .addProperty("details", OASFactory.createSchema().addType(Schema.SchemaType.ARRAY).items(detail))
                .addRequired("error").addRequired("message").addRequired("details");
    }
}
