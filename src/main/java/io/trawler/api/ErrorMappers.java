package io.trawler.api;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import io.quarkus.security.identity.SecurityIdentity;
import io.trawler.account.Role;
import io.trawler.account.TokenIdentityProvider;
import io.trawler.errors.ApiError;
import io.trawler.errors.ApiException;
import io.trawler.redis.StoreUnavailableException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Every failure leaves the API as {@link ApiError} JSON with the right status. Messages speak of the request's
 * fields in API terms (never Java or Jackson types) and quote at most 200 characters of any input.
 */
public class ErrorMappers {

    private static final Logger LOG = Logger.getLogger(ErrorMappers.class);

    /** The UI's error page (templates/error.html): pages answer HTML, the API JSON. */
    private final io.quarkus.qute.Template errorPage;
    /** Who made the request (a request-scoped bean: the caller of the request being answered). */
    private final SecurityIdentity identity;

    public ErrorMappers(@io.quarkus.qute.Location("error.html") io.quarkus.qute.Template errorPage, SecurityIdentity identity) {
        this.errorPage = errorPage;
        this.identity = identity;
    }

    /** Whether the request was for a page of the browser UI rather than the API. */
    static boolean isPage(jakarta.ws.rs.core.UriInfo uri) {
        String p = uri == null ? "" : uri.getPath();
        // the UI's JSON (its paths end in .json, for the pages' scripts) answers errors in JSON like the API
        return (p.equals("/ui") || p.startsWith("/ui/") || p.equals("/login") || p.equals("/logout")) && !p.endsWith(".json");
    }

    private Response page(int status, String message) {
        String html = errorPage.data("status", status).data("message", message).render();
        return Response.status(status).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8")).entity(html).build();
    }

    /** A page's answer for an error of the API's kind: the same status and message, as HTML. */
    private Response either(jakarta.ws.rs.core.UriInfo uri, Response json) {
        if (!isPage(uri)) {
            return json;
        }
        Object body = json.getEntity();
        String message = body instanceof ApiError e ? e.message() + (e.details().isEmpty() ? ""
                : ": " + e.details().stream().map(d -> d.field() + " " + d.message()).collect(Collectors.joining("; "))) : "request failed";
        return page(json.getStatus(), message);
    }

    @ServerExceptionMapper
    public Response api(ApiException e, jakarta.ws.rs.core.UriInfo uri) {
        Response r = either(uri, json(e.status(), e.body()));
        return e.retryAfterSeconds() == null ? r : Response.fromResponse(r).header("Retry-After", e.retryAfterSeconds().toString()).build();
    }

    @ServerExceptionMapper
    public Response mismatched(MismatchedInputException e, jakarta.ws.rs.core.UriInfo uri) {
        return json(e, uri);
    }

    @ServerExceptionMapper
    public Response unparsable(com.fasterxml.jackson.core.JsonParseException e, jakarta.ws.rs.core.UriInfo uri) {
        return json(e, uri);
    }

    @ServerExceptionMapper
    public Response json(JsonProcessingException e, jakarta.ws.rs.core.UriInfo uri) {
        return either(uri, json(e));
    }

    static Response json(JsonProcessingException e) {
        String field = path(e);
        String message = describe(e);
        return json(400, new ApiError("invalid_json", "body".equals(field) || message.startsWith("unknown field") ? message : field + ": " + message,
                List.of(new ApiError.Detail(field, message))));
    }

    @ServerExceptionMapper
    public Response unauthorized(UnauthorizedException e, jakarta.ws.rs.core.UriInfo uri) {
        if (isPage(uri)) {
            // a page asked for without a session: log in, then come back
            String back = uri.getRequestUri().getRawPath() + (uri.getRequestUri().getRawQuery() == null ? "" : "?" + uri.getRequestUri().getRawQuery());
            return Response.seeOther(java.net.URI.create("/login?next=" + java.net.URLEncoder.encode(back, java.nio.charset.StandardCharsets.UTF_8)))
                    .build();
        }
        return challenge("missing Authorization: Bearer <token> header");
    }

    @ServerExceptionMapper
    public Response authenticationFailed(AuthenticationFailedException e) {
        return challenge("invalid or revoked token");
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e, jakarta.ws.rs.core.UriInfo uri) {
        return either(uri, forbidden(e));
    }

    private Response forbidden(ForbiddenException e) {
        Object role = currentRole();
        String who = role instanceof Role r ? "the " + r.apiName() + " role" : "this account";
        String why = e.getMessage() != null && !e.getMessage().isBlank() && !e.getMessage().startsWith("io.") ? ": " + e.getMessage() : "";
        return json(403, new ApiError("forbidden", who + " may not do this" + why, List.of()));
    }

    @ServerExceptionMapper
    public Response unavailable(StoreUnavailableException e, jakarta.ws.rs.core.UriInfo uri) {
        return either(uri, unavailableJson(e));
    }

