package io.trawler.api;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.account.Role;
import io.trawler.errors.ApiError;
import io.trawler.errors.ApiException;
import io.trawler.revisit.Recrawl;
import io.trawler.revisit.RecrawlService;
import io.trawler.site.Site;
import jakarta.validation.Validator;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;

/** Recrawl requests of search teams (API.md, "Recrawls and signals"); their progress is {@link RecrawlStatusResource}. */
@Path("/api/v1/sites/{siteId}/recrawls")
@Produces(MediaType.APPLICATION_JSON)
public class RecrawlResource {

    static final int MAX_URLS = 10_000;

    private final RecrawlService recrawls;

    private final Validator validator;

    public RecrawlResource(RecrawlService recrawls, Validator validator) {
        this.validator = validator;
        this.recrawls = recrawls;
    }

    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "202", description = "The recrawl, accepted; rejected URLs listed with their reasons",
            content = @org.eclipse.microprofile.openapi.annotations.media.Content(mediaType = "application/json",
                    schema = @org.eclipse.microprofile.openapi.annotations.media.Schema(implementation = RecrawlView.class)))
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @jakarta.annotation.security.RolesAllowed(Role.Rights.RECRAWL)
    public Response request(@PathParam("siteId") String siteId, RecrawlRequest body) {
        if (body == null) {
            throw ApiException.invalid(List.of(new ApiError.Detail("urls", "a body is required: {\"urls\": [...]}, "
                    + "{\"pathPrefix\": \"/news/\"} or {\"all\": true}")));
        }
        List<ApiError.Detail> d = new ArrayList<>(Constraints.of(validator, body));
        int given = (body.urls() != null ? 1 : 0) + (body.pathPrefix() != null ? 1 : 0) + (Boolean.TRUE.equals(body.all()) ? 1 : 0);
        if (given != 1) {
            d.add(new ApiError.Detail("urls", "give exactly one of urls, pathPrefix and all: true"));
        }
        if (body.pathPrefix() != null && body.pathPrefix().isBlank()) {
            d.add(new ApiError.Detail("pathPrefix", "must not be blank (use all: true for the whole site)"));
        }
        int priority = body.priority() == null ? 5 : body.priority();
        if (!d.isEmpty()) {
            throw ApiException.invalid(d);
        }
        Site site = QuarkusTransaction.requiringNew().call(() -> SiteResource.find(siteId));
        List<String> asked = body.urls() != null ? body.urls() : recrawls.knownPages(siteId, body.pathPrefix());
        RecrawlService.Selection s = RecrawlService.select(site, asked);
        Recrawl r = recrawls.submit(site, s.accepted(), priority, s.rejected().size());
        List<RecrawlView.Rejected> rejected = s.rejected().stream().map(x -> new RecrawlView.Rejected(x.url(), x.reason())).toList();
        return Response.status(202).entity(RecrawlView.of(r, 0, rejected)).build();
    }
}
