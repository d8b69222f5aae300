package io.trawler.api;

import io.trawler.account.Role;
import io.trawler.errors.ApiError;
import io.trawler.errors.ApiException;
import io.trawler.revisit.SignalService;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;

/**
 * Search-usage signals of search teams (API.md, "Recrawls and signals"): they feed the user-experience update
 * policy. A malformed signal makes the whole request a 400 that names each problem (nothing is stored); a
 * well-formed signal whose URL no site covers is rejected with the reason in the 202.
 */
@Path("/api/v1/signals")
@Produces(MediaType.APPLICATION_JSON)
public class SignalResource {

    static final int MAX_SIGNALS = 10_000;

    private final SignalService signals;

    public SignalResource(SignalService signals) {
        this.signals = signals;
    }

    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "202", description = "Signals taken; those no site covers are listed with their reasons",
            content = @org.eclipse.microprofile.openapi.annotations.media.Content(mediaType = "application/json",
                    schema = @org.eclipse.microprofile.openapi.annotations.media.Schema(implementation = SignalResource.Answer.class)))
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @jakarta.annotation.security.RolesAllowed(Role.Rights.SEARCH)
    public Response add(SignalRequest body) {
        if (body == null || body.signals() == null) {
            throw ApiException.invalid(List.of(new ApiError.Detail("signals", "required: {\"signals\": [{\"url\", \"query\", \"rank\", "
                    + "\"impressions\", \"clicks\"}]}")));
        }
        List<ApiError.Detail> d = new ArrayList<>();
        if (body.signals().isEmpty()) {
            d.add(new ApiError.Detail("signals", "must not be empty"));
        }
        if (body.signals().size() > MAX_SIGNALS) {
            d.add(new ApiError.Detail("signals", "at most " + MAX_SIGNALS + " signals per request"));
        }
        List<SignalService.Signal> valid = new ArrayList<>();
        for (int i = 0; i < body.signals().size() && d.size() < 100; i++) {
            SignalRequest.Item s = body.signals().get(i);
            String at = "signals[" + i + "].";
            if (s == null) {
                d.add(new ApiError.Detail("signals[" + i + "]", "must be an object"));
                continue;
            }
            if (s.url() == null || s.url().isBlank()) {
                d.add(new ApiError.Detail(at + "url", "required"));
            }
            if (s.query() == null || s.query().isBlank()) {
                d.add(new ApiError.Detail(at + "query", "required"));
            } else if (s.query().length() > 1000) {
                d.add(new ApiError.Detail(at + "query", "at most 1000 characters"));
            }
            if (s.rank() == null || s.rank() < 1) {
                d.add(new ApiError.Detail(at + "rank", "required, 1 or more (1 = top result)"));
            }
            long impressions = s.impressions() == null ? 1 : s.impressions();
            long clicks = s.clicks() == null ? 0 : s.clicks();
            if (impressions < 0) {
                d.add(new ApiError.Detail(at + "impressions", "must not be negative"));
            }
            if (clicks < 0 || clicks > impressions) {
                d.add(new ApiError.Detail(at + "clicks", "must be between 0 and impressions (" + impressions + ")"));
            }
            if (d.isEmpty()) {
                valid.add(new SignalService.Signal(s.url(), s.query(), s.rank(), impressions, clicks));
            }
        }
        if (!d.isEmpty()) {
            throw ApiException.invalid(d);
        }
        List<SignalService.Rejection> rejected = signals.add(valid);
        return Response.status(202).entity(new Answer(valid.size() - rejected.size(), rejected)).build();
    }

    /** How many signals were taken, and those that were not, with why. */
    public record Answer(int accepted, List<SignalService.Rejection> rejected) {
    }
}