    private static Response unavailableJson(StoreUnavailableException e) {
        LOG.warnf("Answering 503: %s", e.getMessage());
        return Response.fromResponse(json(503, new ApiError("unavailable",
                "the frontier store (Redis) is not reachable right now; try again shortly", List.of()))).header("Retry-After", "5").build();
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e, jakarta.ws.rs.core.UriInfo uri) {
        return either(uri, web(e));
    }

    private static Response web(WebApplicationException e) {
        int status = e.getResponse().getStatus();
        Throwable cause = e.getCause();
        if (cause instanceof JsonProcessingException j) {
            return json(j);
        }
        String message = switch (status) {
            case 404 -> "no such resource";
            case 405 -> "method not allowed here";
            case 406 -> "this resource answers only application/json (or text/event-stream for events)";
            case 415 -> "send the body as application/json";
            case 413 -> "request body too large";
            default -> Response.Status.fromStatusCode(status) == null ? "request failed"
                    : Response.Status.fromStatusCode(status).getReasonPhrase();
        };
        if (status == 400 && e.getMessage() != null && cause == null && !e.getMessage().startsWith("HTTP 400")) {
            message = Inputs.quote(e.getMessage());
        }
        if (status >= 500) {
            LOG.error("Server error", e);
        }
        return json(status, new ApiError(codeOf(status), message, List.of()));
    }

    @ServerExceptionMapper(priority = jakarta.ws.rs.Priorities.USER + 1000)
    public Response unexpected(Exception e, jakarta.ws.rs.core.UriInfo uri) {
        return either(uri, unexpected(e));
    }

    private static Response unexpected(Exception e) {
        if (StoreUnavailableException.isConnectionFailure(e) && e.getMessage() != null && e.getMessage().contains("Redis")) {
            return unavailableJson(new StoreUnavailableException(e.getMessage(), e));
        }
        LOG.error("Unhandled error", e);
        return json(500, new ApiError("server_error", "internal error (logged on the server)", List.of()));
    }

    /** The caller's role, or null (anonymous, or no request context). */
    private Object currentRole() {
        try {
            return identity.getAttribute(TokenIdentityProvider.ROLE);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The stable error code of a status. */
    public static String codeOf(int status) {
        return switch (status) {
            case 400 -> "bad_request";
            case 401 -> "unauthorized";
            case 403 -> "forbidden";
            case 404 -> "not_found";
            case 405 -> "method_not_allowed";
            case 406 -> "not_acceptable";
            case 409 -> "conflict";
            case 413 -> "payload_too_large";
            case 414 -> "uri_too_long";
            case 415 -> "unsupported_media_type";
            case 431 -> "headers_too_large";
            case 503 -> "unavailable";
            default -> status >= 500 ? "server_error" : "error";
        };
    }

    static Response json(int status, ApiError body) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(body).build();
    }

    private static Response challenge(String message) {
        return Response.fromResponse(json(401, new ApiError("unauthorized", message, List.of())))
                .header("WWW-Authenticate", "Bearer realm=\"trawler\"").build();
    }

    private static String path(JsonProcessingException e) {
        if (e instanceof MismatchedInputException m && !m.getPath().isEmpty()) {
            return m.getPath().stream().map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                    .collect(Collectors.joining(".")).replace(".[", "[");
        }
        return "body";
    }

    private static String describe(JsonProcessingException e) {
        if (e instanceof UnrecognizedPropertyException u) {
            return "unknown field '" + Inputs.quote(u.getPropertyName()) + "'";
        }
        if (e instanceof InvalidFormatException f && e.getOriginalMessage() != null && e.getOriginalMessage().startsWith("text must not")) {
            return e.getOriginalMessage();
        }
        if (e instanceof InvalidFormatException f) {
            return "expected " + kindOf(f.getTargetType()) + ", got " + Inputs.quote(f.getValue());
        }
        if (e instanceof MismatchedInputException m && m.getTargetType() != null) {
            return "expected " + kindOf(m.getTargetType());
        }
        String original = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        if (original.startsWith("Duplicate field")) {
            int q1 = original.indexOf('\'');
            int q2 = original.lastIndexOf('\'');
            return "duplicate field " + (q1 >= 0 && q2 > q1 ? Inputs.quote(original.substring(q1, q2 + 1)) : "");
        }
        JsonLocation at = e.getLocation();
        String where = at == null || at.getLineNr() < 0 ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
        if (original.contains("end-of-input") || original.contains("No content")) {
            return "malformed JSON: the body ends too early" + where;
        }
        if (original.contains("String value length") || original.contains("Number value length") || original.contains("nesting depth")) {
            return "malformed JSON: a value or nesting is too large" + where;
        }
        return "malformed JSON" + where;
    }

    /** A Java type as the API calls it. */
    static String kindOf(Class<?> type) {
        if (type == null) {
            return "a value";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        if (type == String.class || type == Character.class || type == char.class || type.isEnum()) {
            return "a string";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class || type == Short.class
                || type == short.class) {
            return "a whole number";
        }
        if (Number.class.isAssignableFrom(type) || type == double.class || type == float.class) {
            return "a number";
        }
        if (Map.class.isAssignableFrom(type) || type.isRecord() || !type.isPrimitive()) {
            return "an object";
        }
        return "a value";
    }
}
