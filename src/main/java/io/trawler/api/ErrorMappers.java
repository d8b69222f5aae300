package io.trawler.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Every failure leaves the API as {@link ApiError} JSON with the right status. */
public class ErrorMappers {

    private static final Logger LOG = Logger.getLogger(ErrorMappers.class);

    @ServerExceptionMapper
    public Response api(ApiException e) {
        return json(e.status(), e.body());
    }

    @ServerExceptionMapper
    public Response mismatched(MismatchedInputException e) {
        return json(e);
    }

    @ServerExceptionMapper
    public Response unparsable(com.fasterxml.jackson.core.JsonParseException e) {
        return json(e);
    }

    @ServerExceptionMapper
    public Response json(JsonProcessingException e) {
        return json(400, new ApiError("invalid_json", describe(e), List.of(new ApiError.Detail(path(e), describe(e)))));
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e) {
        int status = e.getResponse().getStatus();
        Throwable cause = e.getCause();
        if (cause instanceof JsonProcessingException j) {
            return json(j);
        }
        String code = switch (status) {
            case 400 -> "bad_request";
            case 401 -> "unauthorized";
            case 403 -> "forbidden";
            case 404 -> "not_found";
            case 405 -> "method_not_allowed";
            case 406 -> "not_acceptable";
            case 415 -> "unsupported_media_type";
            default -> status >= 500 ? "server_error" : "error";
        };
        String message = e.getMessage() == null ? Response.Status.fromStatusCode(status).getReasonPhrase() : e.getMessage();
        return json(status, new ApiError(code, message, List.of()));
    }

    @ServerExceptionMapper(priority = jakarta.ws.rs.Priorities.USER + 1000)
    public Response unexpected(Exception e) {
        LOG.error("Unhandled error", e);
        return json(500, new ApiError("server_error", "internal error: " + e.getClass().getSimpleName(), List.of()));
    }

    static Response json(int status, ApiError body) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(body).build();
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
            return "unknown field '" + u.getPropertyName() + "'";
        }
        if (e instanceof InvalidFormatException f) {
            return "expected " + f.getTargetType().getSimpleName().toLowerCase(Locale.ROOT) + ", got " + f.getValue();
        }
        if (e instanceof MismatchedInputException m && m.getTargetType() != null) {
            return "wrong type: expected " + m.getTargetType().getSimpleName();
        }
        return "malformed JSON: " + e.getOriginalMessage();
    }
}
