package io.trawler.api;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.account.Role;
import io.trawler.errors.ApiError;
import io.trawler.errors.ApiException;
import io.trawler.partition.CrawlMode;
import io.trawler.partition.PartitionMetrics;
import io.trawler.partition.PartitionPlan;
import io.trawler.partition.PathGroups;
import io.trawler.plan.PlanService;
import io.trawler.site.Site;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Partition plans (API.md, "Partition plans"): plan, edit, read, predict. */
@Path("/api/v1/sites/{siteId}/plan")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class PlanResource {

    static final int MAX_CRAWLERS = 10;
    static final Set<String> MODES = CrawlLauncher.MODES;

    /** Body of POST: every field optional. */
    public record PlanRequest(Integer crawlers, Double keyPathShare, Integer seedsPerPath, String mode,
            @Schema(nullable = true, description = "The crawl whose link graph to plan from (it must have ended, one lane or coordinated lanes);"
                    + " default: the site's finished crawl with the most pages") String fromCrawl,
            @Schema(nullable = true, description = "false: return the plan and its predictions without saving it (default true)") Boolean save) {
    }

    /** Body of PUT: the key paths of each crawler. */
    public record PlanEdit(List<CrawlerPaths> crawlers, Integer seedsPerPath, String mode,
            @Schema(nullable = true, description = "The crawl whose link graph the paths come from (the plan's basedOnCrawl); default: the site's"
                    + " finished crawl with the most pages") String fromCrawl,
            @Schema(nullable = true, description = "The directories the plan splits into their sub-directories (a plan's splitPaths);"
                    + " default: the saved plan's") List<String> splitPaths,
            @Schema(nullable = true, description = "The groups the plan spreads by path hash (a plan's hashedPaths); default: the saved"
                    + " plan's, less those given to a crawler") List<String> hashedPaths) {
        public record CrawlerPaths(Integer index, List<String> paths) {
        }
    }

    /** A plan as the API shows it. */
    public record PlanView(List<PartitionPlan.Crawler> crawlers, List<String> nonKeyPaths, @Schema(nullable = true) Metrics predicted, double keyPathShare,
            int seedsPerPath, String mode, @Schema(nullable = true) String basedOnCrawl, @Schema(nullable = true) Instant updatedAt, java.util.Map<String, Integer> pathUrls,
            @Schema(description = "Directories that held more than a crawler's share of the URLs, split into their sub-directories"
                    + " (their URLs are grouped one level deeper; a URL directly in one stays in its group)") List<String> splitPaths,
            @Schema(description = "Groups that held more than a crawler's share and could not be split: their URLs go to every crawler"
                    + " by path hash") List<String> hashedPaths,
            @Schema(description = "What the editor should know about the plan: splits, hashed groups, empty crawlers, and why a site"
                    + " cannot be split evenly") List<String> notes) {
    }

    public record Metrics(double overlap, double coverage, double acceleration, double composite) {
        static Metrics of(PartitionMetrics m) {
            return m == null ? null : new Metrics(m.overlap(), m.coverage(), m.acceleration(), m.composite());
        }
    }

    public record PredictionView(int crawlers, double overlap, double coverage, double acceleration, double composite) {
    }

    private final PlanService plans;

    public PlanResource(PlanService plans) {
        this.plans = plans;
    }

    @POST
    @jakarta.annotation.security.RolesAllowed(Role.Rights.EDIT)
    public PlanView plan(@PathParam("siteId") String siteId, @org.eclipse.microprofile.openapi.annotations.parameters.RequestBody(required = false) PlanRequest body) {
        PlanRequest r = body == null ? new PlanRequest(null, null, null, null, null, null) : body;
        int crawlers = r.crawlers() == null ? 2 : r.crawlers();
        double share = r.keyPathShare() == null ? plans.defaults().keyPathShare() : r.keyPathShare();
        int seeds = r.seedsPerPath() == null ? plans.defaults().seedsPerPath() : r.seedsPerPath();
        List<ApiError.Detail> problems = new ArrayList<>();
        range(problems, "crawlers", crawlers, 1, MAX_CRAWLERS);
        if (!(share > 0 && share <= 1)) {
            problems.add(new ApiError.Detail("keyPathShare", "must be more than 0 and at most 1"));
        }
        range(problems, "seedsPerPath", seeds, 0, 100);
        CrawlMode mode = mode(r.mode(), problems);
        fail(problems);
        java.util.Optional<String> from = java.util.Optional.ofNullable(r.fromCrawl()).filter(x -> !x.isBlank());
        boolean save = r.save() == null || r.save();
        return run(() -> fieldError(() -> view(plans.plan(SiteResource.find(siteId), crawlers, share, seeds, mode, from, save))));
    }

    @PUT
    @jakarta.annotation.security.RolesAllowed(Role.Rights.EDIT)
    public PlanView edit(@PathParam("siteId") String siteId, PlanEdit body) {
        return edited(siteId, body, true);
    }

    /** The plan a PUT with this body would save, predicted, without saving it (the partition editor's preview). */
    @POST
    @Path("/preview")
    @jakarta.annotation.security.RolesAllowed(Role.Rights.EDIT)
    public PlanView preview(@PathParam("siteId") String siteId, PlanEdit body) {
        return edited(siteId, body, false);
    }

    private PlanView edited(String siteId, PlanEdit body, boolean save) {
        List<ApiError.Detail> problems = new ArrayList<>();
        if (body == null || body.crawlers() == null || body.crawlers().isEmpty()) {
            problems.add(new ApiError.Detail("crawlers", "a list of crawlers, each with its key paths, is required"));
            fail(problems);
        }
        List<PlanEdit.CrawlerPaths> given = body.crawlers();
        if (given.size() > MAX_CRAWLERS) {
            problems.add(new ApiError.Detail("crawlers", "at most " + MAX_CRAWLERS + " crawlers"));
        }
        List<List<String>> paths = new ArrayList<>();
        for (int i = 0; i < given.size(); i++) {
            PlanEdit.CrawlerPaths c = given.get(i);
            if (c == null || c.paths() == null) {
                problems.add(new ApiError.Detail("crawlers[" + i + "].paths", "required (may be empty)"));
                continue;
            }
            for (int j = 0; j < c.paths().size(); j++) {
                String path = c.paths().get(j);
                if (path == null || path.isBlank() || path.length() > 2048) {
                    problems.add(new ApiError.Detail("crawlers[" + i + "].paths[" + j + "]", "a key path of 1 to 2048 characters"));
                }
            }
            if (c.index() != null && c.index() != i) {
                problems.add(new ApiError.Detail("crawlers[" + i + "].index", "must be " + i + " (crawlers are listed in index order)"));
            }
            paths.add(c.paths());
        }
        int seeds = body.seedsPerPath() == null ? plans.defaults().seedsPerPath() : body.seedsPerPath();
        range(problems, "seedsPerPath", seeds, 0, 100);
        CrawlMode mode = mode(body.mode(), problems);
        groupPaths(problems, "splitPaths", body.splitPaths());
        groupPaths(problems, "hashedPaths", body.hashedPaths());
        fail(problems);
        java.util.Optional<String> from = java.util.Optional.ofNullable(body.fromCrawl()).filter(x -> !x.isBlank());
        java.util.Optional<PathGroups> groups = body.splitPaths() == null && body.hashedPaths() == null
                ? java.util.Optional.empty()
                : java.util.Optional.of(new PathGroups(body.splitPaths(), body.hashedPaths()));
        return run(() -> fieldError(() -> {
            Site site = SiteResource.find(siteId);
            return view(save ? plans.edit(site, paths, seeds, mode, from, groups) : plans.preview(site, paths, seeds, mode, from, groups));
        }));
    }

    private static void groupPaths(List<ApiError.Detail> problems, String field, List<String> paths) {
        if (paths == null) {
            return;
        }
        if (paths.size() > 1000) {
            problems.add(new ApiError.Detail(field, "at most 1000 paths"));
            return;
        }
        for (int i = 0; i < paths.size(); i++) {
            String p = paths.get(i);
            if (p == null || p.isBlank() || p.length() > 2048) {
                problems.add(new ApiError.Detail(field + "[" + i + "]", "a URL path of 1 to 2048 characters"));
            }
        }
    }

    /** Runs a planner call, turning its IllegalArgumentException ("field: message") into a 400 naming the field. */
    private static PlanView fieldError(java.util.function.Supplier<PlanView> call) {
        try {
            return call.get();
        } catch (IllegalArgumentException e) {
            String field = e.getMessage().substring(0, e.getMessage().indexOf(':'));
            throw ApiException.invalid(List.of(new ApiError.Detail(field, e.getMessage().substring(field.length() + 2))));
        }
    }

    @GET
    @jakarta.annotation.security.RolesAllowed(Role.Rights.READ)
    public PlanView saved(@PathParam("siteId") String siteId) {
        return run(() -> plans.saved(SiteResource.find(siteId)).map(PlanResource::view)
                .orElseThrow(() -> new ApiException(404, "not_found", "site " + siteId + " has no saved plan", List.of())));
    }

    @GET
    @Path("/predictions")
    @jakarta.annotation.security.RolesAllowed(Role.Rights.READ)
    public List<PredictionView> predictions(@PathParam("siteId") String siteId, @QueryParam("from") String fromParam,
            @QueryParam("to") String toParam, @QueryParam("mode") @DefaultValue("independent") String modeName,
            @QueryParam("keyPathShare") String keyPathShareParam, @QueryParam("seedsPerPath") String seedsPerPathParam) {
        int from = Inputs.intParam("from", fromParam, 1, 1, MAX_CRAWLERS);
        int to = Inputs.intParam("to", toParam, MAX_CRAWLERS, 1, MAX_CRAWLERS);
        Double keyPathShare = Inputs.doubleParam("keyPathShare", keyPathShareParam, 0, 1);
        int seeds = Inputs.intParam("seedsPerPath", seedsPerPathParam, plans.defaults().seedsPerPath(), 0, 100);
        List<ApiError.Detail> problems = new ArrayList<>();
        if (from > to) {
            problems.add(new ApiError.Detail("to", "must not be less than from"));
        }
        double share = keyPathShare == null ? plans.defaults().keyPathShare() : keyPathShare;
        if (!(share > 0 && share <= 1)) {
            problems.add(new ApiError.Detail("keyPathShare", "must be more than 0 and at most 1"));
        }
        CrawlMode mode = mode(modeName, problems);
        fail(problems);
        return run(() -> plans.predictions(SiteResource.find(siteId), from, to, share, seeds, mode).stream()
                .map(p -> new PredictionView(p.crawlers(), p.metrics().overlap(), p.metrics().coverage(), p.metrics().acceleration(),
                        p.metrics().composite()))
                .toList());
    }

    private static PlanView view(PlanService.Planned p) {
        return new PlanView(p.plan().crawlers(), p.plan().nonKeyPaths(), Metrics.of(p.predicted()), p.keyPathShare(), p.seedsPerPath(),
                p.mode().apiName(), p.graphCrawlId(), p.updatedAt(), p.pathUrls(), p.plan().splitPaths(), p.plan().hashedPaths(), p.notes());
    }

    private static <T> T run(java.util.concurrent.Callable<T> work) {
        try {
            return QuarkusTransaction.requiringNew().call(work);
        } catch (PlanService.NoGraphException e) {
            throw ApiException.conflict(e.getMessage());
        }
    }

    private static CrawlMode mode(String name, List<ApiError.Detail> problems) {
        if (name == null) {
            return CrawlMode.INDEPENDENT;
        }
        if (!MODES.contains(name)) {
            problems.add(new ApiError.Detail("mode", "one of " + MODES));
            return CrawlMode.INDEPENDENT;
        }
        return CrawlMode.parse(name);
    }

    private static void range(List<ApiError.Detail> problems, String field, int v, int min, int max) {
        if (v < min || v > max) {
            problems.add(new ApiError.Detail(field, "must be between " + min + " and " + max));
        }
    }

    private static void fail(List<ApiError.Detail> problems) {
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
    }
}
