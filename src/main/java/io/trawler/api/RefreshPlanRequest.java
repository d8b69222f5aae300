package io.trawler.api;

import io.trawler.errors.ApiError;
import io.trawler.errors.ApiException;
import io.trawler.revisit.RefreshConfig;
import io.trawler.revisit.RefreshPlan;
import jakarta.validation.Validator;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.util.ArrayList;
import java.util.List;

/**
 * A site's refresh plan as the API takes and shows it: {@code {"policy": "poisson" | "user-experience" | "cluster-sampling" | … (the update policies there are),
 * "targetProbability": 0.5, "minIntervalMs": 60000, "maxIntervalMs": 2592000000, "initialIntervalMs": 86400000,
 * "versions": 3}}; all but the policy optional (the configured defaults).
 */
public record RefreshPlanRequest(String policy,
        @DecimalMin(value = "0", inclusive = false, message = "must be between 0 and 1 (exclusive)")
        @DecimalMax(value = "1", inclusive = false, message = "must be between 0 and 1 (exclusive)") Double targetProbability,
        @Min(value = 1, message = "must be at least 1") Long minIntervalMs,
        Long maxIntervalMs,
        @Min(value = 1, message = "must be at least 1") Long initialIntervalMs,
        @Min(value = 2, message = "must be between 2 and 20 (versions of a page kept to compare)")
        @Max(value = 20, message = "must be between 2 and 20 (versions of a page kept to compare)") Integer versions) {

    static RefreshPlanRequest of(RefreshPlan p) {
        return new RefreshPlanRequest(p.policy, p.targetProbability, p.minIntervalMs, p.maxIntervalMs, p.initialIntervalMs, p.versions);
    }

    /** The plan for the site, or a 400 naming every problem. */
    RefreshPlan validated(String siteId, RefreshConfig defaults, List<String> policies, Validator validator) {
        List<ApiError.Detail> d = new ArrayList<>(Constraints.of(validator, this));
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
        if (p.maxIntervalMs < p.minIntervalMs) {
            d.add(new ApiError.Detail("maxIntervalMs", "must be at least minIntervalMs (" + p.minIntervalMs + ")"));
        }
        if (!d.isEmpty()) {
            throw ApiException.invalid(d);
        }
        return p;
    }
}
