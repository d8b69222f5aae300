package io.trawler.api;

import io.trawler.errors.ApiError;
import io.trawler.errors.ApiException;
import io.trawler.revisit.RefreshConfig;
import io.trawler.revisit.RefreshPlan;
import java.util.ArrayList;
import java.util.List;

/**
 * A site's refresh plan as the API takes and shows it: {@code {"policy": "poisson" | "user-experience" | "cluster-sampling" | … (the update policies there are),
 * "targetProbability": 0.5, "minIntervalMs": 60000, "maxIntervalMs": 2592000000, "initialIntervalMs": 86400000,
 * "versions": 3}}; all but the policy optional (the configured defaults).
 */
public record RefreshPlanRequest(String policy, Double targetProbability, Long minIntervalMs, Long maxIntervalMs,
        Long initialIntervalMs, Integer versions) {

    static RefreshPlanRequest of(RefreshPlan p) {
        return new RefreshPlanRequest(p.policy, p.targetProbability, p.minIntervalMs, p.maxIntervalMs, p.initialIntervalMs, p.versions);
    }

    /** The plan for the site, or a 400 naming every problem. */
    RefreshPlan validated(String siteId, RefreshConfig defaults, List<String> policies) {
        List<ApiError.Detail> d = new ArrayList<>();
        if (policy == null) {
            d.add(new ApiError.Detail("policy", "required; one of " + policies));
        } else if (!policies.contains(policy)) {
            d.add(new ApiError.Detail("policy", "unknown policy '" + policy + "'; one of " + policies));
        }
        RefreshPlan p = new RefreshPlan();
        p.siteId = siteId;
        p.policy = policy;
        p.targetProbability = targetProbability == null ? defaults.targetProbability() : targetProbability;
        p.minIntervalMs = minIntervalMs == null ? defaults.minInterval().toMillis() : minIntervalMs;
        p.maxIntervalMs = maxIntervalMs == null ? defaults.maxInterval().toMillis() : maxIntervalMs;
        p.initialIntervalMs = initialIntervalMs == null ? defaults.initialInterval().toMillis() : initialIntervalMs;
        p.versions = versions == null ? defaults.versions() : versions;
        if (p.versions < 2 || p.versions > 20) {
            d.add(new ApiError.Detail("versions", "must be between 2 and 20 (versions of a page kept to compare)"));
        }
        if (!(p.targetProbability > 0 && p.targetProbability < 1)) {
            d.add(new ApiError.Detail("targetProbability", "must be between 0 and 1 (exclusive)"));
        }
        if (p.minIntervalMs < 1) {
            d.add(new ApiError.Detail("minIntervalMs", "must be at least 1"));
        }
        if (p.maxIntervalMs < p.minIntervalMs) {
            d.add(new ApiError.Detail("maxIntervalMs", "must be at least minIntervalMs (" + p.minIntervalMs + ")"));
        }
        if (p.initialIntervalMs < 1) {
            d.add(new ApiError.Detail("initialIntervalMs", "must be at least 1"));
        }
        if (!d.isEmpty()) {
            throw ApiException.invalid(d);
        }
        return p;
    }
}
