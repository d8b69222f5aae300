/**
 * The update-policy engine's core (SPEC §5, seed 002 §4), in plain Java: change-rate estimators from a page's
 * visit history (Cho &amp; Garcia-Molina's bias-reduced estimator for regular visits, the maximum-likelihood
 * estimator for irregular visits, the estimator from last-modified dates), expected freshness and age of a
 * page under a revisit frequency, and the allocation of a fetch budget that maximises expected freshness.
 */
package io.trawler.refresh;
